"""Re-judging a session: every recorded ruling decided again under the current rules.

First the stream is checked against the hash chain sealed into the records
(:mod:`domain.session.chain`): an event edited, deleted or moved is found where the
chain breaks, a truncation against a head given. Then, walking the stream from its
opening, each batch's command is decided again on the
history as it stood just before it, as its actor gave it at its time, with the dice it
drew (:func:`domain.session.rejudge.redecide`); a correction is decided again on the
whole history before it (:func:`domain.session.correction.correct`), its fresh dice
those its revisions recorded. The first batch whose events differ from those recorded —
an edited hit, TN, wound or pool, a rule changed since, an event no command gives —
is reported with a readable diff. Under unchanged rules an untouched session re-judges
to itself, event for event.

Events no recorded command gave — a version 1 replay file's, imported with ``kiroku
import --unverified`` (:class:`domain.events.ImportedUnverified`), or a store's from before
commands were recorded — cannot be decided again: the session is reported unverified,
never as verified, whatever was recorded after them.
"""

import difflib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

import msgspec

from domain.commands import Context
from domain.dice.source import FaceQueue
from domain.errors import KirokuError, MalformedInput
from domain.events import (
    Event,
    ImportedUnverified,
    Recorded,
    RulingsCorrected,
    SessionForked,
    SessionOpened,
)
from domain.session.aggregate import Session
from domain.session.chain import GENESIS, Stored, link, missing_seal
from domain.session.correction import CORRECTION_KINDS, History, correct
from domain.session.record import IMPORTED, CommandRecord, Used
from domain.session.rejudge import command_for, recorded_faces, redecide
from domain.session.screen import PlayersView, Screen, recorded_like, screen_ruling, screens
from domain.session.secrets import Secrets, players_state
from domain.session.state import SessionState
from domain.session.uses import Earlier, used_by

HEAD = re.compile(r"[0-9a-f]{64}")
PLAIN = frozenset({"Retract"})
"""Corrections that may be the retractions alone (no consequence): no heading. (An
``undo`` is decided as a correction always: what it takes back is read from the records.)"""


@dataclass(frozen=True)
class Discrepancy:
    """The first batch the rules would not give as recorded."""

    position: int
    """The position of the batch's first event."""
    message: str
    recorded: tuple[Event, ...] = ()
    rejudged: tuple[Event, ...] = ()
    record: CommandRecord | None = None
    in_record: bool = False
    """Whether what differs is the record of the ruling (its dice, its seal) rather than
    its events."""

    def diff(self) -> str:
        """The recorded events against the events the rules give now, field by field."""
        return "".join(
            difflib.unified_diff(
                _lines(self.recorded),
                _lines(self.rejudged),
                fromfile=f"recorded at {self.position}",
                tofile="the rules now",
            )
        )


@dataclass
class Verdict:
    """What re-judging a session found."""

    rulings: int = 0
    """Rulings decided again (corrections included)."""
    events: int = 0
    """Events checked."""
    unverified: int = 0
    """Events (the opening aside) that no recorded command gave: they were never decided
    again, and the session is not verified."""
    imports: list[ImportedUnverified] = field(default_factory=list)
    """The session's marks of an import without command records."""
    problem: Discrepancy | None = None
    sealed: bool = False
    """Whether its records are sealed with the hash chain (a session recorded before the
    chain was is not: an edit to it cannot be told from the chain)."""
    head: str = GENESIS
    """The hash chain's value after the last event."""
    notes: list[str] = field(default_factory=list)
    signed: bool = False
    """Whether its records' seals are signed with a session key (:mod:`adapters.keys`)."""
    keyed: bool = False
    """Whether a key to check the signatures by was known (here, in a file, or given)."""

    @property
    def ok(self) -> bool:
        return self.problem is None and not self.unverified

    @property
    def unrecorded(self) -> bool:
        """No recorded command gave any event after the opening."""
        return self.unverified > 0 and self.rulings == 0


