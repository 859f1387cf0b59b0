"""A progress bar for long computations: shown only while a miss is computed."""

from __future__ import annotations

from contextlib import contextmanager

import streamlit as st

from ui.words import t


@contextmanager
def bar(label: str):
    """Yields a ``progress(done, total)`` callback for an engine function. The bar appears
    on the first call (a cached result makes none), moves each whole percent, and is
    removed when the block ends."""
    slot = st.empty()
    shown = [-1]

    def progress(done: int, total: int) -> None:
        percent = int(100 * done / max(1, total))
        if percent != shown[0]:
            shown[0] = percent
            said = t("experiments.progress", label=label, done=f"{done:,}", total=f"{total:,}")
            slot.progress(percent / 100, text=said)

    try:
        yield progress
    finally:
        slot.empty()
