"""The server's housekeeping: the byte-bounded cache shared by sessions, the clean-up after
the last session, the guard that keeps tracebacks from browsers, the process warm-up."""
