"""A correction on a 1,000,000-event session: near its head, and in its middle (issue 8).

The session is ``bench/recorded.py``'s: four characters in rounds of combat, every
ruling recorded with its dice and sealed, snapshotted every 1,000 events as the service
snapshots a session played command by command. It is built once and cached under
``bench/.cache/`` (keyed by the domain's code and the generator's: a change to
:func:`build` itself needs ``rm bench/.cache/rulings-*``); each timed run works on a copy.

Each command runs as a user runs it — ``.venv/bin/kiroku … --data-dir DIR``, a separate,
cold process — and the runs of every command are interleaved, so that the machine's
noise falls on all of them alike. Figures are medians of the wall time (and of the
child's peak RSS), with the spread, and each is given as a ratio to the baseline
measured in the same run: ``kiroku note`` on the same session, the cost of any ordinary
command there.

- ``note``: the baseline (appends one event; a fresh copy each run).
- ``amend head --dry-run`` / ``amend head``: the attack 30-odd events before the head
  amended with ``--circumstances 30`` (a hit turned into a miss: its damage dropped), its
  preview and the correction itself (a fresh copy each run).
- ``amend middle --dry-run`` / ``amend middle``: the same at the attack nearest position
  500,000: every one of the ~375,000 later rulings is decided again.

No target is set by the issue; the figures are in ``bench/README.md``.
"""

from __future__ import annotations

import hashlib
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from adapters.snapshot_store import SnapshotStore
from adapters.store import EventStore, StoreConfig
from bench.machine import (
    Sample,
    kiroku,
    load,
    median_mb,
    median_ms,
    peak_method,
    run_child,
    spread_ms,
)
from bench.recorded import RecordedSession
from bench.stores import cached, working_copy
from domain.events import Recorded
from domain.session.record import CommandRecord
from domain.session.secrets import Secrets
from domain.session.snapshot import take, take_seen
from projections.players import players_version
from projections.snapshots import EVERY, code_version

SESSION = "bench-rulings"
SIZE = 1_000_000
CHUNK = 50_000
RUNS = 3
ROOT = Path(__file__).resolve().parent.parent


def _key(size: int, secrets: bool = False) -> str:
    digest = hashlib.sha256(code_version("l5r4e").encode())
    for source in ("bench/recorded.py", "tests/support.py"):
        digest.update((ROOT / source).read_bytes())
    digest.update(f"{size}{' secrets' if secrets else ''}".encode())
    return digest.hexdigest()


def build(path: Path, size: int, secrets: bool = False) -> None:
    """The recorded session stored as the service stores it: each batch with its sealed
    record, a snapshot every ``EVERY`` events (appended in large transactions);
    ``secrets``: played by players while the GM keeps a poison from them
    (:class:`bench.recorded.RecordedSession`)."""
    played = RecordedSession(SESSION, size, secrets=secrets)
    config = StoreConfig(kind="sqlite", data_dir=path.parent)
    with EventStore(config) as store:
        snapshots = SnapshotStore(store)
        version = code_version("l5r4e")
        events: list[Recorded] = []
        records: list[CommandRecord] = []
        stored, last_snapshot = 0, 0
        for batch, sealed in played.batches():
            events += batch
            records += sealed
            position = played.session.version
            if position - last_snapshot >= EVERY:
                snapshots.write(SESSION, position, version, take(played.session.state))
                # what the players see beside it, as the service keeps it: the secrets as
                # of then (none, played without), and their state while anything is kept
                seen = played.seen()
                kept = played.view.secrets if played.view is not None else Secrets(read=position)
                theirs = take_seen(kept, None if seen is None else seen.state)
                snapshots.write(SESSION, position, players_version("l5r4e"), theirs)
                last_snapshot = position
            if len(events) >= CHUNK:
                store.append(SESSION, stored, [r.event for r in events], records)
                stored += len(events)
                events, records = [], []
        if events:
            store.append(SESSION, stored, [r.event for r in events], records)
    (path.parent / "kiroku.sqlite").replace(path)


def targets(store_file: Path) -> dict[str, int]:
    """The attacks amended: the last but one of the session, and the one nearest the
    middle (each an attack that hit, so that the amendment has consequences)."""
    with tempfile.TemporaryDirectory() as temp:
        data_dir = working_copy(store_file, Path(temp) / "read")
        with EventStore(StoreConfig(kind="sqlite", data_dir=data_dir)) as store:
            hits = [
                r.position - 2
                for r in store.read(SESSION, topic="AttackResolved")
                if getattr(r.event, "hit", False)
            ]
            head = store.last_position(SESSION)
    middle = min(hits, key=lambda p: abs(p - head // 2))
    return {"head": hits[-2], "middle": middle}


def commands(at: dict[str, int]) -> dict[str, tuple[tuple[str, ...], bool]]:
    """Each timed command, and whether it appends (then it runs on a fresh copy)."""
    amend = ("--session", SESSION, "--reason", "bench", "--circumstances", "30")
    return {
        "note": (("note", "--session", SESSION, "bench"), True),
        "amend head --dry-run": (("amend", str(at["head"]), *amend, "--dry-run"), False),
        "amend head": (("amend", str(at["head"]), *amend), True),
        "amend middle --dry-run": (("amend", str(at["middle"]), *amend, "--dry-run"), False),
        "amend middle": (("amend", str(at["middle"]), *amend), True),
    }


def measure(store_file: Path, folder: Path, at: dict[str, int]) -> dict[str, list[Sample]]:
    reader = working_copy(store_file, folder / "read")
    run_child([kiroku(), "--data-dir", str(reader), "state", "--session", SESSION], peak=False)
    samples: dict[str, list[Sample]] = {}
    for _ in range(RUNS):
        for name, (argv, appends) in commands(at).items():
            data_dir = working_copy(store_file, folder / "append") if appends else reader
            sample = run_child([kiroku(), "--data-dir", str(data_dir), *argv])
            samples.setdefault(name, []).append(sample)
    return samples


def run(secrets: bool = False) -> Iterator[str]:
    """The benchmark (``secrets``: on the session with secrets, ``corrections_secrets``)."""
    name = "corrections_secrets" if secrets else "corrections"
    for line in _run(secrets):
        yield line.replace("corrections:", f"{name}:", 1)


def _run(secrets: bool) -> Iterator[str]:
    yield f"corrections: before: {load()}"
    started = time.perf_counter()
    stem = f"{'secret-' if secrets else ''}rulings-{SIZE}"
    store_file, reused = cached(stem, _key(SIZE, secrets), lambda path: build(path, SIZE, secrets))
    how = "reused" if reused else "built"
    megabytes = store_file.stat().st_size / 1e6
    yield (
        f"corrections: store: {how} {store_file.name} ({SIZE:,} events, {megabytes:,.0f} MB) "
        f"in {time.perf_counter() - started:.1f} s"
    )
    at = targets(store_file)
    yield f"corrections: amended: the attack at {at['head']} (head) and at {at['middle']}"
    with tempfile.TemporaryDirectory(prefix="kiroku-corrections-") as temp:
        samples = measure(store_file, Path(temp), at)
    base = median_ms(samples["note"])
    yield f"corrections: {RUNS} cold runs each, interleaved; {peak_method()}"
    yield f"corrections: {'command':<24} {'ms':>9} {'x note':>8} {'MB':>6}   (runs, ms)"
    for name, taken in samples.items():
        ms = median_ms(taken)
        yield (
            f"corrections: {name:<24} {ms:>9,.0f} {ms / base:>7.1f}x {median_mb(taken):>6,.0f}"
            f"   ({spread_ms(taken)})"
        )
    yield f"corrections: after: {load()}"
