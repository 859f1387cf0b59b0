"""A language's catalogue from its package's modules (``ui/words/en/``, ``ui/words/de/``):
one module per area of the lab, each with its ``WORDS``; a message id in two modules is an
error, so an area's words are written in one place."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def merged(package: ModuleType) -> dict[str, str | tuple[str, str]]:
    """Every module's ``WORDS`` under ``package``, in one dict."""
    out: dict[str, str | tuple[str, str]] = {}
    where: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for message, entry in module.WORDS.items():
            if message in out:
                raise ValueError(f"{message!r} is in both {where[message]} and {info.name}")
            out[message] = entry
            where[message] = info.name
    return out
