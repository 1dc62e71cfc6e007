"""The curation scripts still play each curated session to its expected projections: the
scripts (tests/replays/curate*.py) and the stored replays cannot drift apart unnoticed.

Each script, played through the command Structs (a :class:`~tests.support.RecordedTable`),
must give the very events and records of its version 2 file, so that what the suite
re-judges is what the script curates (a record's inputs compared as the command they
read as: a field a command gained later reads at its default)."""

from __future__ import annotations

import msgspec
import pytest

from adapters.cli.replay_commands import dump_expected, expected_path
from adapters.replay_file import read_replay_records
from domain.commands import Command
from domain.events import Recorded
from domain.session.aggregate import Session
from domain.session.record import CommandRecord
from domain.session.rejudge import command_for
from projections import project
from tests.replays.curate import REPLAYS, SESSIONS
from tests.support import RecordedTable


def test_every_curated_session_has_its_script() -> None:
    assert {p.stem for p in REPLAYS.glob("*.jsonl")} == set(SESSIONS)


def as_curated(name: str) -> list[Recorded]:
    """The script's events as its file recorded them: a field an event type gained since
    (:attr:`domain.events.Event.later_fields`) left out where the file lacks it, as a
    store's older events lack it. The files stay as curated: the suite re-judges them as
    it re-judges any session recorded before."""
    _, stored, _ = read_replay_records(REPLAYS / f"{name}.jsonl")
    played = SESSIONS[name]().events
    if len(played) != len(stored):
        return played
    pairs = zip(played, stored, strict=True)
    return [Recorded(p.position, p.event.recorded_like(s.event)) for p, s in pairs]


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_the_script_plays_to_the_expected_projections(name: str) -> None:
    actual = dump_expected(project(as_curated(name)))
    assert actual == expected_path(REPLAYS / f"{name}.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_the_script_records_the_rulings_its_file_holds(name: str) -> None:
    table = SESSIONS[name]()
    header, events, records = read_replay_records(REPLAYS / f"{name}.jsonl")
    assert isinstance(table, RecordedTable) and header.version == 2
    assert events == as_curated(name)
    session = table.session
    assert [_as_command(r, session) for r in records] == [
        _as_command(r, session) for r in table.records
    ]


def _as_command(record: CommandRecord, session: Session) -> tuple[CommandRecord, Command]:
    """A record with its inputs read as the command they give: a field a command gained
    since the file was curated reads at its default, as in any stored session. Its seal
    is the file's to hold (over the events as the file stores them, which the suite
    checks), not the script's: an event type that gained a field encodes differently
    today."""
    command = command_for(record, session)
    sheet = getattr(command, "sheet", None)
    if isinstance(sheet, dict):  # a sheet given as JSON: read as the ruleset's sheet
        read = msgspec.convert(sheet, session.ruleset.sheet_type)
        command = msgspec.structs.replace(command, sheet=msgspec.to_builtins(read))
    return msgspec.structs.replace(record, inputs={}, chain=""), command
