"""The l5r5e-house ruleset through the real entry point: bad input exits 2, quoting it,
with nothing appended; its odds and its replays."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import Run, ok, seated

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "replays" / "sheets"
S = ("--session", "duel")


@pytest.fixture
def duel(kiroku: Run) -> Run:
    seats = (("kakita-ryoku-5e", "ana"), ("mirumoto-daini-5e", "ben"))
    seated(kiroku, "duel", *seats, ruleset="l5r5e-house")
    ok(kiroku, "confront", "start", "duel", *S)
    ok(kiroku, "initiative", *S, "--character", "Kakita Ryoku", "--ring", "fire", "--keep", "0,1",
       "--faces", "5,3,1,8,1")  # fmt: skip
    ok(kiroku, "initiative", *S, "--character", "Mirumoto Daini", "--ring", "water", "--keep",
       "0", "--faces", "5,4,1,9")  # fmt: skip
    ok(kiroku, "confront", "round", *S)
    return kiroku


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("stare", "--bid", "Kakita Ryoku=9", "--bid", "Mirumoto Daini=0"), "at most their focus"),
        (("stare", "--bid", "Kakita Ryoku"), "NAME=STRIFE"),
        (("strike", "--character", "Kakita Ryoku", "--target", "Nobody", "--seed", "1"),
         "no character 'Nobody'"),
        (("strike", "--character", "Kakita Ryoku", "--target", "Mirumoto Daini", "--keep",
          "0,9", "--faces", "5,5,1,9,1,1"), "die 9 is not one of the 6 dice"),
        (("strike", "--character", "Mirumoto Daini", "--target", "Kakita Ryoku", "--seed", "1",
          "--as", "ben"), "it is Kakita Ryoku's turn"),
        (("resist", "--character", "Mirumoto Daini"), "no hit to meet"),
        (("coup-de-grace", "--character", "Mirumoto Daini", "--seed", "1"), "no coup de grâce"),
        (("stance", "smoke", "--character", "Kakita Ryoku"), "invalid choice: 'smoke'"),
        (("sleep", "--character", "Kakita Ryoku"), "no one sleeps in a confrontation"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_quoting_it_and_appends_nothing(
    duel: Run, args: tuple[str, ...], said: str
) -> None:
    before = len(ok(duel, "log", *S))
    done = duel(*args, *S)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert len(ok(duel, "log", *S)) == before


def test_its_odds_are_the_narrative_dice_s(kiroku: Run) -> None:
    data = ok(kiroku, "odds", "3r2s", "--tn", "2", "--ruleset", "l5r5e-house")
    assert round(100 * data["probability"], 4) == 87.3409


def test_the_skirmish_replay_imports_and_reads(kiroku: Run) -> None:
    done = kiroku("import", str(ROOT / "replays" / "l5r5e-house-skirmish.jsonl"))
    assert done.returncode == 0, done.stderr
    fighters = ok(kiroku, "state", "--session", "l5r5e-house-skirmish")["fighters"]
    assert fighters["Bandit 2"]["glory"] == 10 - 4
    assert fighters["Bandit 1"]["fatigue"] == 4  # 12, down to half its endurance of 8


def test_the_state_table_names_each_critical_suffered_with_its_severity(kiroku: Run) -> None:
    done = kiroku("replay", str(ROOT / "replays" / "l5r5e-house-duel.jsonl"))
    assert done.returncode == 0, done.stderr
    rows = {line.split("  ")[0].strip("▶ "): line for line in done.stdout.splitlines()}
    assert "criticals" in done.stdout.splitlines()[2]
    assert "Permanent injury (8)" in rows["Kakita Ryoku"]
    assert "Flesh wound (3)" in rows["Mirumoto Daini"]


def test_faces_typed_but_not_rolled_are_refused(duel: Run) -> None:
    """``--faces`` are what the table rolled: one left over is a typo to say, not to drop."""
    before = len(ok(duel, "log", *S))
    done = duel("strike", *S, "--character", "Kakita Ryoku", "--target", "Mirumoto Daini",
                "--faces", "5,5,1,1,1,1,9,9,9", "--as", "ana")  # fmt: skip
    assert done.returncode == 2 and "3 of the faces given were not rolled (9, 9, 9)" in done.stderr
    assert len(ok(duel, "log", *S)) == before


def test_the_rules_list_options_and_the_readings_that_are_not(kiroku: Run) -> None:
    rules = ok(kiroku, "rules", "l5r5e-house")
    assert set(rules["options"]) == {
        "vigilance_rounding", "stare_down_cap", "keep_default", "opportunity_critical",
        "coup_window", "stare_down", "critical_table",
    }  # fmt: skip
    assert any("range bands lie on one line" in r for r in rules["readings"])
    assert "readings where the text is silent" in kiroku("rules", "l5r5e-house").stdout
