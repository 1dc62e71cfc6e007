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

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import msgspec

from domain.commands import Command, Context, widened_inputs
from domain.dice.given import given_faces
from domain.dice.roll_keep.die import Die
from domain.dice.source import DiceSource, TableFaces
from domain.errors import IllegalUnderRules, KirokuError, MalformedInput, NotFound, excerpt
from domain.events import (
    Event,
    EventRetracted,
    ImportedUnverified,
    Recorded,
    RulingsCorrected,
    SessionForked,
)
from domain.rulesets.base import Follows
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
from domain.session.prefixes import in_full
from domain.session.record import CommandRecord, inputs_of, record_of
from domain.session.rejudge import command_for, redecide
from domain.session.revision_uses import RevisionUses
from domain.session.screen import Screen, same_ruling, screen_ruling, screens
from domain.session.secrets import as_players_fold, standing_on
from domain.session.state import SessionState, fold_onto
from domain.session.uses import latest_of

Kind = Literal["amend", "retract", "reinstate", "take_back"]
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
    taken_back: CommandRecord | None = None
    """The recorded correction this one takes back whole (an undo of it, a reinstatement
    of anything it retracted)."""


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

    def recorded_range(self, first: int, last: int) -> list[Recorded]:
        """The events at ``first`` to ``last``, as stored (one read)."""
        ...

    def placed_from(
        self, place: int, corrections: Corrections | None = None
    ) -> list[tuple[int, Recorded]]:
        """Every event that counts standing at ``place`` or later, in logical order, with
        its place — as ``corrections`` read the stream, when given (a correction taken
        back), else as the corrections recorded so far do."""
        ...

    def state_before(self, place: int) -> SessionState:
        """The state of everything that counts standing before ``place``."""
        ...

    def latest_before(self, wanted: Follows, place: int) -> int | None:
        """The position of the event ``wanted`` names (:func:`domain.session.uses.
        latest_of`) among those that count standing before ``place``."""
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

    def recorded_range(self, first: int, last: int) -> list[Recorded]:
        return self.events[first - 1 : last]

    def placed(self, corrections: Corrections | None = None) -> list[tuple[int, Recorded]]:
        """Every event that counts, in logical order, with its place."""
        corrections = corrections or self.corrections
        revisions = {p: self.events[p - 1] for p in corrections.moved}
        return list(with_places(self.events, corrections, revisions))

    def placed_from(
        self, place: int, corrections: Corrections | None = None
    ) -> list[tuple[int, Recorded]]:
        return [(at, r) for at, r in self.placed(corrections) if at >= place]

    def state_before(self, place: int) -> SessionState:
        before = [r for at, r in self.placed() if at < place]
        return fold_onto(SessionState(), before, ())

    def latest_before(self, wanted: Follows, place: int) -> int | None:
        corrections = self.corrections
        backwards = (
            r
            for r in reversed(self.events)
            if type(r.event).__name__ == wanted.kind and place_of(r.position, corrections) < place
        )
        return latest_of(backwards, wanted, corrections)

    def players_before(
        self,
        place: int,
        unseen: frozenset[int],
        names: Mapping[str, int] | None = None,
        whole: frozenset[int] = frozenset(),
    ) -> SessionState:
        """The state the players read of everything that counts standing before
        ``place``, the positions ``unseen`` kept from them, the carried sheets ``whole``
        revealed to them (:mod:`domain.session.screen`)."""
        placed = [r for at, r in self.placed() if at < place]
        before = [
            as_players_fold(r, whole)
            for r in placed
            if r.position not in unseen and not standing_on(r, names or {})
        ]
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
    if isinstance(command, Undo):
        latest = latest_ruling(history)
        if latest.kind in CORRECTION_KINDS:
            return _take_back(history, command, latest, context, fresh, screen)
    if isinstance(command, Retract | Undo):
        asked = command
        if isinstance(command, Undo):  # the latest ruling in record order, whole
            asked = Retract(position=latest.first, reason=command.reason)
        plain = now.decide(asked, _with_batches(context, history))
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
        # a character in the changes named by the start of their name, as a new command's
        # is (the GM's: every character is looked through)
        amended = in_full(command_for(target, now, command.changes), now.state)
        faces = None if command.faces is None else given_faces(amended.spec, command.faces)
        return _consequences(
            history, command, "amend", target, context, fresh, amended, screen, faces
        )
    taken = _retracted_by(history, command.position)
    if taken is not None:  # the correction that retracted it, taken back whole
        return _take_back(history, command, taken, context, fresh, screen)
    target = _reinstatable(history, command.position)
    return _consequences(history, command, "reinstate", target, context, fresh, None, screen)


