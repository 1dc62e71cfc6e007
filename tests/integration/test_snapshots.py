"""Snapshots: a session read from its latest valid snapshot and the events after it is the
session folded from position 0 — after retractions, at any past position, and under a
new version of the rules (which ignores the old snapshots)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import msgspec
import pytest

from adapters.replay_file import read_replay
from application.service import SessionService
from domain.errors import NotFound
from domain.events import EventRetracted, Recorded, SessionOpened
from domain.rulesets.l5r4e.commands.books import TakeWounds
from domain.rulesets.l5r4e.commands.table import RollInitiative, StartCombat
from domain.session.aggregate import Session
from domain.session.commands import JoinCharacter, Retract
from domain.session.fork import fork_events
from domain.session.snapshot import restore, take
from domain.session.state import SessionState, fold
from projections import project_state, snapshots
from tests.integration.conftest import Counting
from tests.support import GM, T0, Clock, sheet

REPLAYS = sorted((Path(__file__).resolve().parents[2] / "replays").glob("*.jsonl"))


def same(a: SessionState, b: SessionState) -> None:
    assert (a.position, a.opened, a.members, a.retracted, a.retractions, a.roles, a.forked,
            a.headings) == (b.position, b.opened, b.members, b.retracted, b.retractions, b.roles,
                            b.forked, b.headings)  # fmt: skip
    assert a.table == b.table
    assert project_state(a) == project_state(b)


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_a_snapshot_restores_the_state_it_was_taken_of(path: Path) -> None:
    _, events = read_replay(path)
    state = fold(events)
    same(restore(take(state)), state)


def test_a_forks_snapshot_remembers_where_it_came_from() -> None:
    _, events = read_replay(REPLAYS[0])
    origin = events[:5]
    opened = origin[0].event
    assert isinstance(opened, SessionOpened)
    begun = fork_events(origin, fork_id="whatif", actor=opened.gm, at=T0, reason="what if")
    state = fold([Recorded(i, e) for i, e in enumerate(begun, 1)])
    assert state.forked == (opened.session, 5)
    same(restore(take(state)), state)


def GM_OF(events: list[Recorded]) -> str:
    return events[0].event.gm  # type: ignore[attr-defined, no-any-return]


@pytest.fixture
def store(counting: Counting) -> Counting:
    """The store these tests read, counting what they read, snapshotted every 10 events."""
    return counting


def play(service: SessionService, wounds: int) -> None:
    service.open(session_id="long", ruleset="l5r4e", gm=GM)
    for name, player in (("Akodo Kaneka", "ana"), ("Bayushi Fumi", "ben")):
        raw: dict[str, Any] = msgspec.to_builtins(sheet(name, stamina=9, willpower=9))
        service.decide("long", JoinCharacter(sheet=raw, player=player))
    service.decide("long", StartCombat())
    service.decide("long", RollInitiative(character="Akodo Kaneka"), dice=random.Random(1))
    for _ in range(wounds):
        service.decide("long", TakeWounds(character="Bayushi Fumi", amount=1))


def test_a_new_process_folds_only_the_events_after_the_latest_snapshot(store: Counting) -> None:
    play(SessionService(store, clock=Clock()), wounds=45)  # 50 events: snapshots at 10, 20…
    Counting.read_count = 0
    fresh = SessionService(store, clock=Clock())
    session = fresh.load("long")
    assert session.version == 50 and Counting.read_count <= 10
    same(session.state, fold(list(store.read("long"))))


def test_a_damaged_snapshot_is_done_without_and_the_fold_comes_out_the_same(
    store: Counting,
) -> None:
    play(SessionService(store, clock=Clock()), wounds=45)  # snapshots at 10, 20 … 50
    with sqlite3.connect(store.config.sqlite_path) as raw:
        raw.execute("UPDATE stored_snapshots SET state = X'DEADBEEF' WHERE originator_version = 50")
        raw.execute(
            "UPDATE stored_snapshots SET state = (SELECT state FROM stored_snapshots s "
            "WHERE s.originator_version = 30 LIMIT 1) WHERE originator_version = 40"
        )  # kept at 40, but of 30
    raw.close()
    Counting.read_count = 0
    session = SessionService(store, clock=Clock()).load("long")
    assert session.version == 50 and Counting.read_count == 20  # from the one at 30
    same(session.state, fold(list(store.read("long"))))


def test_a_retraction_reaching_past_snapshots_refolds_from_an_earlier_one(
    store: Counting,
) -> None:
    service = SessionService(store, clock=Clock())
    play(service, wounds=45)
    service.decide("long", Retract(position=15, reason="that cut was parried"))
    fresh = SessionService(store, clock=Clock())
    whole = fold(list(store.read("long")))
    same(fresh.load("long").state, whole)
    same(service.load("long").state, whole)
    assert whole.table.characters["bayushi fumi"].wounds == 44


def test_a_retraction_whose_new_snapshot_was_lost_still_folds_right(store: Counting) -> None:
    service = SessionService(store, clock=Clock())
    play(service, wounds=45)
    recorded = store.append("long", 50, [_retraction(25)])
    assert recorded[0].position == 51
    whole = fold(list(store.read("long")))
    same(SessionService(store, clock=Clock()).load("long").state, whole)


def _retraction(position: int) -> EventRetracted:
    return EventRetracted(actor=GM, at=T0, reason="written without the service", position=position)


def test_any_past_position_is_the_fold_up_to_it(store: Counting) -> None:
    service = SessionService(store, clock=Clock())
    play(service, wounds=25)
    service.decide("long", Retract(position=12, reason="no"))
    events = list(store.read("long"))
    for position in (1, 5, 10, 11, 12, 19, 20, 21, 30, 31):
        same(service.state_at("long", position), fold(events, position))


def test_new_rules_ignore_the_old_snapshots(
    store: Counting, monkeypatch: pytest.MonkeyPatch
) -> None:
    play(SessionService(store, clock=Clock()), wounds=25)
    monkeypatch.setattr(snapshots, "code_version", lambda ruleset: "a-rule-changed")
    Counting.read_count = 0
    session = SessionService(store, clock=Clock()).load("long")
    assert Counting.read_count == 30
    same(session.state, fold(list(store.read("long"))))


def test_a_stream_without_its_history_cannot_go_back(store: Counting) -> None:
    play(SessionService(store, clock=Clock()), wounds=5)
    session = Session(state=fold(list(store.read("long"))))
    with pytest.raises(NotFound, match="not held in memory"):
        session.as_of(3)


def test_a_retraction_far_back_finds_the_snapshot_just_before_it(store: Counting) -> None:
    service = SessionService(store, clock=Clock())
    play(service, wounds=295)  # 300 events, a snapshot every 10
    service.decide("long", Retract(position=25, reason="long ago, but wrong"))
    Counting.read_count = 0
    state = SessionService(store, clock=Clock()).load("long").state
    assert Counting.read_count <= 5  # from the snapshot the retraction forced at 301
    same(state, fold(list(store.read("long"))))
    Counting.read_count = 0
    past = service.state_at("long", 300)  # before the retraction: the snapshot at 300
    assert Counting.read_count <= 5
    same(past, fold(list(store.read("long")), 300))
    whole = fold(list(store.read("long")))
    lost = SessionService(store, clock=Clock())
    lost.snapshots = NoNewer(lost.snapshots, 300)  # type: ignore[assignment]
    Counting.read_count = 0  # as if the snapshot forced at 301 were lost:
    same(lost.load("long").state, whole)
    assert Counting.read_count <= 301 - 20 + 5  # from the snapshot at 20, not from 0


class NoNewer:
    """A snapshot store that hides every snapshot after ``position``."""

    def __init__(self, inner: Any, position: int) -> None:
        self.inner, self.position = inner, position

    def latest(self, session_id: str, version: str, until: int | None = None) -> Any:
        bound = self.position if until is None else min(until, self.position)
        return self.inner.latest(session_id, version, bound)

    def write(self, *args: Any) -> bool:
        return False


def test_a_service_holds_a_session_s_state_never_its_stream(store: Counting) -> None:
    service = SessionService(store, clock=Clock())
    play(service, wounds=25)
    session = service.load("long")
    assert not session.complete and session.events == []
    service.decide("long", Retract(last=True, reason="undo"))
    latest = next(iter(service.snapshots.latest("long", snapshots.code_version("l5r4e"))))
    assert latest[0] == 31  # a snapshot at once after the retraction


def test_the_code_version_is_every_domain_source_by_path_and_bytes_in_path_order() -> None:
    """The snapshots' version is a digest a user's stored snapshots are kept under: read
    with ``os.scandir`` for start-up's sake, it must stay the digest of every ``*.py`` of
    the domain, each by its path and bytes, in :class:`~pathlib.Path` order — a change of
    order or of what counts would throw away every snapshot a store holds."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(snapshots.DOMAIN.rglob("*.py")):
        digest.update(str(path.relative_to(path.anchor)).encode() + b"\0" + path.read_bytes())
    snapshots.code_version.cache_clear()
    assert snapshots.code_version("l5r4e") == digest.hexdigest()[:16]
