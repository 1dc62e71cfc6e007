"""The house combat flow (``l5r-house``) through the real entry point, issue 31: a Full
Defence rolled when first attacked, a TN to be hit the GM sets, and what ``state
--json`` says of them (``house-combat-flow.fr.txt``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import SHEETS, Run, ok, seated

S = ("--session", "house")
MOTO = ("--character", "Moto Chagatai")
TSUNEO = ("--character", "Hida Tsuneo")


def scene(kiroku: Run) -> Run:
    """Moto (ana's, initiative 6 after his ambush's −2) and Tsuneo (ben's, 12, Defense
    2), round 1 begun, as the ruleset's page plays it."""
    seated(kiroku, "house", ("moto-chagatai", "ana"), ("hida-tsuneo-house", "ben"),
           ruleset="l5r-house")  # fmt: skip
    ok(kiroku, "wound", *S, *MOTO, "15", "--source", "an ambush")
    ok(kiroku, "combat", "start", *S)
    ok(kiroku, "initiative", *S, *MOTO, "--faces", "5")
    ok(kiroku, "initiative", *S, *TSUNEO, "--weapon", "Yari", "--faces", "9,4")
    ok(kiroku, "combat", "round", *S)
    return kiroku


@pytest.fixture
def house(kiroku: Run) -> Run:
    return scene(kiroku)


def count(kiroku: Run) -> int:
    return len(ok(kiroku, "log", *S))


def state(kiroku: Run) -> dict[str, Any]:
    found: dict[str, Any] = ok(kiroku, "state", *S)
    return found


def test_a_full_defence_is_rolled_at_the_first_attack_on_it(house: Run) -> None:
    """« dès que l'on essaie de le toucher, son ND passe durant tout le tour à : ND actuel
    + (agilité + défense)g(défense) »: declaring it rolls nothing (faces given then are
    refused, nothing recorded); Moto's attack rolls it first, its faces before his."""
    ok(house, "declare", "attack", *S, *MOTO, "--target", "Hida Tsuneo", "--as", "ana")
    before = count(house)
    refused = house("declare", "full_defence", *S, *TSUNEO, "--faces", "8,7,5,1,1", "--as", "ben")
    assert refused.returncode != 0 and "rolled at the first attack" in refused.stderr
    assert count(house) == before
    ok(house, "declare", "full_defence", *S, *TSUNEO, "--as", "ben")
    tsuneo = state(house)["defence"]["Hida Tsuneo"]
    assert (tsuneo["tn"], tsuneo["full_defence"]) == (20, "awaits the first attack")
    assert "20+?" in house("state", *S).stdout
    ok(house, "combat", "next", *S, "--as", "ben")
    short = house("attack", *S, *MOTO, "--faces", "9", "--as", "ana")  # the attack's die only
    assert short.returncode != 0 and "rolls it first (5k2): its faces, then" in short.stderr
    ok(house, "attack", *S, *MOTO, "--faces", "8,7,5,1,1,9", "--as", "ana")
    log = ok(house, "log", *S)
    kinds = [row["type"] for row in log[-4:]]
    assert kinds == ["DiceRolled", "FullDefenceRolled", "DiceRolled", "AttackMade"]
    assert log[-3]["summary"] == (
        "Hida Tsuneo's Full Defence, rolled at Moto Chagatai's attack: +15 to the TN this round"
    )
    assert log[-1]["event"]["tn"] == 35 and not log[-1]["event"]["hit"]
    tsuneo = state(house)["defence"]["Hida Tsuneo"]
    assert (tsuneo["tn"], tsuneo["full_defence"]) == (35, "rolled")


def test_a_full_defence_nobody_attacks_rolls_nothing(house: Run) -> None:
    ok(house, "declare", "simple_and_complex", *S, *MOTO, "--as", "ana")
    ok(house, "declare", "full_defence", *S, *TSUNEO, "--as", "ben")
    ok(house, "combat", "next", *S, "--as", "ben")
    ok(house, "combat", "next", *S, "--as", "ana")
    ok(house, "combat", "round", *S)
    log = ok(house, "log", *S)
    assert not [row for row in log if row["type"] == "FullDefenceRolled"]
    rolls = [row["event"]["purpose"] for row in log if row["type"] == "DiceRolled"]
    assert "defense" not in rolls


