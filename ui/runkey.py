"""A run's one key: its dataset's digest and its settings (no streamlit here).

Everything that names a run names it by ``run_key``: the page's stepper (a new key is a
new run, which starts at step 0), the cached runs of ``ui.compute``, the stage's frame
store (``ui.stage.frames``) and the guard (``ui.server.guard``: data that crashed a page
with these settings is not drawn again). The data's bytes are hashed once per dataset
(``datasets.Dataset.digest``); a key costs a hash of a few hundred bytes.
"""

from __future__ import annotations

import hashlib


def run_key(ds, settings) -> str:
    """The key of the run of ``settings`` on the dataset ``ds``: equal for equal data
    (points and labels, in order) and equal settings (by ``repr``: a frozen dataclass,
    or a tuple of the settings and what else the page's run depends on), else another."""
    h = hashlib.blake2b(ds.digest.encode(), digest_size=16)
    h.update(b"\x00")
    h.update(repr(settings).encode())
    return h.hexdigest()
