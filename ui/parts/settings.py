"""The run's settings as a typed, immutable value, and the panel that produces it; the lab's
notation and language (the sidebar's two boxes, the link's ``notation=`` and ``lang=``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import parse_qsl

import streamlit as st

import perceptron_core as pc
from ui import notation, state, text, words
from ui.platform import streamlit_internals
from ui.stage import link, widgets
from ui.state import Table, lab

KERNELS = state.KERNEL_NAMES
# The run's defaults are the declared fields' (ui.state: run_fields, kernel_fields and the
# Playground's variant and online switch), written once there.
_RUN = {f.name: f.default for f in (*state.run_fields(), *state.kernel_fields())}
_PG = state.PLAYGROUND.defaults


@dataclass(frozen=True)
class Settings:
    """Everything a run depends on besides the data (``train_kwargs``: the engine's
    arguments). Frozen and hashable: the cache keys on it."""

    variant: str = _PG.variant
    eta: float = _RUN["eta"]
    max_epochs: int = _RUN["max_epochs"]
    order: str = _RUN["order"]
    order_seed: int = _RUN["order_seed"]
    start: str = _RUN["start"]
    start_seed: int = _RUN["start_seed"]
    online: bool = _PG.online
    # Not the kernel box's default (polynomial): a run that is given no kernel is the
    # Playground's perceptron exactly, which the linear kernel a·b + 1 is.
    kernel: str = "linear"
    degree: int = _RUN["degree"]
    width: float = _RUN["width"]  # RBF: K(a, b) = exp(-||a - b||^2 / (2 width^2))
    max_updates: int | None = None  # a page's own cap (None: limits.MAX_UPDATES)

    def __post_init__(self):
        if self.variant not in pc.VARIANTS:
            raise ValueError(f"variant must be one of {pc.VARIANTS}; got {self.variant!r}")
        if self.kernel not in KERNELS:
            raise ValueError(f"kernel must be one of {tuple(KERNELS)}; got {self.kernel!r}")

    @property
    def kernel_spec(self) -> pc.Kernel | None:
        """The engine's kernel for a kernel run (None otherwise)."""
        if self.variant != "kernel":
            return None
        return pc.Kernel(self.kernel, degree=self.degree, gamma=1.0 / (2.0 * self.width**2))

    def train_kwargs(self) -> dict:
        """Keyword arguments of ``pc.train`` (an online run is ``pc.online_run`` with
        ``eta``). The start and the order have their own seeds."""
        return dict(
            variant=self.variant,
            eta=self.eta,
            max_epochs=int(self.max_epochs),
            shuffle=self.order == "shuffle",
            seed=int(self.order_seed),
            w0=None if self.start == "zero" else "random",
            start_seed=int(self.start_seed),
            kernel=self.kernel_spec,
        )

    def but(self, **changes) -> Settings:
        """The same settings with some changed (another variant on the same data)."""
        return replace(self, **changes)


def settings_panel(
    page: Table,
    *,
    online_option: bool = False,
    variants: tuple[str, ...] | None = None,
    variant: str = "classic",
) -> Settings:
    """Learning rate, start, order, max epochs and the variant: chosen from ``variants``
    when the page offers a choice, else ``variant``; a kernel run adds its kernel.
    ``online_option``: offer the online protocol (001) on any data: one pass in the data's
    order from w = 0, each arrival predicted and then learned."""
    if online_option and widgets.flag(
        page,
        "online",
        words.t("run.online"),
        help=words.t("run.online_help", zero=f"{notation.current().w} = 0"),
    ):
        st.caption(words.t("run.online_caption"))
        eta = widgets.steps(page, "eta", words.t("run.eta"))
        return Settings(variant="classic", eta=float(eta), max_epochs=1, online=True)
    eta = widgets.steps(page, "eta", words.t("run.eta"))
    zero = notation.current().start()
    start = widgets.choice(page, "start", words.t("run.start"),
                           help=words.t("run.start_help", zero=zero))  # fmt: skip
    start_seed = 0
    if start == "random":
        start_seed = widgets.whole_number(page, "start_seed", words.t("run.start_seed"))
    order = widgets.choice(page, "order", words.t("run.order"), help=words.t("run.order_help"))
    order_seed = 0
    if order == "shuffle":
        order_seed = widgets.whole_number(page, "order_seed", words.t("run.order_seed"))
    max_epochs = widgets.whole_number(page, "max_epochs", words.t("run.max_epochs"))
    if variants is not None:
        variant = widgets.pick(
            page, "variant", words.t("run.variant"), help=words.t("run.variant_help"),
            options=variants,
        )  # fmt: skip
    kernel = kernel_panel(page) if variant == "kernel" else {}
    return Settings(
        variant=variant,
        eta=float(eta),
        max_epochs=int(max_epochs),
        order=order,
        order_seed=int(order_seed),
        start=start,
        start_seed=int(start_seed),
        **kernel,
    )


def kernel_panel(page: Table) -> dict:
    """The kernel and its parameter (degree d, or the RBF width)."""
    kernel = widgets.choice(
        page,
        "kernel",
        words.t("run.kernel"),
        help=words.t("run.kernel_help"),
    )
    out: dict = {"kernel": kernel}
    if kernel == "poly":
        out["degree"] = int(widgets.steps(page, "degree", words.t("run.degree")))
    elif kernel == "rbf":
        out["width"] = float(widgets.steps(page, "width", words.t("run.width")))
    return out


