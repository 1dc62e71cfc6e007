"""The application service: load a session, run a command, append its batch, log it.

A command is a function of the session aggregate that returns the events to append (see
:mod:`domain.session.aggregate`). The service keeps each session it has loaded and
catches it up from the store before every command. A session it has not loaded yet is
read from its latest valid snapshot and the events after it (:mod:`projections.snapshots`),
so a command costs the same on a session of any length; after a command, a snapshot is
taken once the session is far enough past its last one, and always after a retraction
(which makes the snapshots it reaches back past useless). When another writer got there
first, the command is decided again on the caught-up session (a safe retry: nothing of
the first attempt was stored).
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING

import msgspec

from adapters.keys import Keys
from adapters.log import logger
from adapters.snapshot_store import SnapshotStore
from adapters.store import EventStore, RequestRecord
from application.stored_history import StoredHistory
from application.stored_secrets import caught_up, stored_secrets
from application.stored_uses import used_now
from domain.commands import Command, Context, Dice
from domain.errors import (
    EXCERPT,
    ConcurrencyConflict,
    IllegalUnderRules,
    KirokuError,
    MalformedInput,
    excerpt,
    shortened,
)
from domain.events import (
    Event,
    ImportedUnverified,
    Recorded,
    RulingRevealed,
    RulingsCorrected,
    SessionForked,
)
from domain.names import check_name
from domain.rulesets import Ruleset
from domain.session.aggregate import Session, check_session_id, open_session
from domain.session.chain import GENESIS, broken_seal, head, missing_seal, seal
from domain.session.commands import CORRECTIONS, JoinCharacter, Reinstate, Reveal
from domain.session.record import CommandRecord, decide_recorded, record_of
from domain.session.secrets import Secrets
from domain.session.state import SessionState, fold
from projections import players, snapshots

if TYPE_CHECKING:  # what a command or a correction decides with: imported where it is used,
    # so that a read (state, log) loads none of it
    from domain.session.correction import Correction
    from domain.session.screen import PlayersView

Decision = Callable[[Session, datetime], list[Event] | tuple[list[Event], Sequence[CommandRecord]]]
"""A command as the service runs it: the session and the time give its batch (and, for
a command Struct, the record of the ruling, appended with it)."""
Clock = Callable[[], datetime]
RETRIES = 3
PATIENCE = 60
"""Tries for a command given against no version (no ``If-Match``), whose store conflicts
the service retries itself, the command decided again on the session as it now is:
another writer (a second server on one PostgreSQL database) is no concern of its
sender's. Each try after the first waits a little, at random, longer each time (up to
50 ms), so that racing writers part."""


@dataclass(frozen=True)
class IdempotencyRequest:
    """A command given with an ``Idempotency-Key`` (the HTTP API): the key, unique per
    actor and session, and the digest of the body it came with."""

    key: str
    digest: str


class VersionConflict(ConcurrencyConflict):
    """The session was not at the version the command was given against (``If-Match``):
    nothing was appended."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            f"If-Match {expected}: the session is at version {current}; read it again, "
            "nothing was appended"
        )
        self.expected = expected
        self.current = current


class Repeated(Exception):
    """A command whose Idempotency-Key (and body) already gave a ruling: what it
    recorded then. Nothing was appended now."""

    def __init__(self, recorded: list[Recorded]) -> None:
        super().__init__(f"already recorded at {recorded[0].position if recorded else '-'}")
        self.recorded = recorded


def utc_now() -> datetime:
    return datetime.now(UTC)


TAIL_CHECKED = 1_000
"""How many of a session's last events a read re-hashes (:meth:`SessionService.
tamper_warning`)."""

TAMPER_HELD = 2.0
"""How long, in seconds, a read's tamper check stands for the session's version: a row
edited behind the service's back leaves the version as it was, so a long-running server
checks again at most this long after (a check re-hashes :data:`TAIL_CHECKED` events:
held, a front end polling ``state`` many times a second does not pay it each time)."""


