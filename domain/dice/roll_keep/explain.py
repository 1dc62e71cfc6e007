"""A recorded roll & keep roll, explained die by die for a GM auditing it.

Each die with its faces (a 10 that exploded shows every face it added; an emphasis
reroll shows the 1 it replaced), which dice were kept, how the total is made, the TN
with the raises called and free, and the outcome.
"""

from __future__ import annotations

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.roll import RAISE_STEP, RollResult


def explain_die(index: int, die: Die) -> str:
    """``d5 10+3 = 13 (exploded)``, ``d2 1 rerolled → 5``."""
    text = f"d{index + 1} "
    if die.rerolled_one:
        text += "1 rerolled → "
    text += "+".join(str(face) for face in die.faces)
    if len(die.faces) > 1:
        text += f" = {die.value} (exploded)"
    return text


def explain_roll(roll: RollResult) -> list[str]:
    """The lines of ``kiroku show`` for one roll."""
    options = [
        name
        for name, on in (
            ("unskilled: 10s do not explode", roll.unskilled),
            ("emphasis: a first 1 is rerolled", roll.emphasis),
            ("a Void point: +1k1", roll.void),
        )
        if on
    ]
    lines = [
        f"roll: {roll.expression}, {roll.rolled} dice rolled, {roll.kept} kept"
        + (f" ({'; '.join(options)})" if options else ""),
        "dice: " + " | ".join(explain_die(i, die) for i, die in enumerate(roll.dice)),
    ]
    kept = [roll.dice[i] for i in roll.kept_dice]
    dice_total = sum(die.value for die in kept)
    lines.append(
        "kept: "
        + " + ".join(f"d{i + 1} {roll.dice[i].value}" for i in roll.kept_dice)
        + f" = {dice_total}"
    )
    bonus = []
    if roll.modifier:
        bonus.append(f"modifier {roll.modifier:+d}")
    if roll.ten_dice_bonus:
        bonus.append(f"ten-dice rule {roll.ten_dice_bonus:+d}")
    lines.append(
        f"total: {roll.total}" + (f" (dice {dice_total}, {', '.join(bonus)})" if bonus else "")
    )
    if roll.tn is not None:
        tn = f"TN: {roll.tn}"
        if roll.raises or roll.free_raises:
            tn += (
                f", {roll.raises} raise(s) called (+{RAISE_STEP * roll.raises}), "
                f"{roll.free_raises} free (-{RAISE_STEP * roll.free_raises}): "
                f"{roll.effective_tn}"
            )
        lines.append(tn)
        margin = roll.margin or 0
        verdict = "success" if roll.success else "failure"
        lines.append(f"result: {verdict} by {abs(margin)}")
    return lines
