"""The l5r4e play commands through the real entry point: a GM at the shell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import Run, ok, seated

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"
S = ("--session", "play")


@pytest.fixture
def fight(kiroku: Run) -> Run:
    seated(kiroku, "play", ("akodo-kaneka", "ana"), ("bayushi-fumi", "ben"))
    ok(kiroku, "combat", "start", *S)
    ok(kiroku, "initiative", *S, "--character", "Akodo Kaneka", "--faces", "9,9,9,2")
    ok(kiroku, "initiative", *S, "--character", "Bayushi Fumi", "--faces", "3,2,2,2")
    ok(kiroku, "combat", "round", *S)
    return kiroku


KANEKA_CUTS = ("attack", *S, "--character", "Akodo Kaneka", "--target", "Bayushi Fumi",
               "--weapon", "Katana")  # fmt: skip
"""Kaneka's katana at Fumi: the attack the tests below give, with their own options."""


def test_an_attack_its_damage_and_the_armour_tn_from_the_shell(fight: Run) -> None:
    ok(fight, "void", *S, "--character", "Bayushi Fumi", "--use", "armour", "--as", "ben")
    attack = ok(fight, *KANEKA_CUTS, "--raises", "1", "--manoeuvre", "increased_damage:1",
                "--faces", "10+9,10+2,9,3,2,2")  # fmt: skip
    assert attack["roll"]["tn"] == 35  # 20 + Void 10, + 5 for Kaneka's light armour
    assert attack["roll"]["total"] == 40  # 35 + the raise: a hit
    assert attack["recorded"][-1]["summary"].endswith("damage 7k2")
    damage = ok(fight, "damage", *S, "--character", "Akodo Kaneka", "--faces", "9,8,2,2,2,2,2")
    assert damage["recorded"][-1]["summary"] == (
        "Bayushi Fumi takes 17 wounds from Akodo Kaneka's Katana"
    )
    state = ok(fight, "state", *S)
    assert state["armour"]["Bayushi Fumi"]["tn"] == 30
    assert state["actions"]["Akodo Kaneka"]["complex_left"] == 0


def test_conditions_and_the_reaction_phase(fight: Run) -> None:
    ok(fight, "condition", "apply", "stunned", *S, "--character", "Bayushi Fumi")
    ok(fight, "recover", "stunned", *S, "--character", "Bayushi Fumi", "--faces", "10+5,9")
    state = ok(fight, "state", *S)
    assert state["conditions"]["Bayushi Fumi"] == {}


def test_a_refused_play_command_exits_2_and_records_nothing(fight: Run) -> None:
    before = len(json.loads(fight("log", *S, "--json").stdout))
    done = fight(
        "attack",
        *S,
        "--character",
        "Bayushi Fumi",
        "--target",
        "Akodo Kaneka",
        "--faces",
        "1,1,1,1,1",
    )
    assert done.returncode == 2 and "not Bayushi Fumi's turn" in done.stderr
    done = fight(*KANEKA_CUTS, "--manoeuvre", "teleport", "--faces", "1")
    assert done.returncode == 2 and "manoeuvre 'teleport'" in done.stderr
    assert len(json.loads(fight("log", *S, "--json").stdout)) == before


def test_a_duel_from_the_shell(kiroku: Run) -> None:
    seated(kiroku, "play", ("akodo-kaneka", "ana"), ("bayushi-fumi", "ben"))
    ok(kiroku, "duel", "begin", *S, "--challenger", "Akodo Kaneka", "--defender", "Bayushi Fumi")
    ok(kiroku, "duel", "assess", *S, "--duel", "duel-1", "--seed", "3")
    ok(kiroku, "duel", "focus", *S, "--duel", "duel-1", "--seed", "4")
    ok(kiroku, "duel", "strike", *S, "--duel", "duel-1", "--seed", "5")
    duel = ok(kiroku, "state", *S)["duels"]["duel-1"]
    assert duel["phase"] == "over" and duel["outcome"] in (
        "first_blood",
        "karmic",
        "stopped",
    )