# ------------------------------------------------- the lab's notation and language
# Both are the lab's (ui.state.lab: NOTATION, LANGUAGE), one for every page: set up by
# app.py, read from the link on a session's first run (notation=theta, lang=de), written
# back to the link on every run (the default left out: notation=wb, and the language the
# browser would give anyway), chosen in the sidebar.


def install_readers() -> None:
    """``ui.notation`` and ``ui.words`` read the session's settings (app.py, each run)."""
    notation.read_from(_notation)
    words.read_from(language)


def _in_session() -> bool:
    """A script run of a session (not a thread of the server, not a bare test)."""
    return streamlit_internals.in_script_run()


def _notation() -> str:
    return st.session_state.get(lab.NOTATION, notation.DEFAULT) if _in_session() else None


def browser_language() -> str:
    """The lab's language for the browser's (``st.context.locale``): German or English."""
    try:
        locale = st.context.locale
    except Exception:  # noqa: BLE001 - no browser (a bare script): English
        locale = None
    return words.from_locale(locale)


def language() -> str | None:
    """The language now: the user's choice, else the browser's (None outside a session)."""
    if not _in_session():
        return None
    return st.session_state.get(lab.LANGUAGE) or browser_language()


def read_link(query) -> None:
    """A session's first run: the link's notation and language, when valid; a bad value
    is removed and said once (``say_link``), and the default is used. A parameter the link
    gives more than once (``lang=de&lang=en``, ``pg_n=abc&pg_n=7``) is said too, with the
    value read: the last, as Streamlit reads it."""
    ss = st.session_state
    said: list[tuple[str, dict]] = []
    pairs = parse_qsl(link.query_string(), keep_blank_values=True)
    said += state.repeated_params(pairs, ignore=streamlit_internals.embed_query_params())
    if notation.PARAM in query:
        raw = str(query[notation.PARAM])
        name = notation.read_choice(raw)
        if name is None:
            del query[notation.PARAM]
            allowed = ", ".join(notation.NOTATIONS)
            said.append(("settings.bad_notation", {"raw": text.quoted(raw), "allowed": allowed}))
        else:
            ss[lab.NOTATION] = name
    if words.PARAM in query:
        raw = str(query[words.PARAM])
        code = words.read_choice(raw)
        if code is None:
            del query[words.PARAM]
            allowed = ", ".join(words.LANGUAGES)
            said.append(("settings.bad_language", {"raw": text.quoted(raw), "allowed": allowed}))
        else:
            ss[lab.LANGUAGE] = code
    if said:
        ss[lab.SETTINGS_SAID] = said


def say_link() -> None:
    """What was wrong with the link as a whole (its notation, its language, a parameter
    given twice), once, in the page's language; in a container the embed view keeps."""
    said = st.session_state.pop(lab.SETTINGS_SAID, ())
    if not said:
        return
    with st.container(key=link.SAID_KEY):
        for message, fields in said:
            st.warning(words.t(message, **fields))


def write_link(query) -> None:
    """The notation and the language into the link (left out at their defaults)."""
    ss = st.session_state
    name = ss.get(lab.NOTATION, notation.DEFAULT)
    code = ss.get(lab.LANGUAGE)
    wanted = {
        notation.PARAM: name if name != notation.DEFAULT else None,
        words.PARAM: code if code and code != browser_language() else None,
    }
    for param, value in wanted.items():
        if value is None:
            if param in query:
                del query[param]
        elif query.get(param) != value:
            query[param] = value


def lab_panel() -> None:
    """The sidebar's Notation and Language boxes (the lab's: every page's)."""
    ss = st.session_state
    chosen = {lab.NOTATION_PICK: ss.get(lab.NOTATION, notation.DEFAULT),
              lab.LANGUAGE_PICK: language() or words.DEFAULT}  # fmt: skip
    for key, value in chosen.items():
        if ss.get(key) != value:  # another page or the link changed it
            ss[key] = value
    with st.sidebar.container(key=lab.SETTINGS_BOX):
        st.selectbox(
            words.t("settings.notation"),
            list(notation.NOTATIONS),
            format_func=notation.NAMES.__getitem__,
            key=lab.NOTATION_PICK,
            on_change=_chose,
            args=(lab.NOTATION_PICK, lab.NOTATION),
            help=words.t("settings.notation_help"),
        )
        st.selectbox(
            words.t("settings.language"),
            list(words.LANGUAGES),
            format_func=words.LANGUAGES.__getitem__,
            key=lab.LANGUAGE_PICK,
            on_change=_chose,
            args=(lab.LANGUAGE_PICK, lab.LANGUAGE),
            help=words.t("settings.language_help"),
        )
        name = ss.get(lab.NOTATION, notation.DEFAULT)
        st.caption(words.t(f"notation.explain.{name}"))  # what the symbols are, and the rule


def _chose(widget: str, setting: str) -> None:
    """A box's choice becomes the lab's (read back from its name: ``widgets.option_of``)."""
    if setting == lab.NOTATION:
        options, name = notation.NOTATIONS, notation.NAMES.__getitem__
    else:
        options, name = words.LANGUAGES, words.LANGUAGES.__getitem__
    chosen = widgets.option_of(st.session_state[widget], options, name)
    if chosen is None:
        return
    if setting == lab.LANGUAGE and chosen != st.session_state.get(setting):
        _rename_choices()
    st.session_state[setting] = chosen


def _rename_choices() -> None:
    """The page's boxes whose options are said in the lab's language, set again to their
    choices: this run then sends each to the browser by its name in the new language (the
    browser would go on showing the old name, and the link keep it)."""
    ss = st.session_state
    for key in state.SAID_CHOICES:
        if key in ss:
            ss[key] = ss[key]
