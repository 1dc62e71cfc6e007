"""The session stream at scale: a 100,000-event session stored, read and projected.

Measured in one run, side by side:
- the baseline: the ``eventsourcing`` library's own path — the same events (as plain
  dicts) stored with its default JSON transcoder and read back by reconstructing the
  aggregate from SQLite;
- Kiroku's: all projections rebuilt from a replay file, and from the SQLite store
  (msgspec codec, reads paged straight into typed Structs);
- imports and appends: a replay file imported in one transaction, single commands
  appended durably one at a time (median latency).

Targets (issue 3): replay file ≥ 300,000 events/s and SQLite ≥ 200,000 events/s, i.e.
5× the library's default path in the same run; one command appended in < 2 ms (median).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from adapters import log
from adapters.replay_file import read_replay, write_replay
from adapters.store import EventStore, StoreConfig
from application.service import SessionService
from bench.sessions import long_session
from domain.events import CharacterJoined, Recorded
from domain.rulesets.l5r4e.play import Play
from domain.session.state import fold
from projections import project_state
from projections.timeline import timeline
from tests.support import GM

SIZE = 100_000
APPENDS = 300


class BaselineSession(Aggregate):
    """The library's own way: an aggregate whose events carry the same data as dicts."""

    def __init__(self) -> None:
        self.happenings = 0

    @event("Happened")
    def happened(self, kind: str, payload: dict[str, Any]) -> None:
        self.happenings += 1


class BaselineApplication(Application[UUID]):
    name = "Baseline"


def _rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f} events/s"


def _timed(work: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def baseline(events: list[Recorded], folder: Path) -> tuple[float, float]:
    """Store the events through the library's default JSON transcoder, then reconstruct
    the aggregate from SQLite; returns the seconds each took."""
    app = BaselineApplication(
        env={
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(folder / "baseline.sqlite"),
        }
    )
    aggregate = BaselineSession()
    for recorded in events[: len(events) - 1]:
        payload = msgspec.to_builtins(recorded.event)
        aggregate.happened(kind=payload["type"], payload=payload)
    _, saved = _timed(lambda: app.save(aggregate))
    _, seconds = _timed(lambda: app.repository.get(aggregate.id))
    assert app.repository.get(aggregate.id).happenings == len(events) - 1
    app.close()
    return saved, seconds


def run() -> list[str]:
    lines: list[str] = []
    events, made = _timed(lambda: long_session(SIZE))
    lines.append(f"store: made a {len(events):,}-event session in {made:.1f} s")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        replay = folder / "long.jsonl"
        write_replay(replay, events)

        saved, base = baseline(events, folder)
        lines.append(
            f"store: baseline, library aggregate from SQLite (JSON transcoder): "
            f"{_rate(SIZE, base)}; stored in one transaction at {_rate(SIZE, saved)}"
        )

        def from_file() -> dict[str, Any]:
            _, read = read_replay(replay, recompute_rolls=False)
            return project_state(fold(read))

        _, file_seconds = _timed(from_file)
        lines.append(
            f"store: all projections from a replay file: {_rate(SIZE, file_seconds)}"
            f" ({base / file_seconds:.1f}x baseline; target >= 300,000 and 5x)"
        )
        (_, validated), validate_seconds = _timed(lambda: read_replay(replay))
        lines.append(
            f"store: reading a replay file with every roll recomputed (import "
            f"validation): {_rate(SIZE, validate_seconds)}"
        )
        _, render_seconds = _timed(lambda: timeline(validated))
        lines.append(f"store: rendering all {SIZE:,} timeline rows: {_rate(SIZE, render_seconds)}")

        config = StoreConfig(kind="sqlite", data_dir=folder / "kiroku")
        with EventStore(config) as store:
            _, import_seconds = _timed(
                lambda: store.append("long", 0, [r.event for r in validated])
            )
            lines.append(
                f"store: import into SQLite, one transaction: {_rate(SIZE, import_seconds)}"
            )

            def from_store() -> dict[str, Any]:
                return project_state(fold(list(store.read("long"))))  # the whole list held

            _, store_seconds = _timed(from_store)
            lines.append(
                f"store: all projections from SQLite: {_rate(SIZE, store_seconds)}"
                f" ({base / store_seconds:.1f}x baseline; target >= 200,000 and 5x)"
            )

            log.configure("off")  # the appends are timed, not logged to this output
            service = SessionService(store)
            service.open(session_id="appends", ruleset="l5r4e", gm=GM)
            joined = validated[1].event
            assert isinstance(joined, CharacterJoined)
            name = joined.sheet.name
            service.execute(
                "appends",
                "join",
                lambda s, at: s.join(actor=GM, at=at, sheet=joined.sheet, player="p"),
            )
            latencies = []
            for _ in range(APPENDS):
                start = time.perf_counter()
                service.execute(
                    "appends",
                    "wound",
                    lambda s, at: Play.of(s).take_wounds(actor=GM, at=at, character=name, amount=1),
                )
                latencies.append(time.perf_counter() - start)
            median = statistics.median(latencies)
            per_second = APPENDS / sum(latencies)
            synchronous = store.recorder.datastore.transaction(commit=False)
            with synchronous as cursor:
                cursor.execute("PRAGMA synchronous")
                level = cursor.fetchone()[0]
            lines.append(
                f"store: one command appended to SQLite (WAL, synchronous={level}): median "
                f"{median * 1000:.2f} ms over {APPENDS}, {per_second:,.0f} commands/s "
                "(target < 2 ms)"
            )
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