def latest_ruling(history: Past) -> CommandRecord:
    """What ``undo`` takes back: the latest ruling in the order the GM gave them — a
    correction included (its revisions are part of it) — that still stands: a ruling
    with an event that still counts, a correction with an effect that still holds. An
    ``undo`` is no such ruling — undo again and the ruling before goes too, as at any
    table (``reinstate`` brings back what an undo took). An event no command gave (a
    session imported unverified) is taken back alone; a fork's or an import's mark and
    the opening never are."""
    corrections = history.corrections
    position = history.head
    while position > 1:
        record = history.record_at(position)
        if record is None:
            event = history.recorded(position).event
            counts = position not in corrections.retracted and not isinstance(
                event, EventRetracted | RulingsCorrected | SessionForked | ImportedUnverified
            )
            if counts:
                return CommandRecord(
                    first=position, count=1, command="?", kind="?", inputs={}, actor="?",
                    at=event.at,
                )  # fmt: skip
            position -= 1
            continue
        position = record.first - 1
        if record.first in corrections.moved:
            continue  # a revision: its correction is the ruling
        if record.kind in TABLE_WIDE_KINDS:
            raise IllegalUnderRules(
                f"the latest ruling is the GM's {record.command!r} at {record.first}, done for "
                "the whole table: it is not taken back (a reveal was seen; close or reopen "
                "again instead)"
            )
        if record.kind == Undo.__name__:
            continue
        if record.kind in CORRECTION_KINDS:
            if _Batch.of(history, record).holds(corrections):
                return record
            continue
        if any(p not in corrections.retracted for p in range(record.first, record.last + 1)):
            return record
    raise IllegalUnderRules("there is no ruling to undo: nothing after the opening stands")


def _retracted_by(history: Past, position: int) -> CommandRecord | None:
    """The recorded correction whose retraction keeps the event at ``position`` from
    counting (``position`` may be the retraction itself), when a ruling of it is to be
    reinstated; None when no recorded correction retracted it."""
    if not 1 <= position <= history.head:
        return None
    event = history.recorded(position).event
    retraction = position if isinstance(event, EventRetracted) else None
    if retraction is None:
        retraction = history.now().state.retracted.get(position)
    if retraction is None:
        return None
    record = history.record_at(retraction)
    return record if record is not None and record.kind in CORRECTION_KINDS else None


@dataclass(frozen=True)
class _Batch:
    """What a recorded correction did, read from its batch: the positions it retracted,
    reinstated and placed as revisions, and where its batch ends."""

    record: CommandRecord
    heading: RulingsCorrected | None
    retracted: tuple[int, ...]
    reinstated: tuple[int, ...]
    revisions: tuple[int, ...]
    last: int

    def holds(self, corrections: Corrections) -> bool:
        """Whether anything the correction did still holds: something it retracted is
        still retracted, or a revision or a reinstatement of it still counts."""
        retracted = corrections.retracted
        return any(p in retracted for p in self.retracted) or any(
            p not in retracted for p in (*self.revisions, *self.reinstated)
        )

    @classmethod
    def of(cls, history: Past, record: CommandRecord) -> _Batch:
        events = [r.event for r in history.recorded_range(record.first, record.last)]
        heading = events[0] if isinstance(events[0], RulingsCorrected) else None
        retracted = tuple(e.position for e in events if isinstance(e, EventRetracted))
        revisions: tuple[int, ...] = ()
        if heading is not None:
            revisions = tuple(
                p for _, first, count in heading.revised for p in range(first, first + count)
            )
        return cls(
            record,
            heading,
            retracted,
            () if heading is None else heading.reinstated,
            revisions,
            max((record.last, *revisions)),
        )


