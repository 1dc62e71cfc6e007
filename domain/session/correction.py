"""Corrections that follow their consequences (DESIGN principle 6).

A GM retracts a ruling (``retract``, ``undo``), replaces it with the same command given
other inputs (``amend``), or takes a retraction back (``reinstate``). The ruling's place
in the history changes, so every later ruling is decided again on the history so
corrected, as its actor gave it at its time, with the dice it drew
(:func:`domain.session.rejudge.redecide`):

- a ruling that gives the same events stands as it is;
- a ruling that gives other events is *revised*: its events are retracted and the new
  ones stand in its place (the attack that now misses, the damage now rolled without
  the raise);
- a ruling that no longer makes sense — the rules refuse it now (damage for a hit that
  is gone, a turn for a character now Out) — is *dropped*: retracted, with the rule's
  refusal as the reason;
- a correction recorded later stands as it is (it was decided on the whole history;
  what it retracted stays retracted).

The whole correction is one batch, headed by :class:`RulingsCorrected` (what it
supersedes and why), then a retraction of every superseded event, then each revision's
events, each revision with a record of its own. Nothing is deleted. A retraction with
no consequence is the retractions alone, as it always was. Where a ruling needs more
dice than it drew (a raise amended into a larger pool), fresh ones are drawn and
recorded. Events recorded without a command (a session imported from before commands
were recorded) cannot be decided again: they stand, and the correction counts them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

import msgspec

from domain.commands import Command, Context
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, KirokuError, MalformedInput, NotFound
from domain.events import Event, EventRetracted, Recorded, RulingsCorrected
from domain.session.aggregate import Session
from domain.session.commands import (
    CORE_COMMANDS,
    CORRECTIONS,
    UNHIDDEN,
    Amend,
    Reinstate,
    Retract,
    Undo,
)
from domain.session.corrected import Corrections, place_of, with_places
from domain.session.record import CommandRecord, inputs_of, record_of
from domain.session.rejudge import command_for, redecide
from domain.session.screen import Screen, screen_ruling, screens, unscreened
from domain.session.state import SessionState, fold_onto

Kind = Literal["amend", "retract", "reinstate"]
CORRECTION_KINDS = frozenset(t.__name__ for t in CORRECTIONS)


@dataclass(frozen=True)
class Revision:
    """A ruling decided again with another outcome: what it gave, what it gives now."""

    original: CommandRecord
    before: tuple[Event, ...]
    after: tuple[Event, ...]
    record: CommandRecord
    """The revision's own record (its positions in the correction's batch)."""


@dataclass(frozen=True)
class Dropped:
    """A later ruling the rules refuse on the corrected history, and their refusal."""

    original: CommandRecord
    events: tuple[Event, ...]
    why: str


@dataclass
class Correction:
    """A correction decided: its batch and records, and what it changed."""

    kind: Kind
    target: CommandRecord | None
    events: list[Event] = field(default_factory=list)
    records: list[CommandRecord] = field(default_factory=list)
    revised: list[Revision] = field(default_factory=list)
    """The amended ruling's revision first (for an amendment), then every later one."""
    dropped: list[Dropped] = field(default_factory=list)
    kept: int = 0
    """Later rulings decided again to the same events."""
    unrecorded: int = 0
    """Later events with no record of their command: they stand as they were."""
    after: SessionState | None = None
    """The state the correction leaves (None for a retraction with no consequence)."""


class Past(Protocol):
    """What a correction reads of a session's history: its head, what the corrections
    recorded so far say, the records of its rulings, its events, the events that count
    from a place on (in logical order), and the state just before a place. The
    in-memory :class:`History` reads a whole stream; the service reads only what a
    correction needs from the store, and the state before a place from a snapshot."""

    @property
    def head(self) -> int: ...

    @property
    def corrections(self) -> Corrections: ...

    def now(self) -> Session:
        """The session as it stands, every correction so far read."""
        ...

    def record_at(self, position: int) -> CommandRecord | None:
        """The record of the command whose batch holds ``position``."""
        ...

    def batch_of(self, position: int) -> tuple[int, int] | None: ...

    def recorded(self, position: int) -> Recorded: ...

    def placed_from(self, place: int) -> list[tuple[int, Recorded]]:
        """Every event that counts standing at ``place`` or later, in logical order, with
        its place."""
        ...

    def state_before(self, place: int) -> SessionState:
        """The state of everything that counts standing before ``place``."""
        ...


