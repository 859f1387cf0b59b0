"""The link check and the number spellings: what a URL-bound widget accepts, a link's
values checked against it (``check_link``), numbers read as people write them and written
for people (``read_number``, ``count_words``). Nothing here imports streamlit."""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable, Mapping, MutableMapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from ui.limits import LINK_PROBLEMS_SAID as MOST_SAID
from ui.limits import MAX_DIGITS
from ui.text import plain, quoted
from ui.words import t


@dataclass(frozen=True)
class LinkSpec:
    """What the URL-bound widgets accept, so a link is checked before they read it.

    Streamlit drops a bound widget's URL value it cannot use without a word, and the page
    would quietly show other data than the link meant; this says so instead. ``choices``
    maps a parameter to {spelling in lower case: the exact label the widget stores}, so a
    near miss (``pg_generator=xor``) is answered with the spelling to use; ``numbers`` maps
    a parameter to (min, max or None, whole?) or to ("set", allowed values); ``flags``
    are true/false parameters; ``texts`` maps a text parameter to its most characters.
    ``renames`` maps a choice's parameter to {its exact label in another of the lab's
    languages: the label in this one}: a link made in German opens in English as it meant.
    """

    choices: dict[str, dict[str, str]]
    numbers: dict[str, tuple]
    flags: tuple[str, ...] = ()
    texts: dict[str, int] = field(default_factory=dict)
    renames: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """Every parameter the spec checks."""
        return (*self.choices, *self.numbers, *self.flags, *self.texts)


def read_number(raw) -> int | float | None:
    """A number as a person may write it in a link (``10``, ``10.0``, ``1e1``, ``+10``,
    `` 10.000``): an int when it is a whole number (exactly: ``1e30`` is 10**30, not the
    float nearest it), else a float (a fraction, inf, nan, or a whole number too long to
    write out); None when it is not a number at all."""
    s = str(raw).strip()
    try:
        return int(s)
    except ValueError:
        pass
    try:
        d = Decimal(s)
    except InvalidOperation:
        return None
    if d.is_snan():
        return None
    if d.is_finite() and d == d.to_integral_value() and d.adjusted() <= MAX_DIGITS:
        return int(d)
    return float(d)


def _whole_number(value: int | float | None) -> int | None:
    """``value`` as an int when it is a finite whole number (``1e3``: 1000), else None."""
    if isinstance(value, int):
        return value
    if value is None or not math.isfinite(value) or not value.is_integer():
        return None
    return int(value)


def _finite(value: int | float | None) -> bool:
    return isinstance(value, int) or (value is not None and math.isfinite(value))


