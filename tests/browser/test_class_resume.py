"""The lecturer's class outlives the lecturer's page, in real Chromium: F5 on the projector
(1024x768) with a class of two students resumes the same class (the same code, the
students follow the next step, Ask the class reaches them and counts their answer), and a
second computer that types the take-over code leads it (a step there is followed, End
there ends it for the students); the take-over code is never in an address.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from browser_helpers import machine_slowdown, open_app, wait_for_app_idle
from class_steps import STAGE, cursor, press, start_class, wait_cursor

LINK = "/playground?pg_n=30&pg_seed=3&pg_noise=0.1"
HEADING = '[data-testid="stHeading"]'


def _follows(student: Any, code: str) -> None:
    student.wait_for_selector(f"{STAGE} .main-svg", timeout=60_000)
    wait_for_app_idle(student)
    assert parse_qs(urlparse(student.url).query)["class"] == [code]
    student.wait_for_selector('[data-testid="stText"]:has-text("Following the lecture")')


def _leads(lect: Any, code: str) -> None:
    """The page leads class ``code``: its code on the page, no Start a class."""
    lect.wait_for_selector(f"{HEADING}:has-text('{code}')", timeout=60_000)
    wait_for_app_idle(lect)
    assert lect.locator(".st-key-lab_class_start").count() == 0
    assert lect.locator(".st-key-lab_class_end button").count() == 1


def test_f5_on_the_projector_resumes_the_class_and_a_take_over_leads_it(
    browser: Any, streamlit_server: Any
):
    url = streamlit_server("app.py")
    budget = 1.0 * machine_slowdown()
    contexts = [
        browser.new_context(viewport={"width": 1024, "height": 768}),
        browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True),
        browser.new_context(viewport={"width": 1280, "height": 800}),
        browser.new_context(viewport={"width": 1280, "height": 800}),  # the laptop
    ]
    try:
        lect, phone, tablet, laptop = (c.new_page() for c in contexts)
        students = (phone, tablet)
        open_app(lect, url + LINK)
        lect.wait_for_selector(f"{STAGE} .main-svg", timeout=60_000)
        link = start_class(lect)
        code = parse_qs(urlparse(link).query)["code"][0]
        for student in students:
            open_app(student, link)
        for student in students:
            _follows(student, code)
        target = press(lect, "pg_step")
        for student in students:
            wait_cursor(student, target, budget)

        # F5 on the projector: a new Streamlit session, the same class.
        lect.reload()
        lect.wait_for_selector(f"{STAGE} .main-svg", timeout=60_000)
        _leads(lect, code)
        assert code not in lect.url and "secret" not in lect.url
        before = cursor(lect)
        target = press(lect, "pg_step")
        assert target > before
        for student in students:
            wait_cursor(student, target, budget)
        # Ask works: the question reaches both, an answer is counted on the projector.
        lect.mouse.click(600, 5)
        lect.keyboard.press("q")
        for student in students:
            student.wait_for_selector("#lab-poll button[data-choice]", timeout=15_000)
        phone.locator("#lab-poll button[data-choice='0']").click()
        phone.wait_for_selector("#lab-poll button[data-choice='0'][aria-pressed='true']")
        lect.wait_for_function(
            "() => document.querySelector('[data-testid=stMetricValue]')?.textContent === '1'",
            timeout=15_000,
        )
        lect.locator(".st-key-lab_class_reveal button").click()
        wait_for_app_idle(lect)

        # The hall PC fails: the lecturer's laptop takes over with the take-over code.
        lect.locator(".st-key-lab_class_takeover_show button").first.click()
        shown = lect.locator('[data-testid="stCode"]', has_text=f"{code}-")
        shown.wait_for(timeout=30_000)
        takeover = shown.inner_text().strip()
        assert takeover.startswith(f"{code}-") and len(takeover) > 40
        assert takeover not in lect.url and takeover.split("-", 1)[1] not in link
        open_app(laptop, url + LINK)
        laptop.wait_for_selector(f"{STAGE} .main-svg", timeout=60_000)
        wait_for_app_idle(laptop)
        laptop.locator(".st-key-lab_class_takeover_opener button").click()
        field = laptop.locator(".st-key-lab_class_takeover_typed input")
        field.fill(f"  {takeover[:20]} {takeover[20:]}  ")  # typed in two goes
        field.press("Enter")
        wait_for_app_idle(laptop)
        laptop.locator(".st-key-lab_class_takeover_go button").click()
        _leads(laptop, code)
        assert takeover.split("-", 1)[1] not in laptop.url
        before = cursor(laptop)
        target = press(laptop, "pg_step")
        assert target != before
        for student in students:
            wait_cursor(student, target, budget)
        laptop.locator(".st-key-lab_class_end button").click()
        for student in students:
            student.wait_for_function(
                "() => (document.body.dataset.followed || '').endsWith(':ended')",
                timeout=30_000,
            )
        # The laptop's browser forgot the class: a reload offers a new class.
        laptop.reload()
        laptop.wait_for_selector(".st-key-lab_class_start button", timeout=60_000)
    finally:
        for context in contexts:
            context.close()