class History:
    """A session's whole stream and its records, held in memory (a replay file's, a
    test's): a :class:`Past`."""

    def __init__(self, events: Sequence[Recorded], records: Sequence[CommandRecord]) -> None:
        self.events = list(events)
        self.records = sorted(records, key=lambda r: r.first)
        self._firsts = [r.first for r in self.records]
        self.corrections = Corrections.of(self.events)
        self.head = self.events[-1].position if self.events else 0

    def now(self) -> Session:
        return Session(self.events)

    def record_at(self, position: int) -> CommandRecord | None:
        index = bisect_right(self._firsts, position) - 1
        if index < 0 or not self.records[index].holds(position):
            return None
        return self.records[index]

    def batch_of(self, position: int) -> tuple[int, int] | None:
        record = self.record_at(position)
        return None if record is None else (record.first, record.last)

    def recorded(self, position: int) -> Recorded:
        return self.events[position - 1]

    def placed(self) -> list[tuple[int, Recorded]]:
        """Every event that counts, in logical order, with its place."""
        revisions = {p: self.events[p - 1] for p in self.corrections.moved}
        return list(with_places(self.events, self.corrections, revisions))

    def placed_from(self, place: int) -> list[tuple[int, Recorded]]:
        return [(at, r) for at, r in self.placed() if at >= place]

    def state_before(self, place: int) -> SessionState:
        before = [r for at, r in self.placed() if at < place]
        return fold_onto(SessionState(), before, ())

    def players_before(self, place: int, unseen: frozenset[int]) -> SessionState:
        """The state the players read of everything that counts standing before
        ``place``, the positions ``unseen`` kept from them (:mod:`domain.session.screen`)."""
        before = [r for at, r in self.placed() if at < place and r.position not in unseen]
        return fold_onto(SessionState(), before, (), lenient=True)


def correct(
    history: Past,
    command: Retract | Undo | Amend | Reinstate,
    context: Context,
    *,
    fresh: DiceSource | None = None,
    screen: Screen | None = None,
) -> Correction:
    """The batch (and what it changes) of a GM's correction on ``history``; ``fresh``
    gives any dice a ruling decided again needs beyond those it drew; ``screen``: what
    the GM keeps from the players, when anything is (a player's ruling decided again is
    screened as it would be given now, :mod:`domain.session.screen`)."""
    now = history.now()
    now.gm_only(context.actor, f"{command.spec.name} a ruling")
    reason = command.reason or ""
    if not reason.strip() or not reason.isprintable():
        raise MalformedInput(f"reason {reason[:30]!r}: a correction says why, in one line")
    if isinstance(command, Retract | Undo):
        plain = now.decide(command, _with_batches(context, history))
        records = [_record_of(command, context, history.head + 1, len(plain))]
        retracted = plain[0].position  # type: ignore[attr-defined]
        target = history.record_at(retracted)
        if target is not None and target.kind in TABLE_WIDE_KINDS:
            raise IllegalUnderRules(
                f"event {retracted} is the GM's {target.command!r}, done for the whole table: "
                "it is not taken back (a reveal was seen; close or reopen again instead)"
            )
        if target is None or target.kind in CORRECTION_KINDS:
            return Correction("retract", target, events=plain, records=records)
        outcome = _consequences(history, command, "retract", target, context, fresh, None, screen)
        if not outcome.revised and not outcome.dropped:
            after = outcome.after
            if after is not None:
                after.position = history.head + len(plain)
            return Correction("retract", target, plain, records, kept=outcome.kept, after=after)
        return outcome
    if isinstance(command, Amend):
        target = _amendable(history, command.position)
        amended = command_for(target, now, command.changes)
        return _consequences(history, command, "amend", target, context, fresh, amended, screen)
    target = _reinstatable(history, command.position)
    return _consequences(history, command, "reinstate", target, context, fresh, None, screen)


TABLE_WIDE_KINDS = frozenset(t.__name__ for t in UNHIDDEN)
"""The GM's commands for the whole table (a reveal, closing, reopening): not retracted."""


def _with_batches(context: Context, history: Past) -> Context:
    return Context(context.actor, context.at, context.dice, history.batch_of)


