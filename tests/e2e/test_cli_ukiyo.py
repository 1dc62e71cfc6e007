"""The ukiyo ruleset through the real entry point: a duel from the shell, bad input exits
2 quoting it with nothing appended, its odds, its rules and its replays."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import Run, ok, seated

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "replays" / "sheets"
S = ("--session", "duel")


def count(kiroku: Run) -> int:
    return len(ok(kiroku, "log", *S))


@pytest.fixture
def duel(kiroku: Run) -> Run:
    """The Tengu (initiative) against Wasari, to the death."""
    seats = (("tengu-ukiyo", "ana"), ("wasari-ukiyo", "ben"))
    seated(kiroku, "duel", *seats, gm="meneur", ruleset="ukiyo")
    ok(kiroku, "conflict", "start", *S, "--side", "Tengu", "--side", "Wasari")
    ok(kiroku, "objective", *S, "--side", "Tengu", "--gravity", "3", "faire payer Wasari")
    ok(kiroku, "objective", *S, "--side", "Wasari", "--gravity", "3", "tuer le Tengu")
    ok(kiroku, "initiative", *S, "--side", "Tengu", "--how", "initiator")
    return kiroku


def test_a_manche_from_the_shell_records_its_dice_bet_and_reckoning(duel: Run) -> None:
    ok(duel, "test", *S, "--character", "Tengu", "--technique", "déluge de plomb",
       "--faces", "4,4", "--as", "ana")  # fmt: skip
    ok(duel, "test", *S, "--character", "Wasari", "--technique", "feinte martiale",
       "--unsuitable", "3", "--call", "even", "--faces", "5,3", "--as", "ben")  # fmt: skip
    assert ok(duel, "state", *S)["conflicts"]["open"]["Tengu vs Wasari"]["tests"]["Wasari"][
        "bet_won"
    ]
    table = duel("state", *S).stdout.splitlines()  # the manche's tests, each bet told
    assert "Tengu vs Wasari: manche 1's tests" in table
    wasari = next(line for line in table if "feinte martiale" in line)
    assert wasari.split()[-2:] == ["even:", "won"] and " 5+3 " in wasari
    ok(duel, "claim", "wound", *S, "--character", "Wasari", "--as", "ben")
    state = ok(duel, "state", *S)
    conflict = state["conflicts"]["open"]["Tengu vs Wasari"]
    assert conflict["sides"]["Tengu"]["won"] == 1 and conflict["manche"] == 2
    assert state["characters"]["Tengu"]["wounds"] == 1
    shown = duel("show", *S, "10").stdout
    assert "malus unsuitable: −3" in shown and "dice: 5 + 3" in shown
    links = {(f["event"], f["follows"]) for f in ok(duel, "why", *S, "12")["follows"]}
    assert {(11, 10), (12, 9), (12, 10)} <= links, "the gain's bet, the manche's two tests"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("test", "--character", "Wasari", "--technique", "poignard caché", "--seed", "1"),
         "Tengu has the initiative: it tests first"),
        (("test", "--character", "Tengu", "--technique", "kata", "--seed", "1"),
         "Tengu has no technique 'kata'"),
        (("test", "--character", "Tengu", "--technique", "sabre du tengu", "--faces", "3,9"),
         "a six-sided die cannot show 9"),
        (("test", "--character", "Tengu", "--technique", "sabre du tengu", "--faces", "3,3,3"),
         "were not rolled"),
        (("test", "--character", "Tengu", "--technique", "sabre du tengu", "--edge", "4",
          "--seed", "1"), "3 (or 6"),
        (("test", "--character", "Tengu", "--technique", "sabre du tengu", "--call", "both",
          "--seed", "1"), "invalid choice: 'both'"),
        (("claim", "wound", "--character", "Tengu"), "no yakuza bet won"),
        (("objective", "--side", "Nobody", "--gravity", "2", "x"), "no side 'Nobody'"),
        (("objective", "--side", "Tengu", "--gravity", "9", "x"), "9"),
        (("punish", "--by", "Tengu", "--side", "Wasari", "--gravity", "3", "x"), "is not won"),
        (("conflict", "start", "--side", "Tengu"), "two sides or more"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_quoting_it_and_appends_nothing(
    duel: Run, args: tuple[str, ...], said: str
) -> None:
    before = count(duel)
    done = duel(*args, *S)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert count(duel) == before


def test_the_odds_of_a_test_and_of_a_conflict(kiroku: Run) -> None:
    """Exact, in rational arithmetic: the conflict's as a fraction too."""
    one = ok(kiroku, "odds", "--ruleset", "ukiyo", "8-3 vs 7")
    assert (one["mine"], one["theirs"]) == (5, 7) and round(one["probability"], 4) == 0.2392
    conflict = ok(kiroku, "odds", "--ruleset", "ukiyo", "8 vs 7", "--manches", "3", "--score",
                  "1-0", "--bet", "all_or_nothing")  # fmt: skip
    assert conflict["exact"] == "148632677/193100552"
    assert (
        "the conflict, first to 3"
        in kiroku("odds", "--ruleset", "ukiyo", "8 vs 7", "--manches", "3").stdout
    )
    refusals = [
        (("8 vs",), "write SCORE[-MALUS] vs SCORE"),
        (("8 vs 7", "--bet", "luck", "--manches", "2"), "--bet: invalid choice: 'luck'"),
        (("8 vs 7", "--manches", "9"), "odds --manches 9: Expected `int` <= 5"),
        (("8 vs 7", "--tn", "7"), "not --tn"),
        (("8 vs 7", "--manches", "2", "--score", "2-0"), "not under way"),
    ]
    for bad, said in refusals:
        done = kiroku("odds", "--ruleset", "ukiyo", *bad)
        assert done.returncode == 2 and said in done.stderr, done.stderr


