"""What the browser tests of a class share (not a test file: tests/test_imports.py): the
stage's cursor, a press of a stage button and waiting for a cursor, Start a class."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser_helpers import wait_for_app_idle

OVER = '[data-testid="stageOver"]'
STAGE = f"{OVER}[data-cursor]"  # the stage's (the class's own charts have an over layer too)
LINK = "/playground?pg_n=60&pg_seed=3"
SHOTS = Path("/tmp/follow")


def cursor(page: Any) -> int | None:
    value = page.evaluate(f"document.querySelector('{STAGE}')?.dataset.cursor ?? null")
    return None if value is None else int(value)


def wait_cursor(page: Any, target: int, budget_s: float) -> float:
    """Seconds until ``page``'s stage shows ``target`` (fails after ``budget_s`` * 5)."""
    t0 = time.monotonic()
    page.wait_for_function(
        f"(t) => document.querySelector('{STAGE}')?.dataset.cursor === String(t)",
        arg=target,
        timeout=budget_s * 5000,
    )
    return time.monotonic() - t0


def wait_where(page: Any, path: str, target: int, timeout: float = 10_000) -> None:
    """Wait until a student exploring on their own is told where the lecture is: ``path``
    at step ``target`` (the line they heard the lecturer's last step by)."""
    page.wait_for_function(
        "(t) => document.querySelector('.st-key-lab_class_where')?.innerText.trim() === t",
        arg=f"The lecture is on {path}, step {target:,}.",
        timeout=timeout,
    )


def press(page: Any, key: str) -> int:
    """Press a stage button; the cursor the page then shows."""
    before = cursor(page)
    page.locator(f".st-key-{key} button").first.click()
    page.wait_for_function(
        f"(b) => document.querySelector('{STAGE}')?.dataset.cursor !== String(b)",
        arg=before,
        timeout=20_000,
    )
    return cursor(page)


def start_class(lect: Any) -> str:
    """Start a class on the lecturer's page: its join link, as the page shows it."""
    lect.locator(".st-key-lab_class_start button").first.click()
    lect.wait_for_selector('[data-testid="stImage"] img', timeout=30_000)
    wait_for_app_idle(lect)
    return lect.locator('[data-testid="stCode"]').first.inner_text().strip()


def revealed(student: Any, timeout: float = 15_000) -> tuple[list[str], list[int]]:
    """A student's revealed question: each choice's text ("✓ " before the right one) and
    the answers counted for it ("choice — n answers")."""
    student.wait_for_selector("#lab-poll[data-mode='revealed']", timeout=timeout)
    texts = student.locator("#lab-poll button[data-choice]").all_inner_texts()
    return texts, [int(t.rsplit(" — ", 1)[1].split()[0]) for t in texts]
