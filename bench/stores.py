"""SQLite stores of long sessions for the benchmarks, cached under ``bench/.cache/``.

A store is built once through the store's own import path (:meth:`EventStore.append`
in batches of 100,000, one transaction each) and reused by later runs while what it
would hold is the same: the cache key is a SHA-256 over every event's stored bytes
(``adapters.codec.encode_event``) and position, with the versions of ``eventsourcing``
and SQLite. A changed session generator, event schema or codec makes a new key, and the
stale file of that size is removed. The cached file is never opened by a timed command:
each benchmark works on a copy (:func:`working_copy`).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path

from adapters.codec import encode_event
from adapters.store import EventStore, StoreConfig
from application.service import SessionService
from bench.sessions import long_session
from domain.events import Recorded, SessionOpened

CACHE = Path(__file__).resolve().parent / ".cache"
SESSION = "bench-session"
BATCH = 100_000


def fingerprint(events: Sequence[Recorded], *extra: str) -> str:
    digest = hashlib.sha256()
    for part in (*extra, version("eventsourcing"), sqlite3.sqlite_version):
        digest.update(part.encode() + b"\0")
    for recorded in events:
        digest.update(b"%d:" % recorded.position + encode_event(recorded.event) + b"\n")
    return digest.hexdigest()


def cached(stem: str, key: str, build: Callable[[Path], None]) -> tuple[Path, bool]:
    """``bench/.cache/STEM-KEY.sqlite``, built by ``build(path)`` unless already there;
    returns the path and whether it was reused."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"{stem}-{key[:16]}.sqlite"
    if path.exists():
        return path, True
    for stale in CACHE.glob(f"{stem}-*.sqlite*"):
        stale.unlink()
    building = CACHE / f"{stem}.building"
    shutil.rmtree(building, ignore_errors=True)
    building.mkdir()
    try:
        built = building / "store.sqlite"
        build(built)
        _checkpoint(built)
        built.replace(path)
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return path, False


def _checkpoint(path: Path) -> None:
    """Leave the whole store in its main file (still in WAL mode, as Kiroku keeps it), so
    that copying that one file copies the store."""
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    for side in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        side.unlink(missing_ok=True)


def import_events(events: Sequence[Recorded], data_dir: Path) -> None:
    """Store a session's events as ``kiroku import`` does, in large transactions."""
    opened = events[0].event
    assert isinstance(opened, SessionOpened)
    with EventStore(StoreConfig(kind="sqlite", data_dir=data_dir)) as store:
        for start in range(0, len(events), BATCH):
            batch = [r.event for r in events[start : start + BATCH]]
            store.append(opened.session, start, batch)
        prime(store, opened.session)


def prime(store: EventStore, session_id: str) -> None:
    """Leave the store as a user's is after any command: with a snapshot of the session
    under this code (``kiroku import`` takes one; so does the first command after a rule
    change, folding the whole stream once)."""
    SessionService(store).snapshot(session_id, force=True)


def session_store(size: int, events: Sequence[Recorded] = ()) -> tuple[Path, str]:
    """The cached Kiroku store (one SQLite file) holding a ``size``-event long session
    (``events`` if given, else made here); returns its path and a line saying whether it
    was reused or how long it took."""
    started = time.perf_counter()
    events = events or long_session(size)
    assert len(events) == size
    key = fingerprint(events, "kiroku", str(size))

    def build(path: Path) -> None:
        import_events(events, path.parent)
        path.parent.joinpath("kiroku.sqlite").replace(path)

    path, reused = cached(f"kiroku-{size}", key, build)
    seconds = time.perf_counter() - started
    how = "reused" if reused else "built"
    megabytes = path.stat().st_size / 1e6
    return path, f"{how} {path.name} ({size:,} events, {megabytes:,.1f} MB) in {seconds:.1f} s"


def working_copy(store: Path, data_dir: Path) -> Path:
    """A fresh copy of a cached store as ``DATA_DIR/kiroku.sqlite``; returns DATA_DIR."""
    shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(parents=True)
    shutil.copyfile(store, data_dir / "kiroku.sqlite")
    with (data_dir / "kiroku.sqlite").open("rb+") as copied:
        os.fsync(copied.fileno())  # the copy's pages on disk before any run is timed
    return data_dir


def primed_copy(store: Path, data_dir: Path) -> Path:
    """A copy of a cached store, primed with a snapshot of this code; returns the copy's
    SQLite file (checkpointed, so copying that one file copies the store)."""
    working_copy(store, data_dir)
    with EventStore(StoreConfig(kind="sqlite", data_dir=data_dir)) as opened:
        prime(opened, SESSION)
    path = data_dir / "kiroku.sqlite"
    _checkpoint(path)
    return path