def _lines(events: Sequence[Event]) -> list[str]:
    lines: list[str] = []
    for event in events:
        data = {"type": type(event).__name__, **msgspec.to_builtins(event)}
        text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)
        lines += [line + "\n" for line in text.splitlines()]
    return lines


class Signatures(Protocol):
    """Whether a sealed record's signature is a trusted key's (the adapters hold the
    keys: :mod:`adapters.keys`)."""

    @property
    def knows_a_key(self) -> bool: ...

    @property
    def every(self) -> bool:
        """Whether every record must be sealed and signed (a store's: it seals and signs
        each ruling it records), so a seal or signature missing anywhere is removed."""
        ...

    def __call__(self, record: CommandRecord) -> str | None:
        """None when its signature holds (or it has none); else why not."""
        ...


def verify(
    events: Sequence[Recorded],
    records: Sequence[CommandRecord],
    *,
    expected_head: str | None = None,
    stored: Sequence[Stored] | None = None,
    signatures: Signatures | None = None,
) -> Verdict:
    """Check the stream ``events`` against the seals of its ``records`` and the head
    given (:mod:`domain.session.chain`), then re-judge every ruling (see the module
    docstring). ``stored``: the same events as they were stored (the store's rows, the
    file's lines), which the chain is computed over when given — a field an event type
    gained since then does not break it."""
    verdict = Verdict()
    if not events:
        return verdict
    wanted = None if expected_head is None else expected_head.strip().lower()
    if wanted is not None and not HEAD.fullmatch(wanted):
        raise MalformedInput(
            f"head {(expected_head or '')[:70]!r}: a chain's head is 64 hexadecimal digits "
            "(as verify prints it and an export's header holds it)"
        )
    verdict.head, verdict.problem, reached = check_chain(events, records, wanted, stored)
    verdict.sealed = any(r.chain for r in records)
    verdict.signed = any(r.signature for r in records)
    if verdict.problem is None and signatures is not None:
        verdict.problem = check_signatures(records, signatures)
        verdict.keyed = signatures.knows_a_key
    imported = [r.first for r in records if r.signature.startswith(IMPORTED)]
    if imported:
        verdict.notes.append(
            f"the seals of {len(imported)} of its rulings (at {imported[0]} to {imported[-1]}) "
            "were signed here when the file they came from was imported, that file not having "
            "signed them: they vouch for the import, not for the file"
        )
    if verdict.problem is None and wanted is not None:
        if reached is None:
            verdict.problem = Discrepancy(
                events[-1].position,
                f"the chain never reaches the head given ({wanted[:16]}…): events were cut "
                "from the end of what it was noted on, or the events before it changed",
            )
        elif reached < events[-1].position:
            verdict.notes.append(
                f"the head given is the chain's at event {reached}: "
                f"{events[-1].position - reached} events were recorded since"
            )
    if verdict.problem is not None:
        return verdict
    return _rejudge(verdict, events, records)


def check_signatures(
    records: Sequence[CommandRecord], signatures: Signatures
) -> Discrepancy | None:
    """The first sealed record whose signature fails (a key not trusted, a signature that
    does not verify), or whose signature was removed — after a signed one, or from every
    record of a session that has a key; where every record must be sealed and signed
    (``signatures.every``: a store's), the first that is not. A forger who rewrote the
    store, recomputed the chain, stripped the signatures and removed the keys folder
    besides is found there: nothing a store records is unsealed or unsigned."""
    every = signatures.every
    ordered = sorted((r for r in records if r.chain or every), key=lambda r: r.first)
    any_signed = any(r.signature for r in ordered)
    signed_before = False
    for record in ordered:
        problem = signatures(record) if record.signature else None
        missing = missing_seal(record) if every else None
        if missing is not None:
            problem = (
                f"it carries no {missing}, though a store seals and signs every ruling it "
                f"records: the {missing} was removed"
                + (
                    ""
                    if signatures.knows_a_key
                    else ", and no key is trusted for the session here (its keys folder, "
                    "KIROKU_KEYS_DIR, was removed or not brought with the store)"
                )
                + " — or it was recorded before Kiroku sealed and signed its rulings: export "
                "it and import it into a new store, which re-judges it and signs it"
            )
        elif not record.signature and signed_before:
            problem = (
                "its seal carries no signature, though the seals before it are signed: the "
                "signature was removed"
            )
        elif not record.signature and signatures.knows_a_key and not any_signed:
            problem = (
                "no seal of the session is signed, though it has a signing key: the "
                "signatures were removed (or the key is another session's)"
            )
        if problem is not None:
            return Discrepancy(
                record.first,
                f"the record of the {record.command} at {record.first}: {problem}",
                record=record,
                in_record=True,
            )
        signed_before = signed_before or bool(record.signature)
    return None


