"""4e conditions applied and ended, and the reaction phase (« Effets conditionnels »).

Rules, from the 4e summary: a condition is applied (with its level: fasting days, a
fear's rank) and ended by the GM or the rules; stunned and dazed characters try an
Earth roll (TN 20) in the reaction phase at the end of the round; a stunned one comes
round at the next reaction phase regardless, a dazed one's TN drops by 5 after each
failure.
"""

from __future__ import annotations

from datetime import datetime

from domain.dice.roll_keep.roll import RollOptions
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e.combat import RECOVERY_TN, Dice
from domain.rulesets.l5r4e.conditions import LEVELLED, parse_condition
from domain.rulesets.l5r4e.events import ConditionApplied, ConditionEnded, Event
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.roll_keep_kit.rolls import RollContext


def apply_condition(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    condition: str,
    level: int = 0,
    note: str = "",
) -> list[Event]:
    """The GM rules a condition (fasting and fatigue count days, fear its rank)."""
    session.gm_only(actor, "rule a condition")
    who = session.character_named(character)
    name = parse_condition(condition)
    if name in LEVELLED and level < 1:
        raise MalformedInput(f"{name} needs a level of 1 or more (days, or the fear rank)")
    if not 0 <= level <= 100:
        raise MalformedInput(f"condition level {level} is out of range")
    if name == "concentrating" and who.concentration_due:
        raise IllegalUnderRules(
            f"{who.name} took a wound larger than their Earth ring while concentrating: the "
            f"concentration check (cause wound) comes first"
        )
    return [
        ConditionApplied(
            actor=actor, at=at, character=who.name, condition=name, level=level, note=note
        )
    ]


def end_condition(
    session: Play, *, actor: str, at: datetime, character: str, condition: str, note: str = ""
) -> list[Event]:
    session.gm_only(actor, "end a condition")
    who = session.character_named(character)
    name = parse_condition(condition)
    if name not in who.conditions:
        raise IllegalUnderRules(f"{who.name} is not {name}")
    return [ConditionEnded(actor=actor, at=at, character=who.name, condition=name, note=note)]


def recover(
    session: Play, *, actor: str, at: datetime, character: str, condition: str, dice: Dice
) -> list[Event]:
    """The reaction phase at the end of the round: Earth against TN 20 to shake off being
    stunned or dazed (dazed: 5 lower after each failure; stunned: gone at the second
    reaction phase whatever the roll). The roll is one of the character's actions, so
    what weighs on « ses actions » weighs on it: the wound penalty (« Le ND de ses
    actions est de +3 … ») and the daze itself (« Hébété : -3g0 à toutes ses actions »),
    fear too. The GM makes it for the character (who may be unable to act otherwise)."""
    session.gm_only(actor, "run the reaction phase")
    who = session.character_named(character)
    name = parse_condition(condition)
    if name not in ("stunned", "dazed"):
        raise MalformedInput("only stunned and dazed are shaken off in the reaction phase")
    state = who.conditions.get(name)
    if state is None:
        raise IllegalUnderRules(f"{who.name} is not {name}")
    if name == "stunned" and state.level >= 1:
        return [
            ConditionEnded(
                actor=actor,
                at=at,
                character=who.name,
                condition=name,
                note="comes round at the next reaction phase",
            )
        ]
    tn = RECOVERY_TN - (5 * state.level if name == "dazed" else 0)
    earth = who.sheet.ring("earth")
    events = session.roll(
        actor=actor,
        at=at,
        expression=f"{earth}k{earth}",
        options=RollOptions(tn=tn),
        dice=dice,
        character=None,
        purpose="ring",
        label=f"{who.name}: Earth to shake off {name}",
        parts=session.ruleset.situation(session.state, who, RollContext("ring")),
    )
    rolled = last_rolled(events)
    if rolled.roll.success:
        events.append(
            ConditionEnded(
                actor=actor, at=at, character=who.name, condition=name, note="shaken off"
            )
        )
    else:
        events.append(
            ConditionApplied(
                actor=actor,
                at=at,
                character=who.name,
                condition=name,
                level=state.level + 1,
                note=state.note,
            )
        )
    return events
