"""The curation scripts still play each curated session to its expected projections: the
scripts (tests/replays/curate*.py) and the stored replays cannot drift apart unnoticed."""

from __future__ import annotations

import pytest

from adapters.cli.replay_commands import dump_expected, expected_path
from projections import project
from tests.replays.curate import REPLAYS, SESSIONS


def test_every_curated_session_has_its_script() -> None:
    assert {p.stem for p in REPLAYS.glob("*.jsonl")} == set(SESSIONS)


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_the_script_plays_to_the_expected_projections(name: str) -> None:
    table = SESSIONS[name]()
    actual = dump_expected(project(table.session.events))
    assert actual == expected_path(REPLAYS / f"{name}.jsonl").read_text(encoding="utf-8")
