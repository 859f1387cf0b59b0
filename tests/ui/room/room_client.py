"""Clients and a server for the route tests (test_routes.py, test_nginx.py): the routes
on uvicorn in a thread, http.client for the requests, asyncio streams for the events."""

from __future__ import annotations

import asyncio
import http.client
import json
import sys
import threading
import time
from pathlib import Path

import uvicorn
from starlette.applications import Starlette

from ui.room.routes import class_routes

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "deploy"))
from serve import run_coroutine  # noqa: E402
from startup import free_port  # noqa: E402


def in_thread(coro):
    """``asyncio.run(coro)`` in a thread of its own (deploy/serve.py's ``run_coroutine``):
    in a worker that ran the browser tests first, Playwright's sync API keeps an event
    loop running in this thread, where ``asyncio.run`` refuses to start."""
    return run_coroutine(lambda: coro)


class Served:
    """The routes on ``store``, served by uvicorn in a thread until ``stop``."""

    def __init__(self, store, heartbeat_s: float = 15.0, streams=None, refusals=None) -> None:
        self.port = free_port()
        routes = class_routes(store, heartbeat_s=heartbeat_s, streams=streams, refusals=refusals)
        app = Starlette(routes=routes)
        config = uvicorn.Config(
            app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="off",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def call(self, method, path, body=None, *, raw=None, kind="application/json", address=None):
        return call(self.port, method, path, body, raw=raw, kind=kind, address=address)


def call(
    port, method, path, body=None, *, raw=None, kind="application/json", address=None, source=None
):
    """(status, JSON) of one request; ``address`` is the student's, as nginx forwards it;
    ``source``, the loopback address the request comes from (127.0.0.1 is nginx's own)."""
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    headers = {} if data is None else {"Content-Type": kind}
    if address:
        headers["X-Forwarded-For"] = f"203.0.113.50, {address}"
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=10, source_address=(source, 0) if source else None
    )
    try:
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


# ----------------------------------------------------------------- the events' client


def seats(store, code: str, n: int) -> list[str]:
    """``n`` seat tokens of the class, joined from addresses of their own (10.77.x.y)."""
    return [store.join(code, f"10.77.{i // 250}.{i % 250}").student for i in range(n)]


class Follower:
    """One ``GET /class/{code}/events`` read with asyncio streams (HTTP/1.0: no chunks)."""

    async def open(
        self, port: int, code: str, address: str | None = None, seat: str | None = None
    ) -> Follower:
        """``address``: the student's, as nginx forwards it; ``seat``: the seat's token."""
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        forwarded = f"X-Forwarded-For: {address}\r\n" if address else ""
        query = f"?seat={seat}" if seat else ""
        self.writer.write(
            f"GET /class/{code}/events{query} HTTP/1.0\r\nHost: x\r\nAccept: text/event-stream\r\n"
            f"{forwarded}\r\n".encode()
        )  # fmt: skip
        await self.writer.drain()
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        self.status = int(head[0].split()[1])
        self.headers = {
            k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in head[1:] if h)
        }
        self.comments: list[str] = []
        self.heartbeats = 0
        return self

    async def next(self) -> dict | None:
        """The next event (comments kept aside); None at the end of the stream."""
        data = []
        while True:
            line = (await self.reader.readline()).decode()
            if not line:
                return None
            line = line.rstrip("\n")
            if line.startswith(":"):
                self.comments.append(line)
            elif line.startswith("data:"):
                data.append(line[5:].strip())
            elif line == "" and data:
                item = json.loads("\n".join(data))
                data = []
                if item == {"type": "heartbeat"}:
                    self.heartbeats += 1  # kept aside, as the comments
                    continue
                return item

    async def close(self) -> None:
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except OSError:
            pass
