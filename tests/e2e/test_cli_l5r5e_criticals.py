"""A critical strike's effects under ``l5r5e-house`` through the real entry point (issue
31): the GM's critical met by ``resist``, its effects in ``state`` (the table and
``--json``) and in the log, Medicine by ``treat``, the GM's ``afflict``, bad input
exiting 2 quoting it with nothing appended, and a retraction taking the effects with
the critical."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Run, ok, seated

S = ("--session", "crit")
DAINI = ("--character", "Mirumoto Daini")


@pytest.fixture
def duel(kiroku: Run) -> Run:
    seats = (("kakita-ryoku-5e", "ana"), ("mirumoto-daini-5e", "ben"))
    seated(kiroku, "crit", *seats, ruleset="l5r5e-house")
    ok(kiroku, "confront", "start", "duel", *S)
    ok(kiroku, "initiative", *S, "--character", "Kakita Ryoku", "--ring", "fire", "--keep", "0,1",
       "--faces", "5,3,1,8,1")  # fmt: skip
    ok(kiroku, "initiative", *S, *DAINI, "--ring", "water", "--keep", "0", "--faces", "5,4,1,9")
    ok(kiroku, "confront", "round", *S)
    return kiroku


def agonizing(kiroku: Run) -> int:
    """An agonizing death of 12 dealt to Daini and met (Fitness failed): the hit's position."""
    dealt = ok(kiroku, "hit", *S, *DAINI, "--critical", "12", "--source", "a falling beam")
    ok(kiroku, "resist", *S, *DAINI, "--faces", "1,1,1,1,1", "--as", "ben")
    position: int = dealt["recorded"][0]["position"]
    return position


def test_an_agonizing_death_shows_its_effects_in_state_and_the_log(duel: Run) -> None:
    agonizing(duel)
    daini = ok(duel, "state", *S)["fighters"]["Mirumoto Daini"]
    assert daini["conditions"]["wounds"] == {"water": "severely"}
    assert daini["conditions"]["bleeding"] and daini["conditions"]["dying"] == 3
    assert not daini["dead"]
    table = duel("state", *S).stdout
    assert "Severely Wounded (water), Bleeding, Dying (3 rounds)" in table
    log = duel("log", *S).stdout
    assert "Mirumoto Daini is Severely Wounded on water: +3 TN on its checks" in log
    assert "Mirumoto Daini is Dying: dead in 3 round(s) unless treated" in log
    assert ok(duel, "log", *S, "--as", "ben") == ok(duel, "log", *S)  # nothing of it hidden


def test_medicine_saves_the_dying_through_treat(duel: Run) -> None:
    """Ryoku, on his turn, in the Fire stance: 3 ring dice, two exploding — 5 successes
    against TN 4."""
    agonizing(duel)
    ok(duel, "treat", *S, "--character", "Kakita Ryoku", "--patient", "Mirumoto Daini",
       "--condition", "dying", "--faces", "6,6,5,5,5", "--as", "ana")  # fmt: skip
    assert ok(duel, "state", *S)["fighters"]["Mirumoto Daini"]["conditions"]["dying"] is None
    assert "treats Mirumoto Daini's dying (Medicine TN 4): stopped" in duel("log", *S).stdout


def test_retracting_the_critical_takes_its_effects_with_it(duel: Run) -> None:
    hit = agonizing(duel)
    ok(duel, "retract", *S, str(hit), "--reason", "the beam never fell")
    conditions = ok(duel, "state", *S)["fighters"]["Mirumoto Daini"]["conditions"]
    assert (conditions["wounds"], conditions["bleeding"], conditions["dying"]) == ({}, False, None)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("afflict", "scar", *DAINI), "afflict 'scar': name the ring"),
        (("afflict", "gangrene", *DAINI), "invalid choice: 'gangrene'"),
        (("afflict", "dead", *DAINI), "invalid choice: 'dead'"),
        (("afflict", "bleeding", "--character", "Nobody"), "no character 'Nobody'"),
        (("treat", *DAINI, "--patient", "Mirumoto Daini", "--condition", "bleeding",
          "--faces", "5,5,5,1,1"), "Mirumoto Daini is not Bleeding"),
        (("treat", *DAINI, "--patient", "Mirumoto Daini", "--condition", "thirst",
          "--faces", "5"), "invalid choice: 'thirst'"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_quoting_it_and_appends_nothing(
    duel: Run, args: tuple[str, ...], said: str
) -> None:
    before = len(ok(duel, "log", *S))
    done = duel(*args, *S)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert len(ok(duel, "log", *S)) == before


TABLE: list[dict[str, Any]] = [
    {"low": 0, "high": 5, "name": "Scratch", "effects": ["bleeding"]},
    {"low": 6, "high": None, "name": "Slain", "effects": ["dead"]},
]


def test_the_gm_loads_a_critical_table_of_their_own(duel: Run, tmp_path: Path) -> None:
    table = tmp_path / "criticals.json"
    table.write_text(json.dumps(TABLE), encoding="utf-8")
    ok(duel, "critical-table", str(table), *S)
    agonizing(duel)
    daini = ok(duel, "state", *S)["fighters"]["Mirumoto Daini"]
    assert daini["dead"] and daini["criticals"] == [{"severity": 12, "result": "Slain"}]
    assert "the GM loads a critical table of 2 bands" in duel("log", *S).stdout


def test_a_critical_table_with_a_gap_exits_2_quoting_the_band(duel: Run, tmp_path: Path) -> None:
    table = tmp_path / "criticals.json"
    table.write_text(json.dumps([TABLE[0], {**TABLE[1], "low": 7}]), encoding="utf-8")
    before = len(ok(duel, "log", *S))
    done = duel("critical-table", str(table), *S)
    assert done.returncode == 2 and '"low":7' in done.stderr and "start at 6" in done.stderr
    assert len(ok(duel, "log", *S)) == before
