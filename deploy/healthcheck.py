"""The container's health check: does the lab answer on its port ($PORT, nginx's)?

    python deploy/healthcheck.py          # exit code 0: healthy, 1: not

Asks ``/_stcore/health`` through nginx, as a student's browser reaches the app; nginx
passes it to a replica (another one when the first does not answer).
"""

from __future__ import annotations

import os
import sys

from startup import healthy  # beside this file: the one health check of deploy/ and the tests

if __name__ == "__main__":
    port = int(os.environ.get("PORT", "8501"))
    sys.exit(0 if healthy(f"http://127.0.0.1:{port}", timeout=4.0) else 1)
