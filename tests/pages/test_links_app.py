"""Links, through the whole app (AppTest): any spelling of an allowed number is read, every
bad number is named and its default used (never the guard's page), a step past the run's
end is said at any size, a link over the limit gets a page that says so, and the link
"Link to this moment" makes holds the page's own parameters only.

The expected values are the declared options and ranges (``ui.state`` tables, the
generator registry), spelled here in several ways; the app's own spelling is never the
oracle.
"""

from __future__ import annotations

import math
from decimal import Decimal
from urllib.parse import parse_qsl, urlencode, urlsplit

import numpy as np
import pytest
from lab_app import ROOT, TIMEOUT, open_page
from md_oracle import text_of
from streamlit.testing.v1 import AppTest

import datasets
from ui import lecture, state
from ui.parts import data, moment
from ui.server import guard

PAGES = {prefix: f"pages/{path}.py" for prefix, path in lecture.PATHS.items()}
TABLES = {t.prefix: t for t in state.TABLES}


# ------------------------------------------------------------------ spellings
def plain(v) -> str:
    return str(v) if isinstance(v, int) else repr(float(v))


def spellings(v) -> list[str]:
    """Ways a person writes the number ``v`` (each is exactly ``v``)."""
    p = plain(v)
    bare = p[:-2] if p.endswith(".0") else p  # 10.0 -> 10, 0.5 stays
    sign = "" if p.startswith("-") else "+"
    out = [
        p,
        bare if bare != p else p + (".0" if isinstance(v, int) else "0"),  # 10 / 10.0 / 0.50
        f"{Decimal(p):e}",  # 1.0e+1, 5e-1
        sign + bare + (".000" if "." not in bare else "000"),  # +10.000, +0.5000
        f" {bare} ",
    ]
    for s in out:  # each spelling is the number itself, exactly
        assert Decimal(s.strip()) == Decimal(p), (s, p)
    return out


# Values to try in a range (a modest middle and the ends where a run stays cheap).
RANGE_VALUES = {
    "n": (10, 57, 300), "max_epochs": (1, 7, 250), "slice_b": (-1e6, 0.25, 1e6),
    "margins": (2, 3, 5), "seeds": (1, 2, 4), "per_set": (10, 20, 40), "orderings": (2, 5, 30),
}  # fmt: skip


def allowed(name: str, rule: tuple) -> tuple:
    """Values of a numeric parameter to try: every option of a set; a few of a range."""
    if isinstance(rule[0], str):
        return tuple(rule[1])
    field = name.split("_", 1)[1]
    if field in RANGE_VALUES:
        return RANGE_VALUES[field]
    low, high, whole = rule
    if whole:
        return (int(low), int(low) + 7, int(high))
    mid = round(low + (high - low) * 0.3, 2)
    return (float(low), mid, float(high))


# ---------------------------------------------------------------- the contexts
# What makes each numeric widget show: a random start and a shuffled order (their seeds),
# a kernel (its degree or width), a fixed slice (its b), generated data (n, seed, noise and
# the generator's sliders).
SEPARABLE = datasets.GENERATORS["separable"].label
BASE = {"source": "Generate", "generator": SEPARABLE, "start": "random", "order": "shuffled"}
CONTEXTS = {
    "pg_": [{**BASE, "variant": "kernel", "kernel": "polynomial"}, {**BASE, "variant": "kernel",
            "kernel": "RBF"}],
    "kn_": [{**BASE, "kernel": "polynomial"}, {**BASE, "kernel": "RBF"}],
    "bt_": [BASE],
    "va_": [BASE],
    "on_": [{}],
    "sp_": [{**BASE, "slice": "fixed b"}],
    "pf_": [BASE],
    "ex_": [{"source": "Generate", "generator": SEPARABLE}],
}  # fmt: skip
HIDDEN = {("polynomial", "width"), ("RBF", "degree")}  # a kernel shows one of the two


def numeric_params(prefix: str, context: dict, generator: str = "separable") -> dict:
    """{parameter: rule} of the numeric widgets the page shows in ``context``."""
    table = TABLES[prefix]
    spec = data.link_spec(table)
    out = {}
    for name, rule in spec.numbers.items():
        field = name[len(prefix) :]
        if field in table.fields:
            if (context.get("kernel"), field) in HIDDEN:
                continue
            out[name] = rule
        elif field.startswith(generator + "_") and "generator" in table.fields:
            out[name] = rule
    return out