def test_the_option_declared_rolls_it_as_it_is_declared(kiroku: Run) -> None:
    ok(kiroku, "session", "open", "--id", "house", "--gm", "sensei", "--ruleset", "l5r-house",
       "--option", "full_defence_roll=declared")  # fmt: skip
    for sheet, player in (("moto-chagatai", "ana"), ("hida-tsuneo-house", "ben")):
        ok(kiroku, "join", *S, "--sheet", str(SHEETS / f"{sheet}.json"), "--player", player)
    ok(kiroku, "combat", "start", *S)
    ok(kiroku, "initiative", *S, *MOTO, "--faces", "5")
    ok(kiroku, "initiative", *S, *TSUNEO, "--weapon", "Yari", "--faces", "9,4")
    ok(kiroku, "combat", "round", *S)
    ok(kiroku, "declare", "attack", *S, *MOTO, "--target", "Hida Tsuneo", "--as", "ana")
    ok(kiroku, "declare", "full_defence", *S, *TSUNEO, "--faces", "8,7,5,1,1", "--as", "ben")
    assert state(kiroku)["defence"]["Hida Tsuneo"]["tn"] == 35
    bad = kiroku("session", "open", "--id", "other", "--gm", "sensei", "--ruleset", "l5r-house",
                 "--option", "full_defence_roll=whenever")  # fmt: skip
    assert bad.returncode != 0 and "whenever" in bad.stderr


def test_the_gm_rules_a_tn_to_be_hit_shows_it_lifts_it_and_retracts_it(house: Run) -> None:
    """A TN to be hit the GM sets: recorded with its reason, in ``state --json``, on the
    attack's TN; bad input refused quoting it, nothing recorded; lifted; retracted with
    the attack decided again."""
    before = count(house)
    for bad, said in (
        (("--modifier", "60"), "60"),
        (("--modifier", "5"), "--reason"),
        (("--reason", "fog"), "--modifier"),
        (("--modifier", "five", "--reason", "fog"), "five"),
    ):
        done = house("tn", "rule", *S, *MOTO, *bad)
        assert done.returncode != 0 and said in done.stderr, (bad, done.stderr)
    done = house("tn", "rule", *S, *MOTO, "--modifier", "5", "--reason", "fog", "--as", "ana")
    assert done.returncode != 0 and "ana" in done.stderr
    assert count(house) == before
    ok(house, "tn", "rule", *S, *MOTO, "--modifier", "5", "--reason", "in the reeds")
    ruling = ok(house, "log", *S)[-1]
    assert ruling["summary"] == "the GM rules Moto Chagatai's TN to be hit: +5"
    assert ruling["reason"] == "in the reeds"
    moto = state(house)["defence"]["Moto Chagatai"]
    assert moto["tn"] == 25
    assert moto["ruling"] == {"modifier": 5, "base": None, "reason": "in the reeds"}
    assert "25 (MJ)" in house("state", *S).stdout
    ok(house, "declare", "simple_and_complex", *S, *MOTO, "--as", "ana")
    ok(house, "declare", "attack", *S, *TSUNEO, "--target", "Moto Chagatai", "--as", "ben")
    ok(house, "attack", *S, *TSUNEO, "--faces", "9,8,7,1,1,1", "--as", "ben")  # 24
    made = ok(house, "log", *S)[-1]["event"]
    assert (made["tn"], made["hit"]) == (25, False)
    ok(house, "retract", *S, str(ruling["position"]), "--reason", "there were no reeds")
    made = ok(house, "log", *S)[-1]["event"]
    assert made["type"] == "AttackMade" and (made["tn"], made["hit"]) == (20, True)
    assert "ruling" not in state(house)["defence"]["Moto Chagatai"]
    ok(house, "tn", "rule", *S, *MOTO, "--base", "10", "--reason", "he kneels")
    assert state(house)["defence"]["Moto Chagatai"]["tn"] == 10
    ok(house, "tn", "lift", *S, *MOTO, "--reason", "he stands")
    assert state(house)["defence"]["Moto Chagatai"]["tn"] == 20
    nothing = house("tn", "lift", *S, *MOTO)
    assert nothing.returncode != 0 and "no ruling stands" in nothing.stderr
