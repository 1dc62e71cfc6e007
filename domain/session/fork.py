"""Forking a session: a what-if that starts as another session stood at a position.

The fork's stream begins with the origin's events up to that position, copied at the
same positions (so position N means the same ruling in both, and ``kiroku diff`` can
compare them), its opening renamed to the fork's id, then one :class:`SessionForked`
saying where it came from, who forked it and why. From there the fork plays on on its
own; nothing recorded in it reaches the origin, and the origin's later events are not
in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import msgspec

from domain.commands import MAX_REASON
from domain.errors import MalformedInput, NotAllowed
from domain.events import Event, ImportedUnverified, Recorded, SessionForked, SessionOpened
from domain.session.stream import MAX_TITLE, check_session_id

"""As a command's reason (:class:`domain.commands.Command`)."""


def fork_events(
    origin: Sequence[Recorded],
    *,
    fork_id: str,
    actor: str,
    at: datetime,
    reason: str,
    unverified: ImportedUnverified | None = None,
) -> list[Event]:
    """The events that begin a fork of ``origin`` (the origin's events 1 to N, whole;
    its opening renamed, and outside any campaign: a what-if is no session the
    campaign played, to add up or to carry a character from). ``unverified``: the mark
    of the unverified import the copied events came from, where the fork copies events
    no recorded command gave but not the mark (it stands after them, past N): the fork
    is marked too, after its :class:`SessionForked` — unverified for ever, as its
    origin (:class:`ImportedUnverified`)."""
    check_session_id(fork_id)
    if not origin or not isinstance(opened := origin[0].event, SessionOpened):
        raise MalformedInput("a fork starts from a session's opening")
    if actor != opened.gm:
        raise NotAllowed(f"only the GM ({opened.gm!r}) forks session {opened.session!r}")
    if not reason.strip() or not reason.isprintable() or len(reason) > MAX_REASON:
        raise MalformedInput(
            f"reason {reason[:30]!r}: a fork says why, in one line of at most {MAX_REASON} "
            "printable characters"
        )
    position = origin[-1].position
    where = f"fork of {opened.session}"  # not where in it: the GM's count (hidden events)
    title = f"{opened.title} ({where})" if opened.title else where
    renamed = msgspec.structs.replace(  # a what-if stands outside the origin's campaign
        opened, session=fork_id, title=title[:MAX_TITLE], campaign=""
    )
    forked = SessionForked(
        actor=actor, at=at, reason=reason, origin=opened.session, position=position
    )
    mark = () if unverified is None else (msgspec.structs.replace(unverified, actor=actor, at=at),)
    return [renamed, *(r.event for r in origin[1:]), forked, *mark]
