"""Timeline lines for the roll & keep kit's events: rolls, rounds, stances, Void, wounds,
standing and XP; and a roll explained whole, for ``kiroku show``."""

from __future__ import annotations

from domain.dice.roll_keep.explain import explain_roll
from domain.dice.roll_keep.faces import format_faces
from domain.events import Event
from domain.rulesets.roll_keep_kit.events import (
    CombatEnded,
    CombatStarted,
    DiceRolled,
    ExperienceAwarded,
    ExperienceSpent,
    RoundStarted,
    StanceChosen,
    StandingChanged,
    TurnPassed,
    VoidPointSpent,
    VoidPointsRegained,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.roll_keep_kit.modifiers import describe_parts
from domain.rulesets.roll_keep_kit.standing import format_tenths


def describe_kit(event: Event) -> str | None:
    """One line a GM reads in the log; ``None`` for an event that is not the kit's."""
    match event:
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
            if event.skipped is not None:
                return f"{event.character}'s turn is skipped: {event.skipped}, cannot act"
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
    return None


def explain_kit(event: Event) -> list[str]:
    """A roll explained for a GM auditing it: its dice die by die, the kept ones, the
    total, the TN and the outcome, then the parts that made its pool and TN from the base
    (each with its source); nothing for an event that is not a roll."""
    if not isinstance(event, DiceRolled):
        return []
    lines = explain_roll(event.roll)
    if event.parts:
        lines.append(f"parts: {describe_parts(event.parts)}")
    if event.base_tn is not None and event.base_tn != event.roll.tn:
        lines.append(f"base TN: {event.base_tn} (before the parts)")
    return lines
