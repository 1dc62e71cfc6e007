"""The state of a session as a fold over its events (DESIGN principles 5 and 6).

The core folds what it knows — the opening, who joined and who plays them, the position
— and hands every event that counts to the session's ruleset, whose own state
(``table``) it keeps beside its own. Commands validate against this state, and the
projections read from it: there is one fold, not one per reader.

Retracted events are left out: :func:`fold` first collects the corrections up to the
position asked for (:mod:`domain.session.corrected`), then applies the rest, each
revision in its original's place. The stream refolds when a new correction arrives (they
are rare), so an event retracted after the fact is gone from every view as if it had
never counted, and a revised ruling reads as if it had been decided so at the table.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from domain.events import (
    CharacterJoined,
    ClockAdvanced,
    Event,
    EventRetracted,
    ImportedUnverified,
    ParticipantJoined,
    Recorded,
    Role,
    RulingsCorrected,
    SessionClosed,
    SessionForked,
    SessionOpened,
    SessionReopened,
)
from domain.names import key
from domain.rulesets import Ruleset, load_ruleset
from domain.session.corrected import Corrections, in_logical_order

__all__ = ["Member", "SessionState", "fold", "fold_corrected", "key"]


@dataclass(frozen=True)
class Member:
    """A character in the session: who plays them, and in which order they joined."""

    name: str
    player: str
    joined: int


class SessionState:
    """The core's state and the ruleset's, as of ``position``."""

    def __init__(self) -> None:
        self.opened: SessionOpened | None = None
        self.ruleset: Ruleset | None = None
        self.members: dict[str, Member] = {}
        self.groups: dict[str, tuple[str, ...]] = {}
        """Each group's name (by key) and its members' names, in the order they joined."""
        self.position = 0
        self.roles: dict[str, Role] = {}
        """Who takes part besides the GM, and as what (players of characters included)."""
        self.retracted: dict[int, int] = {}
        """Each retracted position, and the position of the retraction that took it back."""
        self.retractions: set[int] = set()
        """The positions of the retractions themselves."""
        self.headings: set[int] = set()
        """The positions of the corrections' headings (``RulingsCorrected``)."""
        self.forked: tuple[str, int] | None = None
        """The session and position this one was forked from (None: it was opened)."""
        self.unverified: tuple[int, ImportedUnverified] | None = None
        """Where the session says it was imported without command records, and how (the
        latest such import): it is unverified for ever."""
        self.imported: set[int] = set()
        """The positions of every such mark (none is ever retracted)."""
        self.closed: int | None = None
        """The position of the closing, while the session is closed (None: it is open)."""
        self.clock = 0
        """In-game minutes the GM has moved the story's clock on since the session began."""
        self.table: Any = None
        """The ruleset's own state (:meth:`Ruleset.initial`, then :meth:`Ruleset.evolve`)."""
        self.handlers: Mapping[type[Event], Callable[[Any, Event], Any]] = {}
        """The ruleset's fold, by event type, once the session is opened."""

    def bind(self, ruleset: Ruleset) -> None:
        """Fold under ``ruleset`` from now on."""
        self.ruleset = ruleset
        self.handlers = ruleset.fold_handlers()

    def member(self, name: str | None) -> Member | None:
        return None if name is None else self.members.get(key(name))

    def group(self, name: str | None) -> tuple[str, ...] | None:
        """The names of the members of the group called ``name`` (its name first)."""
        return None if name is None else self.groups.get(key(name))

    def apply(self, recorded: Recorded) -> None:
        """One event that counts (:func:`fold_onto` without retractions)."""
        fold_onto(self, (recorded,), ())

    def _opened(self, recorded: Recorded) -> None:
        event = recorded.event
        assert isinstance(event, SessionOpened)
        self.opened = event
        self.bind(load_ruleset(event.ruleset, dict(event.options)))
        assert self.ruleset is not None
        self.table = self.ruleset.initial()

    def _joined(self, recorded: Recorded) -> None:
        name: str = recorded.event.sheet.name  # type: ignore[attr-defined]
        player: str = recorded.event.player  # type: ignore[attr-defined]
        self.members[key(name)] = Member(name, player, len(self.members))
        self.roles[player] = "player"
        group: str | None = recorded.event.group  # type: ignore[attr-defined]
        if group is not None:
            self.groups[key(group)] = (*self.groups.get(key(group), (group,)), name)

    def _participant(self, recorded: Recorded) -> None:
        event = recorded.event
        assert isinstance(event, ParticipantJoined)
        self.roles[event.participant] = event.role

    def _forked(self, recorded: Recorded) -> None:
        event = recorded.event
        assert isinstance(event, SessionForked)
        self.forked = (event.origin, event.position)
        self.closed = None  # a what-if starts open, whatever its origin had come to

    def _unverified(self, recorded: Recorded) -> None:
        assert isinstance(recorded.event, ImportedUnverified)
        self.unverified = (recorded.position, recorded.event)
        self.imported.add(recorded.position)

    def _closed(self, recorded: Recorded) -> None:
        self.closed = recorded.position

    def _reopened(self, recorded: Recorded) -> None:
        self.closed = None

    def _clock(self, recorded: Recorded) -> None:
        self.clock += recorded.event.minutes  # type: ignore[attr-defined]

    def _retracted(self, recorded: Recorded) -> None:
        self.retracted[recorded.event.position] = recorded.position  # type: ignore[attr-defined]
        self.retractions.add(recorded.position)

    def _corrected(self, recorded: Recorded) -> None:
        event = recorded.event
        assert isinstance(event, RulingsCorrected)
        self.headings.add(recorded.position)
        for position in event.reinstated:
            self.retracted.pop(position, None)


