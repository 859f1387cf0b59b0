"""Completion codes (ui/practice/completion.py): HMAC-SHA256 under the server's key, checked
here with the standard library's hmac; any changed character or another key is refused;
the key comes from PERCEPTRON_LAB_SECRET or a file made once with mode 0600."""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
import threading

import pytest

from ui.practice import completion


@pytest.fixture
def no_env_key(monkeypatch, tmp_path):
    monkeypatch.delenv(completion.SECRET_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "perceptron-lab" / completion.KEY_FILE


def test_a_code_is_its_fields_and_their_hmac_and_verifies(monkeypatch):
    monkeypatch.setenv(completion.SECRET_ENV, "k" * 40)
    code = completion.issue(123456, 3, 7, 8, 2)
    body, sig = code.rsplit("-", 1)
    assert body == "PL1-123456-3-7of8-t2"
    assert sig == hmac.new(b"k" * 40, body.encode(), hashlib.sha256).hexdigest()[:24]
    assert completion.verify(code) == completion.Completion(123456, 3, 7, 8, 2)
    assert completion.verify(f"  {code}\n") == completion.Completion(123456, 3, 7, 8, 2)


def test_every_changed_character_and_another_key_are_refused(monkeypatch):
    monkeypatch.setenv(completion.SECRET_ENV, "k" * 40)
    code = completion.issue(98765, 5, 4, 5, 1)
    for i, c in enumerate(code):
        for other in {"0", "9", "a", "f", "-", "x"} - {c}:
            changed = code[:i] + other + code[i + 1 :]
            with pytest.raises(completion.BadCode):
                completion.verify(changed)
    other_key = completion.issue(98765, 5, 4, 5, 1, key=b"another lab's key of 32 characters")
    with pytest.raises(completion.BadCode) as caught:
        completion.verify(other_key)
    assert str(caught.value) == completion.FORGED
    monkeypatch.setenv(completion.SECRET_ENV, "j" * 40)  # the server's key changed
    with pytest.raises(completion.BadCode):
        completion.verify(code)


def test_the_key_file_is_made_once_private_and_shared_by_processes(no_env_key):
    barrier, keys = threading.Barrier(8), []

    def make():
        barrier.wait()
        keys.append(completion.secret())

    threads = [threading.Thread(target=make) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(keys)) == 1 and len(keys[0]) == 64  # one key, whoever came first
    assert stat.S_IMODE(no_env_key.stat().st_mode) == 0o600
    assert [p.name for p in no_env_key.parent.iterdir()] == [completion.KEY_FILE]
    code = completion.issue(1, 1, 2, 2, 1)
    assert completion.verify(code).score == 2  # a restart reads the same file
    os.chmod(no_env_key, 0o644)
    assert completion.secret() == keys[0]
    assert stat.S_IMODE(no_env_key.stat().st_mode) == 0o600


def test_the_environments_key_wins_over_the_file(no_env_key, monkeypatch):
    from_file = completion.issue(1, 2, 3, 4, 1)
    monkeypatch.setenv(completion.SECRET_ENV, "e" * 40)
    from_env = completion.issue(1, 2, 3, 4, 1)
    assert from_env != from_file
    assert (
        from_env.rsplit("-", 1)[1]
        == hmac.new(b"e" * 40, b"PL1-1-2-3of4-t1", hashlib.sha256).hexdigest()[:24]
    )


def test_serve_hands_every_replica_the_data_folders_key(no_env_key):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "deploy"))
    import serve

    env: dict = {}
    serve.practice_key(env, replicas=4)
    assert env[completion.SECRET_ENV].encode() == completion.secret()  # the file's key
    assert stat.S_IMODE(no_env_key.stat().st_mode) == 0o600
    single: dict = {}
    serve.practice_key(single, replicas=1)  # one server reads the same file itself
    assert single == {}
    serve.practice_key(single, replicas=1, nginx=True)
    assert single == env
    given = {completion.SECRET_ENV: "the operator's own key, as long as they like"}
    serve.practice_key(given, replicas=4)
    assert given == {completion.SECRET_ENV: "the operator's own key, as long as they like"}


def test_serve_starts_without_a_key_when_none_can_be_kept(monkeypatch, tmp_path, capsys):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "deploy"))
    import serve

    monkeypatch.delenv(completion.SECRET_ENV, raising=False)
    blocked = tmp_path / "a file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    env: dict = {}
    serve.practice_key(env, replicas=2)
    assert env == {} and completion.SECRET_ENV in capsys.readouterr().err


def test_a_code_in_any_letter_case_verifies_and_a_changed_one_still_does_not(monkeypatch):
    monkeypatch.setenv(completion.SECRET_ENV, "k" * 40)
    code = completion.issue(4242, 2, 5, 6, 1)
    said = completion.Completion(4242, 2, 5, 6, 1)
    for typed in (code.upper(), code.lower(), code.swapcase(), f" {code.title()} "):
        assert completion.verify(typed) == said
    sig = code.rsplit("-", 1)[1]
    other = "0" if sig[0] != "0" else "1"
    with pytest.raises(completion.BadCode, match="not issued by this lab"):
        completion.verify((code[: -len(sig)] + other + sig[1:]).upper())


def test_many_codes_are_read_at_once_with_duplicates_flagged(monkeypatch):
    key = b"k" * 40
    first = completion.issue(11, 1, 3, 4, 1, key=key)
    again = completion.issue(11, 1, 4, 4, 2, key=key)  # the same exercise, opened again
    other = completion.issue(12, 3, 2, 8, 1, key=key)
    forged = first[:-1] + ("0" if first[-1] != "0" else "1")
    pasted = f"{first}\n{other.upper()}, {first.lower()};\tnonsense\n\n{again} {forged}\n"
    rows = completion.check_many(pasted, key=key)
    assert [r.given for r in rows] == [
        first,
        other.upper(),
        first.lower(),
        "nonsense",
        again,
        forged,
    ]
    seeds = [
        (r.done.seed, r.done.level, r.done.score, r.done.attempt) if r.done else None for r in rows
    ]
    assert seeds == [(11, 1, 3, 1), (12, 3, 2, 1), (11, 1, 3, 1), None, (11, 1, 4, 2), None]
    assert [r.reason for r in rows] == ["", "", "", "not_a_code", "", "forged"]
    assert [r.same_code_as for r in rows] == [0, 0, 1, 0, 0, 0]
    assert [r.same_exercise_as for r in rows] == [0, 0, 0, 0, 1, 0]
    with pytest.raises(completion.BadCode):
        completion.check_many("x " * (completion.MOST_CODES + 1), key=key)
    with pytest.raises(completion.BadCode):
        completion.check_many("x" * (completion.MOST_CODES_BYTES + 1), key=key)
