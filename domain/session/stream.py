"""A session's stream of events, the state folded from it, and who is its GM.

The core knows two roles: the GM, who may do everything, and the players, each of
whom acts only for their own characters; a ruleset says which of its commands are the
GM's (:class:`domain.rulesets.base.Core` is what it sees of this).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from domain.errors import MalformedInput, NotAllowed, NotFound
from domain.events import EventRetracted, Recorded, RulingsCorrected, SessionOpened
from domain.names import MAX_NAME, check_name
from domain.rulesets import Ruleset, load_ruleset
from domain.session.state import Member, SessionState, fold

SESSION_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


MAX_TITLE = 200


def check_session_id(session_id: str, what: str = "session id") -> str:
    """A session's id (or a campaign's, ``what``): 1–64 lowercase letters, digits, '-'
    or '_', starting with a letter or digit."""
    if not SESSION_ID.fullmatch(session_id):
        raise MalformedInput(
            f"{what} {session_id!r} must be 1–64 lowercase letters, digits, '-' or '_', "
            "starting with a letter or digit"
        )
    return session_id


def check_title(title: str, campaign: str) -> None:
    """A session's title and campaign: one line each, at most :data:`MAX_TITLE` and
    :data:`MAX_NAME` printable characters."""
    if len(title) > MAX_TITLE or not title.isprintable():
        raise MalformedInput(f"title {title[:30]!r}: at most {MAX_TITLE} printable characters")
    if len(campaign) > MAX_NAME or not campaign.isprintable():
        raise MalformedInput(f"campaign {campaign[:30]!r}: at most {MAX_NAME} printable characters")


def open_session(
    *,
    session_id: str,
    ruleset: str,
    gm: str,
    at: datetime,
    options: Mapping[str, str] | None = None,
    campaign: str = "",
    title: str = "",
) -> SessionOpened:
    """Open a session: the ruleset and its options are checked and recorded."""
    check_session_id(session_id)
    if not gm.strip():
        raise MalformedInput("a session needs a GM")
    check_name(gm, "the GM's id")
    check_title(title, campaign)
    load_ruleset(ruleset, options or {})
    return SessionOpened(
        actor=gm,
        at=at,
        session=session_id,
        ruleset=ruleset,
        options=tuple(sorted((options or {}).items())),
        campaign=campaign,
        gm=gm,
        title=title,
    )


class SessionStream:
    """One session's stream and the state folded from it.

    Built from events (the whole stream, from position 1), it holds them all and can show
    any past position. Built from a state — a snapshot with the events after it folded in
    (:mod:`projections.snapshots`) — it holds no event: commands need only the state, so
    one costs the same on any length of session. A retraction recorded onto such a
    stream leaves it ``stale``: whoever holds it reads it again (the fold must restart
    from a snapshot taken before the retracted event).
    """

    def __init__(
        self, events: Sequence[Recorded] = (), *, state: SessionState | None = None
    ) -> None:
        self.events: list[Recorded] = []
        self.complete = state is None
        """Whether ``events`` holds the whole stream (else only what came after ``state``)."""
        self.stale = False
        self.state = SessionState() if state is None else state
        self._version = self.state.position
        self.record(events)

    # -- the stream --------------------------------------------------------------

    @property
    def version(self) -> int:
        return self._version

    @property
    def opened(self) -> SessionOpened:
        if self.state.opened is None:
            raise NotFound("the session has not been opened")
        return self.state.opened

    @property
    def ruleset(self) -> Ruleset:
        if self.state.ruleset is None:
            raise NotFound("the session has not been opened")
        return self.state.ruleset

    @property
    def table(self) -> Any:
        """The ruleset's state, as of the latest event."""
        return self.state.table

    def record(self, events: Sequence[Recorded]) -> None:
        """Take in events the store accepted, in order; refold after a retraction (or,
        without the whole stream at hand, become ``stale``)."""
        refold = False
        for recorded in events:
            if recorded.position != self._version + 1:
                raise MalformedInput(
                    f"event at position {recorded.position} does not follow "
                    f"position {self._version}"
                )
            if self._version == 0 and not isinstance(recorded.event, SessionOpened):
                raise MalformedInput(
                    f"a session starts with SessionOpened, not {type(recorded.event).__name__}"
                )
            self._version = recorded.position
            if self.complete:
                self.events.append(recorded)
            if isinstance(recorded.event, EventRetracted | RulingsCorrected):
                refold = True
            elif not refold:
                self.state.apply(recorded)
        if refold:
            if self.complete:
                self.state = fold(self.events)
            else:
                self.stale = True

    def as_of(self, position: int | None, *, as_corrected: bool = False) -> SessionState:
        """The state as of ``position`` (the latest when None) — with the corrections
        recorded by then, or (``as_corrected``) as every later correction reads it; only
        a stream that holds every event can go back (the service reads older states from
        the store)."""
        if position is None or (position == self._version and not self.stale):
            return self.state
        if not self.complete:
            raise NotFound(f"position {position} is not held in memory: read it from the store")
        return fold(self.events, position, as_corrected=as_corrected)

    # -- who may act -------------------------------------------------------------

    def is_gm(self, actor: str) -> bool:
        return actor == self.opened.gm

    def gm_only(self, actor: str, what: str) -> None:
        if not self.is_gm(actor):
            raise NotAllowed(f"{actor!r} may not {what}: only the GM ({self.opened.gm!r}) may")

    def member_named(self, name: str) -> Member:
        member = self.state.member(name)
        if member is None:
            known = ", ".join(m.name for m in self.state.members.values()) or "none yet"
            raise NotFound(f"no character {name!r} in session {self.opened.session!r} ({known})")
        return member
