"""The practice page's completion codes: signed by the server, checked by the lecturer.

A code says which exercise was done, how well and at which attempt:
``PL1-<seed>-<level>-<score>of<total>-t<attempt>-<signature>`` (the attempt: how many
sessions had started this seed and level on this server, ``ui.practice.attempts``), the
signature being the first ``SIGNATURE_HEX`` hex digits of
HMAC-SHA256 of everything before it under the server's key. Without the key a code cannot
be made up or altered (any changed character fails ``verify``); its letters may be in any
case (a code read out or typed again). The page issues a code only once the session has
answered every question of its level (``ui.practice.part``).

What a code proves: that exercise (seed, level) was finished on this server with that
score, at that attempt. What it does not: who finished it (a code can be handed on), nor
that the answers were worked out by hand (the engine computes them). ``check_many`` reads a
lecturer's pasted or uploaded codes at once, the same code or exercise twice flagged.

The key: the server's (``ui.server.key``: the environment's, else one kept in the lab's
data folder), so codes outlast a restart. No streamlit here.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

from ui.limits import CODES_CHECKED_BYTES as MOST_CODES_BYTES
from ui.limits import CODES_CHECKED_MOST as MOST_CODES
from ui.limits import PRACTICE_CODE_CHARS as MAX_CODE_CHARS
from ui.server.key import KEY_FILE, SECRET_ENV, data_folder, secret  # noqa: F401  (the server's key)

PREFIX = "PL1"
SIGNATURE_HEX = 24  # 96 bits: guessing one is hopeless
_CODE = re.compile(
    rf"{PREFIX}-(\d{{1,10}})-(\d)-(\d{{1,4}})of(\d{{1,4}})-t(\d{{1,9}})-([0-9a-f]{{{SIGNATURE_HEX}}})"
)
NOT_A_CODE = (
    "This is not a completion code of the lab: a code looks like "
    f"{PREFIX}-123456-2-7of8-t1- followed by {SIGNATURE_HEX} letters and digits."
)
FORGED = (
    "This code was not issued by this lab: its signature does not match what it says "
    "(a character was changed, or it was made without the server's key)."
)


class BadCode(ValueError):
    """A completion code refused, with the reason to show (plain text)."""


@dataclass(frozen=True)
class Completion:
    seed: int
    level: int
    score: int
    total: int
    attempt: int


def _signature(body: str, key: bytes) -> str:
    return hmac.new(key, body.encode("ascii"), hashlib.sha256).hexdigest()[:SIGNATURE_HEX]


def issue(
    seed: int, level: int, score: int, total: int, attempt: int, key: bytes | None = None
) -> str:
    """The signed code of an exercise done:
    ``PL1-<seed>-<level>-<score>of<total>-t<attempt>-<sig>``."""
    body = f"{PREFIX}-{int(seed)}-{int(level)}-{int(score)}of{int(total)}-t{int(attempt)}"
    return f"{body}-{_signature(body, secret() if key is None else key)}"


def canonical(code: str) -> str:
    """The code as it was issued: spaces around it dropped, its letters in their case
    (``PL1`` upper, ``of``, ``t`` and the signature lower), whatever case it was typed in."""
    text = str(code).strip()
    return text[:3].upper() + text[3:].lower()


def verify(code: str, key: bytes | None = None) -> Completion:
    """What a code says, if this server signed it; else ``BadCode`` with the reason. The
    code's letters may be in any case."""
    text = canonical(code)
    if len(text) > MAX_CODE_CHARS:
        raise BadCode(NOT_A_CODE)
    match = _CODE.fullmatch(text)
    if match is None:
        raise BadCode(NOT_A_CODE)
    body = text[: -(SIGNATURE_HEX + 1)]
    expected = _signature(body, secret() if key is None else key)
    if not hmac.compare_digest(match.group(6), expected):
        raise BadCode(FORGED)
    return Completion(*(int(match.group(i)) for i in range(1, 6)))


@dataclass(frozen=True)
class Checked:
    """One code of a batch: as given, what it says (None: refused, ``reason`` says why:
    ``"not_a_code"`` or ``"forged"``), and the row (1-based) that had the same code or the
    same exercise first (0: none)."""

    given: str
    done: Completion | None
    reason: str = ""
    same_code_as: int = 0
    same_exercise_as: int = 0


_SEPARATORS = re.compile(r"[\s,;]+")


def check_many(text: str, key: bytes | None = None) -> list[Checked]:
    """Every code in ``text`` (separated by line breaks, spaces, commas or semicolons, as a
    pasted list or a CSV column), checked, in order. Raises BadCode when there are more than
    ``MOST_CODES`` or the text is longer than ``MOST_CODES_BYTES``."""
    if len(text) > MOST_CODES_BYTES:
        raise BadCode(f"At most {MOST_CODES:,} codes are checked at once; this is longer.")
    given = [g for g in _SEPARATORS.split(text) if g]
    if len(given) > MOST_CODES:
        raise BadCode(f"At most {MOST_CODES:,} codes are checked at once; this has {len(given):,}.")
    key = secret() if key is None else key
    out: list[Checked] = []
    codes: dict[str, int] = {}
    exercises: dict[tuple[int, int], int] = {}
    for row, typed in enumerate(given, start=1):
        try:
            done = verify(typed, key)
        except BadCode as bad:
            out.append(Checked(typed, None, "forged" if str(bad) == FORGED else "not_a_code"))
            continue
        same_code = codes.setdefault(canonical(typed), row)
        same_exercise = exercises.setdefault((done.seed, done.level), row)
        out.append(
            Checked(
                typed,
                done,
                same_code_as=0 if same_code == row else same_code,
                same_exercise_as=0 if same_exercise == row or same_code != row else same_exercise,
            )
        )
    return out
