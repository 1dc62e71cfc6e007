"""Snapshots of the players' view (DESIGN principles 5 and 9; issue 28): the state the
players read, from its latest valid snapshot and the events after it, as the GM's state
is read from the GM's (:mod:`projections.snapshots`).

The players' state at a position is the GM's fold without what is kept from them
(:func:`domain.session.secrets.players_state`). What is kept from them up to a position
is settled once that position is recorded, except that a reveal recorded later shows
some of it. So a snapshot of their state at S, taken with the secrets as they stood at
S, holds for a later reading of it exactly while

- no correction recorded after S takes back, revises or reinstates an event at or
  before S (as for the GM's snapshots: :func:`domain.session.snapshot.valid_after`),
- no reveal recorded after S, up to the secrets the reading counts, shows an event at
  or before S (the first such event tells how far back to look instead),

and the GM's own snapshot at S serves as theirs while nothing at or before S is kept
from them. An event in the open stands on a hidden joining only after it
(:func:`domain.session.secrets.standing_on`), so a joining after S changes nothing of
their state at S. Players' snapshots are kept in a stream of their own per code version,
beside the GM's, and taken when the GM's are, with the secrets as they stood then (what
no later event changes: a process that starts reads the secrets on from there, not from
the session's opening).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain

from domain.events import Recorded
from domain.session.corrected import Corrections
from domain.session.secrets import Secrets, as_players_fold, standing_on
from domain.session.snapshot import (
    UnreadableSnapshot,
    restore,
    restore_seen,
    take_seen,
    valid_after,
)
from domain.session.state import SessionState, fold_corrected
from projections.snapshots import History, Snapshots, code_version, revisions


def players_version(ruleset_id: str) -> str:
    """The key of the players' snapshots of a ruleset's sessions under this code."""
    return f"players-{code_version(ruleset_id)}"


def load(
    history: History,
    snapshots: Snapshots,
    session_id: str,
    secrets: Secrets,
    until: int | None = None,
    *,
    as_corrected: bool = False,
    kept_now: bool = False,
) -> tuple[SessionState, int]:
    """The players' state as of ``until`` (the latest when None), and the position of
    the snapshot it was folded from (0: none). ``secrets``, read at least as far as the
    state asked for: what is kept from the players is counted as of ``until`` with the
    corrections recorded by then, or (``as_corrected``) as of the last position they
    read, with every correction — as a correction deciding rulings again reads it;
    ``kept_now``: with the corrections recorded by ``until``, but what is kept from them
    as of the last position read (a player's audit of a past ruling)."""
    ruleset = history.opened(session_id).ruleset
    gm_version, version = code_version(ruleset), players_version(ruleset)
    reach = None if as_corrected else until
    counted = secrets.read if reach is None or kept_now else reach
    unseen = secrets.unseen(counted)
    first_kept = min([*unseen, *(p for p in secrets.screened if p <= counted)], default=None)
    bound = until
    while bound is None or bound > 0:
        found = next(iter(snapshots.latest(session_id, version, bound)), None)
        gm_bound = bound if first_kept is None else first_kept - 1
        if bound is not None:
            gm_bound = min(bound, gm_bound) if gm_bound is not None else bound
        gm = (
            next(iter(snapshots.latest(session_id, gm_version, gm_bound)), None)
            if gm_bound is None or gm_bound > 0
            else None
        )
        if gm is not None and (found is None or gm[0] >= found[0]):  # the GM's always holds
            found, theirs = gm, False
        else:
            theirs = True
        if found is None:
            break
        position, data = found
        later = history.corrections(session_id, position, reach)
        if not valid_after(position, later):
            touched = Corrections.of(later).first_touched()
            assert touched is not None
            bound = touched - 1
            continue
        shown = _shown_since(secrets, position, counted) if theirs else None
        if shown is not None:
            bound = shown - 1
            continue
        try:
            restored = restore_seen(data, position)[1] if theirs else restore(data, position)
        except UnreadableSnapshot:  # only a cache: fold from an earlier one instead
            restored = None
        if restored is None:  # unreadable, or nothing was kept: the GM's at it (if any) serves
            bound = position - 1
            continue
        state = _fold_from(history, session_id, restored, later, until, reach, secrets, counted)
        return state, position
    later = history.corrections(session_id, 0, reach)
    state = _fold_from(history, session_id, SessionState(), later, until, reach, secrets, counted)
    return state, 0


def _shown_since(secrets: Secrets, position: int, counted: int) -> int | None:
    """The first event at or before ``position`` that a reveal after it, by
    ``counted``, showed the players (a snapshot at ``position`` still keeps it, or the
    sheet they could see of a carried joining)."""
    shown = chain(secrets.revealed.items(), secrets.sheets.items())
    return min(
        (p for p, reveal in shown if reveal is not None and p <= position < reveal <= counted),
        default=None,
    )


def _fold_from(
    history: History,
    session_id: str,
    state: SessionState,
    later: list[Recorded],
    until: int | None,
    reach: int | None,
    secrets: Secrets,
    counted: int,
) -> SessionState:
    unseen, names = secrets.unseen(counted), secrets.kept_names(counted)
    whole = secrets.whole(counted)
    corrections = Corrections.of(later, reach)
    pages = chain.from_iterable(history.read_pages(session_id, state.position, until=until))
    moved = revisions(history, session_id, corrections)

    def seen(ordered: Iterator[Recorded]) -> Iterator[Recorded]:
        for recorded in ordered:
            if recorded.position not in unseen and not standing_on(recorded, names):
                yield as_players_fold(recorded, whole)

    return fold_corrected(state, pages, corrections, moved, until, lenient=True, seen=seen)


def secrets_at(
    history: History, snapshots: Snapshots, session_id: str, until: int | None = None
) -> Secrets:
    """What is kept from the players as of the latest players' snapshot at or before
    ``until`` (what no later event changes), read on to a position by
    :func:`application.stored_secrets.caught_up`; none read (an empty one) when there is no
    such snapshot."""
    version = players_version(history.opened(session_id).ruleset)
    bound = until
    while bound is None or bound > 0:
        found = next(iter(snapshots.latest(session_id, version, bound)), None)
        if found is None:
            break
        try:
            return restore_seen(found[1], found[0])[0]
        except UnreadableSnapshot:
            bound = found[0] - 1
    return Secrets()


def maybe_take(
    history: History,
    snapshots: Snapshots,
    session_id: str,
    secrets: Secrets,
    position: int,
) -> bool:
    """Take a snapshot of what the players see at ``position``, the head ``secrets`` are
    read to: the secrets, and their state while anything is kept from them (else the
    GM's is theirs); whether one was taken."""
    if position != secrets.read:
        return False
    state = None
    if secrets.keeps_any:
        state, _ = load(history, snapshots, session_id, secrets, position)
    version = players_version(history.opened(session_id).ruleset)
    return snapshots.write(session_id, position, version, take_seen(secrets, state))
