"""Issue 31, « Interface, every ruleset », through the real entry point: wound levels by
number as well as by name in ``state --json``; the closed values of an option listed
wherever the command is described; a no-roll action's success recorded."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Run, ok, seated


@pytest.mark.parametrize(
    ("ruleset", "sheet", "character", "wounds", "name_field", "name", "number"),
    [
        ("l5r4e", "akodo-kaneka", "Akodo Kaneka", "15", "rank", "Grazed", 2),
        ("l5r3e", "mirumoto-rola-3e", "Mirumoto Rola", "13", "level", "Blessé", 3),
        ("l5r-house", "moto-chagatai", "Moto Chagatai", "15", "level", "Légèrement blessé", 2),
    ],
)
def test_state_json_gives_each_wound_level_by_number_and_by_name(
    kiroku: Run, ruleset: str, sheet: str, character: str, wounds: str, name_field: str,
    name: str, number: int,
) -> None:  # fmt: skip
    session = seated(kiroku, "night", (sheet, "ana"), ruleset=ruleset)
    ok(kiroku, "wound", *session, "--character", character, wounds, "--source", "a fall")
    hurt = ok(kiroku, "state", *session)["wounds"][character]
    assert (hurt[name_field], hurt["level_number"]) == (name, number)


def test_closed_values_are_listed_by_the_help_and_by_rules_json(kiroku: Run) -> None:
    """A roll's --trait and --ring, 4e's --difficulty, 3e's act --action and attack
    --circumstance: each lists its values in the command's help and in ``kiroku rules
    --json``; a value outside them is refused quoting it, nothing recorded."""
    rules = ok(kiroku, "rules", "l5r4e")
    roll = next(c for c in rules["commands"] if c["name"] == "roll")
    fields = {f["name"]: f for f in roll["fields"]}
    assert fields["difficulty"]["values"] == ["easy", "average", "very_hard", "impossible"]
    assert "agility" in fields["trait"]["values"] and "void" in fields["ring"]["values"]
    third = ok(kiroku, "rules", "l5r3e")
    act = next(c for c in third["commands"] if c["name"] == "act")
    assert "melee_attack" in next(f for f in act["fields"] if f["name"] == "actions")["values"]
    session = seated(kiroku, "skirmish", ("mirumoto-rola-3e", "ana"), ruleset="l5r3e")
    helped = kiroku("roll", *session, "--help").stdout
    assert "one of stamina, willpower, reflexes" in " ".join(helped.split())
    helped = " ".join(kiroku("attack", *session, "--help").stdout.split())
    assert "each one of darkness, dim_light, flanking" in helped
    helped = " ".join(kiroku("act", *session, "--help").stdout.split())
    assert "each one of complex, concentration, half_move, melee_attack" in helped
    before = len(ok(kiroku, "log", *session))
    bad = kiroku("roll", *session, "--character", "Mirumoto Rola", "--trait", "agilité")
    assert bad.returncode != 0 and "'agilité' is not a trait" in bad.stderr
    assert len(ok(kiroku, "log", *session)) == before


def test_a_no_roll_action_records_its_success(kiroku: Run) -> None:
    """House flow: « si son action ne requiert pas de jet de dé, elle est considérée comme
    étant réussie pour le tour »; 4e: ``kiroku action``, an action with no roll, done."""
    house = seated(kiroku, "house", ("moto-chagatai", "ana"), ruleset="l5r-house")
    ok(kiroku, "combat", "start", *house)
    ok(kiroku, "initiative", *house, "--character", "Moto Chagatai", "--faces", "5")
    ok(kiroku, "combat", "round", *house)
    ok(kiroku, "declare", "simple_and_complex", *house, "--character", "Moto Chagatai")
    ok(kiroku, "combat", "next", *house)
    types = [row["type"] for row in ok(kiroku, "log", *house)[-2:]]
    assert types == ["ActionSucceeded", "TurnPassed"]
    night = seated(kiroku, "night", ("akodo-kaneka", "ana"), ruleset="l5r4e")
    ok(kiroku, "combat", "start", *night)
    ok(kiroku, "initiative", *night, "--character", "Akodo Kaneka", "--faces", "9,8,7,1")
    ok(kiroku, "combat", "round", *night)
    ok(kiroku, "action", "simple", "draw the katana", *night, "--character", "Akodo Kaneka")
    taken = ok(kiroku, "log", *night)[-1]
    assert taken["type"] == "ActionTaken" and taken["event"]["succeeded"] is True
    assert taken["summary"].endswith("succeeds (no roll called for)")