def _take_back(
    history: Past,
    command: Undo | Reinstate,
    record: CommandRecord,
    context: Context,
    fresh: DiceSource | None,
    screen: Screen | None,
) -> Correction:
    """A recorded correction taken back whole, as if it had never been given: everything
    it retracted counts again (the ruling it corrected and every consequence it dropped,
    as one group), its revisions and what it reinstated no longer count, and every ruling
    from the earliest place it touched is decided again on the history so restored
    (revised or dropped as a correction's consequences are). A plain retraction taken
    back is a reinstatement; anything else is headed ``take_back``."""
    done = _Batch.of(history, record)
    corrections = history.corrections
    bring = [p for p in done.retracted if p in corrections.retracted]
    drop = [p for p in (*done.revisions, *done.reinstated) if p not in corrections.retracted]
    _check_untouched(history, done)
    if not done.holds(corrections):
        raise IllegalUnderRules(
            f"the {record.command} at {record.first} changed nothing that still stands: there "
            "is nothing to take back"
        )
    restored = Corrections(
        retracted=(corrections.retracted - set(bring)) | set(drop),
        placed=corrections.placed,
        moved=corrections.moved,
        reinstated=corrections.reinstated | set(bring),
    )
    where = min(place_of(p, corrections) for p in (*bring, *drop))
    own = range(record.first, done.last + 1)
    tail = [r for _, r in history.placed_from(where, restored) if r.position not in own]
    placed = [r for _, r in history.placed_from(where)]
    gone = set(done.reinstated) & set(drop)  # what it reinstated goes again
    basis = _Basis(placed, gone, history, counting=restored)
    plain = done.heading is None
    kind: Kind = "reinstate" if plain else "take_back"
    target = history.record_at(min(bring)) if plain and bring else record
    outcome = Correction(kind, target or record, taken_back=record)
    session = Session(state=history.state_before(where))
    players = _Players(screen, where)
    uses = RevisionUses(lambda wanted: history.latest_before(wanted, where))
    _redecide_tail(outcome, session, history, tail, fresh, players, uses, basis)
    _check_brought_back(history, command, outcome, bring, drop)
    _assemble(outcome, history, command, context, retracting=drop, reinstating=bring)
    outcome.after = session.state
    outcome.after.position = history.head + len(outcome.events)
    return outcome


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


def _check_untouched(history: Past, done: _Batch) -> None:
    """A correction is taken back only as it was made: nothing it retracted counts
    again, nothing it reinstated or placed was retracted, and no revision it placed was
    replaced since — else the correction that changed it is named, to be taken back
    first (``undo`` takes them back latest first)."""
    record = done.record
    retracted = history.now().state.retracted
    since: int | None = None
    for position in done.retracted:
        by = retracted.get(position)
        if by is None or not record.first <= by <= record.last:
            since = position
            break
    else:
        for position in (*done.reinstated, *done.revisions):
            if position in retracted:
                since = position
                break
    placed = history.corrections.placed
    if since is None and done.heading is not None:
        for original, first, count in done.heading.revised:
            if placed.get(original) != tuple(range(first, first + count)):
                since = original
                break
    if since is None:  # a revision it would bring back must still stand in its place
        origins, moved = history.corrections.origins(), history.corrections.moved
        for position in done.retracted:
            if position in moved and position not in origins:
                since = position  # its original was given another revision since
                break
    if since is None:
        return
    later = retracted.get(since)
    changer = history.record_at(later) if later is not None else None
    what = (
        f"event {since} counts again since"
        if changer is None
        else f"the {changer.command} at {changer.first} changed what it did to event {since}"
    )
    raise IllegalUnderRules(
        f"the {record.command} at {record.first} is not as it was made: {what} — take "
        "that back first (undo takes corrections back, latest first)"
    )


