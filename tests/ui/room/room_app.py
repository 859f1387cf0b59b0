"""The class's routes in a process of their own, on the process's store (``LAB_REDIS_URL``):
a replica the tests can kill (test_redis_store.py)."""

from starlette.applications import Starlette

from ui.room.default import default_store
from ui.room.routes import class_routes

app = Starlette(routes=class_routes(default_store()))
