"""The audit timeline: every event with its actor, time, reason and whether it still counts.

Unlike the other projections, the timeline keeps retracted events — marked, with who
retracted them and why — because auditing a contested ruling is its point (DESIGN
principle 6). A player's view leaves out the GM's hidden rolls (principle 9).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from domain.events import (
    CharacterJoined,
    ClockAdvanced,
    Event,
    EventRetracted,
    ImportedUnverified,
    NoteTaken,
    ParticipantJoined,
    Recorded,
    RulingRevealed,
    RulingsCorrected,
    SessionClosed,
    SessionForked,
    SessionOpened,
    SessionReopened,
)
from domain.rulesets import Ruleset, load_ruleset
from domain.session.clock import format_duration


def ruleset_of(events: list[Recorded]) -> Ruleset | None:
    """The ruleset a stream was opened under (None before its opening)."""
    if events and isinstance(opened := events[0].event, SessionOpened):
        return load_ruleset(opened.ruleset, dict(opened.options))
    return None


_VERBS = {
    "amend": "amends the ruling at",
    "retract": "retracts the ruling at",
    "reinstate": "reinstates the ruling at",
    "take_back": "takes back the correction at",
}


def describe(event: Event, ruleset: Ruleset | None) -> str:
    """One line a GM reads in the log: the core's events here, the ruleset's by the
    ruleset."""
    match event:
        case SessionOpened():
            return f"session {event.session!r} opened under {event.ruleset} by GM {event.gm}"
        case CharacterJoined():
            group = "" if event.group is None else f" (one of the group {event.group})"
            carried = event.carried
            if carried is not None:
                days = (
                    "rested and healed"
                    if carried.days is None
                    else "the same day"
                    if carried.days == 0
                    else f"{carried.days} day{'s' if carried.days > 1 else ''} later"
                )
                group += f", carried from session {carried.session} at {carried.position} ({days})"
            return f"{event.sheet.name} joins, played by {event.player}{group}"
        case ParticipantJoined():
            article = "an" if event.role == "observer" else "a"
            return f"{event.participant} takes part as {article} {event.role}"
        case NoteTaken():
            about = f" ({event.character})" if event.character else ""
            return f"note{about}: {event.text}"
        case ClockAdvanced():
            return f"the clock moves on {format_duration(event.minutes)}"
        case EventRetracted():
            return f"GM retracts event {event.position}"
        case RulingsCorrected():
            return corrected_line(
                event.correction,
                event.ruling,
                len(event.revised),
                len(event.dropped),
                len(event.reinstated),
            )
        case RulingRevealed():
            return f"GM reveals to the players what was kept from them at {event.position}"
        case SessionClosed():
            return "GM closes the session"
        case SessionReopened():
            return "GM reopens the session"
        case ImportedUnverified():
            return unverified_line(event.file, event.events)
        case SessionForked():
            return forked_line(event.origin, event.position)
    return ruleset.describe(event) if ruleset is not None else type(event).__name__


def corrected_line(
    correction: str, ruling: int | None, revised: int, dropped: int, reinstated: int = 0
) -> str:
    """A correction's line in the log: what the GM did to which ruling, and how many
    later rulings it decided again or dropped (and, for a correction taken back, how
    many events count again)."""
    consequences = [
        f"{reinstated} events count again" if correction == "take_back" and reinstated else "",
        f"{revised} revised" if revised else "",
        f"{dropped} dropped" if dropped else "",
    ]
    said = ", ".join(c for c in consequences if c) or "no other ruling changed"
    if ruling is None:  # one kept from the reader: only what it did to what they know
        return f"GM corrects rulings ({said})"
    return f"GM {_VERBS[correction]} {ruling} ({said})"


def hidden(event: Event) -> bool:
    """A GM's hidden roll (or any event a ruleset marks ``hidden``): not for players."""
    return bool(getattr(event, "hidden", False))


DROPPED = "it no longer stood once the ruling before it was corrected"
"""Why a ruling was dropped, as players read it (the GM's reason, and the rule's refusal,
quote the GM's numbers)."""


def untold(row: dict[str, Any], position: int, quiet: Collection[int]) -> dict[str, Any]:
    """The row of the event at ``position`` as players read it where the GM's reason is
    the GM's word on a secret (:attr:`domain.session.secrets.Secrets.quiet`): the event,
    or the retraction marking it, says no reason (positions as the store numbers them).
    A carried joining says which session the sheet came from, not where in it: that is
    the GM's count there, hidden events included; a ruling dropped by a correction, that
    it was (:data:`DROPPED`), not the refusal naming positions."""
    if row.pop("dropped_because", None) is not None:  # the refusal quotes the GM's numbers
        row["reason"] = DROPPED
    if row.pop("retraction_dropped_because", None) is not None:
        row["retraction_reason"] = DROPPED
    event = row.get("event")
    if row.get("type") == "CharacterJoined" and isinstance(event, dict) and event.get("carried"):
        carried = event["carried"]
        carried.pop("shown", None)  # the event is already the one they could see
        mark = f" at {carried.pop('position', '')} ("
        row["summary"] = row["summary"].replace(mark, " (", 1)
    if position in quiet:
        row["reason"] = None
        if isinstance(row.get("event"), dict):
            row["event"]["reason"] = None
    if row.get("retracted_by") in quiet:
        row["retraction_reason"] = None
    if isinstance(row.get("command"), dict):
        untold_command(row["command"], quiet)
    return row


def untold_command(command: dict[str, Any], quiet: Collection[int]) -> dict[str, Any]:
    """The record of a ruling's command as players read it: a correction of a secret
    ruling's with no reason (see :func:`untold`)."""
    if command.get("first") in quiet:
        command["reason"] = None
    return command


def timeline(
    events: list[Recorded],
    until: int | None = None,
    *,
    viewer_is_gm: bool = True,
    ruleset: Ruleset | None = None,
) -> list[dict[str, Any]]:
    """The rows of ``events`` as of ``until``; ``ruleset`` describes the ruleset's events
    (by default, the one the events open with)."""
    ruleset = ruleset or ruleset_of(events)
    retractions = {
        r.event.position: r
        for r in events
        if isinstance(r.event, EventRetracted) and (until is None or r.position <= until)
    }
    rows: list[dict[str, Any]] = []
    for recorded in events:
        if until is not None and recorded.position > until:
            break
        event = recorded.event
        if not viewer_is_gm and hidden(event):
            continue
        row: dict[str, Any] = {
            "position": recorded.position,
            "type": type(event).__name__,
            "actor": event.actor,
            "at": event.at.isoformat(),
            "reason": event.reason,
            "summary": describe(event, ruleset),
            "retracted": recorded.position in retractions,
        }
        retraction = retractions.get(recorded.position)
        if retraction is not None:
            row["retracted_by"] = retraction.position
            row["retraction_reason"] = retraction.event.reason
        rows.append(row)
    return rows


def unverified_line(file: str, events: int | None) -> str:
    """An import without command records, as the log says it: with how many events it
    brought (``None``: as players read it, since the count would number hidden ones)."""
    count = f"{events} " if events is not None else ""
    return (
        f"imported from {file!r} without the record of its commands: the {count}events "
        "before this were never re-judged (unverified)"
    )


def forked_line(origin: str, position: int) -> str:
    """A fork's mark as the log says it, ``position`` as the reader counts the origin."""
    return f"forked from session {origin!r} as it stood at position {position}"
