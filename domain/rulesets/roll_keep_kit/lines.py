"""Timeline lines for the roll & keep kit's events: rolls, rounds, stances, Void, wounds,
standing and XP; and a roll explained whole, for ``kiroku show``."""

from __future__ import annotations

import msgspec

from domain.dice.roll_keep.explain import explain_roll
from domain.dice.roll_keep.faces import format_faces
from domain.dice.roll_keep.roll import RAISE_STEP
from domain.dice.roll_keep.shown import describe_roll, roll_as_json
from domain.events import Event
from domain.rulesets.base import ShownRoll
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
from domain.rulesets.roll_keep_kit.modifiers import describe_parts, tn_moves
from domain.rulesets.roll_keep_kit.standing import format_tenths


def describe_kit(event: Event) -> str | None:
    """One line a GM reads in the log; ``None`` for an event that is not the kit's."""
    match event:
        case DiceRolled():
            return roll_line(event)
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
            text = f"{event.character} takes {event.amount} wounds{source}"
            if event.damage is not None and (event.parts or event.damage != event.amount):
                parts = f"; {describe_parts(event.parts)}" if event.parts else ""
                text += f" ({event.damage} damage{parts})"
            return text
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
            elif after:
                text += f"; insight rank {after}"
            return text
    return None


def roll_line(event: DiceRolled) -> str:
    """A roll's line states every number it was decided on (issue 28, item 6): the pool
    as thrown where the ten-dice rule changed it, every face, the total, and the TN it
    had to reach reckoned from its base — each part that moved it, « Chaque Augmentation
    déclarée augmente le ND de 5 » for the raises called and 5 off for each free one —
    then the parts that made the pool (l5r4e-core.fr.md, « Jets de dés »)."""
    roll = event.roll
    who = event.character or "GM"
    text = f"{who} rolls {event.label or event.purpose} {roll.expression}"
    if roll.ten_dice_bonus or not roll.expression.startswith(f"{roll.rolled}k{roll.kept}"):
        text += f" thrown as {roll.rolled}k{roll.kept}"
        if roll.ten_dice_bonus:
            text += f" {roll.ten_dice_bonus:+d} (ten-dice rule)"
    text += f" [{format_faces(roll.dice)}] = {roll.total}"
    if roll.tn is not None:
        verdict = "success" if roll.success else "failure"
        reckoned = _tn_reckoned(event)
        said = f" ({reckoned})" if reckoned != str(roll.effective_tn) else ""
        text += f" vs TN {roll.effective_tn}{said}: {verdict}"
    pool = [part for part in event.parts if part.rolled or part.kept or part.total]
    if pool:
        text += f"; pool: {describe_parts(pool, dice_only=True)}"
    return text


def _tn_reckoned(event: DiceRolled) -> str:
    """``20 base, Wounds +15 = 35, 1 raise called +5``: how the TN came to be."""
    roll = event.roll
    assert roll.tn is not None
    moved = [part for part in event.parts if part.tn]
    start = roll.tn if event.base_tn is None or not moved else event.base_tn
    text = f"{start} base" if moved else f"{start}"
    text += "".join(f", {move}" for move in tn_moves(moved))
    if moved and (roll.raises or roll.free_raises or start + sum(p.tn for p in moved) != roll.tn):
        text += f" = {roll.tn}"
    called, free = roll.raises, roll.free_raises
    if called:
        text += f", {called} raise{'s' if called > 1 else ''} called +{RAISE_STEP * called}"
    if free:
        text += f", {free} free raise{'s' if free > 1 else ''} −{RAISE_STEP * free}"
    return text


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


def shown_roll(event: Event) -> ShownRoll | None:
    """A kit ``DiceRolled`` shown whole (:class:`~domain.rulesets.base.ShownRoll`): who
    rolled it and for what, its parts, the dice as :func:`~domain.dice.roll_keep.shown.
    describe_roll` reads them and as :func:`~domain.dice.roll_keep.shown.roll_as_json`."""
    if not isinstance(event, DiceRolled):
        return None
    lines = [f"  parts: {describe_parts(event.parts)}"] if event.parts else []
    about = {
        "character": event.character,
        "purpose": event.purpose,
        "base_tn": event.base_tn,
        "parts": [msgspec.to_builtins(p) for p in event.parts],
    }
    return ShownRoll(
        f"{event.character or 'GM'}: {event.label or event.purpose}",
        (*lines, *describe_roll(event.roll).splitlines()),
        roll_as_json(event.roll),
        about,
    )
