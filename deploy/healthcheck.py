"""The container's health check: does the lab answer on its port ($PORT, nginx's)?

    python deploy/healthcheck.py          # exit code 0: healthy, 1: not

Asks ``/_stcore/health`` through nginx, as a student's browser reaches the app; nginx
passes it to a replica (another one when the first does not answer).
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request


def healthy(port: int, timeout: float = 4.0) -> bool:
    url = f"http://127.0.0.1:{port}/_stcore/health"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


if __name__ == "__main__":
    sys.exit(0 if healthy(int(os.environ.get("PORT", "8501"))) else 1)
