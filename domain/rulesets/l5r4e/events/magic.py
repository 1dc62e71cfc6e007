"""Spells (4e « Magie »): casting, daily slots, concentration."""

from domain.events import Event


class SpellCast(Event, frozen=True, kw_only=True):
    """A cast attempt: a slot of ``slot`` (the element, or ``void`` as a wildcard) is used
    whether or not it succeeded (« Un jet de sort raté compte quand même »)."""

    character: str
    spell: str
    element: str
    level: int
    slot: str
    success: bool
    casting_rounds: int


class SpellSlotsRestored(Event, frozen=True, kw_only=True):
    """A new day: every element's slots are whole again."""

    character: str
