"""The storage guarantees, kept: a writer killed with SIGKILL at random points loses no
acknowledged command and leaves no gap or torn event; processes racing on one session
store each position once, and every loser is told. (Each run is a few seconds.)"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.store import EventStore, StoreConfig
from domain.events import NoteTaken
from tests.postgres import schema

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import sys
from pathlib import Path
from application.service import SessionService
from adapters.store import EventStore, StoreConfig
from domain.errors import ConcurrencyConflict
from domain.session.commands import TakeNote
from adapters import log
log.configure("off")
tag, count = sys.argv[1], int(sys.argv[2])
where = sys.argv[3]
config = (StoreConfig().with_store(where) if where.startswith("postgresql:")
          else StoreConfig(kind="sqlite", data_dir=Path(where)))
with EventStore(config) as s:
    service = SessionService(s)
    for i in range(count):
        try:
            [recorded] = service.decide("night", TakeNote(text=f"{tag}-{i}"))
        except ConcurrencyConflict:
            print("lost", flush=True)
            continue
        print(recorded.position, f"{tag}-{i}", flush=True)
"""


def writer(tag: str, count: int, data: Path | str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KIROKU_LOG": "off"}
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, tag, str(count), str(data)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def acknowledged(output: str) -> dict[int, str]:
    found = {}
    for line in output.splitlines():
        position, _, text = line.partition(" ")
        if text:
            found[int(position)] = text
    return found


def killed_after_acknowledging(
    child: subprocess.Popen[str], chance: random.Random
) -> dict[int, str]:
    """What ``child`` acknowledged before a SIGKILL at a random point after its first
    acknowledgement: never before it, however slow the machine is (a kill timed from the
    start would come before the first command on a loaded machine, and test nothing)."""
    assert child.stdout is not None
    first = child.stdout.readline()
    time.sleep(chance.uniform(0.0, 0.4))
    child.send_signal(signal.SIGKILL)
    output, _ = child.communicate()
    assert acknowledged(first), f"the writer acknowledged nothing: {first!r}"
    return acknowledged(first + output)


def stored(data: Path | str) -> dict[int, str]:
    config = (
        StoreConfig().with_store(data)
        if isinstance(data, str)
        else StoreConfig(kind="sqlite", data_dir=data)
    )
    with EventStore(config) as store:
        notes = {r.position: r.event for r in store.read("night")}
    positions = sorted(notes)
    assert positions == list(range(1, len(positions) + 1)), "a gap in the stream"
    return {p: e.text for p, e in notes.items() if isinstance(e, NoteTaken)}


def integrity(data: Path) -> str:
    with sqlite3.connect(data / "kiroku.sqlite") as raw:
        [(result,)] = raw.execute("PRAGMA integrity_check")
    raw.close()
    return str(result)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    with EventStore(StoreConfig(kind="sqlite", data_dir=tmp_path)) as store:
        from application.service import SessionService

        SessionService(store).open(session_id="night", ruleset="l5r4e", gm="sensei")
    return tmp_path


def test_a_writer_killed_at_random_points_loses_no_acknowledged_command(data: Path) -> None:
    chance = random.Random(7)
    acked: dict[int, str] = {}
    for run in range(8):
        acked |= killed_after_acknowledging(writer(f"run{run}", 100_000, data), chance)
    notes = stored(data)
    assert acked and all(notes.get(p) == text for p, text in acked.items())
    assert len(set(notes.values())) == len(notes), "a command stored twice"
    assert integrity(data) == "ok"


def test_processes_racing_on_one_session_store_each_position_once(data: Path) -> None:
    children = [writer(f"p{n}", 60, data) for n in range(3)]
    outputs = [child.communicate(timeout=120)[0] for child in children]
    acked: dict[int, str] = {}
    for output in outputs:
        mine = acknowledged(output)
        assert not set(mine) & set(acked), "two processes told the same position"
        acked |= mine
    notes = stored(data)
    assert notes == acked  # every acknowledged command stored, nothing else
    lost = sum(output.count("lost") for output in outputs)
    assert len(acked) + lost == 180
    assert integrity(data) == "ok"


def test_every_connection_is_wal_synchronous_full_with_a_busy_timeout(data: Path) -> None:
    with EventStore(StoreConfig(kind="sqlite", data_dir=data, lock_timeout=3)) as store:
        recorder = store.recorder
        datastore = recorder.datastore
        with datastore.transaction(commit=False) as cursor, cursor as raw:
            settings = {
                pragma: raw.execute(f"PRAGMA {pragma}").fetchone()[0]
                for pragma in ("journal_mode", "synchronous", "busy_timeout")
            }
        assert store.reader is not None  # the reads' own connection: waits alike, never writes
        reads = store.reader._connect()
        waits, query_only = (
            reads.execute(f"PRAGMA {pragma}").fetchone()[0]
            for pragma in ("busy_timeout", "query_only")
        )
    assert settings == {"journal_mode": "wal", "synchronous": 2, "busy_timeout": 3000}
    assert (waits, query_only) == (3000, 1)
    assert StoreConfig.from_environment({"HOME": str(data)}).lock_timeout == 10  # the default


@pytest.fixture
def shared() -> Iterator[str]:
    """A PostgreSQL store (a schema of its own) with session "night" opened."""
    with schema() as url, EventStore(StoreConfig().with_store(url)) as store:
        from application.service import SessionService

        SessionService(store).open(session_id="night", ruleset="l5r4e", gm="sensei")
        yield url


def test_processes_racing_on_one_postgresql_session_store_each_position_once(
    shared: str,
) -> None:
    """Several processes on one PostgreSQL database: each position written once, every
    loser told (the library's optimistic concurrency on the stream's unique versions)."""
    children = [writer(f"p{n}", 40, shared) for n in range(3)]
    outputs = [child.communicate(timeout=120)[0] for child in children]
    acked: dict[int, str] = {}
    for output in outputs:
        mine = acknowledged(output)
        assert not set(mine) & set(acked), "two processes told the same position"
        acked |= mine
    assert stored(shared) == acked
    assert len(acked) + sum(output.count("lost") for output in outputs) == 120


def test_a_postgresql_writer_killed_at_random_points_loses_no_acknowledged_command(
    shared: str,
) -> None:
    chance = random.Random(11)
    acked: dict[int, str] = {}
    for run in range(4):
        acked |= killed_after_acknowledging(writer(f"run{run}", 100_000, shared), chance)
    notes = stored(shared)
    assert acked and all(notes.get(p) == text for p, text in acked.items())
    assert len(set(notes.values())) == len(notes), "a command stored twice"


def test_server_processes_starting_at_once_on_a_new_postgresql_store_all_start() -> None:
    """Each process makes the store's schema and tables if need be; PostgreSQL refuses the
    same ``CREATE … IF NOT EXISTS`` from two at once, so they take turns (an advisory
    lock): eight starting together on a fresh schema all start."""
    lister = (
        "import sys\n"
        "from adapters.store import EventStore, StoreConfig\n"
        "with EventStore(StoreConfig().with_store(sys.argv[1])) as s:\n"
        "    print(len(s.sessions()))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KIROKU_LOG": "off"}
    with schema() as url:
        children = [
            subprocess.Popen([sys.executable, "-c", lister, url], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
            for _ in range(8)
        ]  # fmt: skip
        results = [child.communicate(timeout=120) for child in children]
    assert [child.returncode for child in children] == [0] * 8, [err for _, err in results]
    assert all(out.strip() == "0" for out, _ in results)