def check_chain(
    events: Sequence[Recorded],
    records: Sequence[CommandRecord],
    wanted: str | None = None,
    stored: Sequence[Stored] | None = None,
) -> tuple[str, Discrepancy | None, int | None]:
    """The chain's head; the first place where the stream breaks it: a position missing
    or out of order, a ruling whose events do not hash to its seal, or a record left
    unsealed after a sealed one (its seal removed); and the position at which the chain
    reached ``wanted``, if it did. The chain is over ``stored`` when given (the events
    as stored), else over ``events``."""
    if stored is not None and [s.position for s in stored] != [r.position for r in events]:
        raise MalformedInput("the events as stored are not the events read: read them again")
    opened = events[0].event
    session = opened.session if isinstance(opened, SessionOpened) else ""
    seals = {r.last: r for r in records if r.chain}
    ordered = sorted(records, key=lambda r: r.first)
    first_sealed = next((i for i, r in enumerate(ordered) if r.chain), None)
    if first_sealed is not None:
        unsealed = next((r for r in ordered[first_sealed:] if not r.chain), None)
        if unsealed is not None:
            return (
                GENESIS,
                Discrepancy(
                    unsealed.first,
                    f"the record of the {unsealed.command} at {unsealed.first} has no seal, though "
                    "records before it are sealed: its seal was removed",
                    record=unsealed,
                    in_record=True,
                ),
                None,
            )
    value = GENESIS
    reached = None
    for expected, recorded in enumerate(events, 1):
        if recorded.position != expected:
            return (
                value,
                Discrepancy(
                    expected,
                    f"event {expected} is missing: the stream goes from {expected - 1} to "
                    f"{recorded.position}",
                ),
                reached,
            )
        value = link(value, session, recorded if stored is None else stored[expected - 1])
        if value == wanted:
            reached = recorded.position
        sealed = seals.get(recorded.position)
        if sealed is not None and sealed.chain != value:
            return (
                value,
                Discrepancy(
                    sealed.first,
                    f"the events up to {sealed.last} do not hash to the seal of the "
                    f"{sealed.command} at {sealed.first}: an event at or before it was edited, "
                    "deleted or moved since it was recorded (the first ruling sealed before it "
                    "still holds)",
                    tuple(r.event for r in events[sealed.first - 1 : sealed.last]),
                    record=sealed,
                ),
                reached,
            )
    return value, None, reached


