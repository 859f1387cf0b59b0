"""A class's join code, the lecturer's secret and the students' pseudonyms (no streamlit).

- The join code is read off a projector and typed on a phone: 6 symbols from an alphabet
  without look-alikes (no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V), each drawn uniformly
  by ``secrets``. It only finds the class; it moves nothing.
- The lecturer's secret moves the class. It is never in a student's link; the store keeps
  only its SHA-256 and compares with ``hmac.compare_digest``.
- A student's pseudonym is an adjective and an animal from the lists below, given at
  join: never typed, so nothing a student writes is shown to the room.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from ui.limits import CLASS_TYPED_CODE_LIMIT as _TYPED_LIMIT
from ui.room.rules import Refused

CODE_LENGTH = 6
# Letters and digits that cannot be taken for another on a projector or a phone's keyboard.
ALPHABET = "3479ACEFHJKMNPRTWXY"
# What each excluded symbol looks like (the test checks the alphabet against it).
LOOK_ALIKES = ("0OQD", "1IL", "2Z", "5S", "8B", "6G", "UV")
_SEPARATORS = str.maketrans("", "", " -\t")

ADJECTIVES = (
    "Agile", "Amber", "Bold", "Brave", "Bright", "Calm", "Clever", "Cosy", "Curious",
    "Daring", "Eager", "Fair", "Fast", "Fearless", "Gentle", "Glad", "Golden", "Happy",
    "Honest", "Jolly", "Keen", "Kind", "Lively", "Loyal", "Lucky", "Merry", "Mighty",
    "Nimble", "Noble", "Patient", "Plucky", "Polite", "Proud", "Quick", "Quiet", "Rapid",
    "Shiny", "Smart", "Sunny", "Swift", "Tidy", "Witty",
)  # fmt: skip
ANIMALS = (
    "Badger", "Beaver", "Bison", "Camel", "Crane", "Dolphin", "Eagle", "Falcon", "Ferret",
    "Finch", "Fox", "Gecko", "Heron", "Ibis", "Koala", "Lemur", "Lynx", "Magpie", "Marmot",
    "Mole", "Moose", "Newt", "Otter", "Owl", "Panda", "Puffin", "Quail", "Rabbit", "Raven",
    "Robin", "Seal", "Stork", "Swan", "Tapir", "Tiger", "Toucan", "Turtle", "Walrus",
    "Weasel", "Wombat", "Wren", "Yak",
)  # fmt: skip


def new_code() -> str:
    """A join code: ``CODE_LENGTH`` symbols of ``ALPHABET``, each uniform and independent."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalise(typed: object) -> str:
    """The join code a student typed, upper case, without spaces and hyphens.

    Raises
    ------
    Refused
        When what was typed is not a string of ``CODE_LENGTH`` symbols of ``ALPHABET``
        once spaces and hyphens are gone. The reason never repeats what was typed.
    """
    if not isinstance(typed, str) or len(typed) > _TYPED_LIMIT:
        raise Refused(_BAD_CODE)
    code = typed.translate(_SEPARATORS).upper()
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        raise Refused(_BAD_CODE)
    return code


_BAD_CODE = f"A join code is {CODE_LENGTH} letters and digits, as shown on the projector."


def new_secret() -> str:
    """The lecturer's secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def secret_hash(secret: str) -> str:
    """What the store keeps of a secret: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secret_matches(given: object, stored_hash: str) -> bool:
    """Whether ``given`` is the secret whose hash is ``stored_hash`` (constant time)."""
    if not isinstance(given, str) or not given or len(given) > 256:
        return False
    return hmac.compare_digest(secret_hash(given), stored_hash)


def new_student() -> str:
    """A student's id, issued at join: unguessable, so no one answers for another."""
    return secrets.token_urlsafe(16)


def pseudonym(taken: int = 0) -> str:
    """An adjective and an animal, drawn at random; with a number once the pairs run low.

    ``taken`` is how many pseudonyms the class already has: past half the pairs a number
    is added, so a free one is still found in a few draws.
    """
    name = f"{secrets.choice(ADJECTIVES)} {secrets.choice(ANIMALS)}"
    if taken >= len(ADJECTIVES) * len(ANIMALS) // 2:
        name += f" {secrets.randbelow(1000)}"
    return name


# ------------------------------------------------------------------ seats

SEAT_SIGNATURE_HEX = 32  # 128 bits of HMAC-SHA256: a seat cannot be made up


def seat_token(key: bytes, code: str, student: str) -> str:
    """The browser's proof of its seat: the student's id and its signature under the
    server's key (``ui.server.key.secret``, the same on every replica) for ``code``.
    """
    return f"{student}.{_seat_signature(key, code, student)}"


def seat_of(key: bytes, code: str, token: object) -> str | None:
    """The student's id a seat token names, if the server signed it for ``code``; else None."""
    if not isinstance(token, str) or not 0 < len(token) <= 128:
        return None
    student, _, signature = token.rpartition(".")
    if not student or len(signature) != SEAT_SIGNATURE_HEX:
        return None
    if not hmac.compare_digest(signature, _seat_signature(key, code, student)):
        return None
    return student


def _seat_signature(key: bytes, code: str, student: str) -> str:
    mac = hmac.new(key, f"seat:{code}:{student}".encode(), hashlib.sha256)
    return mac.hexdigest()[:SEAT_SIGNATURE_HEX]