def _as_float(value: int | float) -> float:
    """A number as a float (a whole number too large for one: infinity)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf


def check_link(query: MutableMapping, spec: LinkSpec) -> list[str]:
    """The problems of a link's widget values; each unusable value is removed (the widget
    then shows its default, as Streamlit would have done silently), and each usable number
    is written the one way its widget reads it (``pg_eta=10`` becomes ``10.0``, the string
    of the option; ``pg_n=4e1`` becomes ``40``): any spelling of an allowed number works."""
    problems: list[str] = []
    for name, accepted in spec.choices.items():
        if name not in query:
            continue
        raw = str(query[name])
        if raw in accepted.values():
            continue
        if raw in spec.renames.get(name, {}):  # the option as another language names it
            query[name] = spec.renames[name][raw]
            continue
        del query[name]
        label = accepted.get(raw.strip().lower())
        said = {"name": plain(name), "raw": quoted(raw)}
        if label is None:
            problems.append(t("link.not_option", **said))
        else:
            problems.append(t("link.not_option_write", **said, label=quoted(label)))
    for name in spec.flags:
        if name in query and str(query[name]) not in ("true", "false"):
            raw = str(query.pop(name))
            problems.append(t("link.not_flag", name=plain(name), raw=quoted(raw)))
    for name, rule in spec.numbers.items():
        if name not in query:
            continue
        raw = str(query[name])
        value = read_number(raw)
        written = None  # the value as its widget reads it, when it is usable
        if isinstance(rule[0], str):  # ("set", allowed values): a select slider's options
            if _finite(value):
                close = (v for v in rule[1] if math.isclose(_as_float(value), v))
                written = next((str(v) for v in close), None)
            why = ("link.not_in_set", {"values": plain(", ".join(f"{v:g}" for v in rule[1]))})
        else:
            low, high, whole = rule
            if whole:
                number = _whole_number(value)
            else:
                number = None if value is None else _as_float(value)
            if _finite(number) and low <= number:
                if high is None or number <= high:
                    written = str(number) if whole else repr(float(number))
            message = ("link.not_whole" if whole else "link.not_number") + (
                "" if high is not None else "_up"
            )
            ends = {"low": plain(f"{low:g}")}
            if high is not None:
                ends["high"] = plain(_whole(high))
            why = (message, ends)
        if written is None:
            del query[name]
            message, ends = why
            problems.append(t(message, name=plain(name), raw=quoted(raw), **ends))
        elif written != raw:
            query[name] = written
    for name, most in spec.texts.items():
        if name in query and len(str(query[name])) > most:
            length = len(str(query.pop(name)))
            problems.append(t("link.too_long", name=plain(name), length=length, most=most))
    return problems


def repeated_params(
    pairs: Iterable[tuple[str, str]], ignore: Iterable[str] = ()
) -> list[tuple[str, dict]]:
    """What a link gives more than once (``pairs``: its query string's name-value pairs in
    order), as messages to say (``(id, fields)``, put in words when shown: the link's own
    language may not be read yet): each value, and the last one, which is the one read
    (Streamlit reads the last). ``ignore``: names that may repeat (Streamlit's
    ``embed_options``), in any case."""
    skip = {n.lower() for n in ignore}
    values: dict[str, list[str]] = {}
    for name, value in pairs:
        if name.lower() not in skip:
            values.setdefault(name, []).append(value)
    twice = [(name, got) for name, got in values.items() if len(got) > 1]
    said = []
    for name, got in twice[:MOST_SAID]:
        shown = ", ".join(quoted(v) for v in got[:MOST_SAID])
        if len(got) > MOST_SAID:
            shown += ", …"
        fields = {"name": plain(name), "count": len(got), "values": shown, "used": quoted(got[-1])}
        said.append(("link.repeated", fields))
    if len(twice) > MOST_SAID:
        said.append(("link.repeated_more", {"count": len(twice) - MOST_SAID}))
    return said


def unknown_params(query: Mapping, prefix: str, known: Iterable[str]) -> list[str]:
    """The problems of a link's parameters that carry the page's ``prefix`` but are none
    of those it reads (``known``): each is not read, and is said so, with the parameters
    it may have meant (``closest``)."""
    known = sorted(k for k in known if k.startswith(prefix))
    strays = [name for name in query if name.startswith(prefix) and name not in known]
    problems = []
    for name in strays[:MOST_SAID]:
        near = closest(name, known, prefix)
        if near:
            names = ", ".join(plain(k) for k in near)
            problems.append(t("link.unknown_near", name=quoted(name), near=names))
        else:
            problems.append(t("link.unknown", name=quoted(name)))
    if len(strays) > MOST_SAID:
        problems.append(t("link.unknown_more", count=len(strays) - MOST_SAID))
    return problems


def closest(name: str, known: Iterable[str], prefix: str = "") -> list[str]:
    """The known parameters ``name`` may have meant, at most three: those whose name ends
    in its own (``pg_margin``: ``pg_separable_margin``), else the nearest spellings."""
    known = list(known)
    field = name[len(prefix) :].lower()
    if field:
        ends = [k for k in known if k[len(prefix) :].lower().endswith("_" + field)]
        if ends:
            return ends[:3]
    lower = {k.lower(): k for k in known}
    near = difflib.get_close_matches(name.lower(), list(lower), n=3, cutoff=0.6)
    return [lower[k] for k in near]


def spellings(labels: dict, others: Iterable[dict] = ()) -> dict[str, str]:
    """{any accepted spelling in lower case: the exact label a widget stores}: an option's
    key or label, or its label in ``others`` (the same options named in other languages)."""
    out = {}
    for named in (*others, labels):
        for k, label in named.items():
            out[str(k).lower()] = str(labels[k])
            out[str(label).lower()] = str(labels[k])
    return out


def count_words(n: int) -> str:
    """A whole number for people, however large a link made it: ``4,611,686,018,427,387,904``,
    or ``a 401-digit number``."""
    digits = len(str(abs(n)))
    return f"{n:,}" if digits <= 31 else f"a {digits:,}-digit number"


def _whole(value: float) -> str:
    """A limit for people: 9007199254740991, not 9.0072e+15."""
    return f"{int(value):,}" if float(value).is_integer() and abs(value) >= 1e6 else f"{value:g}"
