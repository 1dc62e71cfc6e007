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
from domain.events import EventRetracted, Recorded, SessionOpened
from domain.rulesets import Ruleset, load_ruleset
from domain.session.state import Member, SessionState, fold

SESSION_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


def check_session_id(session_id: str) -> str:
    if not SESSION_ID.match(session_id):
        raise MalformedInput(
            f"session id {session_id!r} must be 1–64 lowercase letters, digits, '-' or '_', "
            "starting with a letter or digit"
        )
    return session_id


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
    """One session's stream and the state folded from it."""

    def __init__(self, events: Sequence[Recorded] = ()) -> None:
        self.events: list[Recorded] = []
        self.state = SessionState()
        self.record(events)

    # -- the stream --------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.events)

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
        """Take in events the store accepted, in order; refold after a retraction."""
        refold = False
        for recorded in events:
            if recorded.position != len(self.events) + 1:
                raise MalformedInput(
                    f"event at position {recorded.position} does not follow "
                    f"position {len(self.events)}"
                )
            if not self.events and not isinstance(recorded.event, SessionOpened):
                raise MalformedInput(
                    f"a session starts with SessionOpened, not {type(recorded.event).__name__}"
                )
            self.events.append(recorded)
            if isinstance(recorded.event, EventRetracted):
                refold = True
            elif not refold:
                self.state.apply(recorded)
        if refold:
            self.state = fold(self.events)

    def as_of(self, position: int | None) -> SessionState:
        return self.state if position is None else fold(self.events, position)

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
