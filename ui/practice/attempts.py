"""How often each practice exercise (a seed and a level) was started on this server.

A completion code says which attempt it closes (``ui.practice.completion``): a student who
saw the right answers on a wrong try and opens the same exercise again gets a code that
says "attempt 2", so the lecturer can tell a first try from a repeat. An attempt is
counted at a session's first answer to the exercise. Kept in SQLite in the lab's data
folder, beside the signing key, so the replicas of one course server count together and
the counts outlast a restart. No streamlit here.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from ui.limits import PRACTICE_ATTEMPTS_KEPT

DB_FILE = "practice.sqlite3"
_lock = threading.Lock()


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=5.0, isolation_level=None)
    db.execute(
        "CREATE TABLE IF NOT EXISTS attempts (seed INTEGER NOT NULL, level INTEGER NOT "
        "NULL, started INTEGER NOT NULL, used REAL NOT NULL, PRIMARY KEY (seed, level))"
    )
    return db


def start(folder: Path, seed: int, level: int, *, kept: int = PRACTICE_ATTEMPTS_KEPT) -> int:
    """Count a new attempt at exercise (seed, level); its number (1 for the first). The
    oldest exercises beyond ``kept`` are forgotten (a seed typed by anyone makes a row)."""
    with _lock:
        db = _connect(folder / DB_FILE)
        try:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute(
                "INSERT INTO attempts (seed, level, started, used) VALUES (?, ?, 1, ?) "
                "ON CONFLICT (seed, level) DO UPDATE SET started = started + 1, "
                "used = excluded.used RETURNING started",
                (int(seed), int(level), time.time()),
            ).fetchone()
            db.execute(
                "DELETE FROM attempts WHERE rowid IN (SELECT rowid FROM attempts "
                "ORDER BY used DESC LIMIT -1 OFFSET ?)",
                (kept,),
            )
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            db.close()
    return int(row[0])
