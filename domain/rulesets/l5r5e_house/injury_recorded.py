"""What a recorded effect of a critical must hold to be one a command gives (as
:mod:`.recorded` holds the other 5e events, for a file imported ``--unverified``):
bleeding's damage a whole amount a check's strife gives; Destroyed armour has no
resistance left; Medicine's TN is the condition's (2 bleeding, 4 dying) with what a
wounded ring adds (+1 or +3); dying lasts the rounds the table gives."""

from __future__ import annotations

from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.l5r5e_house.afflictions import TREATMENT_TN, WOUND_TN
from domain.rulesets.l5r5e_house.injury_events import ArmourDamaged, Bled, DyingBegan, Treated
from domain.rulesets.l5r5e_house.recorded import MAX_AMOUNT

MAX_DYING_ROUNDS = 10
"""The most rounds a dying lasts (the table gives 3 or 1; the GM's ``afflict`` 1 to 10)."""


def check_injury_recorded(event: Event) -> None:
    """:class:`MalformedInput` where a critical's effect does not add up."""
    if isinstance(event, Bled) and not 0 < event.damage <= MAX_AMOUNT:
        raise MalformedInput(
            f"a recorded bleeding of {event.damage} damage on {event.character!r}: the strife "
            f"a check kept, 1 to {MAX_AMOUNT:,}"
        )
    if isinstance(event, ArmourDamaged) and event.destroyed and event.resistance:
        raise MalformedInput(
            f"{event.character!r}'s {event.armour} recorded Destroyed with {event.resistance} "
            "resistance left: Destroyed armour has none"
        )
    if isinstance(event, Treated):
        allowed = {TREATMENT_TN[event.condition] + extra for extra in (0, *WOUND_TN.values())}
        if event.tn not in allowed:
            raise MalformedInput(
                f"a recorded Medicine on {event.condition} at TN {event.tn}: it is "
                f"{TREATMENT_TN[event.condition]}, +1 or +3 on a wounded ring"
            )
    if isinstance(event, DyingBegan) and not 1 <= event.rounds <= MAX_DYING_ROUNDS:
        raise MalformedInput(
            f"a recorded dying of {event.rounds} round(s) on {event.character!r}: 1 to "
            f"{MAX_DYING_ROUNDS}"
        )
