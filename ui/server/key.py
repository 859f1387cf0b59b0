"""The server's signing key: ``PERCEPTRON_LAB_SECRET`` when it is set (``deploy/serve.py``
passes one key to every replica), else a key made once with ``secrets`` and kept in
``practice.key`` (mode 0600) in the lab's data folder (``XDG_DATA_HOME``, else
``~/.local/share``, then ``perceptron-lab``: where saved lectures are kept), so what it
signed outlasts a restart. Practice signs its completion codes with it
(``ui.practice.completion``), the class its seats (``ui.room.store``). No streamlit here.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

SECRET_ENV = "PERCEPTRON_LAB_SECRET"
KEY_FILE = "practice.key"


def data_folder() -> Path:
    """The lab's data folder (as ``ui.server.lectures`` uses it)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "perceptron-lab"


def secret() -> bytes:
    """The server's signing key: the environment's, else the key file's (made if absent)."""
    named = os.environ.get(SECRET_ENV)
    if named:
        return named.encode("utf-8")
    return _key_file(data_folder() / KEY_FILE).encode("ascii")


def _key_file(path: Path) -> str:
    """The key kept at ``path``; made there first if there is none. Made under another name
    and linked into place, so two replicas starting at once end up with one key."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{secrets.token_hex(8)}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(secrets.token_hex(32))
            try:
                os.link(tmp, path)  # fails if another process made it first: theirs is kept
            except FileExistsError:
                pass
        finally:
            tmp.unlink(missing_ok=True)
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        os.chmod(path, 0o600)  # a key readable by others is a key others can sign with
    key = path.read_text(encoding="ascii").strip()
    if len(key) < 32:
        raise RuntimeError(f"the practice key in {path} is damaged: remove it to make another")
    return key
