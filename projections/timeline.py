"""The audit timeline: every event with its actor, time, reason and whether it still counts.

Unlike the other projections, the timeline keeps retracted events — marked, with who
retracted them and why — because auditing a contested ruling is its point (DESIGN
principle 6). A player's view leaves out the GM's hidden rolls (principle 9).
"""

from __future__ import annotations

from typing import Any

from domain.dice.faces import format_faces
from domain.events import (
    AnyEvent,
    CharacterJoined,
    CombatEnded,
    CombatStarted,
    DiceRolled,
    EventRetracted,
    ExperienceAwarded,
    ExperienceSpent,
    Recorded,
    RoundStarted,
    SessionOpened,
    StanceChosen,
    StandingChanged,
    TurnPassed,
    VoidPointSpent,
    VoidPointsRegained,
    WoundsHealed,
    WoundsTaken,
)
from domain.standing import format_tenths
from projections.play_lines import describe_play


def describe(event: AnyEvent) -> str:
    """One line a GM reads in the log."""
    match event:
        case SessionOpened():
            return f"session {event.session!r} opened under {event.ruleset} by GM {event.gm}"
        case CharacterJoined():
            return f"{event.sheet.name} joins, played by {event.player}"
        case DiceRolled():
            roll = event.roll
            who = event.character or "GM"
            text = f"{who} rolls {event.label or event.purpose} {roll.expression}"
            text += f" [{format_faces(roll.dice)}] = {roll.total}"
            if roll.tn is not None:
                verdict = "success" if roll.success else "failure"
                text += f" vs TN {roll.effective_tn}: {verdict}"
            return text
        case CombatStarted():
            return "combat starts"
        case RoundStarted():
            return f"round {event.number}"
        case TurnPassed():
            return f"{event.character} ends their turn"
        case CombatEnded():
            return "combat ends"
        case StanceChosen():
            return f"{event.character} takes the {event.stance.replace('_', ' ')} stance"
        case VoidPointSpent():
            return f"{event.character} spends a Void point: {event.purpose}"
        case VoidPointsRegained():
            return f"{event.character} regains {event.amount} Void point(s): {event.source}"
        case WoundsTaken():
            source = f" from {event.source}" if event.source else ""
            return f"{event.character} takes {event.amount} wounds{source}"
        case WoundsHealed():
            method = f" ({event.method})" if event.method else ""
            return f"{event.character} heals {event.amount} wounds{method}"
        case StandingChanged():
            return f"{event.character}'s {event.standing} {format_tenths(event.delta)}"
        case ExperienceAwarded():
            return f"{event.character} is awarded {event.amount} XP"
        case ExperienceSpent():
            what = f"{event.name} ({event.emphasis})" if event.emphasis else event.name
            text = (
                f"{event.character} spends {event.cost} XP: {event.kind} {what} → {event.new_rank}"
            )
            if event.ring_raised:
                text += f"; {event.ring_raised.capitalize()} ring rises"
            before, after = event.insight_rank
            if after > before:
                text += f"; insight rank {before} → {after}"
            return text
        case EventRetracted():
            return f"GM retracts event {event.position}"
    return describe_play(event)


def timeline(
    events: list[Recorded], until: int | None = None, *, viewer_is_gm: bool = True
) -> list[dict[str, Any]]:
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
        if not viewer_is_gm and isinstance(event, DiceRolled) and event.hidden:
            continue
        row: dict[str, Any] = {
            "position": recorded.position,
            "type": type(event).__name__,
            "actor": event.actor,
            "at": event.at.isoformat(),
            "reason": event.reason,
            "summary": describe(event),
            "retracted": recorded.position in retractions,
        }
        retraction = retractions.get(recorded.position)
        if retraction is not None:
            row["retracted_by"] = retraction.position
            row["retraction_reason"] = retraction.event.reason
        rows.append(row)
    return rows
