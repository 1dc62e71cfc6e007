"""4e fatigue on the session's clock (« Fatigué … Après un nombre de jour égal à sa
Constitution (Stamina), le personnage doit faire un jet de Volonté (Willpower) toutes les
deux heures ou bien tomber de sommeil »), :mod:`domain.rulesets.l5r4e.fatigue`."""

from __future__ import annotations

import pytest

from domain.dice.roll_keep.faces import parse_faces
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e import afflictions, fatigue, recovery
from domain.rulesets.l5r4e.events import ConditionApplied, ConditionEnded, StayedAwake
from domain.rulesets.l5r4e.records import CharacterState, rolls_due
from tests.support import Table

KANEKA = "Akodo Kaneka"  # Stamina 3, Willpower 2


def worn_out(days: int = 3) -> Table:
    table = Table()
    table.join(KANEKA, "ana")
    table.do(afflictions.apply_condition, character=KANEKA, condition="fatigued", level=days)
    return table


def kaneka(table: Table) -> CharacterState:
    return table.state.characters["akodo kaneka"]


def test_before_stamina_days_the_hours_ask_nothing() -> None:
    table = worn_out(days=2)
    table.do(fatigue.pass_hours, hours=6)
    assert rolls_due(kaneka(table)) == 0
    with pytest.raises(IllegalUnderRules, match="owes no roll to stay awake"):
        table.do(fatigue.stay_awake, character=KANEKA, dice=parse_faces("9,9"))


def test_every_two_hours_a_willpower_roll_or_sleep() -> None:
    """Three hours: one roll due; 17 against 15 keeps him awake two more hours; an hour
    later another is due, and 5 puts him to sleep — no action until woken or rested."""
    table = worn_out()
    table.do(fatigue.pass_hours, hours=3)
    assert rolls_due(kaneka(table)) == 1
    events = table.do(fatigue.stay_awake, character=KANEKA, dice=parse_faces("9,8"))
    assert isinstance(events[-1], StayedAwake)
    assert rolls_due(kaneka(table)) == 0
    table.do(fatigue.pass_hours, hours=1)
    events = table.do(fatigue.stay_awake, character=KANEKA, dice=parse_faces("3,2"))
    assert isinstance(events[-1], ConditionApplied) and events[-1].condition == "asleep"
    table.do(fatigue.pass_hours, hours=8)
    assert rolls_due(kaneka(table)) == 0  # asleep: no clock
    events = table.do(recovery.rest, character=KANEKA)
    ended = [e.condition for e in events if isinstance(e, ConditionEnded)]
    assert ended == ["asleep", "fatigued"]


def test_the_gm_may_name_the_tn_and_the_clock_is_bounded() -> None:
    table = worn_out()
    table.do(fatigue.pass_hours, hours=2)
    events = table.do(fatigue.stay_awake, character=KANEKA, dice=parse_faces("9,8"), tn=20)
    assert events[0].roll.tn == 20  # type: ignore[attr-defined]
    with pytest.raises(MalformedInput, match="1 to 168 hours"):
        table.do(fatigue.pass_hours, hours=0)
