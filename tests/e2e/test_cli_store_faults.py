"""A store that is damaged, or busy with another process, is named with what to do: exit 2
and one line, never a traceback, and nothing written."""

from __future__ import annotations

import contextlib
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


def test_the_doctor_knows_a_campaign_and_a_sessions_tokens_for_no_damage(
    tmp_path: Path,
) -> None:
    for args in (
        ("campaign", "open", "--id", "winter", "--gm", "g"),
        ("session", "open", "--id", "w1", "--gm", "g", "--campaign", "winter"),
        ("session", "token", "issue", "--session", "w1", "--for", "g"),
    ):
        assert kiroku(tmp_path, *args).returncode == 0, args
    healthy = kiroku(tmp_path, "doctor")
    assert healthy.returncode == 0 and "DAMAGED" not in healthy.stdout, healthy.stdout
    assert "w1: 1 events, intact" in healthy.stdout


def test_the_doctor_on_garbage_or_on_nothing_says_so(tmp_path: Path) -> None:
    nothing = kiroku(tmp_path / "empty", "doctor")
    assert nothing.returncode == 2 and "there is no store here yet" in nothing.stdout
    (tmp_path / "kiroku.sqlite").write_bytes(os.urandom(20_000))
    garbage = kiroku(tmp_path, "doctor")
    assert garbage.returncode == 2 and "file is not a database" in garbage.stdout


def in_process(data: Path, *args: str) -> None:
    """A command run in this process (a store of many sessions is built in milliseconds)."""
    import io

    from adapters.cli.main import main

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main([*args, "--data-dir", str(data)]) == 0, args


def checkpointed(store: Path) -> None:
    """Every committed page moved from the write-ahead log into the store's file."""
    with contextlib.closing(sqlite3.connect(store)) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def damage_page_holding(store: Path, marker: bytes, seed: int = 7) -> None:
    """Overwrite, with random bytes, the page of the store's file that holds ``marker``."""
    import random

    data = store.read_bytes()
    page_size = int.from_bytes(data[16:18], "big")
    start = data.index(marker) // page_size * page_size
    with store.open("r+b") as file:
        file.seek(start)
        file.write(random.Random(seed).randbytes(page_size))


def test_a_store_damaged_mid_file_is_never_written_and_the_doctor_names_the_intact_sessions(
    tmp_path: Path,
) -> None:
    names = [f"evening-{n:02}" for n in range(40)]
    for name in names:
        title = ("MARKER-" if name == "evening-20" else "") + f"{name} at the Crane's court " * 4
        in_process(tmp_path, "session", "open", "--id", name, "--gm", "g", "--title", title)
    store = tmp_path / "kiroku.sqlite"
    checkpointed(store)
    damage_page_holding(store, b"MARKER-")
    before = digest(store)
    refused = kiroku(tmp_path, "session", "open", "--id", "evening-41", "--gm", "g")
    assert refused.returncode == 2, refused.stderr
    assert f"the store {str(store)!r} is damaged" in refused.stderr
    assert "nothing was written" in refused.stderr and "kiroku doctor" in refused.stderr
    assert "Traceback" not in refused.stderr and refused.stderr.count("\n") == 1
    assert digest(store) == before
    doctor = kiroku(tmp_path, "doctor", "--json")
    assert doctor.returncode == 2
    report = json.loads(doctor.stdout)
    intact = {name for name, s in report["sessions"].items() if s["intact"]}
    assert "evening-20" not in intact  # its page is the one damaged
    assert {"evening-00", "evening-39"} <= intact  # pages far from it
    assert len(report["sessions"]) == 40 and report["unreadable rows"] >= 1
    exported = kiroku(tmp_path, "export", "evening-00", "-o", str(tmp_path / "saved.jsonl"))
    assert exported.returncode == 0, exported.stderr
    assert digest(store) == before