class SessionService:
    def __init__(
        self,
        store: EventStore,
        clock: Clock = utc_now,
        keys: Keys | None = None,
        ticks: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.clock = clock
        self.keys = keys if keys is not None else Keys.of(store.config)
        """The sessions' signing keys, outside the store (:mod:`adapters.keys`)."""
        self.ticks = ticks
        """Seconds, for how long a tamper check stands (:data:`TAMPER_HELD`)."""
        self._tamper: dict[str, tuple[int, float, str | None]] = {}
        self.snapshots = SnapshotStore(store)
        self._sessions: dict[str, Session] = {}
        self._snapshot_at: dict[str, int] = {}
        self._heads: dict[str, tuple[int, str]] = {}
        self._secrets: dict[str, Secrets] = {}
        self._players: dict[str, PlayersView] = {}

    def load(self, session_id: str) -> Session:
        """The session, caught up with everything stored."""
        check_session_id(session_id)
        session = self._sessions.get(session_id)
        if session is not None:
            session.record(list(self.store.read(session_id, after=session.version)))
        if session is None or session.stale:
            state, self._snapshot_at[session_id] = snapshots.load(
                self.store, self.snapshots, session_id
            )
            session = Session(state=state)
        self._sessions[session_id] = session
        return session

    def state_at(
        self, session_id: str, position: int | None, *, as_corrected: bool = False
    ) -> SessionState:
        """The session's state as of ``position`` (the latest when None): with the
        corrections recorded by then, or (``as_corrected``) as every correction made since
        reads it. At 0, before its first event, it is the session as its opening made it,
        with nothing in it: which session and ruleset, and the ruleset's views empty."""
        if position is None:
            return self.load(session_id).state
        check_session_id(session_id)
        state, _ = snapshots.load(
            self.store,
            self.snapshots,
            session_id,
            until=max(position, 1),
            as_corrected=as_corrected,
        )
        if position == 0:
            state.position = 0
        return state

    def snapshot(self, session_id: str, *, force: bool = False) -> None:
        """Take a snapshot of the loaded session if it is due (or ``force``); the session
        held is used as it is, read again only when a retraction left it stale."""
        held = self._sessions.get(session_id)
        session = held if held is not None and not held.stale else self.load(session_id)
        last = self._snapshot_at.get(session_id, 0)
        taken = snapshots.maybe_take(self.snapshots, session_id, session.state, last, force=force)
        self._snapshot_at[session_id] = taken
        if taken != last:  # the players' view beside it, while anything is kept from them
            secrets = self.kept(session_id, taken)
            players.maybe_take(self.store, self.snapshots, session_id, secrets, taken)

    def decide(
        self,
        session_id: str,
        command: Command,
        *,
        actor: str | None = None,
        dice: Dice | None = None,
        expected: int | None = None,
        request: IdempotencyRequest | None = None,
    ) -> list[Recorded]:
        """Decide a command Struct in the session as ``actor`` (default: its GM), with
        ``dice`` for what it throws; append its batch. ``expected``: the version the
        command was given against (:class:`VersionConflict` if the session is elsewhere);
        ``request``: its idempotency key (:class:`Repeated` if the key already gave a
        ruling, with that body; refused if with another)."""

        if isinstance(command, CORRECTIONS):
            return self.correct(session_id, command, actor=actor, dice=dice)[1]
        return self._run(
            session_id,
            command.spec.name,
            self._decision(session_id, command, actor, dice),
            new=False,
            expected=expected,
            request=None if request is None else (actor, request),
        )

    def trial(
        self,
        session_id: str,
        command: Command,
        *,
        actor: str | None = None,
        dice: Dice | None = None,
    ) -> list[Event]:
        """The batch ``command`` would append now, decided exactly as :meth:`decide`
        decides it (as ``actor``, with ``dice``), and appended nowhere: what a form shows
        before the GM or a player commits to it (the pool and TN a roll would have)."""
        if isinstance(command, CORRECTIONS):
            raise MalformedInput(
                f"{command.spec.name} is a correction: its preview is its own dry run"
            )
        seen = self.seen_by(session_id, actor)  # a player's try shows what they know
        events, _ = self._decision(session_id, command, actor, dice, trial=True)(seen, self.clock())
        return events

    def _decision(
        self,
        session_id: str,
        command: Command,
        actor: str | None,
        dice: Dice | None,
        *,
        trial: bool = False,
    ) -> Callable[[Session, datetime], tuple[list[Event], list[CommandRecord]]]:
        """How ``command`` is decided on a session as it stands (see :meth:`decide`):
        a player's ruling screened against what the players see, its record naming the
        earlier events it used (:mod:`domain.session.uses`) — unless it is a ``trial``,
        decided on what they see already and never recorded."""
        from domain.session.prefixes import in_full
        from domain.session.screen import players_refusal, screen_ruling

        def batch_of(position: int) -> tuple[int, int] | None:
            record = self.store.command_of(session_id, position)
            return None if record is None else (record.first, record.last)

        def decided(session: Session, at: datetime) -> tuple[list[Event], list[CommandRecord]]:
            if isinstance(command, JoinCharacter) and command.carried is not None:
                from application.campaigns import check_carried

                check_carried(self, session_id, command)
            context = Context(acting(actor, session.opened.gm), at, dice, batch_of)
            seen = None if trial else self._screened(session_id, session, context.actor, command)
            # a character named by the start of their name, among those the actor sees
            named = in_full(command, (session if seen is None else seen).state)
            try:
                events, record = decide_recorded(session, named, context)
            except KirokuError as error:
                if seen is None:
                    raise
                attempt = _attempted(session, named, context)
                raise players_refusal(seen, named, attempt, error, batch_of) from None
            events = screen_ruling(events, seen, record, named, batch_of)
            if isinstance(command, Reveal):  # which rulings are hidden: from the records
                secrets = self.kept(session_id, session.version)
                secrets.check_reveal(command.position, session.version)
            elif not trial:
                batch = [Recorded(record.first + i, e) for i, e in enumerate(events)]
                record = msgspec.structs.replace(record, used=used_now(self.store, session, batch))
            return events, [record]

        return decided

    def secrets(self, session_id: str, version: int | None = None) -> Secrets:
        """What the GM keeps from the players in the session, as of ``version`` (read
        from every event and record)."""
        return stored_secrets(self.store, session_id, version)

    def kept(self, session_id: str, version: int) -> Secrets:
        """:meth:`secrets` as of the session's head ``version``, kept and caught up from
        the events and records stored since this service last read them."""
        held = self._secrets.get(session_id)
        if held is None or held.read > version:  # on from the latest players' snapshot
            held = players.secrets_at(self.store, self.snapshots, session_id, version)
        self._secrets[session_id] = caught_up(self.store, session_id, held, version)
        return held

    def seen_by(self, session_id: str, actor: str | None, *, as_written: bool = False) -> Session:
        """The session as it stands, as ``actor`` (default: the GM) sees it: the state a
        player's command output, warnings and odds are read on. ``as_written``: as this
        service's own last batch left it (:meth:`held`), not read from the store again."""
        session = self.held(session_id) if as_written else self.load(session_id)
        return self._as_seen_by(session_id, session, acting(actor, session.opened.gm))

    def held(self, session_id: str) -> Session:
        """The session as this service last read or wrote it, without asking the store
        again: what a command's own output is read on (the state its batch left, not a
        later writer's). Read from the store if this service has not read it yet. Not for
        a long-lived reader (the server): another writer may have moved the session on."""
        session = self._sessions.get(session_id)
        return self.load(session_id) if session is None else session

    def _as_seen_by(self, session_id: str, session: Session, actor: str) -> Session:
        """The session as ``actor`` sees it: the GM's own; a player's as the players see
        it while the GM keeps anything from them. What a player's try (a form's pool,
        TN and odds before the roll) is decided on: a preview shows what they know."""
        if session.is_gm(actor):
            return session
        version = session.version
        view = self._players.get(session_id)
        if view is None or view.read > version:
            from domain.session.screen import PlayersView

            secrets = players.secrets_at(self.store, self.snapshots, session_id, version)
            view = self._players[session_id] = PlayersView(secrets)
        if view.read < version:
            events = list(self.store.read(session_id, view.read, until=version))
            records = self.store.records(session_id, after=view.read)
            view.take(events, [r for r in records if r.first <= version])
        seen = view.session(partial(self._players_state, session_id, version))
        return session if seen is None else seen

    def _players_state(self, session_id: str, version: int, secrets: Secrets) -> SessionState:
        """The players' state as of ``version`` with ``secrets``, from their snapshots."""
        return players.load(self.store, self.snapshots, session_id, secrets, version)[0]

    def _screened(
        self, session_id: str, session: Session, actor: str, command: Command
    ) -> Session | None:
        """The players' view a ruling of ``actor``'s is screened against
        (:mod:`domain.session.screen`): a player's ruling in the open while the GM keeps
        anything from the players; else None."""
        if session.is_gm(actor) or command.hidden:
            return None
        seen = self._as_seen_by(session_id, session, actor)
        return None if seen is session else seen

    def correct(
        self,
        session_id: str,
        command: Command,
        *,
        actor: str | None = None,
        dice: Dice | None = None,
        expected: int | None = None,
    ) -> tuple[Correction, list[Recorded]]:
        """Decide a correction on the whole history and append its batch: what it
        changed, and what was recorded (``expected``: as :meth:`decide`)."""
        decided: list[Correction] = []
        if command.hidden:
            raise MalformedInput(
                f"{command.spec.name} cannot be given hidden: a correction is as hidden as "
                "what it corrects"
            )

        def corrected(session: Session, at: datetime) -> tuple[list[Event], list[CommandRecord]]:
            session.check_open(command)
            if isinstance(command, Reinstate):
                from application.campaigns import check_reinstated

                check_reinstated(self, session_id, command.position)
            decided[:] = [self._correction(session, command, actor, at, dice)]
            return decided[0].events, decided[0].records

        recorded = self._run(session_id, command.spec.name, corrected, new=False, expected=expected)
        return decided[0], recorded

    def preview(
        self,
        session_id: str,
        command: Command,
        *,
        actor: str | None = None,
        dice: Dice | None = None,
    ) -> tuple[Correction, SessionState, SessionState]:
        """What a correction would do (``--dry-run``), never appended: the correction, and
        the session's state before it and as it would be after."""
        if not isinstance(command, CORRECTIONS):
            raise MalformedInput(f"{command.spec.name} is not a correction: it has no preview")
        session = self.load(session_id)
        session.check_open(command)
        if isinstance(command, Reinstate):
            from application.campaigns import check_reinstated

            check_reinstated(self, session_id, command.position)
        outcome = self._correction(session, command, actor, self.clock(), dice)
        if outcome.after is not None:
            return outcome, session.state, outcome.after
        history = list(self.store.read(session_id, 0, until=session.version))
        head = session.version
        batch = [Recorded(head + i, e) for i, e in enumerate(outcome.events, 1)]
        return outcome, session.state, fold([*history, *batch])

    def _correction(
        self,
        session: Session,
        command: Command,
        actor: str | None,
        at: datetime,
        dice: Dice | None,
    ) -> Correction:
        """A correction decided on the whole history as it stands at ``session.version``
        (:mod:`domain.session.correction`); fresh dice, where a ruling decided again needs
        more than it drew, come from ``dice``, else from a seed made of the session, its
        head and the correction: its preview shows the very faces it will draw."""
        from domain.session.correction import correct
        from domain.session.screen import Screen

        history = StoredHistory(self.store, session)
        fresh = dice if dice is not None and not isinstance(dice, Sequence) else None
        if fresh is None:  # the same faces for the preview and the correction it previews
            seed = hashlib.sha256(
                b"%s\0%d\0" % (session.opened.session.encode(), session.version)
                + msgspec.json.encode(command)
            )
            fresh = random.Random(seed.hexdigest())
        context = Context(acting(actor, session.opened.gm), at, None, history.batch_of)
        sid = session.opened.session
        secrets = self.kept(sid, session.version)
        screen = None
        if secrets.keeps_any:

            def players_before(place: int) -> SessionState:
                if place <= 1:
                    return SessionState()
                state, _ = players.load(
                    self.store, self.snapshots, sid, secrets, place - 1, as_corrected=True
                )
                return state

            unseen, names = frozenset(secrets.unseen()), secrets.kept_names()
            screen = Screen(unseen, players_before, names, secrets.whole())
        return correct(history, command, context, fresh=fresh, screen=screen)  # type: ignore[arg-type]

    def tamper_warning(self, session_id: str, version: int) -> str | None:
        """What a read of the session (``state``, the API) finds of tampering, at a cost
        that does not grow with the session (issue 28, item 5): the latest seal's
        signature, against the keys trusted for the session here — so a forgery that
        recomputed the chain without the key is found — and the last
        :data:`TAIL_CHECKED` events re-hashed against the seals over them — so a row
        edited, deleted or moved among them is. None: nothing found (``kiroku verify``
        checks every seal and re-judges every ruling). A check stands for the version
        it was made at, for :data:`TAMPER_HELD` seconds at most: an edit of the store
        behind a running server's back is found by a read that long after."""
        now = self.ticks()
        held = self._tamper.get(session_id)
        if held is not None and held[0] == version and now - held[1] < TAMPER_HELD:
            return held[2]
        found = self._tamper_found(session_id, version)
        self._tamper[session_id] = (version, now, found)
        return found

    def _tamper_found(self, session_id: str, version: int) -> str | None:
        latest = self.store.latest_record(session_id, version)
        if latest is None:
            return None  # nothing recorded: no ruling to check
        missing = missing_seal(latest)  # a store seals and signs each record
        if missing is not None:
            return (
                f"the record of the {latest.command} at {latest.first} carries no {missing}, "
                f"though a store seals and signs every ruling it records: the {missing} was "
                "removed (or it was recorded before Kiroku signed: kiroku verify says more)"
            )
        from adapters.keys import SignatureCheck

        why = SignatureCheck(session_id, self.keys.trusted(session_id))(latest)
        if why is not None:
            return f"the seal of the {latest.command} at {latest.first}: {why}"
        start = self.store.latest_record(session_id, max(0, version - TAIL_CHECKED))
        if start is not None and not start.chain:
            start = None
        after, value = (start.last, start.chain) if start is not None else (0, GENESIS)
        stored = list(self.store.read_stored(session_id, after, until=version, as_found=True))
        broken = broken_seal(session_id, stored, self.store.records(session_id, after), value)
        if broken is None:
            return None
        return (
            f"the events up to {broken.last} do not hash to the seal of the {broken.command} "
            f"at {broken.first}: an event was edited, deleted or moved since it was recorded"
        )

    def chain_head(self, session_id: str, version: int) -> str:
        """The hash chain's value after position ``version`` (:mod:`domain.session.chain`):
        from the seal of the latest ruling at or before it and the events after that (a
        session recorded before the chain was is hashed from its first event)."""
        held = self._heads.get(session_id)
        if held is not None and held[0] == version:
            return held[1]
        record = self.store.latest_record(session_id, version)
        start, value = (record.last, record.chain) if record and record.chain else (0, GENESIS)
        stored = self.store.read_stored(session_id, start, until=version)
        found = head(session_id, stored, value)  # as stored: see domain.session.chain.link
        self._heads[session_id] = (version, found)
        return found

    def ruleset(self, session_id: str) -> Ruleset:
        """The ruleset of a session this service has loaded or run a command on."""
        session = self._sessions.get(session_id) or self.load(session_id)
        return session.ruleset

    def open(
        self,
        *,
        session_id: str,
        ruleset: str,
        gm: str,
        options: Mapping[str, str] | None = None,
        campaign: str = "",
        title: str = "",
    ) -> list[Recorded]:
        """Open a session (see :func:`domain.session.aggregate.open_session`); in a
        campaign, one that is open, under its ruleset."""
        if campaign:
            from application.campaigns import check_campaign_session

            check_campaign_session(self.store, campaign, ruleset)

        def command(_: Session, at: datetime) -> list[Event]:
            opened = open_session(
                session_id=session_id,
                ruleset=ruleset,
                gm=gm,
                at=at,
                options=options,
                campaign=campaign,
                title=title,
            )
            return [opened]

        return self._run(session_id, "open", command, new=True)

    def fork(
        self, origin_id: str, position: int, fork_id: str, *, reason: str, actor: str | None
    ) -> list[Recorded]:
        """Fork session ``origin_id`` as it stood at ``position`` into a new session
        ``fork_id`` (see :mod:`domain.session.fork`), in one batch."""
        from domain.session.fork import fork_events

        origin = self.load(origin_id)
        if not 1 <= position <= origin.version:
            raise MalformedInput(
                f"--at {position}: session {origin_id!r} has positions 1 to {origin.version}"
            )
        split = self.store.command_of(origin_id, position)
        if split is not None and split.last != position:
            raise IllegalUnderRules(
                f"--at {position}: the ruling at {split.first}–{split.last} ({split.command}) "
                f"would be cut in two; fork at {split.first - 1} or {split.last}"
            )
        for heading in self.store.read(origin_id, 0, until=position, topic="RulingsCorrected"):
            corrected = heading.event
            assert isinstance(corrected, RulingsCorrected)
            own = self.store.command_of(origin_id, heading.position)
            end = max(
                [own.last if own is not None else heading.position]
                + [first + count - 1 for _, first, count in corrected.revised]
            )
            if position < end:
                raise IllegalUnderRules(
                    f"--at {position}: the correction at {heading.position}–{end} would be cut "
                    f"in two; fork at {heading.position - 1} or {end}"
                )
        copied = list(self.store.read(origin_id, 0, until=position))
        records = [r for r in self.store.records(origin_id) if r.last <= position]
        gm = origin.opened.gm
        mark = origin.state.unverified
        unverified = None
        if mark is not None and mark[0] > position:  # the fork copies what it marks, not it
            given = {p for r in records for p in range(r.first, r.last + 1)}
            unrecorded = sum(
                1
                for r in copied[1:]
                if r.position not in given
                and not isinstance(r.event, SessionForked | ImportedUnverified)
            )
            if unrecorded:
                unverified = msgspec.structs.replace(mark[1], events=unrecorded)

        def command(_: Session, at: datetime) -> tuple[list[Event], list[CommandRecord]]:
            events = fork_events(
                copied,
                fork_id=fork_id,
                actor=acting(actor, gm),
                at=at,
                reason=reason,
                unverified=unverified,
            )
            return events, records  # the rulings copied whole keep their records

        return self._run(fork_id, "fork", command, new=True)

    def execute(self, session_id: str, name: str, command: Decision) -> list[Recorded]:
        return self._run(session_id, name, command, new=False)

    def _run(
        self,
        session_id: str,
        name: str,
        command: Decision,
        *,
        new: bool,
        expected: int | None = None,
        request: tuple[str | None, IdempotencyRequest] | None = None,
    ) -> list[Recorded]:
        shown = session_id if len(session_id) <= EXCERPT else excerpt(session_id)
        log = logger().bind(session=shown, command=name)
        started = time.perf_counter()
        try:
            recorded = self._attempt(
                session_id, command, new=new, expected=expected, request=request
            )
        except KirokuError as error:
            log.info(
                "command refused",
                outcome=type(error).__name__,
                error=shortened(str(error)),
                duration_ms=round((time.perf_counter() - started) * 1000, 3),
            )
            raise
        log.info(
            "command recorded",
            outcome="recorded",
            events=[type(r.event).__name__ for r in recorded],
            positions=[r.position for r in recorded],
            duration_ms=round((time.perf_counter() - started) * 1000, 3),
        )
        return recorded

    def _attempt(
        self,
        session_id: str,
        command: Decision,
        *,
        new: bool,
        expected: int | None = None,
        request: tuple[str | None, IdempotencyRequest] | None = None,
    ) -> list[Recorded]:
        tries = RETRIES if expected is not None else PATIENCE
        for attempt in range(tries):
            if attempt:
                time.sleep(random.uniform(0, min(0.05, 0.001 * 2**attempt)))
            if new:
                check_session_id(session_id)
                if self.store.exists(session_id):
                    raise IllegalUnderRules(f"a session {session_id!r} already exists")
                self.keys.refuse_kept(session_id, "a new session")
                session = Session()
            else:
                session = self.load(session_id)
            asked = None if request is None else self._unrepeated(session, *request)
            if expected is not None and session.version != expected:
                raise VersionConflict(expected, session.version)
            decided = command(session, self.clock())
            events, records = decided if isinstance(decided, tuple) else (decided, ())
            previous = GENESIS if new else self.chain_head(session_id, session.version)
            batch = [Recorded(session.version + i, e) for i, e in enumerate(events, 1)]
            sealed, after = seal(session_id, previous, batch, records)
            sealed = [  # each seal signed with the session's key
                msgspec.structs.replace(r, signature=self.keys.sign(session_id, r)) for r in sealed
            ]
            kept = None
            if asked is not None and events:
                kept = RequestRecord(
                    key=asked[1].key,
                    actor=asked[0],
                    digest=asked[1].digest,
                    first=session.version + 1,
                    last=session.version + len(events),
                )
            try:
                recorded = self.store.append(
                    session_id, session.version, events, sealed, request=kept
                )
            except ConcurrencyConflict:
                continue
            if recorded:
                self._heads[session_id] = (recorded[-1].position, after)
            view = self._players.get(session_id)
            if view is not None and view.read == session.version:  # what the store now holds
                view.take(recorded, sealed)
            session.record(recorded)
            # Keep the state, never the whole stream: a long-lived service would hold
            # every event a session it opened ever had.
            held = Session(state=session.state) if session.complete else session
            self._sessions[session_id] = held
            # a reveal reaches back as a retraction does: the players' view it changes is
            # snapshotted at once, so that their next reads fold on from it
            revealing = any(isinstance(r.event, RulingRevealed) for r in recorded)
            self.snapshot(session_id, force=session.stale or revealing)
            return recorded
        raise ConcurrencyConflict(
            f"session {session_id!r} kept moving under this command ({tries} tries); "
            "nothing was appended"
        )

    def _unrepeated(
        self, session: Session, actor: str | None, request: IdempotencyRequest
    ) -> tuple[str, IdempotencyRequest]:
        """The request's actor and request, if its key gave no ruling yet; else
        :class:`Repeated` (the same body) or a refusal (another body)."""
        who = acting(actor, session.opened.gm)
        sid = session.opened.session
        done = self.store.request(sid, who, request.key)
        if done is None:
            return who, request
        if done.digest != request.digest:
            raise IllegalUnderRules(
                f"Idempotency-Key {excerpt(request.key)} already gave a ruling, with another "
                "body: nothing was appended (a new command needs a new key)"
            )
        raise Repeated(list(self.store.read(sid, done.first - 1, until=done.last)))


def _attempted(session: Session, command: Command, context: Context) -> CommandRecord:
    """The record a refused command would have had (its dice: none drawn yet)."""
    return record_of(command, context, session.version + 1, 0)


def acting(actor: str | None, gm: str) -> str:
    """Who a command is recorded as: the actor given, else the session's GM. A blank id
    names no one (it is refused, not read as the GM)."""
    if actor is None:
        return gm
    return check_name(actor, f"--as {actor!r}: the acting participant's id")
