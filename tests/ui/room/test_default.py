"""The process's one store (ui.room.default), and ui/room/ loading no streamlit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ui.room import default
from ui.room.memory import MemoryStore
from ui.room.redis_store import RedisStore

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(default, "_store", None)
    yield
    if default._store is not None:
        default._store.close()


def test_memory_by_default_and_the_same_store_for_every_caller(fresh, monkeypatch):
    monkeypatch.delenv(default.REDIS_URL_ENV, raising=False)
    store = default.default_store()
    assert type(store) is MemoryStore and default.default_store() is store


def test_redis_when_an_address_is_configured(fresh, monkeypatch, redis_url):
    monkeypatch.setenv(default.REDIS_URL_ENV, redis_url)
    store = default.default_store()
    assert type(store) is RedisStore and default.default_store() is store
    c = store.open_class()
    assert store.redis.exists(f"{store.prefix}{c.code}:meta")


def test_the_room_loads_no_streamlit():
    modules = ["codes", "rules", "fanout", "store", "memory", "redis_store", "default", "routes"]
    script = (
        "import sys\n"
        + "".join(f"import ui.room.{m}\n" for m in modules)
        + "print(sorted(m for m in sys.modules if m.split('.')[0] in ('streamlit', 'plotly')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
