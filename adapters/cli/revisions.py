"""Where the corrections put their revisions, as the audit commands show them: a
revision's events name the ruling they stand in for, a revised ruling its revision."""

from __future__ import annotations

from dataclasses import dataclass

from adapters.store import EventStore
from domain.events import RulingsCorrected


@dataclass(frozen=True)
class Placements:
    """Where the corrections put their revisions: each revision's events by the ruling
    they stand in for, and each revised ruling by its revision."""

    revises: dict[int, int]
    """A revision's event position → the first position of the ruling it revises."""
    revised: dict[int, int]
    """A revised ruling's first position → its revision's first position."""

    @classmethod
    def read(cls, store: EventStore, session_id: str, until: int | None = None) -> Placements:
        revises: dict[int, int] = {}
        revised: dict[int, int] = {}
        for recorded in store.read(session_id, until=until, topic="RulingsCorrected"):
            heading = recorded.event
            assert isinstance(heading, RulingsCorrected)
            for original, first, count in heading.revised:
                revised[original] = first
                revises.update(dict.fromkeys(range(first, first + count), original))
        return cls(revises, revised)
