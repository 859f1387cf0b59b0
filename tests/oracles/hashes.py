"""Every blake2b hash made while a test watches (``hashlib.blake2b``, which the modules
that hash look up when they hash), with the bytes each was fed, so a test can count the
hashes that read a given buffer."""

from __future__ import annotations

import hashlib


class HashesOf:
    def __init__(self, monkeypatch):
        self.fed: list[bytearray] = []
        real = hashlib.blake2b
        outer = self

        class Counted:
            def __init__(self, data=b"", **kwargs):
                self._h = real(**kwargs)
                outer.fed.append(bytearray())
                self._fed = outer.fed[-1]
                self.update(data)

            def update(self, data):
                self._fed += bytes(memoryview(data).cast("B"))
                self._h.update(data)

            def __getattr__(self, name):
                return getattr(self._h, name)

        monkeypatch.setattr(hashlib, "blake2b", Counted)

    def reading(self, buffer: bytes) -> int:
        """How many hashes were fed ``buffer`` (whole, among what else they read)."""
        return sum(buffer in fed for fed in self.fed)