def _amendable(history: Past, position: int) -> CommandRecord:
    if not 1 <= position <= history.head:
        raise NotFound(f"no event at position {position} (the session has {history.head})")
    target = history.record_at(position)
    if target is None:
        raise IllegalUnderRules(
            f"event {position} was not given by a recorded command: there is nothing to "
            "amend (retract it instead)"
        )
    if target.kind in {t.__name__ for t in CORE_COMMANDS}:
        raise IllegalUnderRules(
            f"event {position} is the core's {target.command!r}, not a ruling of the rules: "
            "it cannot be amended (retract it instead)"
        )
    if any(p in history.corrections.retracted for p in range(target.first, target.last + 1)):
        raise IllegalUnderRules(
            f"the ruling at {target.first}–{target.last} ({target.command}) no longer counts: "
            "reinstate it first"
        )
    return target


def _reinstatable(history: Past, position: int) -> CommandRecord:
    if not 1 <= position <= history.head:
        raise NotFound(f"no event at position {position} (the session has {history.head})")
    event = history.recorded(position).event
    if isinstance(event, EventRetracted):
        position = event.position
    if position not in history.corrections.retracted:
        raise IllegalUnderRules(f"event {position} counts: there is no retraction to take back")
    target = history.record_at(position)
    if target is None:
        target = CommandRecord(
            first=position, count=1, command="?", kind="?", inputs={}, actor="?", at=event.at
        )
    if target.first in history.corrections.placed:
        revision = history.corrections.placed[target.first][0]
        raise IllegalUnderRules(
            f"the ruling at {target.first} was amended (its revision is at {revision}): "
            "amend the revision instead"
        )
    return target


def _consequences(
    history: Past,
    command: Retract | Undo | Amend | Reinstate,
    kind: Kind,
    target: CommandRecord,
    context: Context,
    fresh: DiceSource | None,
    amended: Command | None,
    screen: Screen | None = None,
) -> Correction:
    outcome = Correction(kind, target)
    where = place_of(target.first, history.corrections)
    own = range(target.first, target.last + 1)
    tail = [r for _, r in history.placed_from(where) if r.position not in own]
    session = Session(state=history.state_before(where))
    players = _Players(screen, where)
    batch_of = history.batch_of
    stored = tuple(history.recorded(p).event for p in own)
    if amended is not None:
        events, drawn = redecide(session, target, command=amended, then=fresh, batch_of=batch_of)
        if unscreened(events) == unscreened(stored):
            raise MalformedInput(
                f"amending the ruling at {target.first} ({target.command}) with "
                f"{msgspec.json.encode(_changes(amended, target)).decode()} would change nothing"
            )
        events = players.screened(session, target, events, drawn, amended, batch_of)
        _revise(outcome, session, target, stored, events, drawn, amended)
        players.fold([Recorded(target.first, e) for e in events])
    elif kind == "reinstate":
        _check_reinstated(session, target, stored)
        reinstated = [history.recorded(p) for p in own]
        _fold(session, reinstated)
        players.fold(reinstated)
    _redecide_tail(outcome, session, history, tail, fresh, players)
    _assemble(outcome, history, command, context)
    outcome.after = session.state
    outcome.after.position = history.head + len(outcome.events)
    return outcome


def _changes(command: Command, record: CommandRecord) -> dict[str, object]:
    return {k: v for k, v in inputs_of(command).items() if record.inputs.get(k) != v}


def _check_reinstated(session: Session, target: CommandRecord, stored: tuple[Event, ...]) -> None:
    if target.kind == "?":
        return
    try:
        events, _ = redecide(session, target)
    except KirokuError as error:
        raise IllegalUnderRules(
            f"the ruling at {target.first} ({target.command}) cannot be reinstated: the rules "
            f"refuse it on the history as it stands now ({error})"
        ) from None
    if unscreened(events) != unscreened(stored):
        raise IllegalUnderRules(
            f"the ruling at {target.first} ({target.command}) would now give other events: "
            "amend it instead of reinstating it"
        )


def _fold(session: Session, events: Sequence[Recorded]) -> None:
    fold_onto(session.state, events, ())


def _revise(
    outcome: Correction,
    session: Session,
    original: CommandRecord,
    before: tuple[Event, ...],
    after: list[Event],
    drawn: tuple[int, ...],
    command: Command | None = None,
) -> None:
    inputs = original.inputs if command is None else inputs_of(command)
    record = msgspec.structs.replace(
        original, first=0, count=len(after), inputs=inputs, drawn=drawn
    )
    outcome.revised.append(Revision(original, before, tuple(after), record))
    _fold(session, [Recorded(original.first, e) for e in after])


