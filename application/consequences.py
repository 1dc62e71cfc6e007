"""Why a correction dropped a ruling, on the row of the retraction that took it back
(issue 28, item 7).

A correction re-decides every later ruling; one the rules now refuse is dropped, each of
its events retracted in the correction's batch, and the correction's heading
(:class:`domain.events.RulingsCorrected`) records the rule's refusal (``why_dropped``).
The retraction itself carries the GM's reason for the correction — which is not why
*that* ruling went. So the log, ``show`` and the stream give a consequence's retraction
(and the row of what it retracted) the refusal, and what changed to make it so: the
ruling the GM corrected. Players read it without the GM's numbers
(:data:`projections.timeline.DROPPED`)."""

from __future__ import annotations

from typing import Any

from adapters.store import EventStore
from domain.events import EventRetracted, Recorded, RulingsCorrected

VERBS = {"amend": "amended", "retract": "retracted", "reinstate": "reinstated"}


def dropped_because(store: EventStore, session_id: str, recorded: Recorded) -> str | None:
    """Why the ruling the retraction ``recorded`` took back was dropped, where it was a
    correction's consequence: the rule's refusal and the correction that led to it
    (None: the GM retracted it, or it is no retraction)."""
    event = recorded.event
    if not isinstance(event, EventRetracted):
        return None
    record = store.command_of(session_id, recorded.position)
    if record is None or record.first == recorded.position:
        return None
    [heading] = store.read(session_id, record.first - 1, until=record.first)
    correction = heading.event
    if not isinstance(correction, RulingsCorrected) or not correction.dropped:
        return None
    target = store.command_of(session_id, event.position)
    first = event.position if target is None else target.first
    if first not in correction.dropped:
        return None
    index = correction.dropped.index(first)
    if index >= len(correction.why_dropped):
        return None
    verb = VERBS.get(correction.correction, "taken back")
    return (
        f"dropped: {correction.why_dropped[index]}, once the ruling at {correction.ruling} "
        f"was {verb} (the correction at {heading.position})"
    )


def with_consequence(
    row: dict[str, Any], store: EventStore, session_id: str, recorded: Recorded
) -> dict[str, Any]:
    """``row`` (of ``recorded``), its reason the refusal where it is a consequence's
    retraction (``dropped_because`` says so; the GM's reason stays in its event)."""
    why = dropped_because(store, session_id, recorded)
    if why is not None:
        row["reason"] = why
        row["dropped_because"] = why
    return row