def test_a_stream_that_lost_an_event_is_named_on_every_read_and_never_written(
    tmp_path: Path,
) -> None:
    in_process(tmp_path, "session", "open", "--id", "night", "--gm", "g")
    for text in ("one", "two", "three"):
        in_process(tmp_path, "note", "--session", "night", text)
    with contextlib.closing(sqlite3.connect(tmp_path / "kiroku.sqlite")) as raw, raw:
        raw.execute("DELETE FROM stored_events WHERE originator_version = 3 AND topic != ?",
                    ("kiroku:CommandRecord",))  # fmt: skip
    for args in (("log", "--session", "night"), ("note", "--session", "night", "four")):
        done = kiroku(tmp_path, *args)
        assert done.returncode == 2, done.stderr
        assert "session 'night' has no event 3, yet holds event 4: events were lost" in done.stderr
    assert "four" not in kiroku(tmp_path, "doctor").stdout
    assert "event 3 is missing (next: 4)" in kiroku(tmp_path, "doctor").stdout


def read_only(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``kiroku`` run where ``folder`` may not be written: as root, a read-only bind mount
    in a mount namespace of its own (gone when the command ends); else its modes."""
    environ = {**os.environ, "KIROKU_DATA_DIR": str(folder), "KIROKU_LOG": "off"}
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            return subprocess.run(
                [str(KIROKU), *args], capture_output=True, text=True, env=environ, timeout=60
            )
        finally:
            folder.chmod(0o755)
    script = 'mount --bind -o ro "$0" "$0" && exec "$@"'
    return subprocess.run(
        ["unshare", "-m", "sh", "-c", script, str(folder), str(KIROKU), *args],
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
    )


def test_a_read_only_store_is_read_and_writing_to_it_says_why_not(tmp_path: Path) -> None:
    data = tmp_path / "data"
    in_process(data, "session", "open", "--id", "night", "--gm", "g")
    in_process(data, "note", "--session", "night", "the lanterns are lit")
    assert read_only(data, "note", "--session", "night", "probe").returncode != 0  # it is
    for args in (
        ("session", "list"),
        ("log", "--session", "night"),
        ("state", "--session", "night"),
        ("export", "night", "-o", str(tmp_path / "night.jsonl")),
        ("doctor",),
    ):
        done = read_only(data, *args)
        assert done.returncode == 0, (args, done.stderr)
    assert "the lanterns are lit" in read_only(data, "log", "--session", "night").stdout
    refused = read_only(data, "note", "--session", "night", "more")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "cannot be written from here" in refused.stderr and "reading it works" in refused.stderr
    assert "more" not in kiroku(data, "log", "--session", "night").stdout


def test_a_read_only_store_with_writes_left_in_its_log_is_refused_not_read_short(
    tmp_path: Path,
) -> None:
    live = tmp_path / "live"
    in_process(live, "session", "open", "--id", "night", "--gm", "g")
    with contextlib.closing(sqlite3.connect(live / "kiroku.sqlite")) as holder:
        holder.execute("SELECT 1 FROM stored_events").fetchall()  # keeps the log from closing
        in_process(live, "note", "--session", "night", "only in the log")
        copy = tmp_path / "copy"
        copy.mkdir()
        for name in ("kiroku.sqlite", "kiroku.sqlite-wal"):  # no -shm: it is not shared
            (copy / name).write_bytes((live / name).read_bytes())
    assert (copy / "kiroku.sqlite-wal").stat().st_size > 0
    done = read_only(copy, "log", "--session", "night")
    assert done.returncode == 2, done.stdout
    assert "kiroku.sqlite-wal" in done.stderr and "holds writes not yet in the store" in done.stderr


def test_a_session_that_lost_its_opening_is_named_damaged(tmp_path: Path) -> None:
    in_process(tmp_path, "session", "open", "--id", "night", "--gm", "g")
    in_process(tmp_path, "note", "--session", "night", "the lanterns are lit")
    with contextlib.closing(sqlite3.connect(tmp_path / "kiroku.sqlite")) as raw, raw:
        raw.execute("DELETE FROM stored_events WHERE topic = 'kiroku:SessionOpened'")
    done = kiroku(tmp_path, "log", "--session", "night")
    assert done.returncode == 2 and "is damaged (session 'night' no longer starts" in done.stderr


def test_a_data_folder_or_a_store_of_the_wrong_kind_is_named(tmp_path: Path) -> None:
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("")
    done = kiroku(a_file, "session", "list")
    assert done.returncode == 2 and f"the data folder {str(a_file)!r} is a file" in done.stderr
    (tmp_path / "store" / "kiroku.sqlite").mkdir(parents=True)
    done = kiroku(tmp_path / "store", "session", "list")
    assert done.returncode == 2 and "kiroku.sqlite' is not a file: move it aside" in done.stderr


def test_an_export_writes_through_a_fifo_and_replaces_a_link_s_file_not_the_link(
    tmp_path: Path,
) -> None:
    in_process(tmp_path, "session", "open", "--id", "night", "--gm", "g")
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    with subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE) as reader:
        done = kiroku(tmp_path, "export", "night", "-o", str(fifo))
        written, _ = reader.communicate(timeout=30)
    assert done.returncode == 0, done.stderr
    assert written.startswith(b'{"format":"kiroku-replay"') and fifo.is_fifo()
    real = tmp_path / "real.jsonl"
    real.write_text("")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    assert kiroku(tmp_path, "export", "night", "-o", str(link)).returncode == 0
    assert link.is_symlink() and real.read_bytes().startswith(b'{"format":"kiroku-replay"')
    full = kiroku(tmp_path, "export", "night", "-o", "/dev/full")
    assert full.returncode == 2 and "cannot write '/dev/full': No space left" in full.stderr
    assert Path("/dev/full").is_char_device()


def test_a_command_that_only_reads_never_makes_a_store(tmp_path: Path) -> None:
    typo = tmp_path / "no-such-folder"
    for args in (("state", "--session", "night"), ("session", "list"), ("doctor",)):
        kiroku(typo, *args)
    assert not typo.exists()
    assert kiroku(typo, "session", "open", "--id", "night", "--gm", "g").returncode == 0
    assert kiroku(typo, "state", "--session", "night").returncode == 0  # now it is there


def test_the_empty_store_a_reader_sees_has_the_library_s_own_tables(tmp_path: Path) -> None:
    from adapters.sqlite_reads import SCHEMA

    in_process(tmp_path, "session", "open", "--id", "night", "--gm", "g")
    with contextlib.closing(sqlite3.connect(tmp_path / "kiroku.sqlite")) as raw:
        made = {sql for (sql,) in raw.execute("SELECT sql FROM sqlite_master WHERE type = 'table'")}
    assert set(SCHEMA) <= made


def test_a_fifo_no_one_reads_is_refused_not_waited_on(tmp_path: Path) -> None:
    in_process(tmp_path, "session", "open", "--id", "night", "--gm", "g")
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    done = kiroku(tmp_path, "export", "night", "-o", str(fifo))
    assert done.returncode == 2 and "no process reads it" in done.stderr


def test_the_environment_and_the_terminal_are_checked_before_anything_runs(
    tmp_path: Path,
) -> None:
    loud = kiroku(tmp_path, "session", "list", KIROKU_LOG="loud")
    assert loud.returncode == 2 and "KIROKU_LOG='loud' is not one of" in loud.stderr
    environ = {**os.environ, "KIROKU_DATA_DIR": str(tmp_path), "KIROKU_LOG": "off"}
    closed = subprocess.run(
        [str(KIROKU), "session", "open", "--id", "night", "--gm", "g"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=environ,
        preexec_fn=lambda: os.close(1),
    )
    assert closed.returncode == 2 and "standard output is closed" in closed.stderr
    assert not (tmp_path / "kiroku.sqlite").exists()  # nothing recorded
    bad_path = kiroku(Path(str(tmp_path) + "/d\udcff"), "session", "list")
    assert bad_path.returncode == 2 and "is not a UTF-8 path" in bad_path.stderr
    blank = kiroku(tmp_path, "session", "list", "--data-dir", "")
    assert blank.returncode == 2 and "--data-dir '': name a folder" in blank.stderr
