"""What a 5e table must be able to say through the engine (issue 31, « What the CLI cannot
say today »): a narrative check shown whole under its command (dice, keep, TN), a sheet
that states its current strife and Void points, and the ring of a critical's Fitness test
when none is named and no stance binds it (« en utilisant l'anneau de son choix au cours
d'une scène narrative, ou bien l'anneau lié à sa posture dans une scène de
confrontation »)."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import MalformedInput
from domain.rulesets.base import ShowsRolls
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.events import CheckRolled
from tests.replays.curate_5e import faces, join, kakita_ryoku, mirumoto_daini
from tests.rules.test_l5r5e_house import RULES, view
from tests.support import RecordedTable


def narrative(*sheets: msgspec.Struct) -> RecordedTable:
    t = RecordedTable("n", "l5r5e-house")
    for sheet, player in zip(sheets or (kakita_ryoku(),), ("ana", "ben"), strict=False):
        t.do(join(sheet, player))  # type: ignore[arg-type]
    return t


def test_a_check_is_shown_whole_its_dice_keep_and_tn() -> None:
    t = narrative()
    t.do(c.Check(character="Kakita Ryoku", skill="Fitness", ring="earth", tn=2),
         dice=faces(5, 4, 9))  # fmt: skip
    event = t.events[-1].event
    assert isinstance(RULES, ShowsRolls)
    shown = RULES.shown_roll(event)
    assert shown is not None
    assert [(d["kind"], d["face"], d["kept"]) for d in shown.roll["dice"]] == [
        ("ring", 5, True), ("ring", 4, False), ("skill", 9, True),
    ]  # fmt: skip
    assert (shown.roll["tn"], shown.roll["success"], shown.roll["kept"]) == (2, True, [0, 2])
    assert shown.about["parts"] == [{"source": "the GM", "value": 2}]
    assert shown.about["skill"] == "Fitness" and shown.about["ring"] == "earth"
    assert shown.heading.startswith("Kakita Ryoku rolls Fitness/earth")
    assert "  die 1: ring 4 — success + strife" in shown.lines


def test_a_sheet_states_current_strife_and_void_points() -> None:
    """Composure 8: a sheet with strife 9 joins Compromised; Void 2, one point spent."""
    sheet = msgspec.structs.replace(kakita_ryoku(), strife=9, void_points=1)
    t = narrative(sheet)
    fighter = view(t, "fighters")["Kakita Ryoku"]
    assert (fighter["strife"], fighter["compromised"], fighter["void_points"]) == (9, True, 1)
    assert view(t, "characters")["Kakita Ryoku"]["vigilance"] == 1
    again = narrative(kakita_ryoku())
    assert view(again, "fighters")["Kakita Ryoku"]["void_points"] == 2  # none stated: full


def test_a_sheet_holds_no_more_void_points_than_its_void_ring() -> None:
    with pytest.raises(MalformedInput, match="void_points 3 above its Void ring 2"):
        RULES.check_sheet(msgspec.structs.replace(kakita_ryoku(), void_points=3))


def test_the_sheet_now_says_strife_and_void_points_and_carrying_rests_them() -> None:
    """Strife is a scene's, the Void full again at the next session (as before)."""
    t = narrative(kakita_ryoku())
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=3))
    now = RULES.sheet_now(t.session.table, "Kakita Ryoku")  # type: ignore[attr-defined]
    assert (now.strife, now.void_points) == (3, 2)
    carried = RULES.carried(t.session.table, "Kakita Ryoku", None)  # type: ignore[attr-defined]
    assert (carried.strife, carried.void_points) == (0, None)


def test_a_critical_s_fitness_test_with_no_ring_named_takes_the_highest() -> None:
    """A narrative scene: « l'anneau de son choix », none named — the best choice, the
    highest ring; Ryoku's Air and Fire are 3, ties go Earth, Water, Fire, Air, Void."""
    t = narrative()
    t.do(c.DealHit(character="Kakita Ryoku", critical=4, source="a fall"))
    t.do(c.Resist(character="Kakita Ryoku"), actor="ana", dice=faces(5, 5, 1, 1))
    check = next(r.event for r in t.events if isinstance(r.event, CheckRolled))
    assert check.ring == "fire"
    assert check.purpose == (
        "critical (Fitness): fire, the highest ring, none named (« l'anneau de son choix »)"
    )


def test_one_outside_the_confrontation_s_order_resists_without_a_ring_named() -> None:
    """Incapacitated, Daini cannot roll the skirmish's initiative (an action's check): a
    critical dealt to him is still met, on his highest ring (Earth and Water 3: Earth)."""
    t = narrative(kakita_ryoku(), mirumoto_daini())
    t.do(c.StartConfrontation(kind="skirmish"))
    t.do(c.GiveFatigue(character="Mirumoto Daini", amount=11))
    t.do(c.DealHit(character="Mirumoto Daini", critical=3, source="an arrow"))
    t.do(c.Resist(character="Mirumoto Daini"), actor="ben", dice=faces(1, 1, 1, 1, 1))
    check = next(r.event for r in t.events if isinstance(r.event, CheckRolled))
    assert check.ring == "earth" and "none named" in check.purpose


def test_a_ring_named_or_a_stance_stays_as_it_was() -> None:
    t = narrative()
    t.do(c.DealHit(character="Kakita Ryoku", critical=4, source="a fall"))
    t.do(c.Resist(character="Kakita Ryoku", ring="water"), actor="ana", dice=faces(5, 5, 1))
    check = next(r.event for r in t.events if isinstance(r.event, CheckRolled))
    assert (check.ring, check.purpose) == ("water", "critical (Fitness)")


def test_the_default_keep_keeps_the_opportunities_that_cost_nothing() -> None:
    """Issue 30's Ronin, through this ruleset's check (the brute force over every keep is
    ``tests/unit/test_narrative_keep.py``): Fire 3, r6 r3 r2 s5 s3 — the explosion and two
    free opportunities (r3, s5) are kept, not r2, whose opportunity costs a strife; the
    r6's explosion (a blank) is not kept."""
    t = narrative()
    t.do(c.Check(character="Kakita Ryoku", skill="Meditation", ring="fire"),
         dice=faces(6, 3, 2, 5, 3, 1))  # fmt: skip
    roll = t.events[-1].event.roll  # type: ignore[attr-defined]
    assert [i for i, d in enumerate(roll.dice) if d.kept] == [0, 1, 3]
    assert (roll.successes, roll.opportunities, roll.strife) == (1, 2, 1)
