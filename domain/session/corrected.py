"""How a session reads once it has been corrected: which events count, and where each
revision stands (DESIGN principle 6).

Nothing is ever deleted or moved in a stream. A retraction (``EventRetracted``) says an
event no longer counts; a correction (:class:`RulingsCorrected`) may also say that the
events of a revision, appended at the head with it, stand in the place of the ruling
they revise, and that retracted events count again (a reinstatement). The fold reads
the stream in this *logical order*: every event that counts in position order, each
revision where its original stood. So an amended attack roll is followed by the damage
decided after it, as at the table, even though its revision was recorded later.

:class:`Corrections` is what a first pass over the corrections gathers;
:func:`in_logical_order` is the second pass. A revision may itself be revised (an
amendment amended): the chain is followed to the revision that counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from domain.errors import MalformedInput
from domain.events import EventRetracted, Recorded, RulingsCorrected


@dataclass
class Corrections:
    """What the corrections recorded (up to some position) say about the stream."""

    retracted: set[int] = field(default_factory=set)
    """Every position that no longer counts."""
    placed: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """A revised ruling's first position → the positions of its revision's events."""
    moved: set[int] = field(default_factory=set)
    """The positions of every revision's events (read in their original's place)."""
    reinstated: set[int] = field(default_factory=set)
    """Every position a reinstatement made count again."""
    _origins: dict[int, int] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, events: Iterable[Recorded], until: int | None = None) -> Corrections:
        """The corrections among ``events`` recorded at or before ``until`` — and of their
        revisions, only the events recorded by then (as the stream stood at ``until``,
        inside a correction's batch)."""
        corrections = cls()
        for recorded in events:
            if until is not None and recorded.position > until:
                break
            corrections.take(recorded)
        if until is not None and any(p > until for p in corrections.moved):
            cut = {
                original: tuple(p for p in positions if p <= until)
                for original, positions in corrections.placed.items()
            }
            # a revision none of whose events is recorded yet stands nowhere so far
            corrections.placed = {original: kept for original, kept in cut.items() if kept}
            corrections.moved = {p for p in corrections.moved if p <= until}
        return corrections

    def take(self, recorded: Recorded) -> None:
        """Take in one event (anything but a correction is passed over)."""
        event = recorded.event
        if event.__class__ is EventRetracted:
            self.retracted.add(event.position)
        elif event.__class__ is RulingsCorrected:
            assert isinstance(event, RulingsCorrected)
            self.retracted.difference_update(event.reinstated)
            self.reinstated.update(event.reinstated)
            for original, first, count in event.revised:
                positions = tuple(range(first, first + count))
                self.placed[original] = positions
                self.moved.update(positions)

    def origins(self) -> dict[int, int]:
        """Each revision's event position → the first position of the ruling it revises."""
        if self._origins is None or len(self._origins) != len(self.moved):
            self._origins = {q: o for o, qs in self.placed.items() for q in qs}
        return self._origins

    @property
    def reorders(self) -> bool:
        """Whether the logical order differs from the positions' (some revision stands
        in another's place)."""
        return bool(self.placed)

    def first_touched(self) -> int | None:
        """The earliest position whose standing these corrections changed (a fold from a
        snapshot at or past it is no longer valid)."""
        touched = self.retracted | self.reinstated | set(self.placed)
        return min(touched) if touched else None


def in_logical_order(
    events: Iterable[Recorded],
    corrections: Corrections,
    revisions: Mapping[int, Recorded],
    until: int | None = None,
) -> Iterator[Recorded]:
    """The events that count, each revision in its original's place. ``revisions`` holds
    every event of ``corrections.moved`` (by position); ``until`` stops at a position of
    the stream (a revision placed before it is read, wherever it was recorded)."""
    for _, recorded in with_places(events, corrections, revisions, until):
        yield recorded


def with_places(
    events: Iterable[Recorded],
    corrections: Corrections,
    revisions: Mapping[int, Recorded],
    until: int | None = None,
) -> Iterator[tuple[int, Recorded]]:
    """:func:`in_logical_order`, each event with its place: its own position, or for a
    revision the position of the ruling it stands in for (the first of the chain)."""
    retracted = corrections.retracted
    placed = corrections.placed
    moved = corrections.moved

    def in_place_of(original: int) -> Iterator[Recorded]:
        for position in placed[original]:
            if position in retracted:
                if position in placed:
                    yield from in_place_of(position)
                continue
            revision = revisions.get(position)
            if revision is None:
                raise MalformedInput(
                    f"a correction puts event {position} in the place of the ruling at "
                    f"{original}, and the stream has no event {position}"
                )
            yield revision

    for recorded in events:
        position = recorded.position
        if until is not None and position > until:
            return
        if position in moved:
            continue
        if position in retracted:
            if position in placed:
                for revision in in_place_of(position):
                    yield position, revision
            continue
        yield position, recorded


def place_of(position: int, corrections: Corrections) -> int:
    """Where the event at ``position`` stands in the logical order: its own position, or
    for a revision its original's (followed back through revisions of revisions)."""
    origin = corrections.origins()
    while position in origin:
        position = origin[position]
    return position