def _redecide_tail(
    outcome: Correction,
    session: Session,
    history: Past,
    tail: list[Recorded],
    fresh: DiceSource | None,
    players: _Players,
) -> None:
    index = 0
    while index < len(tail):
        recorded = tail[index]
        record = history.record_at(recorded.position)
        record = record if record is not None and record.first == recorded.position else None
        batch = tail[index : index + record.count] if record is not None else []
        whole = record is not None and [r.position for r in batch] == list(
            range(record.first, record.last + 1)
        )
        if record is None or not whole:
            _fold(session, [recorded])
            players.fold([recorded])
            outcome.unrecorded += 1
            index += 1
            continue
        assert record is not None
        index += record.count
        if record.kind in CORRECTION_KINDS:  # decided on the whole history: it stands
            _fold(session, batch)
            players.fold(batch)
            continue
        stored = tuple(r.event for r in batch)
        try:
            events, drawn = redecide(session, record, then=fresh, batch_of=history.batch_of)
        except KirokuError as error:
            outcome.dropped.append(Dropped(record, stored, str(error)))
            continue
        if unscreened(events) == unscreened(stored):
            outcome.kept += 1
            _fold(session, batch)
            players.fold(batch)
        else:
            events = players.screened(session, record, events, drawn, None, history.batch_of)
            _revise(outcome, session, record, stored, events, drawn)
            players.fold([Recorded(record.first, e) for e in events])


class _Players:
    """The state the players read, kept beside the corrected session while its rulings
    are decided again (only when the GM keeps anything from them, and read only once a
    player's ruling needs it)."""

    def __init__(self, screen: Screen | None, where: int) -> None:
        self.screen = screen
        self.where = where
        self.state: SessionState | None = None
        self.pending: list[Recorded] = []

    def fold(self, batch: Sequence[Recorded]) -> None:
        if self.screen is not None:
            self.pending += [r for r in batch if r.position not in self.screen.unseen]

    def screened(
        self,
        session: Session,
        record: CommandRecord,
        events: list[Event],
        drawn: tuple[int, ...],
        command: Command | None,
        batch_of: Callable[[int], tuple[int, int] | None],
    ) -> list[Event]:
        """A ruling decided again, screened as :mod:`domain.session.screen` says."""
        if self.screen is None or not screens(session, record):
            return events
        if self.state is None:
            self.state = self.screen.before(self.where)
        fold_onto(self.state, self.pending, (), lenient=True)
        self.pending = []
        redrawn = record if record.given else msgspec.structs.replace(record, drawn=drawn)
        return screen_ruling(events, Session(state=self.state), redrawn, command, batch_of)


def _assemble(
    outcome: Correction,
    history: Past,
    command: Retract | Undo | Amend | Reinstate,
    context: Context,
) -> None:
    """The batch: the heading, the retractions, each revision's events; the correction's
    record (heading and retractions) and each revision's."""
    target = outcome.target
    assert target is not None
    retracted = history.corrections.retracted
    superseded: list[int] = []
    if outcome.kind != "reinstate":
        superseded += [p for p in range(target.first, target.last + 1) if p not in retracted]
    for revision in outcome.revised:
        if revision.original is not target:
            superseded += range(revision.original.first, revision.original.last + 1)
    for dropped in outcome.dropped:
        superseded += range(dropped.original.first, dropped.original.last + 1)
    superseded.sort()
    at, actor, reason = context.at, context.actor, command.reason
    position = history.head + 2 + len(superseded)
    revised: list[Revision] = []
    for revision in outcome.revised:
        record = msgspec.structs.replace(revision.record, first=position)
        revised.append(Revision(revision.original, revision.before, revision.after, record))
        position += record.count
    outcome.revised = revised
    heading = RulingsCorrected(
        actor=actor,
        at=at,
        reason=reason,
        correction=outcome.kind,
        ruling=target.first,
        revised=tuple((r.original.first, r.record.first, r.record.count) for r in revised),
        dropped=tuple(d.original.first for d in outcome.dropped),
        why_dropped=tuple(d.why[:500] for d in outcome.dropped),
        reinstated=tuple(range(target.first, target.last + 1))
        if outcome.kind == "reinstate"
        else (),
    )
    outcome.events = [
        heading,
        *(EventRetracted(actor=actor, at=at, reason=reason, position=p) for p in superseded),
        *(event for revision in revised for event in revision.after),
    ]
    own = _record_of(command, context, history.head + 1, 1 + len(superseded))
    outcome.records = [own, *(r.record for r in revised)]


def _record_of(command: Command, context: Context, first: int, count: int) -> CommandRecord:
    """The correction's own record: the command as given, its heading and retractions."""
    return record_of(command, Context(context.actor, context.at), first, count)
