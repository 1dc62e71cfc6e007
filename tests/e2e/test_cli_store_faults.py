"""A store that is damaged, or busy with another process, is named with what to do: exit 2
and one line, never a traceback, and nothing written."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
from pathlib import Path

from tests.e2e.conftest import KIROKU


def kiroku(data: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "KIROKU_DATA_DIR": str(data), "KIROKU_LOG": "off", **env}
    return subprocess.run(
        [str(KIROKU), *args], capture_output=True, text=True, env=environ, timeout=60
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_store_of_garbage_is_named_damaged_and_left_as_it_was(tmp_path: Path) -> None:
    store = tmp_path / "kiroku.sqlite"
    store.write_bytes(os.urandom(20_000))
    before = digest(store)
    for args in (("session", "list"), ("session", "open", "--id", "x", "--gm", "g")):
        done = kiroku(tmp_path, *args)
        assert done.returncode == 2, done.stderr
        assert "is damaged (file is not a database)" in done.stderr
        assert str(store) in done.stderr and "Traceback" not in done.stderr
    assert digest(store) == before


def test_a_store_busy_with_another_process_says_so_after_its_timeout(tmp_path: Path) -> None:
    assert kiroku(tmp_path, "session", "open", "--id", "night", "--gm", "g").returncode == 0
    holder = sqlite3.connect(tmp_path / "kiroku.sqlite", isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        done = kiroku(tmp_path, "note", "--session", "night", "hello", KIROKU_LOCK_TIMEOUT="1")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert done.returncode == 2, done.stderr
    assert "is busy with another process's write (waited 1 s)" in done.stderr
    assert "Traceback" not in done.stderr
    log = kiroku(tmp_path, "log", "--session", "night", "--json")
    assert "hello" not in log.stdout


def test_a_lock_timeout_that_is_no_number_is_refused(tmp_path: Path) -> None:
    done = kiroku(tmp_path, "session", "list", KIROKU_LOCK_TIMEOUT="soon")
    assert done.returncode == 2 and "KIROKU_LOCK_TIMEOUT='soon'" in done.stderr