def _rejudge(
    verdict: Verdict, events: Sequence[Recorded], records: Sequence[CommandRecord]
) -> Verdict:
    by_first = {r.first: r for r in records}
    batches = History((), records)  # which batch holds a position: the same at any point
    first_recorded = min(by_first, default=len(events) + 1)
    session = Session(events[: first_recorded - 1])  # what came before commands were recorded
    verdict.imports = [r.event for r in events if isinstance(r.event, ImportedUnverified)]
    verdict.unverified = sum(
        not isinstance(r.event, SessionForked | ImportedUnverified)
        for r in events[1 : first_recorded - 1]
    )
    index = first_recorded - 1
    players = PlayersView()
    players.take(events[:index], [r for r in records if r.last <= index])
    earlier = Earlier()  # what a ruling's record says it used is found again in it
    earlier.take(events[:index])
    while index < len(events):
        recorded = events[index]
        record = by_first.get(recorded.position)
        if record is None:
            if isinstance(recorded.event, SessionForked | ImportedUnverified):
                session.record([recorded])
                players.take([recorded], ())
                earlier.take([recorded])
                index += 1
                continue
            verdict.problem = Discrepancy(
                recorded.position,
                f"event {recorded.position} ({type(recorded.event).__name__}) was given by no "
                "recorded command",
                (recorded.event,),
            )
            return verdict
        try:
            if record.kind in PLAIN and not isinstance(recorded.event, RulingsCorrected):
                command = command_for(record, session)
                context = Context(record.actor, record.at, None, batches.batch_of)
                given, records_given = session.decide(command, context, trial=False), [record]
            elif record.kind in CORRECTION_KINDS:
                before = [r for r in records if r.last < record.first]
                history = History(events[:index], before)
                screen = None
                if players.secrets.keeps_any:
                    unseen = frozenset(players.secrets.unseen())
                    names, whole = players.secrets.kept_names(), players.secrets.whole()
                    them = partial(history.players_before, unseen=unseen, names=names, whole=whole)
                    screen = Screen(unseen, them, names, whole)
                given, records_given = _correction(
                    history, session, record, events, by_first, screen
                )
            else:
                given, drawn = redecide(session, record, batch_of=batches.batch_of, trial=False)
                records_given = [
                    record if record.given else msgspec.structs.replace(record, drawn=drawn)
                ]
                if screens(session, record):
                    seen = players.session(partial(_prefix, events, index))
                    given = screen_ruling(given, seen, records_given[0], None, batches.batch_of)
        except KirokuError as error:
            stored = tuple(r.event for r in events[index : index + record.count])
            verdict.problem = Discrepancy(
                recorded.position,
                f"the {record.command} at {record.first} by {record.actor}: the rules refuse it "
                f"now ({error})",
                stored,
                record=record,
            )
            return verdict
        batch = events[index : index + len(given)]
        stored = tuple(r.event for r in batch)
        given = list(recorded_like(given, stored))  # as recorded then (Event.later_fields)
        claimed = [_unsealed(by_first.get(r.first)) for r in records_given]
        heading = recorded.event
        originals = (
            {first: by_first.get(was) for was, first, _ in heading.revised}
            if isinstance(heading, RulingsCorrected)
            else {}
        )
        claimed = [
            _as_named_now(c, r, originals.get(r.first), verdict)
            for c, r in zip(claimed, records_given, strict=True)
        ]
        wanted = [_unsealed(r) for r in records_given]
        if stored != tuple(given) or claimed != wanted:
            differs = "" if stored != tuple(given) else f" ({_differs(claimed, wanted)})"
            verdict.problem = Discrepancy(
                recorded.position,
                f"the {record.command} at {record.first} by {record.actor} does not give the "
                "events recorded" + differs,
                stored,
                tuple(given),
                record,
                in_record=stored == tuple(given),
            )
            return verdict
        if record.used is not None:
            found = used_by(session.ruleset, session.state.table, batch, earlier.latest)
            newer = set(found) - set(record.used)
            if (
                found != record.used
                and set(record.used) <= set(found)
                and not any(u.bound for u in newer)
            ):  # a link the rules make since (what kept a turn from being played): noted
                verdict.notes.append(
                    f"the {record.command} at {record.first}: the rules now also find "
                    f"{_uses(sorted(newer, key=lambda u: (u.event, u.used)))}, which its "
                    "record, made before they did, does not name"
                )
            elif found != record.used:
                verdict.problem = Discrepancy(
                    recorded.position,
                    f"the {record.command} at {record.first} by {record.actor}: its record "
                    f"says it used {_uses(record.used)}, the rules find {_uses(found)}",
                    stored,
                    record=record,
                    in_record=True,
                )
                return verdict
        try:  # what Session.decide's trial would have found, on the events as recorded
            session.record(batch)
        except Exception as error:
            rules = session.ruleset.id
            verdict.problem = Discrepancy(
                recorded.position,
                f"the {record.command} at {record.first} by {record.actor}: the {rules} rules "
                f"cannot apply it now ({type(error).__name__}: {error})",
                stored,
                record=record,
            )
            return verdict
        players.take(batch, records_given)
        earlier.take(batch)
        verdict.rulings += len(records_given)
        verdict.events += len(batch)
        index += len(batch)
    return verdict


