"""4e fatigue on the session's clock (« Fatigué … Après un nombre de jour égal à sa
Constitution (Stamina), le personnage doit faire un jet de Volonté (Willpower) toutes les
deux heures ou bien tomber de sommeil »), :mod:`domain.rulesets.l5r4e.fatigue`."""

from __future__ import annotations

import pytest

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e import afflictions, fatigue, recovery
from domain.rulesets.l5r4e.events import ConditionApplied, ConditionEnded, DiceRolled, StayedAwake
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.l5r4e.state_records import CharacterState, rolls_due
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
    """Three hours: one roll due. It is his own Willpower roll, so fatigue's « +5 au ND de
    tous les jets de … traits » a day weighs on it: TN 15 + 15 on day 3; 31 keeps him
    awake two more hours (19 + 12). An hour later another is due, and 5 puts him to sleep — no
    action, no roll of his own, no clock, until woken or rested."""
    table = worn_out()
    table.do(fatigue.pass_hours, hours=3)
    assert rolls_due(kaneka(table)) == 1
    events = table.do(fatigue.stay_awake, character=KANEKA, dice=parse_faces("10+9,10+2"))
    rolled = events[0]
    assert isinstance(rolled, DiceRolled)
    assert (rolled.character, rolled.roll.tn, rolled.roll.success) == (KANEKA, 30, True)
    assert [(p.source, p.tn) for p in rolled.parts] == [("fatigued, day 3", 15)]
    assert isinstance(events[-1], StayedAwake)
    assert rolls_due(kaneka(table)) == 0
    table.do(fatigue.pass_hours, hours=1)
    events = table.do(fatigue.stay_awake, character=KANEKA, dice=parse_faces("3,2"))
    assert isinstance(events[-1], ConditionApplied) and events[-1].condition == "asleep"
    with pytest.raises(IllegalUnderRules, match="Akodo Kaneka is asleep and can take no action"):
        table.do(
            Play.roll,
            character=KANEKA,
            expression="2k2",
            options=RollOptions(),
            dice=parse_faces("5,5"),
        )
    table.do(fatigue.pass_hours, hours=8)
    assert rolls_due(kaneka(table)) == 0  # asleep: no clock
    with pytest.raises(IllegalUnderRules, match="is asleep: wake them"):
        table.do(fatigue.stay_awake, character=KANEKA, dice=parse_faces("9,9"))
    events = table.do(recovery.rest, character=KANEKA)
    ended = [e.condition for e in events if isinstance(e, ConditionEnded)]
    assert ended == ["asleep", "fatigued"]


def test_the_hours_awake_end_with_the_fatigue() -> None:
    """Rested, then fatigued again for three days: no roll is owed before two hours."""
    table = worn_out()
    table.do(fatigue.pass_hours, hours=3)
    table.do(recovery.rest, character=KANEKA)
    table.do(afflictions.apply_condition, character=KANEKA, condition="fatigued", level=3)
    assert rolls_due(kaneka(table)) == 0


def test_the_gm_may_name_the_tn_and_the_clock_is_bounded() -> None:
    table = worn_out()
    table.do(fatigue.pass_hours, hours=2)
    events = table.do(fatigue.stay_awake, character=KANEKA, dice=parse_faces("9,8"), tn=20)
    assert events[0].roll.tn == 20 + 15  # type: ignore[attr-defined]
    with pytest.raises(MalformedInput, match="1 to 168 hours"):
        table.do(fatigue.pass_hours, hours=0)
