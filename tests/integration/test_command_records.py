"""Every command leaves the record of its ruling beside its batch: the command as given,
who gave it, when and why, every die it drew, and the events it gave."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from adapters.replay_file import (
    CorruptReplay,
    parse_replay_records,
    read_replay,
    read_replay_records,
    write_replay,
)
from adapters.store import EventStore, StoreConfig
from application.service import SessionService
from domain.commands import Context
from domain.dice.roll_keep.faces import parse_faces
from domain.dice.source import FaceQueue
from domain.errors import ConcurrencyConflict, NotFound
from domain.events import NoteTaken
from domain.rulesets import load_ruleset
from domain.rulesets.l5r4e.commands.books import TakeWounds
from domain.rulesets.l5r4e.commands.table import Roll
from domain.rulesets.l5r4e.events import DiceRolled
from domain.session.aggregate import Session
from domain.session.chain import head
from domain.session.commands import JoinCharacter, Retract, TakeNote, Undo
from domain.session.record import CommandRecord
from tests.support import GM, T0, Clock, sheet

KANEKA = msgspec.to_builtins(sheet())


@pytest.fixture
def store(config: StoreConfig) -> Iterator[EventStore]:
    """Each store kind (the integration conftest's ``config``)."""
    with EventStore(config) as opened:
        yield opened


@pytest.fixture
def service(store: EventStore) -> SessionService:
    service = SessionService(store, clock=Clock())
    service.open(session_id="night", ruleset="l5r4e", gm=GM)
    service.decide("night", JoinCharacter(sheet=KANEKA, player="ana"))
    return service


ATTACK = Roll(character="Akodo Kaneka", skill="Kenjutsu", trait="agility", tn=20, void=True,
              reason="the opening strike")  # fmt: skip


def test_a_command_is_recorded_with_its_inputs_actor_time_reason_and_dice(
    service: SessionService, store: EventStore
) -> None:
    recorded = service.decide("night", ATTACK, actor="ana", dice=random.Random(7))
    assert [r.position for r in recorded] == [3, 4]  # a Void point, then the roll
    record = store.command_of("night", 4)
    assert record is not None and record == store.command_of("night", 3)
    assert (record.first, record.count, record.last) == (3, 2, 4)
    assert (record.command, record.kind, record.actor) == ("roll", "Roll", "ana")
    assert record.reason == "the opening strike"
    assert record.at == recorded[0].event.at
    assert record.inputs["skill"] == "Kenjutsu" and record.inputs["void"] is True
    assert "reason" not in record.inputs
    roll = recorded[1].event
    assert isinstance(roll, DiceRolled)
    # every face the dice source gave, in order, is every face of the roll
    assert list(record.drawn) == [
        face
        for die in roll.roll.dice
        for face in ((1, *die.faces) if die.rerolled_one else die.faces)
    ]
    assert store.command_of("night", 1) is None  # the opening is no command's
    assert [r.first for r in store.records("night")] == [2, 3]


def test_faces_given_at_the_table_are_recorded_as_given(
    service: SessionService, store: EventStore
) -> None:
    dice = parse_faces("9,8,7,10+3,2,1,1")
    service.decide("night", ATTACK, dice=dice)
    record = store.command_of("night", 4)
    assert record is not None and (record.given, record.drawn) == (dice, ())


def test_a_ruling_decided_again_with_its_recorded_dice_gives_the_same_events(
    service: SessionService, store: EventStore
) -> None:
    """What re-judging rests on: the record is enough to decide the command again."""
    before = Session(list(store.read("night")))
    recorded = service.decide("night", ATTACK, actor="ana", dice=random.Random(11))
    record = store.command_of("night", recorded[0].position)
    assert record is not None
    types = {t.__name__: t for t in load_ruleset("l5r4e").command_types}
    command = msgspec.convert({**record.inputs, "reason": record.reason}, types[record.kind])
    again = before.decide(command, Context(record.actor, record.at, FaceQueue(list(record.drawn))))
    assert again == [r.event for r in recorded]


def test_a_refused_or_conflicting_command_records_nothing(
    service: SessionService, store: EventStore
) -> None:
    with pytest.raises(NotFound, match="Nobody"):
        service.decide("night", TakeWounds(character="Nobody", amount=3))
    stale = store.last_position("night")
    service.decide("night", TakeNote(text="first"))
    late = CommandRecord(first=stale + 1, count=1, command="note", kind="TakeNote",
                         inputs={"text": "second"}, actor=GM, at=T0)  # fmt: skip
    with pytest.raises(ConcurrencyConflict):  # a writer that had not seen "first"
        store.append("night", stale, [NoteTaken(actor=GM, at=T0, text="second")], [late])
    assert [r.command for r in store.records("night")] == ["join", "note"]
    assert store.command_of("night", stale + 1).inputs == {"text": "first", "character": None}  # type: ignore[union-attr]


def test_records_travel_in_the_replay_file_and_come_back_on_import(
    service: SessionService, store: EventStore, tmp_path: Path
) -> None:
    service.decide("night", ATTACK, dice=random.Random(3))
    service.decide("night", TakeNote(text="a fine evening"))
    path = tmp_path / "night.jsonl"
    write_replay(path, list(store.read("night")), store.records("night"))
    header, events, records = read_replay_records(path)
    assert header.version == 2 and records == store.records("night")
    with EventStore(StoreConfig(kind="sqlite", data_dir=tmp_path / "other")) as other:
        other.append("night", 0, [r.event for r in events], records)
        assert other.records("night") == records
        assert other.command_of("night", 5) == records[-1]


def lines_of(service: SessionService, store: EventStore, tmp_path: Path) -> list[bytes]:
    service.decide("night", ATTACK, dice=random.Random(3))
    path = tmp_path / "night.jsonl"
    write_replay(path, list(store.read("night")), store.records("night"))
    return path.read_bytes().splitlines()


def test_a_record_of_events_the_file_does_not_hold_is_refused_by_its_line(
    service: SessionService, store: EventStore, tmp_path: Path
) -> None:
    lines = lines_of(service, store, tmp_path)
    lines[-1] = lines[-1].replace(b'"first":3', b'"first":9')
    with pytest.raises(CorruptReplay, match=r"line 7: the record of 'roll' claims events 9 to 10"):
        parse_replay_records(b"\n".join(lines) + b"\n")


def test_command_records_in_a_version_1_replay_are_refused(
    service: SessionService, store: EventStore, tmp_path: Path
) -> None:
    lines = lines_of(service, store, tmp_path)
    lines[0] = lines[0].replace(b'"version":2', b'"version":1')
    with pytest.raises(CorruptReplay, match="line 6: command records in a version 1 replay"):
        parse_replay_records(b"\n".join(lines) + b"\n")


def test_an_event_after_the_records_is_refused(
    service: SessionService, store: EventStore, tmp_path: Path
) -> None:
    lines = lines_of(service, store, tmp_path)
    lines.append(lines[4].replace(b'"position":4', b'"position":5'))
    with pytest.raises(CorruptReplay, match="line 8: an event after the command records"):
        parse_replay_records(b"\n".join(lines) + b"\n")


def test_a_session_of_its_opening_alone_is_written_as_version_2_with_its_head(
    store: EventStore, tmp_path: Path
) -> None:
    """Version 1 is a file whose rulings cannot be re-judged, refused unless taken
    ``--unverified`` (issue 28): a session that holds nothing else is no such file."""
    SessionService(store).open(session_id="quiet", ruleset="l5r4e", gm=GM)
    path = tmp_path / "quiet.jsonl"
    write_replay(path, list(store.read("quiet")), store.records("quiet"))
    header, events = read_replay(path)
    assert header.version == 2 and header.head == head("quiet", events)


@pytest.mark.parametrize("config", ["sqlite"], indirect=True)  # the doctor reads a file
def test_the_doctor_counts_the_records_and_names_a_damaged_one(
    service: SessionService, store: EventStore, tmp_path: Path
) -> None:
    from adapters.cli.doctor import examine

    assert examine(str(store.config.sqlite_path))["records"] == 1
    with sqlite3.connect(store.config.sqlite_path) as raw:
        raw.execute("UPDATE stored_events SET state = '{}' WHERE topic = 'kiroku:CommandRecord'")
    raw.close()
    report = examine(str(store.config.sqlite_path))
    assert report["records"] == 0
    assert "the command record at 2" in report["problems"][0]


def test_a_retraction_takes_back_the_whole_ruling_that_gave_the_event(
    service: SessionService, store: EventStore
) -> None:
    """Retracting the roll takes back the Void point its command spent for it too."""
    service.decide("night", ATTACK, dice=random.Random(3))  # 3: Void point, 4: roll
    retracted = service.decide("night", Retract(position=4, reason="never happened"))
    assert [r.event.position for r in retracted] == [3, 4]  # type: ignore[attr-defined]
    state = service.load("night").state
    assert set(state.retracted) == {3, 4}
    assert state.table.characters["akodo kaneka"].void_spent == 0  # the point is back


def test_undo_takes_back_the_latest_ruling_still_counting_whole(
    service: SessionService, store: EventStore
) -> None:
    service.decide("night", ATTACK, dice=random.Random(3))  # 3, 4
    service.decide("night", TakeNote(text="an aside"))  # 5
    assert [r.event.position for r in service.decide("night", Undo(reason="no"))] == [5]  # type: ignore[attr-defined]
    undone = service.decide("night", Undo(reason="not that either"))
    assert [r.event.position for r in undone] == [3, 4]  # type: ignore[attr-defined]


def test_an_event_no_command_recorded_is_retracted_alone(store: EventStore) -> None:
    """A session recorded before the records (here: events appended without one)."""
    service = SessionService(store, clock=Clock())
    service.open(session_id="old", ruleset="l5r4e", gm=GM)
    store.append(
        "old", 1, [NoteTaken(actor=GM, at=T0, text="a"), NoteTaken(actor=GM, at=T0, text="b")]
    )
    retracted = service.decide("old", Retract(position=3, reason="b was wrong"))
    assert [r.event.position for r in retracted] == [3]  # type: ignore[attr-defined]


def test_a_record_that_claims_events_another_command_gave_is_refused(
    service: SessionService, store: EventStore, tmp_path: Path
) -> None:
    service.decide("night", TakeNote(text="later"), actor=GM)  # 3, at another time
    lines = lines_of(service, store, tmp_path)  # 4, 5: the attack
    [index] = [i for i, line in enumerate(lines) if line.startswith(b'{"command":{"first":2,')]
    lines[index] = lines[index].replace(b'"count":1', b'"count":2')  # claims 2 to 3
    with pytest.raises(CorruptReplay, match=r"the record of 'join' .* does not match event 3"):
        parse_replay_records(b"\n".join(lines) + b"\n")
