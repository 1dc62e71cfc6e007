"""4e spells (« Magie »).

- « Jet de sort »: school rank + the spell's ring, keep the ring (rank 2, Fire 3: 5k3).
- TN = level × 5 + 5 (10, 15, 20, 25, 30 for levels 1–5).
- Casting takes the spell's level in rounds; each raise taken for it cuts a round, to a
  minimum of 1 (a level 3 spell in one round: TN 20 + 2 raises = 30). In combat it is
  « une action complexe pendant laquelle le shugenja ne peut rien faire d'autre »: cast
  on the caster's turn, it spends the complex action, and through every round of the
  casting the caster can take no other action — no attack, move, guard, Full Defense
  roll, concentration or cast (their rolls the GM calls for are not actions: a fear
  roll, a reaction phase). Before the first round of a combat nobody's turn has come,
  so nobody casts.
- Spells up to the school rank with their element (« choisir des sorts de niveau 2,
  correspondant donc au rang d'école que son affinité lui procure »): a level above the
  effective rank is refused.
- A day's slots: as many spells of an element as its ring; the Void ring's slots serve
  for any element. A failed cast uses its slot all the same.
- Affinity: +1 school rank with its element; deficiency −1 with its opposite (Water ↔ Fire,
  Air ↔ Earth). At school rank 1 with an Air affinity, Air 3: 3k3 + 1k0 + 1k0 = 5k3; the
  same shugenja cannot cast Earth spells at all (rank 0).
- Concentration: on a spell the caster has cast (successfully); « Se concentrer prend
  une Action Simple » (in combat, on the caster's turn); a wound larger than the Earth
  ring taken while concentrating makes a check due (Willpower against 20 + 5 × the
  spell's level) — concentrating again waits for it, and no such check is made without
  such a wound; a distraction calls for Willpower against 15; a failure ends the spell.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.roll import RollOptions
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.rulesets.l5r4e.affinity import effective_rank
from domain.rulesets.l5r4e.combat import on_turn, spend_action
from domain.rulesets.l5r4e.events import (
    ActionTaken,
    ConditionApplied,
    ConditionEnded,
    Event,
    SpellCast,
)
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.l5r4e.spell_slots import slots_left

Dice = DiceSource | Sequence[Die]


def spell_tn(level: int) -> int:
    return level * 5 + 5


def cast(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    spell: str,
    dice: Dice,
    time_raises: int = 0,
    raises: int = 0,
    void: bool = False,
) -> list[Event]:
    who = session.acting_for(actor, character)
    known = who.sheet.spell(spell)
    if known is None:
        raise NotFound(f"{who.name} does not know the spell {spell!r}")
    rank = effective_rank(who.sheet, known.element)
    if rank < 1:
        raise IllegalUnderRules(
            f"{who.name}'s school rank with {known.element} is 0 (deficiency): no "
            f"{known.element} spell can be cast"
        )
    if known.level > rank:
        raise IllegalUnderRules(
            f"{who.name}'s school rank with {known.element} is {rank}: spells of level "
            f"{rank} at most, not {known.name} (level {known.level})"
        )
    if time_raises < 0 or raises < 0:
        raise MalformedInput("raises are a number from 0")
    events: list[Event] = []
    if session.state.combat is not None:
        who = on_turn(session, actor, who.name)
        spend_action(session, who, "complex", "cast")
        events.append(
            ActionTaken(
                actor=actor, at=at, character=who.name, kind="complex", action=f"cast {known.name}"
            )
        )
    left = slots_left(who)
    if left[known.element] > 0:
        slot = known.element
    elif left["void"] > 0:
        slot = "void"
    else:
        raise IllegalUnderRules(
            f"{who.name} has no {known.element} spell left today, and no Void slot"
        )
    ring = who.sheet.ring(known.element)
    rounds = max(1, known.level - time_raises)
    events += session.roll(
        actor=actor,
        at=at,
        expression=f"{rank + ring}k{ring}",
        options=RollOptions(tn=spell_tn(known.level), raises=time_raises + raises, void=void),
        dice=dice,
        character=who.name,
        purpose="spell",
        label=f"{known.name} (level {known.level} {known.element})",
    )
    rolled = last_rolled(events)
    events.append(
        SpellCast(
            actor=actor,
            at=at,
            character=who.name,
            spell=known.name,
            element=known.element,
            level=known.level,
            slot=slot,
            success=bool(rolled.roll.success),
            casting_rounds=rounds,
        )
    )
    return events


def concentrate(
    session: Play, *, actor: str, at: datetime, character: str, spell: str
) -> list[Event]:
    who = session.acting_for(actor, character)
    known = who.sheet.spell(spell)
    if known is None:
        raise NotFound(f"{who.name} does not know the spell {spell!r}")
    if known.name not in who.spells_cast:
        raise IllegalUnderRules(
            f"{who.name} has not cast {known.name}: there is no spell to keep going"
        )
    if who.concentration_due:
        raise IllegalUnderRules(
            f"{who.name} took a wound larger than their Earth ring while concentrating: the "
            f"concentration check (cause wound) comes first"
        )
    events: list[Event] = []
    if session.state.combat is not None:
        who = on_turn(session, actor, who.name)
        spend_action(session, who, "simple", "concentrate")
        events.append(
            ActionTaken(
                actor=actor,
                at=at,
                character=who.name,
                kind="simple",
                action=f"concentrate on {known.name}",
            )
        )
    events.append(
        ConditionApplied(
            actor=actor, at=at, character=who.name, condition="concentrating", note=known.name
        )
    )
    return events


def concentration_check(
    session: Play, *, actor: str, at: datetime, character: str, cause: str, dice: Dice
) -> list[Event]:
    session.gm_only(actor, "call for a concentration check")
    who = session.character_named(character)
    held = who.conditions.get("concentrating")
    if held is None:
        raise IllegalUnderRules(f"{who.name} is not concentrating on a spell")
    if cause == "wound":
        if not who.concentration_due:
            raise IllegalUnderRules(
                f"{who.name} has taken no wound larger than their Earth ring "
                f"({who.sheet.ring('earth')}) while concentrating: no check is due for a wound"
            )
        known = who.sheet.spell(held.note)
        tn = 20 + 5 * (known.level if known else 1)
    elif cause == "distraction":
        tn = 15
    else:
        raise MalformedInput(f"cause {cause!r}; choose from wound, distraction")
    willpower = who.sheet.trait("willpower")
    events = session.roll(
        actor=actor,
        at=at,
        expression=f"{willpower}k{willpower}",
        options=RollOptions(tn=tn),
        dice=dice,
        character=who.name,
        purpose="trait",
        label=f"Willpower: keep {held.note}",
        trait="willpower",
    )
    rolled = last_rolled(events)
    if rolled.roll.success and cause == "wound":
        events.append(  # the concentration holds: the check due is made
            ConditionApplied(
                actor=actor,
                at=at,
                character=who.name,
                condition="concentrating",
                level=held.level,
                note=held.note,
            )
        )
    elif not rolled.roll.success:
        events.append(
            ConditionEnded(
                actor=actor,
                at=at,
                character=who.name,
                condition="concentrating",
                note=f"{held.note} ends",
            )
        )
    return events