def test_tables_and_a_battle_from_files(kiroku: Run, tmp_path: Path) -> None:
    seated(kiroku, "play", ("akodo-kaneka", "ana"), ("bayushi-fumi", "gm"))
    table = tmp_path / "battle.json"
    table.write_text(
        json.dumps(
            [
                {"engagement": e, "status": s, "low": 1, "high": 40, "glory": 3}
                for e in ("reserve", "disengaged", "engaged", "front_line")
                for s in ("winning", "held", "losing")
            ]
        )
    )
    ok(
        kiroku,
        "battle",
        "begin",
        *S,
        "--name",
        "Beiden",
        "--armies",
        "600",
        "400",
        "--table",
        str(table),
    )
    ok(kiroku, "battle", "turn", *S)
    ok(kiroku, "battle", "engage", "front_line", *S, "--character", "Akodo Kaneka")
    ok(
        kiroku,
        "battle",
        "commanders",
        *S,
        "--ours",
        "Akodo Kaneka",
        "--theirs",
        "Bayushi Fumi",
        "--seed",
        "8",
    )
    ok(kiroku, "battle", "draw", *S, "--character", "Akodo Kaneka", "--faces", "7")
    state = ok(kiroku, "state", *S)
    assert state["battle"]["turns"] == 3
    assert state["standing"]["Akodo Kaneka"]["glory"] == "1.3"
    bad = tmp_path / "bad.json"
    bad.write_text('[{"engagement": "rear", "status": "winning", "low": 1, "high": 2}]')
    done = kiroku("battle", "begin", *S, "--name", "x", "--armies", "1", "1", "--table", str(bad))
    assert done.returncode == 2 and f"battle table {str(bad)!r}" in done.stderr


def test_an_armoury_and_equipment(kiroku: Run, tmp_path: Path) -> None:
    seated(kiroku, "play", ("bayushi-fumi", "ben"))
    armoury = tmp_path / "armoury.json"
    armoury.write_text(
        json.dumps(
            {
                "weapons": [
                    {
                        "name": "Yumi",
                        "skill": "Kyujutsu",
                        "kind": "bow",
                        "strength": 3,
                        "range_m": 75,
                        "size": "large",
                    }
                ],
                "arrows": [{"name": "Willow leaf", "damage": "2k2"}],
                "armours": [{"name": "Ashigaru armour", "tn_bonus": 3, "reduction": 1}],
            }
        )
    )
    ok(kiroku, "armoury", *S, str(armoury))
    ok(kiroku, "equip", *S, "--character", "Bayushi Fumi", "--item", "Ashigaru armour")
    state = ok(kiroku, "state", *S)
    assert state["armour"]["Bayushi Fumi"]["tn"] == 23


def test_a_character_is_named_by_an_unambiguous_prefix(kiroku: Run) -> None:
    """``--character Akodo`` names Akodo Kaneka while she alone begins so, in any case,
    and the ruling records her full name; an exact name always wins; a prefix beginning
    several names is refused quoting it and listing them, nothing recorded; one beginning
    none is refused by the rules as before. A player looks only through the characters
    she can see: the GM's hidden Akodo Toturi makes her prefix neither ambiguous nor
    named."""
    S = seated(kiroku, "prefix", ("akodo-kaneka", "ana"), ("bayushi-fumi", "ben"))
    done = ok(kiroku, "wound", *S, "--character", "akodo", "3")
    assert [e["summary"] for e in done["recorded"]] == ["Akodo Kaneka takes 3 wounds"]
    hidden = ("--name", "Akodo Toturi", "--player", "sensei", "--hidden")
    ok(kiroku, "join", *S, "--sheet", str(SHEETS / "akodo-kaneka.json"), *hidden)
    refused = kiroku("wound", *S, "--character", "Akodo", "1")
    assert refused.returncode == 2
    assert refused.stderr == (
        "kiroku: error: character 'Akodo' begins 2 names: 'Akodo Kaneka', 'Akodo Toturi'; "
        "give more of the name\n"
    )
    roll = ("--skill", "Kenjutsu", "--trait", "agility", "--faces", "9,7,4,3,2,1", "--as", "ana")
    mine = ok(kiroku, "roll", *S, "--character", "Akodo", *roll)
    assert mine["recorded"][0]["summary"].startswith("Akodo Kaneka rolls Kenjutsu")
    for unseen in ("Akodo T", "Zed"):
        refused = kiroku("roll", *S, "--character", unseen, *roll)
        assert refused.returncode == 2 and "Toturi" not in refused.stderr, refused.stderr
        assert f"no character '{unseen}'" in refused.stderr
    ok(kiroku, "join", *S, "--sheet", str(SHEETS / "moto-chagatai.json"), "--name", "Akodo",
       "--player", "sensei")  # fmt: skip
    exact = ok(kiroku, "wound", *S, "--character", "Akodo", "2")  # exact beats the prefix
    assert exact["recorded"][0]["summary"] == "Akodo takes 2 wounds"
    log = ok(kiroku, "log", *S, "--kind", "WoundsTaken")
    assert [row["event"]["character"] for row in log] == ["Akodo Kaneka", "Akodo"]
    assert ok(kiroku, "verify", *S)["verified"] is True  # the records name them in full