def _check_brought_back(
    history: Past,
    command: Undo | Reinstate,
    outcome: Correction,
    bring: Sequence[int],
    drop: Sequence[int],
) -> None:
    """A take-back that would bring nothing back: the ruling a ``reinstate`` names, or
    every ruling an ``undo`` would bring back, refused by the rules on the history as it
    stands now (and nothing else changing) — refused, with the rules' reason."""
    again = {d.original.first: d for d in outcome.dropped if d.original.first in bring}
    if isinstance(command, Reinstate):
        event = history.recorded(command.position).event
        named = event.position if isinstance(event, EventRetracted) else command.position
        asked = history.record_at(named)
        first = named if asked is None else asked.first
        if first in again:
            refused = again[first]
            raise IllegalUnderRules(
                f"the ruling at {first} ({refused.original.command}) cannot be reinstated: "
                f"the rules refuse it on the history as it stands now ({refused.why})"
            )
    brought = {first for first in again}
    if (
        not drop
        and not outcome.revised
        and all((r := history.record_at(p)) is not None and r.first in brought for p in bring)
    ):
        why = "; ".join(f"{d.original.command} at {f}: {d.why}" for f, d in again.items())
        raise IllegalUnderRules(
            f"nothing would come back: the rules refuse every ruling it would reinstate ({why})"
        )


def _consequences(
    history: Past,
    command: Retract | Undo | Amend | Reinstate,
    kind: Kind,
    target: CommandRecord,
    context: Context,
    fresh: DiceSource | None,
    amended: Command | None,
    screen: Screen | None = None,
    faces: Sequence[Die] | TableFaces | None = None,
) -> Correction:
    outcome = Correction(kind, target)
    where = place_of(target.first, history.corrections)
    own = range(target.first, target.last + 1)
    placed = [r for _, r in history.placed_from(where)]
    tail = [r for r in placed if r.position not in own]
    basis = _Basis(placed, set(own) if kind == "retract" else set(), history)
    session = Session(state=history.state_before(where))
    players = _Players(screen, where)
    uses = RevisionUses(lambda wanted: history.latest_before(wanted, where))
    batch_of = history.batch_of
    stored = tuple(history.recorded(p).event for p in own)
    if amended is not None:
        events, drawn = redecide(
            session, target, command=amended, then=fresh, batch_of=batch_of, extend=True,
            faces=faces,
        )  # fmt: skip
        if same_ruling(events, stored):
            what = msgspec.json.encode(_changes(amended, target)).decode()
            if faces is not None:
                what += f" and the faces {excerpt(str(command.faces))}"  # type: ignore[union-attr]
            raise MalformedInput(
                f"amending the ruling at {target.first} ({target.command}) with {what} would "
                "change nothing"
            )
        given = tuple(faces) if faces is not None and not isinstance(faces, TableFaces) else ()
        redrawn = msgspec.structs.replace(target, drawn=drawn, given=given)
        events = players.screened(session, redrawn, events, amended, batch_of)
        _revise(outcome, session, uses, redrawn, target, stored, events, amended)
        players.fold([Recorded(target.first, e) for e in events])
    elif kind == "reinstate":
        _check_reinstated(session, target, stored)
        reinstated = [history.recorded(p) for p in own]
        _fold(session, reinstated)
        uses.take(reinstated)
        players.fold(reinstated)
    _redecide_tail(outcome, session, history, tail, fresh, players, uses, basis)
    _assemble(outcome, history, command, context)
    outcome.after = session.state
    outcome.after.position = history.head + len(outcome.events)
    return outcome


def _changes(command: Command, record: CommandRecord) -> dict[str, object]:
    recorded = widened_inputs(command.spec, record.inputs)  # as the command reads them
    return {k: v for k, v in inputs_of(command).items() if recorded.get(k) != v}


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
    if not same_ruling(events, stored):
        raise IllegalUnderRules(
            f"the ruling at {target.first} ({target.command}) would now give other events: "
            "amend it instead of reinstating it"
        )


def _fold(session: Session, events: Sequence[Recorded]) -> None:
    fold_onto(session.state, events, ())


def _revise(
    outcome: Correction,
    session: Session,
    uses: RevisionUses,
    redrawn: CommandRecord,
    original: CommandRecord,
    before: tuple[Event, ...],
    after: list[Event],
    command: Command | None = None,
) -> None:
    """``original`` revised: ``redrawn`` is its record with the dice it was decided with
    again (drawn, or given anew), ``after`` what it gives now. Its record names what it
    used on the corrected history (:mod:`domain.session.revision_uses`), where its
    original's did (a record made outside the service names nothing, and neither does
    its revision)."""
    inputs = original.inputs if command is None else inputs_of(command)
    found = uses.revised(session.ruleset, session.state.table, len(outcome.revised), after)
    used = None if redrawn.used is None else found
    record = msgspec.structs.replace(redrawn, first=0, count=len(after), inputs=inputs, used=used)
    outcome.revised.append(Revision(original, before, tuple(after), record))
    _fold(session, [Recorded(original.first, e) for e in after])


