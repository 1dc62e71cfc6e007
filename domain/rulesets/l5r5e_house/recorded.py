"""What a recorded 5e event must hold to be one a command gives (issue 28, item 2): held
to it where no record of its command can decide it again (a version 1 file imported
``--unverified``), as :func:`domain.rulesets.roll_keep_kit.events.verify_recorded` holds
the roll & keep rulesets' events.

« DEGATS »: the armour's resistance is taken off the damage first; what is left is
defended as fatigue, or taken as a critical — so a recorded damage's fatigue is what is
left past the armour, or none where a critical was taken (or nothing was left). A
Fitness test lessens a critical, never worsens it. Fatigue, strife and damage are whole
amounts one command gives (at most :data:`MAX_AMOUNT`); honour and glory run 0 to 100,
so a standing moves by at most 100.
"""

from __future__ import annotations

from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.l5r5e_house.events import (
    CriticalSuffered,
    DamageResolved,
    FatigueTaken,
    Recovered,
    StandingChanged,
    StrifeTaken,
    StruckAt,
)

MAX_AMOUNT = 10_000
"""The most damage, fatigue or strife one command gives."""
MAX_STANDING = 100
"""Honour and glory run 0 to 100: the most one change moves them."""


def check_recorded(event: Event) -> None:
    """:class:`MalformedInput` where ``event`` does not add up as a command gives it."""
    amounts: dict[str, int] = {}
    if isinstance(event, StrifeTaken | FatigueTaken):
        amounts = {"amount": event.amount}
    elif isinstance(event, Recovered):
        amounts = {"fatigue": event.fatigue, "strife": event.strife}
    elif isinstance(event, StruckAt):
        amounts = {"damage": event.damage}
    elif isinstance(event, DamageResolved):
        amounts = {"damage": event.damage, "resistance": event.resistance, "fatigue": event.fatigue}
    for name, value in amounts.items():
        if not 0 <= value <= MAX_AMOUNT:
            raise MalformedInput(
                f"a recorded {type(event).__name__}'s {name} of {value}: a command gives 0 to "
                f"{MAX_AMOUNT:,}"
            )
    if isinstance(event, DamageResolved):
        left = max(0, event.damage - event.resistance)
        if event.fatigue not in (left, 0) or (
            event.fatigue == 0 and left and event.critical is None
        ):
            raise MalformedInput(
                f"the recorded damage of {event.character!r} leaves {left} past the armour "
                f"({event.damage} less {event.resistance}), defended as fatigue or taken as a "
                f"critical, not {event.fatigue} fatigue"
            )
    if isinstance(event, CriticalSuffered) and not 0 <= event.lessened_to <= event.severity:
        raise MalformedInput(
            f"the recorded critical of {event.character!r} is lessened to {event.lessened_to} "
            f"from {event.severity}: a Fitness test lessens it, to 0 at most"
        )
    if isinstance(event, StandingChanged) and (
        abs(event.honour) > MAX_STANDING or abs(event.glory) > MAX_STANDING
    ):
        raise MalformedInput(
            f"a recorded standing change of {event.honour} honour, {event.glory} glory: each "
            f"runs 0 to {MAX_STANDING}"
        )
