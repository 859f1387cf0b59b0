"""A class's words on each device in its own language: the class's refusals, and the
questions, which the class's store holds as ids and numbers (no streamlit here).

A question is computed with its words as message ids and values (``Asked.said``:
``ui.room.questions``). The store keeps the room's protocol (``ui.room.rules``: a
question's prompt and choices are text), and what the lecturer's page sends there is not
English but each message's id and values (``encode``: ``["choice", "A", "3", "1, 2",
"+1"]``, the values in the order of ``FIELDS``), so every student's page says it in its own
language and notation (``ui/room/class_words.mjs`` with the templates
``follower_words`` gives it) and the lecturer's page says it in the lecturer's (``said``,
``say``). A prompt that is not such a message (another client) is shown as it is.

A refusal carries its reason in English (``Refused.reason``, also what the class's routes
answer); ``refusal`` says it in the page's language when it is one of the class's known
refusals (``ui.room.rules.REFUSALS``, a bad code, the store unreachable), else as it is.
"""

from __future__ import annotations

import json
import re

from ui import notation
from ui.room import codes, routes, rules
from ui.words import CATALOGUES, lang, plural_table, t

# Each question message's fields, in the order the encoded message lists them.
FIELDS = {
    "class.q.next_mistake": (),
    "class.q.choice": ("letter", "i", "coords", "y"),
    "class.q.fixes_point": ("i", "coords", "y"),
    "class.q.fixes_yes": (),
    "class.q.fixes_no": (),
    "class.q.turn": (),
    "class.q.anticlockwise": (),
    "class.q.clockwise": (),
    "class.q.neither": (),
    "class.q.converge": (),
    "class.q.converge_yes": (),
    "class.q.converge_no": (),
    "class.q.fewer_mistakes": ("this", "now", "next", "n"),
    "class.q.fewer": (),
    "class.q.as_many": (),
    "class.q.more": (),
}
PREFIX = "class.q."
# The sentences a student's device receives in English (the routes' refusals, the
# follower's line of where the lecture is, the collect and answer logic's own words).
SAID_IN_ENGLISH = (
    "class.refused.",
    "class.lecture_on",
    "class.js.inside",
    "class.js.placed_one",
    "class.js.point_not_taken",
    "class.js.answer_not_taken",
    "class.js.replaced",
)


def encode(message: str, *values: str | int) -> str:
    """A question's prompt or choice as the store keeps it: its id (without ``class.q.``)
    and its fields' values, as JSON."""
    if len(values) != len(FIELDS[message]):
        raise ValueError(f"{message} has the fields {FIELDS[message]}; got {values!r}")
    return json.dumps([message.removeprefix(PREFIX), *values], ensure_ascii=False,
                      separators=(",", ":"))  # fmt: skip


def decode(text: str) -> tuple[str, dict] | None:
    """An encoded message's id and fields, or None (text that is not one)."""
    try:
        parts = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(parts, list) or not parts or not isinstance(parts[0], str):
        return None
    message = PREFIX + parts[0]
    names = FIELDS.get(message)
    if names is None or len(parts) != len(names) + 1:
        return None
    return message, dict(zip(names, parts[1:], strict=True))


def symbols() -> dict[str, str]:
    """The notation's symbols the question words use."""
    return {"w": notation.current().w}


def label(y) -> str:
    """A label of the lab (+1, -1) as the notation writes it."""
    try:
        return notation.current().label_of(int(y))
    except (TypeError, ValueError):
        return str(y)


def say(text: str) -> str:
    """A prompt or a choice from the store, in the page's language and notation."""
    found = decode(text)
    if found is None:
        return text
    message, fields = found
    if "y" in fields:
        fields["y"] = label(fields["y"])
    return t(message, **{**symbols(), **fields})


def said(item: tuple) -> str:
    """A question's prompt or choice (``Asked.said``: its message and values) in the
    page's language and notation."""
    message, values = item
    return say(encode(message, *values))


def follower_words() -> dict:
    """What a student's follower script needs to say questions and its panels: the
    templates (``class.q.*`` and ``class.js.*``) in the page's language with its plural
    rule (``ui.words.plural_table``), the notation's symbols and labels."""
    code = lang()
    catalogue, english = CATALOGUES[code], CATALOGUES["en"]
    own = {k: catalogue.get(k, entry) for k, entry in english.items()}  # a lacking one: English
    wanted = [k for k in own if k.startswith((PREFIX, "class.js."))]
    said = [k for k in own if k.startswith(SAID_IN_ENGLISH) and isinstance(own[k], str)]
    return {
        "templates": {k: own[k] for k in wanted},
        "plural": plural_table(code),
        "fields": {k.removeprefix(PREFIX): list(v) for k, v in FIELDS.items()},
        "symbols": symbols(),
        "labels": {"1": label(1), "-1": label(-1)},
        # What the server and the follower's own logic write in English, with the page's.
        "pairs": [] if code == "en" else [[english[k], own[k]] for k in said],
    }


def _pattern(template: str) -> re.Pattern:
    return re.compile(re.escape(template).replace(r"\{\}", "(.+?)") + r"\Z")


# Each known refusal: (its English reason as a pattern, its message id).
_KNOWN = [(_pattern(said), f"class.refused.{name}") for name, (said, _) in rules.REFUSALS.items()]
_KNOWN += [
    (_pattern(codes._BAD_CODE.replace(str(codes.CODE_LENGTH), "{}")), "class.refused.bad_code"),
    (_pattern(routes.UNAVAILABLE), "class.refused.unavailable"),
]


def refusal(reason: str) -> str:
    """A refusal's reason in the page's language (as it is when it is not a known one)."""
    for pattern, message in _KNOWN:
        found = pattern.match(str(reason))
        if found:
            return t(message, value=found.group(1) if pattern.groups else "")
    return str(reason)