def _redrawn(record: CommandRecord, drawn: tuple[int, ...]) -> CommandRecord:
    """A ruling's record with the dice it was just decided again with: the faces given
    at the table stand as given, unless they were handed out as drawn (and extended)."""
    if record.given and not drawn:
        return record
    return msgspec.structs.replace(record, drawn=drawn, given=())


class _Basis:
    """What each ruling of the tail was given *for* (a :class:`Follows` that is
    ``bound``: damage for its hit) — as its record says (:attr:`CommandRecord.used`:
    the event, or what stands in its place now that a correction revised it), or for a
    record that does not say, as read in the history as it stood before the correction
    — and the events the correction takes away (``gone``). A ruling whose object is
    gone is dropped — decided again, the rules might give it for another event (damage
    for an older hit still waiting), and that is no consequence of the correction but a
    ruling never given."""

    def __init__(
        self,
        placed: Sequence[Recorded],
        gone: set[int],
        history: Past,
        counting: Corrections | None = None,
    ) -> None:
        self.placed = placed
        self.gone = gone
        self.counting = history.corrections if counting is None else counting
        """What counts as the tail is decided: the corrections so far, or for a
        correction taken back, as they read with it undone (what it retracted counts
        again)."""
        self.history = history
        self.index = {r.position: i for i, r in enumerate(placed)}
        self._by_kind: dict[str, tuple[list[int], list[Recorded]]] | None = None

    def lost(
        self, session: Session, batch: Sequence[Recorded], record: CommandRecord
    ) -> str | None:
        """Why the ruling of ``batch`` cannot stand, if its object is gone."""
        if not self.gone:
            return None
        follows = session.ruleset.follows
        for recorded in batch:
            for wanted in follows(recorded.event, session.state.table):
                if not wanted.bound:
                    continue
                taken = self._object_gone(wanted, recorded.position, record)
                if taken is not None:
                    return (
                        f"{wanted.why} (event {taken}) no longer counts, and it is not given "
                        "again for another"
                    )
        return None

    def _object_gone(self, wanted: Any, position: int, record: CommandRecord) -> int | None:
        """The event gone that the ruling's event at ``position`` was given for: the one
        its record names (or what stands in its place), else the one the rules find in
        the history as it stood."""
        if record.named_uses is not None:
            named = (u.used for u in record.named_uses if u.event == position and u.bound)
            return next((t for t in map(self._taken_away, named) if t is not None), None)
        found = self._latest(wanted, self.index.get(position, 0))
        return found.position if found is not None and found.position in self.gone else None

    def _taken_away(self, position: int) -> int | None:
        """The event this correction takes away that ``position`` was, or that stands in
        its place (a revision of it an earlier correction made: an event of its type
        standing for the same ruling); None if it still counts."""
        if position in self.gone:
            return position
        if position not in self.counting.retracted:  # it counts (again, for a take-back)
            return None
        kind = type(self.history.recorded(position).event)
        root = self._ruling(position)
        for gone in sorted(self.gone):
            at = self.index.get(gone)
            if (
                at is not None
                and type(self.placed[at].event) is kind
                and self._ruling(gone) == root
            ):
                return gone
        return None

    def _ruling(self, position: int) -> int:
        """The first position of the ruling an event stands for (a revision's, the
        ruling it revises, followed back)."""
        corrections = self.history.corrections
        if position in corrections.moved:
            return place_of(position, corrections)
        batch = self.history.batch_of(position)
        return position if batch is None else batch[0]

    def _latest(self, wanted: Any, before: int) -> Recorded | None:
        """The latest event of ``wanted``'s kind and fields placed before index
        ``before`` (or ``wanted.back`` such events before it): looked for backwards from
        there, not from the end of the tail, so that a tail of n rulings costs n short
        searches, not n² steps."""
        if self._by_kind is None:
            self._by_kind = {}
            for i, recorded in enumerate(self.placed):
                at, kind = self._by_kind.setdefault(type(recorded.event).__name__, ([], []))
                at.append(i)
                kind.append(recorded)
        at, kind = self._by_kind.get(wanted.kind, ([], []))
        passed = 0
        for i in range(bisect_left(at, before) - 1, -1, -1):
            earlier = kind[i]
            if all(getattr(earlier.event, n, None) == v for n, v in wanted.fields.items()):
                if passed == wanted.back:
                    return earlier
                passed += 1
        return None


