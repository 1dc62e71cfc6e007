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
