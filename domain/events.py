"""Every fact of a session, as an immutable event (DESIGN principle 1).

Events are frozen msgspec Structs with tuple fields only, tagged by class name (the
``type`` field of their JSON), carrying a schema version, the actor (the GM's or a
player's id), the time the command was given, and an optional reason. Their names are
past tense. The clock and the dice are read before an event is made, never while it is
applied.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

import msgspec

from domain.character import CharacterSheet
from domain.dice.roll import RollResult
from domain.rulesets.base import PurchaseKind
from domain.standing import Standing

RollPurpose = Literal[
    "skill", "trait", "ring", "attack", "damage", "initiative", "spell", "other"
]  # fmt: skip
ROLL_PURPOSES: tuple[RollPurpose, ...] = (
    "skill", "trait", "ring", "attack", "damage", "initiative", "spell", "other",
)  # fmt: skip


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag=True, gc=False):
    """What every event carries.

    Events are ``gc=False``: they hold only numbers, strings, tuples and other frozen
    Structs, so they can never be part of a reference cycle, and a long session's
    hundreds of thousands of them stay out of the cycle collector's way."""

    schema: ClassVar[int] = 1
    """The current schema version of this event type; older ones are upcast on read."""

    actor: str
    at: datetime
    reason: str | None = None
    schema_version: int = 1


class SessionOpened(Event, frozen=True, kw_only=True):
    session: str
    ruleset: str
    options: tuple[tuple[str, str], ...] = ()
    campaign: str = ""
    gm: str
    title: str = ""


class CharacterJoined(Event, frozen=True, kw_only=True):
    sheet: CharacterSheet
    player: str


class DiceRolled(Event, frozen=True, kw_only=True):
    """Any roll, with every face (principle 2); ``roll.tn`` includes ``wound_penalty``."""

    character: str | None
    purpose: RollPurpose
    label: str = ""
    roll: RollResult
    wound_penalty: int = 0
    hidden: bool = False


class CombatStarted(Event, frozen=True, kw_only=True):
    pass


class RoundStarted(Event, frozen=True, kw_only=True):
    number: int


class TurnPassed(Event, frozen=True, kw_only=True):
    """The character whose turn it was is done; the next in initiative order acts."""

    character: str


class CombatEnded(Event, frozen=True, kw_only=True):
    pass


class StanceChosen(Event, frozen=True, kw_only=True):
    character: str
    stance: str


class VoidPointSpent(Event, frozen=True, kw_only=True):
    character: str
    purpose: str


class VoidPointsRegained(Event, frozen=True, kw_only=True):
    character: str
    amount: int
    source: str


class WoundsTaken(Event, frozen=True, kw_only=True):
    character: str
    amount: int
    source: str = ""


class WoundsHealed(Event, frozen=True, kw_only=True):
    character: str
    amount: int
    method: str = ""


class StandingChanged(Event, frozen=True, kw_only=True):
    """Honour, glory, status or taint moved by ``delta`` tenths of a rank."""

    character: str
    standing: Standing
    delta: int


class ExperienceAwarded(Event, frozen=True, kw_only=True):
    character: str
    amount: int


class ExperienceSpent(Event, frozen=True, kw_only=True):
    """XP bought a trait, the Void ring, a skill rank or an emphasis; the sheet follows."""

    character: str
    kind: PurchaseKind
    name: str
    emphasis: str = ""
    new_rank: int
    cost: int


class EventRetracted(Event, frozen=True, kw_only=True):
    """A GM's correction: the event at ``position`` no longer counts (principle 6)."""

    position: int


AnyEvent = (
    SessionOpened
    | CharacterJoined
    | DiceRolled
    | CombatStarted
    | RoundStarted
    | TurnPassed
    | CombatEnded
    | StanceChosen
    | VoidPointSpent
    | VoidPointsRegained
    | WoundsTaken
    | WoundsHealed
    | StandingChanged
    | ExperienceAwarded
    | ExperienceSpent
    | EventRetracted
)

EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        SessionOpened, CharacterJoined, DiceRolled, CombatStarted, RoundStarted, TurnPassed,
        CombatEnded, StanceChosen, VoidPointSpent, VoidPointsRegained, WoundsTaken, WoundsHealed,
        StandingChanged, ExperienceAwarded, ExperienceSpent, EventRetracted,
    )
}  # fmt: skip


class Recorded(msgspec.Struct, frozen=True, gc=False):
    """An event at its place in its session's stream (1-based ``position``)."""

    position: int
    event: AnyEvent