def test_the_rules_list_options_and_the_readings_that_are_not(kiroku: Run) -> None:
    rules = ok(kiroku, "rules", "ukiyo")
    assert set(rules["options"]) == {"resolution", "ties", "wound_maluses", "variety_malus"}
    assert any("chō-han" in r for r in rules["readings"])
    done = kiroku("session", "open", "--id", "x", "--gm", "m", "--ruleset", "ukiyo", "--option",
                  "wound_maluses=0,6,3,6")  # fmt: skip
    assert done.returncode == 2 and "never less for more wounds" in done.stderr


def test_a_replay_imports_and_reads(kiroku: Run) -> None:
    done = kiroku("import", str(ROOT / "replays" / "ukiyo-sakura.jsonl"))
    assert done.returncode == 0, done.stderr
    state = ok(kiroku, "state", "--session", "ukiyo-sakura")
    assert state["conflicts"]["ended"] == ["Sakura vs Le souteneur", "héros vs Wasari"]
    assert state["characters"]["Wasari"]["wounds"] == 1


def test_a_contested_gain_is_amended_as_show_prints_it(duel: Run) -> None:
    """`kiroku show` prints every input as ``--name VALUE``; amend takes a positional one
    (the gain) so too, and the wound the gain dealt goes with it."""
    ok(duel, "test", *S, "--character", "Tengu", "--technique", "déluge de plomb",
       "--faces", "4,4", "--as", "ana")  # fmt: skip
    ok(duel, "test", *S, "--character", "Wasari", "--technique", "feinte martiale",
       "--call", "even", "--faces", "5,3", "--as", "ben")  # fmt: skip
    ok(duel, "claim", "wound", *S, "--character", "Wasari", "--as", "ben")
    assert "inputs: --gain wound" in duel("show", *S, "11").stdout
    ok(duel, "amend", "11", *S, "--reason", "no gain was named", "--gain", "none")
    assert ok(duel, "state", *S)["characters"]["Tengu"]["wounds"] == 0
    done = duel("amend", "11", *S, "--reason", "r", "--gain", "none", "wound")
    assert done.returncode == 2 and "given twice" in done.stderr
