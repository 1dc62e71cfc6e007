"""The audit commands' details: what a player may see of a hidden roll's command, times
recorded without a zone, an export taken while the session moves on."""

from __future__ import annotations

import argparse
from collections.abc import Generator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from adapters.cli.audit import aware, render_command
from adapters.cli.render import local_time
from adapters.cli.replay_commands import _export
from adapters.replay_file import read_replay_records
from adapters.store import EventStore, StoreConfig
from application.audit import record_row
from application.service import SessionService
from domain.events import Recorded
from domain.session.commands import TakeNote
from domain.session.record import CommandRecord, Used
from tests.support import GM, T0, Clock


def test_a_player_sees_no_input_nor_die_of_a_hidden_rolls_command() -> None:
    record = CommandRecord(first=13, count=2, command="roll", kind="Roll", actor=GM, at=T0,
                           inputs={"tn": 35, "label": "secret ambush", "hidden": True},
                           drawn=(9, 4, 2))  # fmt: skip
    seen = record_row(record, viewer_is_gm=False)
    assert (seen["inputs"], seen["drawn"], seen["positions"]) == ({"hidden": True}, [], [13, 14])
    assert record_row(record, viewer_is_gm=True)["inputs"]["label"] == "secret ambush"


def test_a_player_reads_no_position_of_what_a_ruling_used_in_its_record() -> None:
    """The attack at 20 was measured against a Full Defense the GM kept hidden at 17:
    its record names event 17, which a player may not know exists (issue 28, item 3)."""
    record = CommandRecord(first=20, count=2, command="attack", kind="Attack", actor="ana",
                           at=T0, inputs={}, used=(Used(21, 17, False),))  # fmt: skip
    assert "used" not in record_row(record, viewer_is_gm=False)
    assert [list(u) for u in record_row(record, viewer_is_gm=True)["used"]] == [[21, 17, False]]


def test_a_time_recorded_without_its_zone_is_utc() -> None:
    assert aware(datetime(2026, 11, 29, 19, 0)) == datetime(2026, 11, 29, 19, 0, tzinfo=UTC)
    assert local_time("2026-11-29T19:00:00") == local_time("2026-11-29T19:00:00+00:00")


def test_an_export_keeps_only_the_records_of_the_events_it_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command appended between reading the events and reading the records is in
    neither: the file stays whole."""
    with EventStore(StoreConfig(kind="sqlite", data_dir=tmp_path / "data")) as store:
        service = SessionService(store, clock=Clock())
        service.open(session_id="night", ruleset="l5r4e", gm=GM)
        service.decide("night", TakeNote(text="read"))
        service.decide("night", TakeNote(text="appended meanwhile"))
    read = EventStore.read

    def before_the_last(self: EventStore, *args: Any, **kwargs: Any) -> Generator[Recorded]:
        yield from (r for r in read(self, *args, **kwargs) if r.position < 3)

    monkeypatch.setattr(EventStore, "read", before_the_last)
    monkeypatch.setenv("KIROKU_DATA_DIR", str(tmp_path / "data"))
    out = tmp_path / "night.jsonl"
    _export(argparse.Namespace(session_id="night", output=str(out), data_dir=None))
    monkeypatch.undo()
    _, events, records = read_replay_records(out)
    assert [r.position for r in events] == [1, 2]
    assert [r.first for r in records] == [2]


def test_a_commands_inputs_read_as_they_were_typed() -> None:
    """A repeated option once per value, a name with a space quoted as the shell reads it
    (issue 31: two encouragers on one attack)."""
    inputs = {"encouraged_by": ["Kuni Lingus", "Ally"], "void": True, "tn": 20}
    command = {"command": "attack", "kind": "Attack", "actor": GM, "at": "2026-12-06T08:00:00",
               "positions": [7, 8], "drawn": [], "given": [], "inputs": inputs}  # fmt: skip
    assert render_command(command)[1] == (
        "  inputs: --encouraged-by 'Kuni Lingus' --encouraged-by Ally --void --tn 20"
    )
