"""A roll & keep roll as a GM reads it and as a front end does: its text (which dice
exploded, which were kept, the outcome) and its JSON, the stable contract of
``kiroku roll --json`` and of every roll in a command's ``--json`` and the API's answer."""

from __future__ import annotations

from typing import Any

from domain.dice.roll_keep.roll import RollResult


def describe_roll(result: RollResult) -> str:
    """A roll as a GM reads it: which dice exploded, which were kept, and the outcome."""
    pool = f"{result.rolled}k{result.kept}"
    notes = []
    if result.void:
        notes.append("Void +1k1")
    if result.ten_dice_bonus:
        notes.append(f"ten-dice rule +{result.ten_dice_bonus}")
    if result.unskilled:
        notes.append("unskilled")
    if result.emphasis:
        notes.append("emphasis")
    head = f"{result.expression} → {pool}"
    if result.bonus:
        head += f"{result.bonus:+d}"
    if notes:
        head += f" ({', '.join(notes)})"
    shown = []
    for index, die in enumerate(result.dice):
        text = str(die.value)
        detail = []
        if len(die.faces) > 1:
            detail.append("exploded " + "+".join(map(str, die.faces)))
        if die.rerolled_one:
            detail.append("1 rerolled")
        if detail:
            text += f" ({'; '.join(detail)})"
        shown.append(f"[{text}]" if index in result.kept_dice else text)
    lines = [head, "  dice: " + "  ".join(shown) + "   ([kept])", f"  total: {result.total}"]
    if result.tn is not None:
        parts = [f"TN {result.tn}"]
        if result.raises:
            parts.append(f"{result.raises} raise(s)")
        if result.free_raises:
            parts.append(f"{result.free_raises} free raise(s)")
        verdict = "success" if result.success else "failure"
        lines.append(f"  against {', '.join(parts)} → {result.effective_tn}: {verdict}")
    return "\n".join(lines)


def roll_as_json(result: RollResult) -> dict[str, Any]:
    """The stable JSON contract of ``kiroku roll --json``."""
    return {
        "expression": result.expression,
        "rolled": result.rolled,
        "kept": result.kept,
        "modifier": result.modifier,
        "ten_dice_bonus": result.ten_dice_bonus,
        "bonus": result.bonus,
        "dice": [list(die.faces) for die in result.dice],
        "die_values": [die.value for die in result.dice],
        "rerolled_ones": [i for i, die in enumerate(result.dice) if die.rerolled_one],
        "kept_dice": list(result.kept_dice),
        "total": result.total,
        "tn": result.tn,
        "effective_tn": result.effective_tn,
        "raises": result.raises,
        "free_raises": result.free_raises,
        "unskilled": result.unskilled,
        "emphasis": result.emphasis,
        "void": result.void,
        "success": result.success,
    }
