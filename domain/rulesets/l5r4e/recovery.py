"""4e healing and regaining Void (« Soins », « Regain de points de Vide »).

- Natural healing: a night's rest heals Stamina × 2 + insight rank wounds; a full sleep
  restores every Void point — except to a fasting character (« À jeun »: no Void regained
  by resting; from Stamina days of fasting, 2k1 wounds a day instead).
- Medicine: a trained healer (rank 1 or more) with a kit (10 uses) rolls
  Medicine/Intelligence against TN 15; on a success the patient heals 1k1, +1k0 per
  raise called; a patient is treated by Medicine once a day (Kiroku reads « une seule
  fois par jour et par blessure » as once a day for the patient, since wounds are a pool).
- Meditation + Void against TN 20: 1 Void point per half hour, 2 at Meditation rank 3,
  3 at rank 7.
- Tea Ceremony + Void against TN 15, +5 for each participant beyond the second, five at
  most: each participant regains 1 Void point, 2 when the leader has rank 5.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.roll import RollOptions
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e.events import (
    ConditionEnded,
    Event,
    MedicineKitGained,
    MedicineKitUsed,
    NightRested,
    SpellSlotsRestored,
    VoidPointsRegained,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.l5r4e.state_records import key

Dice = DiceSource | Sequence[Die]

MEDICINE_TN = 15
MEDITATION_TN = 20
TEA_TN = 15
TEA_MAX = 5
KIT_USES = 10


SLEEP_HOURS = 6
"""« Une période complète de sommeil (=6h au moins) »."""


def rest(
    session: Play, *, actor: str, at: datetime, character: str, dice: Dice | None = None
) -> list[Event]:
    """A night's rest: natural healing, Void and spell slots back, a new day — and the
    end of fatigue (« après 24h passées sans repos ») and of a fatigued sleep. Where the
    GM keeps the story's clock (it has moved in this session), a character rests once a
    night on it: six hours of sleep (« =6h au moins ») must have passed since the last."""
    session.gm_only(actor, "pass a night")
    who = session.character_named(character)
    session.not_dead(who)
    slept = session.state.hours - who.rested_at
    if session.state.clock_kept and who.rested_at >= 0 and slept < SLEEP_HOURS:
        raise IllegalUnderRules(
            f"{who.name} rested {slept} hour(s) ago on the story's clock: a night's rest is "
            f"« une période complète de sommeil (=6h au moins) »; move the clock on first "
            f"(kiroku clock advance {SLEEP_HOURS - slept}h)"
        )
    events: list[Event] = [NightRested(actor=actor, at=at, character=who.name)]
    fasting = who.conditions.get("fasting")
    stamina = who.sheet.trait("stamina")
    wounds = who.wounds
    if fasting is not None and fasting.level >= stamina:
        if dice is None:
            raise MalformedInput(f"{who.name} is starving: the night's 2k1 wounds need dice")
        rolled = session.roll(
            actor=actor,
            at=at,
            expression="2k1",
            options=RollOptions(),
            dice=dice,
            purpose="damage",
            label=f"{who.name} starves",
            target=who.name,
        )
        event = last_rolled(rolled)
        events += rolled
        events.append(
            WoundsTaken(
                actor=actor, at=at, character=who.name, amount=event.roll.total, source="fasting"
            )
        )
    else:
        healing = 2 * stamina + session.ruleset.insight_rank(who.sheet)
        if wounds:
            events.append(
                WoundsHealed(
                    actor=actor,
                    at=at,
                    character=who.name,
                    amount=min(wounds, healing),
                    method=f"natural healing (Stamina × 2 + insight rank = {healing})",
                )
            )
    if who.void_spent and fasting is None:
        events.append(
            VoidPointsRegained(
                actor=actor,
                at=at,
                character=who.name,
                amount=who.void_spent,
                source="a full night's sleep",
            )
        )
    if who.slots_used:
        events.append(SpellSlotsRestored(actor=actor, at=at, character=who.name))
    for held, note in (("asleep", "a night's rest"), ("fatigued", "rested at last")):
        if held in who.conditions:  # « Fatigué : commence après 24h passées sans repos »
            events.append(
                ConditionEnded(actor=actor, at=at, character=who.name, condition=held, note=note)
            )
    return events


def give_kit(session: Play, *, actor: str, at: datetime, character: str) -> list[Event]:
    session.gm_only(actor, "hand out a medicine kit")
    who = session.character_named(character)
    return [MedicineKitGained(actor=actor, at=at, character=who.name, uses=KIT_USES)]


def medicine(
    session: Play,
    *,
    actor: str,
    at: datetime,
    healer: str,
    patient: str,
    dice: DiceSource,
    raises: int = 0,
    tn: int = MEDICINE_TN,
) -> list[Event]:
    who = session.acting_for(actor, healer)
    sick = session.character_named(patient)
    session.not_dead(sick)
    if who.sheet.skill_rank("Medicine") < 1:
        raise IllegalUnderRules(f"{who.name} is not trained in Medicine")
    if who.kit_uses < 1:
        raise IllegalUnderRules(f"{who.name} has no medicine kit with a use left")
    if sick.wounds == 0:
        raise IllegalUnderRules(f"{sick.name} has no wounds to treat")
    if sick.treated_today:
        raise IllegalUnderRules(f"{sick.name} has already been treated with Medicine today")
    events: list[Event] = [
        MedicineKitUsed(actor=actor, at=at, character=who.name, patient=sick.name)
    ]
    events += session.check(
        who,
        actor=actor,
        at=at,
        dice=dice,
        skill="Medicine",
        trait="intelligence",
        tn=tn,
        raises=raises,
        target=sick.name,
    )
    treatment = last_rolled(events)
    if treatment.roll.success:
        events += session.roll(
            actor=actor,
            at=at,
            expression=f"{1 + raises}k1",
            options=RollOptions(),
            dice=dice,
            character=who.name,
            purpose="healing",
            label="Medicine: wounds healed",
            target=sick.name,
        )
        healed = last_rolled(events)
        events.append(
            WoundsHealed(
                actor=actor,
                at=at,
                character=sick.name,
                amount=min(sick.wounds, healed.roll.total),
                method=f"Medicine by {who.name}",
            )
        )
    return events


def _void_per(rank: int, steps: Sequence[tuple[int, int]]) -> int:
    return max((points for needed, points in steps if rank >= needed), default=1)


def meditate(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    dice: Dice,
    half_hours: int = 1,
) -> list[Event]:
    who = session.acting_for(actor, character)
    if not 1 <= half_hours <= 48:
        raise MalformedInput(f"{half_hours} half hours of meditation is out of range")
    if who.void_spent == 0:
        raise IllegalUnderRules(f"{who.name} has spent no Void point to regain")
    events = session.check(
        who, actor=actor, at=at, dice=dice, skill="Meditation", ring="void", tn=MEDITATION_TN
    )
    rolled = last_rolled(events)
    if rolled.roll.success:
        per = _void_per(who.sheet.skill_rank("Meditation"), ((3, 2), (7, 3)))
        events.append(
            VoidPointsRegained(
                actor=actor,
                at=at,
                character=who.name,
                amount=min(who.void_spent, per * half_hours),
                source=f"meditation, {half_hours} half hour(s)",
            )
        )
    return events


def tea_ceremony(
    session: Play,
    *,
    actor: str,
    at: datetime,
    leader: str,
    participants: Sequence[str],
    dice: Dice,
) -> list[Event]:
    head = session.acting_for(actor, leader)
    guests = [session.character_named(name) for name in participants]
    everyone = [head, *[g for g in guests if key(g.name) != key(head.name)]]
    if len({key(c.name) for c in everyone}) != len(everyone):
        raise MalformedInput("each participant takes tea once")
    if len(everyone) > TEA_MAX:
        raise IllegalUnderRules(f"a tea ceremony takes at most {TEA_MAX} participants")
    tn = TEA_TN + 5 * max(0, len(everyone) - 2)
    events = session.check(
        head, actor=actor, at=at, dice=dice, skill="Tea Ceremony", ring="void", tn=tn
    )
    rolled = last_rolled(events)
    if rolled.roll.success:
        per = 2 if head.sheet.skill_rank("Tea Ceremony") >= 5 else 1
        for who in everyone:
            if who.void_spent:
                events.append(
                    VoidPointsRegained(
                        actor=actor,
                        at=at,
                        character=who.name,
                        amount=min(who.void_spent, per),
                        source=f"tea ceremony led by {head.name}",
                    )
                )
    return events
