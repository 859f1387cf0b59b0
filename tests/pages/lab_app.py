"""AppTest helpers shared by the page tests: open the lab on a page, click, read status."""

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60


def open_page(path: str | None = None, **query) -> AppTest:
    """The lab (app.py) with ``query`` in its link, switched to ``path`` (a pages/ file;
    None: the default page, the Playground)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    if path is not None:
        at.switch_page(path).run()
    assert not at.exception, at.exception
    return at


def click(at, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def status(at) -> str:
    """The status line ("start · ..." or "update k · ...")."""
    return next(m.value for m in at.markdown if m.value.startswith("**start") or " · " in m.value)


def stage_figures(at) -> list[dict]:
    """The charts drawn by the project's chart component, each as the browser shows it at
    the server's cursor: the scene's traces with the frame's under and over layers."""
    out = []
    for element in at.get("bidi_component"):
        data = json.loads(element.proto.json)
        if _plain(data) or "figure" not in data:  # not a chart (the class's keeper)
            continue
        fig = json.loads(data["figure"])
        stage = data.get("stage")
        if stage:
            frame = json.loads(stage["frames"])[str(stage["cursor"])]
            fig["data"] = frame["under"] + fig["data"] + frame["over"]
        out.append(fig)
    return out


def _plain(data: dict) -> bool:
    """A chart drawn by ``ui.stage.chart.plot``: no stage, no clicks."""
    return not data.get("stage") and data.get("clicks") is False


def charts(at) -> dict[str, dict]:
    """The page's other charts (``ui.stage.chart.plot``), by key, as JSON."""
    out = {}
    for element in at.get("bidi_component"):
        data = json.loads(element.proto.json)
        if _plain(data) and "figure" in data:
            out[data["key"]] = json.loads(data["figure"])
    return out


def figures(at) -> list[dict]:
    """Every chart on the page: the stage's (as drawn at its cursor), then the others."""
    return stage_figures(at) + list(charts(at).values())