def _differs(
    claimed: Sequence[CommandRecord | None], wanted: Sequence[CommandRecord | None]
) -> str:
    """Which part of a ruling's records differs from what deciding it again records."""
    for mine, theirs in zip(claimed, wanted, strict=True):
        if mine is None or theirs is None:
            return "a record of its events is missing"
        if mine != theirs:
            fields = [
                name
                for name in mine.__struct_fields__
                if getattr(mine, name) != getattr(theirs, name)
            ]
            if fields == ["used"]:
                return f"its record of what it used differs at {mine.first}"
            if set(fields) <= {"drawn", "given"}:
                return f"its record of the dice differs at {mine.first}"
            return f"its record at {mine.first} differs: {', '.join(fields)}"
    return "its records differ"


def _as_named_now(
    claimed: CommandRecord | None,
    given: CommandRecord,
    original: CommandRecord | None,
    verdict: Verdict,
) -> CommandRecord | None:
    """A revision's record made before revisions named what they used on the corrected
    history: it holds its original's (``original``: the record of the ruling it
    revises), which names events outside its own batch, or nothing where its original
    used nothing; it is read as the correction names them now, with a note."""
    if claimed is None or claimed.used is None or given.used is None:
        return claimed
    if claimed.used == given.used:
        return claimed
    inherited = original is not None and claimed.used == original.used
    if claimed.named_uses is not None and not inherited:
        return claimed
    verdict.notes.append(
        f"the revision at {claimed.first}: its record, made before revisions named what "
        f"they used, names its original's ({_uses(claimed.used)}); read as "
        f"{_uses(given.used)}"
    )
    return msgspec.structs.replace(claimed, used=given.used)


def _uses(used: Sequence[Used]) -> str:
    """What a ruling used, as ``event 14 for event 12`` (given for it), ``event 15 used
    event 9`` clauses."""
    if not used:
        return "nothing"
    return ", ".join(f"event {u.event} {'for' if u.bound else 'used'} event {u.used}" for u in used)


def _prefix(events: Sequence[Recorded], until: int, secrets: Secrets) -> SessionState:
    """The players' state of the first ``until`` events (read only when it must be read
    again whole)."""
    return players_state(list(events[:until]), secrets)


def _unsealed(record: CommandRecord | None) -> CommandRecord | None:
    return None if record is None else msgspec.structs.replace(record, chain="", signature="")


def _correction(
    history: History,
    session: Session,
    record: CommandRecord,
    events: Sequence[Recorded],
    by_first: dict[int, CommandRecord],
    screen: Screen | None = None,
) -> tuple[list[Event], list[CommandRecord]]:
    """A correction decided again: the fresh dice its revisions drew, given again."""
    heading = events[record.first - 1].event
    fresh: list[int] = []
    if isinstance(heading, RulingsCorrected):
        for original, first, _ in heading.revised:
            revision, was = by_first.get(first), history.record_at(original)
            if revision is not None and was is not None:
                fresh += revision.drawn[len(recorded_faces(was)) :] if revision.drawn else ()
    command = command_for(record, session)
    context = Context(record.actor, record.at, None, history.batch_of)
    outcome = correct(history, command, context, fresh=FaceQueue(fresh), screen=screen)  # type: ignore[arg-type]
    return outcome.events, outcome.records
