"""Every refusal of a class route as one structured log line, rate-limited (no streamlit).

A line on the ``perceptron_lab`` logger (the server's log)::

    class refused route=answer reason=answers_rate status=429 class=7KX3MA
    address=192.0.2.5 seat=Zk3qW1v0aB2c   (one line)

At most ``PER_SECOND`` lines a second per reason: past them, the refusals of that reason
are counted, and the first line of a later second says how many were left out
(``suppressed=k``), so a flood of refusals cannot fill the disk. Nothing a student typed is
written: the class is a normalised code or ``-``, the seat the first characters of the
seat's id (never its signature), the reason a name of ``rules.REFUSALS``.
"""

from __future__ import annotations

import logging
import re
import threading
import time

log = logging.getLogger("perceptron_lab")
PER_SECOND = 5
_PLAIN = re.compile(r"[^0-9A-Za-z_.:\-]")


def _plain(value: object, limit: int = 48) -> str:
    """A value as one word of the log line: nothing but letters, digits and ``_.:-``."""
    text = _PLAIN.sub("?", str(value if value not in (None, "") else "-"))
    return text[:limit]


class RefusalLog:
    """The rate-limited log of refusals (one per process; thread-safe)."""

    def __init__(self, per_second: int = PER_SECOND, clock=time.monotonic) -> None:
        self.per_second = per_second
        self.clock = clock
        self._lock = threading.Lock()
        self._seconds: dict[str, tuple[int, int, int]] = {}  # reason -> (second, lines, left out)

    def refused(
        self, route: str, reason: str, status: int, code: object, address: str, seat: object
    ) -> bool:
        """Log one refusal (or count it as left out); whether a line was written."""
        now = int(self.clock())
        with self._lock:
            second, lines, left_out = self._seconds.get(reason, (now, 0, 0))
            suppressed = 0
            if second != now:
                suppressed, lines, left_out = left_out, 0, 0
            if lines >= self.per_second:
                self._seconds[reason] = (now, lines, left_out + 1)
                return False
            self._seconds[reason] = (now, lines + 1, left_out)
        seat_id = str(seat).rpartition(".")[0] if isinstance(seat, str) and "." in seat else seat
        log.warning(
            "class refused route=%s reason=%s status=%d class=%s address=%s seat=%s%s",
            _plain(route, 16),
            _plain(reason, 32),
            status,
            _plain(code, 8),
            _plain(address, 64),
            _plain(seat_id, 12),
            f" suppressed={suppressed}" if suppressed else "",
        )
        return True


_shared: RefusalLog | None = None
_shared_lock = threading.Lock()


def shared() -> RefusalLog:
    """The process's log of refusals: the routes' and the join page's share its limits."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = RefusalLog()
        return _shared
