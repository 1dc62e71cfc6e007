"""A store that is damaged, or busy with another process, is named with what to do: exit 2
and one line, never a traceback, and nothing written."""

from __future__ import annotations

import hashlib
import json
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
    for args in (
        ("session", "list"),
        ("session", "open", "--id", "x", "--gm", "g"),
        ("wound", "--session", "x", "--character", "y", "1"),  # a ruleset's command
    ):
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


def test_the_doctor_says_which_sessions_are_intact_and_writes_nothing(tmp_path: Path) -> None:
    for session in ("good", "hurt"):
        assert kiroku(tmp_path, "session", "open", "--id", session, "--gm", "g").returncode == 0
        assert kiroku(tmp_path, "note", "--session", session, "a fine evening").returncode == 0
    healthy = kiroku(tmp_path, "doctor")
    assert healthy.returncode == 0, healthy.stdout
    assert "integrity ok" in healthy.stdout and "good: 2 events, intact" in healthy.stdout
    store = tmp_path / "kiroku.sqlite"
    with sqlite3.connect(store) as raw:
        rows = raw.execute("SELECT rowid, state FROM stored_events WHERE originator_version = 2")
        rowid, state = rows.fetchall()[0]  # one of the two sessions' note
        damaged = bytes(state).replace(b'"text":"a fine evening"', b'"text":7')
        raw.execute("UPDATE stored_events SET state = ? WHERE rowid = ?", (damaged, rowid))
    raw.close()
    before = digest(store)
    sick = kiroku(tmp_path, "doctor", "--json")
    assert sick.returncode == 2
    report = json.loads(sick.stdout)
    damaged_sessions = [n for n, s in report["sessions"].items() if not s["intact"]]
    assert len(damaged_sessions) == 1 and report["integrity"] == "ok"
    assert "event 2" in report["sessions"][damaged_sessions[0]]["problem"]
    assert digest(store) == before


def test_the_doctor_on_garbage_or_on_nothing_says_so(tmp_path: Path) -> None:
    nothing = kiroku(tmp_path / "empty", "doctor")
    assert nothing.returncode == 2 and "there is no store here yet" in nothing.stdout
    (tmp_path / "kiroku.sqlite").write_bytes(os.urandom(20_000))
    garbage = kiroku(tmp_path, "doctor")
    assert garbage.returncode == 2 and "file is not a database" in garbage.stdout
