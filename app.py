"""Perceptron Lab: the entry point. ``streamlit run app.py``.

Builds the navigation explicitly (``st.navigation`` ignores the ``pages/`` folder's
auto-discovery); the Playground is the default page, served at the root URL.

The file is read twice. ``streamlit run app.py`` finds ``app = st.App(...)`` below and
imports the file as the module ``app`` to serve it: that import builds only the server,
the lab (this file as its script) with the class's routes (``ui/room/routes.py``, under
``/class/``) in the same process and port. Each session then runs the file as the script
``__main__`` (so does ``AppTest.from_file("app.py")``), which draws the page.
"""

import streamlit as st

from ui import features, state, words  # noqa: F401  (features: hung on the stage)
from ui.parts import embed, scenes, settings, style
from ui.room import classroom, follow
from ui.server import guard
from ui.server.warmup import prepare_process
from ui.stage import link
from ui.state import lab


def lab_state() -> None:
    """The lab's own state (ui.state.lab: each key, its default and its meaning), set up
    before any page runs, so it survives moving between pages (Streamlit clears a widget's
    state when its page is not shown). Pages read it and write it when the user changes it."""
    for name, default in lab.SET_UP.items():
        st.session_state.setdefault(name, default)


def to_the_playground() -> None:
    st.switch_page("pages/playground.py", query_params=st.query_params.to_dict())


def main() -> None:
    # A presenter link (…?pg_presenter=true, kn_presenter on /kernel, ...) opens with the
    # sidebar folded: the chart gets the whole width of the projector. Later runs keep
    # asking for it while presenter mode is on: the link's flag leaves the URL once the
    # toggle holds it, and a change to "auto" would unfold the sidebar at the next full
    # rerun (a sidebar the lecturer opened stays open: only a change is applied).
    presenting = bool(st.session_state.get(lab.PRESENTER)) or (
        not link.too_long()  # a link refused as too long says nothing, presenter mode neither
        and any(st.query_params.get(p) == "true" for p in state.PRESENTER_PARAMS)
    )
    embedded = link.embedded()  # ?embed=true: the stage alone, in a course site's iframe
    st.set_page_config(
        page_title="Perceptron Lab",
        page_icon="➕",
        layout="wide",
        initial_sidebar_state="collapsed" if presenting or embedded else "auto",
    )
    prepare_process()  # once per server process: see ui/server/warmup.py
    opening = lab.PRESENTER not in st.session_state  # the session's first run: a link
    lab_state()
    settings.install_readers()  # the notation and the words read this session's settings
    if opening and not link.too_long():
        settings.read_link(st.query_params)  # notation=..., lang=...
    if presenting and opening:  # later, each page's own toggle decides (and sets the lab's)
        st.session_state[lab.PRESENTER] = True
    pages = [
        st.Page(
            "pages/playground.py",
            title=words.t("page.playground"),
            icon=":material/scatter_plot:",
            url_path="playground",
        ),
        st.Page(
            "pages/kernel.py",
            title=words.t("page.kernel"),
            icon=":material/blur_on:",
            url_path="kernel",
        ),
        st.Page(
            "pages/batch.py",
            title=words.t("page.batch"),
            icon=":material/stacked_line_chart:",
            url_path="batch",
        ),
        st.Page(
            "pages/variants.py",
            title=words.t("page.variants"),
            icon=":material/compare:",
            url_path="variants",
        ),
        st.Page(
            "pages/online.py",
            title=words.t("page.online"),
            icon=":material/sports_esports:",
            url_path="online",
        ),
        st.Page(
            "pages/space.py",
            title=words.t("page.space"),
            icon=":material/view_in_ar:",
            url_path="space",
        ),
        st.Page(
            "pages/proof.py",
            title=words.t("page.proof"),
            icon=":material/function:",
            url_path="proof",
        ),
        st.Page(
            "pages/experiments.py",
            title=words.t("page.experiments"),
            icon=":material/science:",
            url_path="experiments",
        ),
        st.Page(
            "pages/lecture.py",
            title=words.t("page.lecture"),
            icon=":material/co_present:",
            url_path="lecture",
        ),
        st.Page(
            "pages/practice.py",
            title=words.t("page.practice"),
            icon=":material/school:",
            url_path="practice",
        ),
    ]
    join = st.Page(
        "pages/join.py", title=words.t("page.join"), url_path="join", visibility="hidden"
    )
    # The root address opens the Playground at /playground, its own path, with the link's
    # parameters. (A default page is served at "/" only: a later session's request for
    # "/playground" would find no such page and show Streamlit's "Page not found".)
    root = st.Page(to_the_playground, title=words.t("page.playground"), url_path="start",
                   default=True, visibility="hidden")  # fmt: skip
    page = st.navigation([root, *pages, join], position="hidden" if embedded else "sidebar")
    link.refuse_a_long_link()  # before any page reads the link
    path = page.url_path
    if embedded:
        embed.view(path)  # the chart and its stepping controls only (ui/parts/embed.py)
    follow.keep_up(path)  # a student: the lecture's page, link and step
    scenes.open_requested(path)  # a scene's button was pressed: its page, link and step
    scenes.keys(path)  # first on the page: presses wait for its stage, scenes walk on
    scenes.scene_bar(path)
    follow.banner(path)  # a student: following or exploring, and the follower
    # The lab's theme (the sidebar, the link's theme=), its CSS and focus rings.
    style.theme_setting(redirect=page is root)
    settings.write_link(st.query_params)  # the notation and language stay in the link
    settings.lab_panel()  # the sidebar's Notation and Language, on every page
    if page is not root:  # the root only opens the Playground
        settings.say_link()
    slot = classroom.panel(path)  # Start a class; while one is on, its code, link and QR code
    guard.run_page(page)  # errors are logged, never shown as tracebacks
    classroom.questions(path, slot)  # Ask the class about the run the page drew
    classroom.publish(path)  # the class follows this page (its stage publishes each step)
    classroom.leader(path)  # the lecturer's browser posts its steps to the class itself


if __name__ == "__main__":  # a session's run of the script (Streamlit's and AppTest's)
    main()
else:  # imported by `streamlit run` to be served: the lab and the class's routes
    from starlette.middleware import Middleware

    from ui.parts.style import EARLY_THEME_JS
    from ui.room.routes import class_routes
    from ui.server.head import HeadScript
    from ui.server.warmup import warm_before_serving
    from ui.stage.keys import early_script

    warm_before_serving()  # before the port opens: the first page is as fast as the next
    app = st.App(
        __file__,
        routes=class_routes(),
        # Presses kept at once; a link's theme= in place before Streamlit reads its own.
        middleware=[Middleware(HeadScript, script=early_script() + EARLY_THEME_JS)],
    )
