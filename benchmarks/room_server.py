"""The class's routes on one uvicorn process, for ``benchmarks/room.py`` (not the app).

The process's store is the one the lab will use (``ui.room.default``: memory, or Redis
when ``LAB_REDIS_URL`` is set). With ``ROOM_BENCH_OPEN`` set to a file, it opens a class
and writes its code and secret there, and serves the lecturer's page's part of the
benchmark (ask, reveal, collect, which the page will call on the store) under ``/bench/``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from starlette.applications import Starlette  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import JSONResponse  # noqa: E402
from starlette.routing import Route  # noqa: E402

from ui.room.default import default_store  # noqa: E402
from ui.room.routes import class_routes  # noqa: E402

store = default_store()
opened = None
if os.environ.get("ROOM_BENCH_OPEN"):
    opened = store.open_class()
    Path(os.environ["ROOM_BENCH_OPEN"]).write_text(
        json.dumps({"code": opened.code, "secret": opened.secret})
    )


async def lecturer(request: Request) -> JSONResponse:
    """What the lecturer's page does on the store: {"do": "ask" | "reveal" | "collect"}."""
    body = await request.json()
    if body["do"] == "ask":
        qid = store.ask(opened.code, opened.secret, "turn", "Which way?", ["cw", "acw"], 0)
        return JSONResponse({"question": qid})
    if body["do"] == "reveal":
        return JSONResponse({"counts": store.reveal(opened.code, opened.secret, body["question"])})
    store.collect(opened.code, opened.secret, (-1.0, 1.0, -1.0, 1.0), body["per_student"])
    return JSONResponse({"points": len(store.state(opened.code)["points"])})


app = Starlette(routes=[*class_routes(store), Route("/bench/lecturer", lecturer, methods=["POST"])])
