"""4e fatigue past Stamina days, on the session's clock (« Effets conditionnels »).

« Fatigué : commence après 24h passées sans repos. +5 au ND de tous les jets de
compétences, de traits et de sorts. +5 supplémentaire par jour sans se reposer. Après un
nombre de jour égal à sa Constitution (Stamina), le personnage doit faire un jet de
Volonté (Willpower) toutes les deux heures ou bien tomber de sommeil. »

- The session has a clock the GM moves on (``kiroku clock advance 2h``: the core's
  ``ClockAdvanced``); 4e's older ``kiroku time --hours N`` (:class:`HoursPassed`)
  counts the same hours for fatigue but not the session's in-game time, and stays so
  that the sessions recorded with it re-judge as they were; the fatigued days are the
  condition's level, as the GM rules it.
- A character fatigued for at least their Stamina in days, awake, counts the hours that
  pass; every two of them is a Willpower roll due (``kiroku stay-awake``), which the GM
  makes for them. Success: two more hours. Failure: they fall asleep (the ``asleep``
  condition: no action until the GM wakes them or a night's rest).
- The text gives no TN for that roll: Kiroku's reading is the GM's, 15 (« moyen ») unless
  the GM names another — recorded with the roll. It is the character's own trait roll,
  so fatigue's own « +5 au ND de tous les jets de … traits » per day (and a wound
  penalty) add to it: day 3, TN 30.
- The clock does not make anyone fatigued (the GM rules the days, as before), and a
  night's rest (``kiroku rest``) ends the fatigue without moving the clock.
"""

from __future__ import annotations

from datetime import datetime

from domain.dice.roll_keep.roll import RollOptions
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e.events import (
    ConditionApplied,
    Event,
    HoursPassed,
    StayedAwake,
)
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.l5r4e.skills import skill_roll
from domain.rulesets.l5r4e.state_records import HOURS_PER_ROLL, rolls_due

STAY_AWAKE_TN = 15
MAX_HOURS = 24 * 7


def pass_hours(session: Play, *, actor: str, at: datetime, hours: int) -> list[Event]:
    """4e's own hours for fatigue (``kiroku time --hours N``), as sessions recorded
    them before the clock was the core's: kept so that those sessions re-judge as they
    were recorded. ``kiroku clock advance Nh`` counts the same hours and moves the
    session's in-game time besides."""
    session.gm_only(actor, "move the session's clock on")
    if not 1 <= hours <= MAX_HOURS:
        raise MalformedInput(f"{hours} hours: move the clock on by 1 to {MAX_HOURS} hours")
    return [HoursPassed(actor=actor, at=at, hours=hours)]


def stay_awake(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    dice: DiceSource,
    tn: int = STAY_AWAKE_TN,
) -> list[Event]:
    """One Willpower roll a worn-out character owes (« toutes les deux heures »):
    failing it, they fall asleep."""
    session.gm_only(actor, "call for a roll to stay awake")
    who = session.character_named(character)
    due = rolls_due(who)
    if "asleep" in who.conditions:
        raise IllegalUnderRules(f"{who.name} is asleep: wake them (condition end) first")
    if due == 0:
        raise IllegalUnderRules(
            f"{who.name} owes no roll to stay awake: a Willpower roll is due every "
            f"{HOURS_PER_ROLL} hours once fatigued for Stamina ({who.sheet.trait('stamina')}) "
            f"days, and {who.awake_hours} hour(s) have passed since the last"
        )
    events = skill_roll(
        session,
        actor=actor,
        at=at,
        character=who.name,
        dice=dice,
        options=RollOptions(tn=tn),
        trait="willpower",
        label=f"Willpower to stay awake ({due} due)",
    )
    if last_rolled(events).roll.success:
        events.append(StayedAwake(actor=actor, at=at, character=who.name))
    else:
        events.append(
            ConditionApplied(
                actor=actor,
                at=at,
                character=who.name,
                condition="asleep",
                note="falls asleep: fatigue (« tomber de sommeil »)",
            )
        )
    return events