_CORE: dict[type[Event], Callable[[SessionState, Recorded], None]] = {
    SessionOpened: SessionState._opened,
    CharacterJoined: SessionState._joined,
    EventRetracted: SessionState._retracted,
    ParticipantJoined: SessionState._participant,
    SessionForked: SessionState._forked,
    ImportedUnverified: SessionState._unverified,
    RulingsCorrected: SessionState._corrected,
    SessionClosed: SessionState._closed,
    SessionReopened: SessionState._reopened,
    ClockAdvanced: SessionState._clock,
}
"""The core's own part of the fold, by event type (every other type is the ruleset's)."""


def fold(
    events: list[Recorded],
    until: int | None = None,
    *,
    as_corrected: bool = False,
    unseen: Collection[int] = (),
    lenient: bool = False,
) -> SessionState:
    """The state as of ``until`` (every event when None), retracted events left out and
    revisions in their originals' places — the corrections as recorded by ``until``, or
    (``as_corrected``) every correction, made later or not. ``unseen``: positions left
    out besides (what the GM keeps from the players, for the state they may read: the
    corrections still read in full, so that once nothing is kept from them they read
    exactly the GM's state). ``lenient``: an event the ruleset's fold cannot take is
    passed over rather than raised (the players' state: an event in the open standing
    on one kept from them, :mod:`domain.session.secrets`)."""
    corrections = Corrections.of(events, None if as_corrected else until)
    if not corrections.reorders:
        skipped = corrections.retracted | set(unseen) if unseen else corrections.retracted
        return fold_onto(SessionState(), events, skipped, until, lenient=lenient)
    revisions = {r.position: r for r in events if r.position in corrections.moved}
    return fold_corrected(
        SessionState(), events, corrections, revisions, until, unseen=unseen, lenient=lenient
    )


def fold_corrected(
    state: SessionState,
    events: Iterable[Recorded],
    corrections: Corrections,
    revisions: Mapping[int, Recorded],
    until: int | None = None,
    *,
    unseen: Collection[int] = (),
    lenient: bool = False,
    seen: Callable[[Iterator[Recorded]], Iterator[Recorded]] | None = None,
) -> SessionState:
    """:func:`fold_onto` in logical order (:func:`in_logical_order`): ``state`` ends at
    the last position of the stream read, whatever the position of the revision last
    folded. ``unseen``, ``lenient``: see :func:`fold`; ``seen``: what of the events in
    logical order is folded (the players' view: :mod:`projections.players`)."""
    read = state.position

    def stream() -> Iterator[Recorded]:
        nonlocal read
        for recorded in events:
            if until is not None and recorded.position > until:
                return
            read = recorded.position
            yield recorded

    ordered = in_logical_order(stream(), corrections, revisions)
    if unseen:
        hide = set(unseen)
        ordered = (r for r in ordered if r.position not in hide)
    if seen is not None:
        ordered = seen(ordered)
    fold_onto(state, ordered, (), lenient=lenient)
    state.position = read
    return state


def fold_onto(
    state: SessionState,
    events: Iterable[Recorded],
    retracted: Collection[int],
    until: int | None = None,
    *,
    lenient: bool = False,
) -> SessionState:
    """``state`` (folded up to just before ``events``) with ``events`` applied as of
    ``until``, leaving out the positions in ``retracted`` (every position retracted as of
    ``until``). ``events`` may be a stream read page by page: it is not kept.

    Each event goes to the core's part of the fold (:data:`_CORE`), then to the ruleset's
    handler for its type. The loop is written out, with its lookups held in locals, as
    it runs once per event of every rebuild."""
    core_of = _CORE.get
    handler_of = state.handlers.get
    table = state.table
    for recorded in events:
        position = recorded.position
        if until is not None and position > until:
            break
        state.position = position
        if position in retracted:
            continue
        event = recorded.event
        kind = type(event)
        core = core_of(kind)
        if core is not None:
            core(state, recorded)
            handler_of = state.handlers.get  # the opening binds the ruleset's fold
            table = state.table
        handler = handler_of(kind)
        if handler is not None:
            if lenient:
                _leniently(handler, table, event)
            else:
                handler(table, event)
    return state


def _leniently(handler: Callable[[Any, Event], Any], table: Any, event: Event) -> None:
    """``handler(table, event)``, an event the fold cannot take passed over."""
    with contextlib.suppress(LookupError, TypeError, ValueError, AttributeError, AssertionError):
        handler(table, event)
