"""The curation scripts still play each curated session to its expected projections: the
scripts (tests/replays/curate*.py) and the stored replays cannot drift apart unnoticed.

A script played through the command Structs (a :class:`~tests.support.RecordedTable`)
must give the very events and records of its version 2 file, so that what the suite
re-judges is what the script curates; the one played through the rule functions (a
:class:`~tests.support.Table`, a call no command gives) is the one version 1 file."""

from __future__ import annotations

import pytest

from adapters.cli.replay_commands import dump_expected, expected_path
from adapters.replay_file import read_replay_records
from projections import project
from tests.replays.curate import REPLAYS, SESSIONS
from tests.support import RecordedTable


def test_every_curated_session_has_its_script() -> None:
    assert {p.stem for p in REPLAYS.glob("*.jsonl")} == set(SESSIONS)


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_the_script_plays_to_the_expected_projections(name: str) -> None:
    table = SESSIONS[name]()
    actual = dump_expected(project(table.session.events))
    assert actual == expected_path(REPLAYS / f"{name}.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_the_script_records_the_rulings_its_file_holds(name: str) -> None:
    table = SESSIONS[name]()
    header, events, records = read_replay_records(REPLAYS / f"{name}.jsonl")
    if not isinstance(table, RecordedTable):
        assert header.version == 1 and not records
        return
    assert header.version == 2
    assert events == table.events
    assert records == table.records


def test_one_curated_session_alone_has_no_command_records() -> None:
    """void-and-movement's free action at Out is no command's (see its script)."""
    unrecorded = {n for n, script in SESSIONS.items() if not isinstance(script(), RecordedTable)}
    assert unrecorded == {"void-and-movement"}
