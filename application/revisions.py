"""Where the corrections put their revisions, as the audit commands show them: a
revision's events name the ruling they stand in for, a revised ruling its revision."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from adapters.store import EventStore
from domain.session.corrected import Corrections


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
        """From the corrections' headings recorded by ``until`` (read as the fold reads
        them: :class:`Corrections`)."""
        headings = store.read(session_id, until=until, topic="RulingsCorrected")
        corrections = Corrections.of(headings, until)
        revised = {original: qs[0] for original, qs in corrections.placed.items() if qs}
        return cls(dict(corrections.origins()), revised)

    def standing(self, first: int, retracted: Collection[int]) -> list[int]:
        """The revisions of the ruling revised by the one at ``first``, followed to the
        one that stands now: ``[V1]``, or ``[V1, V2]`` where V1 was itself revised."""
        chain = [first]
        while chain[-1] in retracted and chain[-1] in self.revised and len(chain) < 10_000:
            chain.append(self.revised[chain[-1]])
        return chain