def _redecide_tail(
    outcome: Correction,
    session: Session,
    history: Past,
    tail: list[Recorded],
    fresh: DiceSource | None,
    players: _Players,
    uses: RevisionUses,
    basis: _Basis | None = None,
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
            uses.take([recorded])
            players.fold([recorded])
            outcome.unrecorded += 1
            index += 1
            continue
        assert record is not None
        index += record.count
        if record.kind in CORRECTION_KINDS:  # decided on the whole history: it stands
            _fold(session, batch)
            uses.take(batch)
            players.fold(batch)
            continue
        stored = tuple(r.event for r in batch)
        lost = None if basis is None else basis.lost(session, batch, record)
        if lost is not None:
            outcome.dropped.append(Dropped(record, stored, lost))
            basis.gone.update(r.position for r in batch)  # type: ignore[union-attr]
            continue
        try:  # decided as re-judging decides: folded only where it differs from the record
            events, drawn = redecide(
                session, record, then=fresh, batch_of=history.batch_of, extend=True, trial=False
            )
            stands = same_ruling(events, stored)
            if not stands:
                session.check_applies(command_for(record, session), events)
        except KirokuError as error:
            outcome.dropped.append(Dropped(record, stored, str(error)))
            if basis is not None:
                basis.gone.update(r.position for r in batch)
            continue
        if stands:
            outcome.kept += 1
            _fold(session, batch)
            uses.take(batch)
            players.fold(batch)
        else:
            redrawn = _redrawn(record, drawn)
            events = players.screened(session, redrawn, events, None, history.batch_of)
            _revise(outcome, session, uses, redrawn, record, stored, events)
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
            unseen, names, whole = self.screen.unseen, self.screen.names, self.screen.whole
            self.pending += [
                as_players_fold(r, whole)
                for r in batch
                if r.position not in unseen and not standing_on(r, names)
            ]

    def screened(
        self,
        session: Session,
        record: CommandRecord,
        events: list[Event],
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
        return screen_ruling(events, Session(state=self.state), record, command, batch_of)


def _assemble(
    outcome: Correction,
    history: Past,
    command: Retract | Undo | Amend | Reinstate,
    context: Context,
    *,
    retracting: Sequence[int] | None = None,
    reinstating: Sequence[int] | None = None,
) -> None:
    """The batch: the heading, the retractions, each revision's events; the correction's
    record (heading and retractions) and each revision's. A correction taken back says
    what it retracts (``retracting``: its revisions, what it reinstated) and reinstates
    (``reinstating``: everything it retracted) beside its consequences."""
    target = outcome.target
    assert target is not None
    retracted = history.corrections.retracted
    superseded: list[int] = list(retracting or ())
    if reinstating is not None:
        pass
    elif outcome.kind != "reinstate":
        superseded += [p for p in range(target.first, target.last + 1) if p not in retracted]
    for revision in outcome.revised:
        if reinstating is not None or revision.original is not target:
            superseded += range(revision.original.first, revision.original.last + 1)
    for dropped in outcome.dropped:
        superseded += range(dropped.original.first, dropped.original.last + 1)
    superseded = sorted(set(superseded))
    at, actor, reason = context.at, context.actor, command.reason
    position = history.head + 2 + len(superseded)
    firsts: list[int] = []
    for revision in outcome.revised:
        firsts.append(position)
        position += revision.record.count
    revised: list[Revision] = []
    for revision, first in zip(outcome.revised, firsts, strict=True):
        used = RevisionUses.resolved(revision.record.used, firsts)
        record = msgspec.structs.replace(revision.record, first=first, used=used)
        revised.append(Revision(revision.original, revision.before, revision.after, record))
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
        reinstated=tuple(sorted(reinstating))
        if reinstating is not None
        else tuple(range(target.first, target.last + 1))
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
