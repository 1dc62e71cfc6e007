"""Every fact of a session is an immutable event (DESIGN principle 1).

Events are frozen msgspec Structs with tuple fields only, tagged by class name (the
``type`` field of their JSON), carrying a schema version, the actor (the GM's or a
player's id), the time the command was given, and an optional reason. Their names are
past tense. The clock and the dice are read before an event is made, never while it is
applied.

This package holds what every session shares — the base :class:`Event`, the core's
events and :class:`Recorded` — and nothing of any game: each ruleset's events are in its
own package (``domain/rulesets/<id>/``), and a session's events are decoded with the
union of the core's and its ruleset's (:mod:`adapters.codec`).
"""

import msgspec

from domain.events.base import SCREEN, Event
from domain.events.core import (
    CORE_EVENT_TYPES,
    ROLES,
    Carried,
    CharacterJoined,
    ClockAdvanced,
    EventRetracted,
    ImportedUnverified,
    NoteTaken,
    ParticipantJoined,
    Role,
    RulingRevealed,
    RulingsCorrected,
    SessionClosed,
    SessionForked,
    SessionOpened,
    SessionReopened,
)


class Recorded(msgspec.Struct, frozen=True, gc=False):
    """An event at its place in its session's stream (1-based ``position``)."""

    position: int
    event: Event


__all__ = [
    "CORE_EVENT_TYPES",
    "ROLES",
    "SCREEN",
    "Carried",
    "CharacterJoined",
    "ClockAdvanced",
    "Event",
    "EventRetracted",
    "ImportedUnverified",
    "NoteTaken",
    "ParticipantJoined",
    "Recorded",
    "Role",
    "RulingRevealed",
    "RulingsCorrected",
    "SessionClosed",
    "SessionForked",
    "SessionOpened",
    "SessionReopened",
]
