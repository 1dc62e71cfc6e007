"""A snapshot of a session's folded state (DESIGN principle 5): the core's state and the
ruleset's (in the ruleset's own encoding), as of one position.

Loading the latest snapshot and folding only the events after it gives the same state as
folding from position 0, so a command costs the same on a session of any length. A
snapshot at position S stops being valid the moment a correction recorded after S takes
back, revises or reinstates an event at or before S; :func:`valid_after` tells.
"""

from collections.abc import Iterable

import msgspec

from domain.errors import KirokuError
from domain.events import ImportedUnverified, Recorded, Role, SessionOpened
from domain.rulesets import load_ruleset
from domain.session.corrected import Corrections
from domain.session.secrets import Secrets
from domain.session.state import Member, SessionState


class Snapshot(msgspec.Struct, frozen=True, gc=False):
    position: int
    opened: SessionOpened
    members: tuple[tuple[str, str, str, int], ...]
    """(key, name, player, order joined) for each character."""
    retracted: tuple[tuple[int, int], ...]
    """(retracted position, retraction's position)."""
    roles: tuple[tuple[str, Role], ...]
    """(participant, role), the GM aside."""
    table: bytes
    """The ruleset's state, as its ``dump_state`` wrote it."""
    forked: tuple[str, int] | None = None
    """The session and position this one was forked from."""
    retractions: tuple[int, ...] = ()
    """The positions of the retractions (one whose event was reinstated included)."""
    headings: tuple[int, ...] = ()
    """The positions of the corrections' headings."""
    closed: int | None = None
    """The position of the closing, while the session is closed."""
    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(key, (name, members' names…)) for each group joined together."""
    clock: int = 0
    """In-game minutes the clock has moved on."""
    unverified: tuple[int, ImportedUnverified] | None = None
    """The latest mark of an import without command records, and its position."""
    imported: tuple[int, ...] = ()
    """The positions of every such mark."""


def take(state: SessionState) -> bytes:
    """The snapshot of ``state`` (an opened session's) as bytes."""
    if state.opened is None or state.ruleset is None:
        raise ValueError("a session is snapshotted once it is opened")
    snapshot = Snapshot(
        position=state.position,
        opened=state.opened,
        members=tuple((k, m.name, m.player, m.joined) for k, m in state.members.items()),
        retracted=tuple(sorted(state.retracted.items())),
        roles=tuple(sorted(state.roles.items())),
        table=state.ruleset.dump_state(state.table),
        forked=state.forked,
        retractions=tuple(sorted(state.retractions)),
        headings=tuple(sorted(state.headings)),
        closed=state.closed,
        groups=tuple(state.groups.items()),
        clock=state.clock,
        unverified=state.unverified,
        imported=tuple(sorted(state.imported)),
    )
    return msgspec.msgpack.encode(snapshot)


class UnreadableSnapshot(KirokuError):
    """A snapshot that cannot be read back (damaged where it is kept): the fold does
    without it, from an earlier one or from the events."""


def restore(data: bytes, position: int | None = None) -> SessionState:
    """The state a snapshot was taken of (at ``position``, when the store says where);
    :class:`UnreadableSnapshot` when it cannot be read back."""
    try:
        state = _restore(data)
    except (msgspec.MsgspecError, KirokuError, KeyError, TypeError, ValueError) as error:
        raise UnreadableSnapshot(f"the snapshot cannot be read: {error}") from None
    if position is not None and state.position != position:
        raise UnreadableSnapshot(f"the snapshot kept at {position} is of position {state.position}")
    return state


def _restore(data: bytes) -> SessionState:
    snapshot = msgspec.msgpack.decode(data, type=Snapshot)
    state = SessionState()
    state.opened = snapshot.opened
    ruleset = load_ruleset(snapshot.opened.ruleset, dict(snapshot.opened.options))
    state.bind(ruleset)
    state.position = snapshot.position
    state.members = {
        k: Member(name, player, joined) for k, name, player, joined in snapshot.members
    }
    state.retracted = dict(snapshot.retracted)
    state.retractions = set(snapshot.retractions)
    state.headings = set(snapshot.headings)
    state.roles = dict(snapshot.roles)
    state.table = ruleset.load_state(snapshot.table)
    state.forked = snapshot.forked
    state.closed = snapshot.closed
    state.groups = dict(snapshot.groups)
    state.clock = snapshot.clock
    state.unverified = snapshot.unverified
    state.imported = set(snapshot.imported)
    return state


class Seen(msgspec.Struct, frozen=True, gc=False):
    """A snapshot of what the players see as of one position (:mod:`projections.players`):
    what is kept from them then — which no later event changes — and their folded state
    (None while nothing is kept from them: the GM's is theirs)."""

    secrets: Secrets
    state: bytes | None = None
    """The players' state, as :func:`take` wrote it."""


def take_seen(secrets: Secrets, state: SessionState | None) -> bytes:
    """The snapshot of what the players see: ``secrets``, and their ``state`` (None while
    nothing is kept from them), both as of the same position."""
    if state is not None and state.position != secrets.read:
        raise ValueError("the players' state and the secrets are snapshotted as of one position")
    return msgspec.msgpack.encode(Seen(secrets, None if state is None else take(state)))


def restore_seen(data: bytes, position: int) -> tuple[Secrets, SessionState | None]:
    """The secrets and the players' state a :func:`take_seen` snapshot kept at
    ``position``; :class:`UnreadableSnapshot` when it cannot be read back."""
    try:
        seen = msgspec.msgpack.decode(data, type=Seen)
    except (msgspec.MsgspecError, ValueError, TypeError) as error:
        raise UnreadableSnapshot(f"the players' snapshot cannot be read: {error}") from None
    if seen.secrets.read != position:
        raise UnreadableSnapshot(
            f"the players' snapshot kept at {position} is of position {seen.secrets.read}"
        )
    state = None if seen.state is None else restore(seen.state, position)
    return seen.secrets, state


def valid_after(position: int, later: Iterable[Recorded]) -> bool:
    """Whether a snapshot at ``position`` still holds given the corrections recorded
    after it: none among them takes back, revises or reinstates an event at or before
    it."""
    touched = Corrections.of(later).first_touched()
    return touched is None or touched > position