def context_query(prefix: str, context: dict) -> dict:
    return {prefix + k: v for k, v in context.items()}


def open_link(prefix: str, query: dict) -> AppTest:
    """The lab opened at the page's own address with ``query`` (as a browser opens
    ``/kernel?...``, not the root first)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    for name, value in query.items():
        at.query_params[name] = value
    return at.switch_page(PAGES[prefix]).run()


def warnings_of(at) -> list[str]:
    return [text_of(w.value) for w in at.warning]


def link_warnings(at) -> list[str]:
    """What the page says about its link (other warnings are about the data, e.g. an
    inseparable cone LP)."""
    return [w for w in warnings_of(at) if "link" in w]


def assert_no_guard(at) -> None:
    assert not at.exception, at.exception
    shown = " ".join(text_of(e.value) for e in at.error)
    assert guard.MESSAGE.split("(")[0].strip() not in shown, shown  # "Something went wrong..."


def assert_uses(at, name: str, value) -> None:
    got = at.session_state[name]
    if isinstance(value, int) and not isinstance(value, bool):
        assert got == value and float(got).is_integer(), (name, got, value)
    else:
        assert math.isclose(float(got), float(value), rel_tol=0, abs_tol=1e-12), (name, got, value)


CASES = [(p, i) for p, contexts in CONTEXTS.items() for i in range(len(contexts))]


@pytest.mark.parametrize("prefix", list(TABLES))
def test_the_link_check_reads_every_spelling_of_every_allowed_value(prefix):
    """Without the app: every numeric parameter of the page (its fields and every
    generator's sliders), each allowed value in each spelling, is accepted and written as
    the same number, a set's value as its select slider names the option (``str``)."""
    spec = data.link_spec(TABLES[prefix])
    for name, rule in spec.numbers.items():
        for value in allowed(name, rule):
            for spelled in spellings(value):
                query = {name: spelled}
                assert state.check_link(query, spec) == [], (name, spelled)
                written = query[name]
                assert Decimal(written) == Decimal(plain(value)), (name, spelled, written)
                if isinstance(rule[0], str):
                    assert written in {str(o) for o in rule[1]}, (name, written)


@pytest.mark.parametrize(("prefix", "i"), CASES)
def test_any_spelling_of_an_allowed_number_is_used_without_a_warning(prefix, i):
    """Every numeric field the page shows, each allowed value once (every option of a set),
    spelled a different way on each link (every spelling on every page)."""
    context = CONTEXTS[prefix][i]
    params = numeric_params(prefix, context)
    values = {name: allowed(name, rule) for name, rule in params.items()}
    runs = max(max(len(v) for v in values.values()), len(spellings(1)))
    for r in range(runs):
        query = context_query(prefix, context)
        expected = {}
        for j, (name, options) in enumerate(sorted(values.items())):
            value = options[r % len(options)]
            query[name] = spellings(value)[(r + j) % len(spellings(value))]
            expected[name] = value
        at = open_link(prefix, query)
        assert_no_guard(at)
        assert link_warnings(at) == [], (query, link_warnings(at))
        for name, value in expected.items():
            assert_uses(at, name, value)


@pytest.mark.parametrize("generator", ["xor", "circles", "moons", "blobs"])
def test_any_spelling_of_every_generators_sliders_is_used(generator):
    label = datasets.GENERATORS[generator].label
    for prefix in ("pg_", "bt_"):
        context = {"source": "Generate", "generator": label}
        params = numeric_params(prefix, context, generator)
        params = {k: v for k, v in params.items() if k[len(prefix) :].startswith(generator)}
        assert params, generator
        for r in range(3):
            query = context_query(prefix, context)
            expected = {}
            for j, (name, rule) in enumerate(sorted(params.items())):
                value = allowed(name, rule)[r]
                query[name] = spellings(value)[(r + j) % 5]
                expected[name] = value
            at = open_link(prefix, query)
            assert_no_guard(at)
            assert link_warnings(at) == [], (query, link_warnings(at))
            for name, value in expected.items():
                assert_uses(at, name, value)


def outside(rule: tuple) -> list[str]:
    """Values just outside what the parameter accepts."""
    if isinstance(rule[0], str):
        options = sorted(rule[1])
        return [plain(options[0] / 2), plain(options[-1] * 3)]
    low, high, whole = rule
    out = [plain(low - 1 if whole else low - 0.5)]
    if high is not None:
        out.append(plain(int(high) + 1 if whole else high + 0.5))
    if whole:
        out.append("2.5")
    return out


BAD = ["abc", "inf", "-inf", "nan", "1e400", str(2**70)]


@pytest.mark.parametrize(("prefix", "i"), [(p, 0) for p in CONTEXTS])
def test_a_bad_number_is_named_and_the_default_used(prefix, i):
    """Every numeric field the page shows gets every kind of bad value (infinities, nan,
    1e400 and 2^70 in whole-number fields too): each is named in a warning, the page shows
    the field's default, and nothing reaches the guard."""
    table = TABLES[prefix]
    context = CONTEXTS[prefix][i]
    params = numeric_params(prefix, context)
    kinds = {name: BAD + outside(rule) for name, rule in params.items()}
    runs = max(len(k) for k in kinds.values())
    for r in range(runs):
        query = context_query(prefix, context)
        for j, (name, bad) in enumerate(sorted(kinds.items())):
            query[name] = bad[(r + j) % len(bad)]
        at = open_link(prefix, query)
        assert_no_guard(at)
        shown = " ".join(warnings_of(at))
        for name in params:
            raw = query[name]
            assert f"{name}='{raw[:50]}" in shown, (name, raw, shown)
            field = name[len(prefix) :]
            default = table[field].default if field in table.fields else _param_default(field)
            assert_uses(at, name, default)


def _param_default(field: str):
    generator, name = field.split("_", 1)
    return next(p.default for p in datasets.GENERATORS[generator].params if p.name == name)


# ------------------------------------------------------------------ the step
STEPS = [str(2**62), str(2**63), str(2**64), "1" + "0" * 30, "1e30", "1e400", "100000"]


@pytest.mark.parametrize("step", STEPS)
def test_a_step_beyond_the_end_at_any_size_is_said_and_the_end_shown(step):
    at = open_page(pg_step=step)
    assert_no_guard(at)
    run = at.session_state["pg_run"]
    assert at.session_state["pg_cursor"] == run.n_visits
    (said,) = [w for w in warnings_of(at) if "beyond the end" in w]
    digits = len(str(int(Decimal(step))))
    if digits <= 31:
        assert f"step {int(Decimal(step)):,} is beyond the end" in said, said
    else:
        assert f"a {digits:,}-digit number is beyond the end" in said, said
    assert f"({run.n_visits:,} visits): showing the end" in said


@pytest.mark.parametrize("prefix", ["kn_", "bt_", "va_", "sp_", "pf_"])
def test_every_stepping_page_says_a_huge_step_is_beyond_the_end(prefix):
    at = open_link(prefix, {prefix + "step": str(2**64)})
    assert_no_guard(at)
    assert any("beyond the end" in w for w in warnings_of(at)), warnings_of(at)


@pytest.mark.parametrize("step", ["inf", "-inf", "nan", "-3", "2.5", "ten"])
def test_a_step_that_is_not_a_step_is_named(step):
    at = open_page(pg_step=step)
    assert_no_guard(at)
    assert at.session_state["pg_cursor"] == 0
    assert any(f"the step '{step}' in the link is not a whole number" in w for w in warnings_of(at))


def test_step_end_is_the_end_without_a_notice():
    at = open_page(pg_step="end")
    assert at.session_state["pg_cursor"] == at.session_state["pg_run"].n_visits
    assert warnings_of(at) == []


# ------------------------------------------------------------------ the length
def query_of_length(n: int, **params) -> dict:
    """Params padded with pg_zzz to a query string of exactly ``n`` characters."""
    head = len(urlencode(params)) + (1 if params else 0) + len("pg_zzz=")
    return {**params, "pg_zzz": "a" * (n - head)}


def test_a_link_at_the_limit_opens_and_one_over_it_gets_a_page_that_says_so():
    query = query_of_length(state.MAX_LINK, pg_n="30")
    assert len(urlencode(query)) == state.MAX_LINK
    at = open_page(**query)
    assert_no_guard(at)
    assert at.session_state["pg_run"].n == 30  # read as usual

    query = query_of_length(state.MAX_LINK + 1, pg_n="30", pg_presenter="true")
    at = open_page(**query)
    assert not at.exception
    assert at.session_state["lab_presenter"] is False  # its presenter flag is not read either
    shown = " ".join(text_of(m.value) for m in at.markdown)
    assert at.title[0].value == "This link is too long"
    assert (
        f"This link is too long ({state.MAX_LINK + 1:,} characters; the limit is "
        f"{state.MAX_LINK:,})" in shown
    )
    assert "pg_run" not in at.session_state  # no page ran, nothing of the link was read
    assert not at.get("slider") and not at.get("number_input") and not at.warning
    assert dict(at.query_params) == {}  # the session keeps nothing of it


@pytest.mark.parametrize("size", [17_000, 100_000, 500_000])
def test_long_links_on_every_page_get_the_same_page(size):
    for prefix in ("kn_", "on_", "ex_"):
        at = open_link(prefix, query_of_length(size))
        assert not at.exception
        assert at.title and at.title[0].value == "This link is too long"
        assert f"({size:,} characters;" in " ".join(text_of(m.value) for m in at.markdown)


def longest_query(table: state.Table) -> dict:
    """Every parameter the page can write, at the longest value it can write there: a
    choice's longest label, a set's longest option, the longest whole number of a range, a
    float of 17 digits with an exponent, 500 drawn points at the grid's edge, typed text
    of 4-byte characters, a step of max epochs x the most points."""
    points = state.encode_points(np.full((state.MAX_URL_POINTS, 2), -32.767),
                                 np.ones(state.MAX_URL_POINTS))  # fmt: skip
    out = {}
    for f in table.fields.values():
        k = table.key(f.name)
        if f.kind == "choice" and f.bound:
            out[k] = max(map(str, f.labels().values()), key=len)
        elif f.kind == "set" and f.bound:
            out[k] = max(map(str, f.options), key=len)
        elif f.kind == "int" and f.bound:
            out[k] = max(str(int(f.low)), str(int(f.high)), key=len)
        elif f.kind == "float":
            out[k] = "-1.2345678901234567e-05"
        elif f.kind == "bool":
            out[k] = "false"
        elif f.kind == "text" and f.bound:
            out[k] = "\U0001f600" * f.high  # 12 characters each, percent-encoded
    if "points" in table.fields:
        out[table.points_param] = points
        out[table.points_total_param] = str(datasets.MAX_GENERATED_N)
    if "step" in table.fields:
        out[table.step_param] = str(state.MAX_EPOCHS_LIMIT * datasets.MAX_GENERATED_N)
    if "generator" in table.fields:
        for g, spec in datasets.GENERATORS.items():
            for p in spec.params:
                out[table.param_key(g, p.name)] = "-1.2345678901234567e-05"
    return out


@pytest.mark.parametrize("prefix", list(TABLES))
def test_the_longest_link_a_page_can_make_is_within_the_limit(prefix):
    query = longest_query(TABLES[prefix])
    assert len(urlencode(query)) <= state.MAX_LINK


# ----------------------------------------------------------- link to this moment
def moment_query(at, prefix: str) -> dict:
    (code,) = [c.value for c in at.code if f"{prefix}presenter=true" in c.value]
    return dict(parse_qsl(urlsplit(code).query, keep_blank_values=True))


def test_link_to_this_moment_carries_the_pages_own_parameters_only():
    junk = {"pg_zzz": "z" * 10_000, "pg_n_extra": "1", "kn_eta": "2", "other": "x"}
    at = open_page(pg_n="30", pg_eta="10", pg_step="3", **junk)
    assert_no_guard(at)
    made = moment_query(at, "pg_")
    assert not set(junk) & set(made)
    table = state.PLAYGROUND  # its fields, the generators' sliders, the step and the points
    known = {table.key(f.name) for f in table.fields.values() if f.bound}
    known |= {f"pg_{g}_{p.name}" for g, spec in datasets.GENERATORS.items() for p in spec.params}
    known |= {"pg_step", "pg_pts", "pg_ptsn"}
    assert set(made) <= known, set(made) - known
    assert made["pg_n"] == "30" and float(made["pg_eta"]) == 10 and made["pg_step"] == "3"
    assert made["pg_presenter"] == "true"
    assert len(urlencode(made)) < 1_000
    # The added scene is the same link.
    at.text_input(key="pg_moment_title").input("mine").run()
    at.button(key="pg_moment_add").click().run()
    (scene,) = at.session_state[moment.MINE]
    assert dict(scene[2]) == made


def test_a_100_kb_junk_link_makes_no_moment():
    at = open_page(pg_n="30", pg_zzz="z" * 100_000)
    assert not at.exception and at.title[0].value == "This link is too long"
    assert not [c for c in at.code if "playground?" in c.value]


def test_a_huge_step_on_uploaded_data_is_said_as_a_step_not_as_the_end():
    at = open_page(pg_source="Upload", pg_step=str(2**64))
    said = " ".join(text_of(i.value) for i in at.info)
    assert "opens at the link's step 18,446,744,073,709,551,616." in said, said
    at = open_page(pg_source="Upload", pg_step="end")
    assert "opens at its end." in " ".join(text_of(i.value) for i in at.info)


# ------------------------------------------------- a parameter twice, one not the page's
def test_a_parameter_given_twice_is_said_with_the_value_read():
    """Streamlit reads the last of a repeated parameter: the page says so, naming every
    value and the one read, and that one is used (or refused, and said, as alone)."""
    table = TABLES["pg_"]
    at = open_link("pg_", {"pg_source": "Generate", "pg_n": ["abc", "7"]})
    assert_no_guard(at)
    said = [w for w in warnings_of(at) if "pg_n" in w]
    assert len(said) == 1 and "2 times ('abc', '7')" in said[0], said
    assert "the last, '7', is read" in said[0], said
    assert_uses(at, "pg_n", 7)

    at = open_link("pg_", {"pg_source": "Generate", "pg_n": ["57", "abc"]})
    assert_no_guard(at)
    shown = " ".join(warnings_of(at))
    assert "2 times ('57', 'abc')" in shown and "the last, 'abc', is read" in shown, shown
    assert "pg_n='abc' is not a whole number" in shown, shown  # the value read, refused
    assert_uses(at, "pg_n", table["n"].default)


@pytest.mark.parametrize(("given", "read"), [(["de", "en"], "en"), (["en", "de"], "de")])
def test_a_language_given_twice_is_said_in_the_language_read(given, read):
    from ui.state import lab

    at = open_link("pg_", {"lang": given})
    assert_no_guard(at)
    assert at.session_state[lab.LANGUAGE] == read
    said = [w for w in warnings_of(at) if "lang" in w]
    assert len(said) == 1, warnings_of(at)
    assert f"'{given[0]}', '{given[1]}'" in said[0] and f"'{read}'" in said[0], said
    english = "only the last" in said[0]
    assert english == (read == "en"), said  # the sentence in the page's language, German too
    if read == "de":
        assert "nur der letzte Wert" in said[0], said


def test_a_parameter_with_the_pages_prefix_it_does_not_read_is_named_with_the_closest():
    """``pg_margin`` (the separable generator's slider is named otherwise in the link), a
    misspelt ``pg_sed``, and a name like none of the page's: each is said not to be read,
    the first two with the parameter meant (the registry's name, the table's field)."""
    margin = next(p.name for p in datasets.GENERATORS["separable"].params if "margin" in p.name)
    meant = f"pg_separable_{margin}"
    at = open_link(
        "pg_",
        {"pg_source": "Generate", "pg_margin": "0.5", "pg_sed": "3", "pg_qqqqqqq": "1"},
    )
    assert_no_guard(at)
    said = {w.split("'")[1]: w for w in link_warnings(at) if "is not a parameter" in w}
    assert set(said) == {"pg_margin", "pg_sed", "pg_qqqqqqq"}, link_warnings(at)
    assert meant in said["pg_margin"], said
    assert "pg_seed" in said["pg_sed"], said
    assert "did you mean" not in said["pg_qqqqqqq"], said
    # A parameter of another page, or of none, is not this page's to name.
    at = open_link("pg_", {"kn_eta": "2", "other": "x"})
    assert not [w for w in link_warnings(at) if "is not a parameter" in w], link_warnings(at)


def test_a_german_page_names_an_unknown_parameter_in_german():
    at = open_link("pg_", {"lang": "de", "pg_margin": "0.5"})
    assert_no_guard(at)
    said = [w for w in warnings_of(at) if "pg_margin" in w]
    assert len(said) == 1 and "ist kein Parameter dieser Seite" in said[0], warnings_of(at)


def test_every_lecture_scene_has_only_parameters_its_page_reads():
    """The lecture's own links never draw the new warning."""
    for scene in lecture.SCENES:
        table = lecture.table_of(scene.path)
        spec = data.link_spec(table) if "generator" in table.fields else table.link_spec()
        query = lecture.scene_query(scene)
        known = table.link_params(spec) | {table.key("presenter")}
        assert state.unknown_params(query, table.prefix, known) == [], scene
        for name in query:  # and the oracle: each of its names is a widget's or the step's
            if name.startswith(table.prefix):
                assert (
                    name in spec.names
                    or name in (table.step_param, table.points_param)
                    or (name == table.key("presenter"))
                ), name
