"""``kiroku demo``: the main job — a short, seeded demonstration of what Kiroku does."""

from __future__ import annotations

import random

from adapters.cli.dice_commands import describe_odds, describe_roll
from domain.dice.odds import tn_table
from domain.dice.roll import RollOptions, roll


def run_demo(seed: int = 1120) -> str:
    """Seeded rolls with explosions, emphasis and the ten-dice rule, then an odds table."""
    dice = random.Random(seed)
    lines = [f"Kiroku demonstration (seed {seed})", ""]
    for expression, options in (
        ("7k3", RollOptions(tn=20, raises=1, max_raises=2)),
        ("6k3", RollOptions(tn=15, emphasis=True)),
        ("13k4+2", RollOptions(tn=35)),
        ("4k2", RollOptions(tn=15, unskilled=True)),
    ):
        lines.append(describe_roll(roll(expression, options, dice)))
        lines.append("")
    table = tn_table("7k3")
    lines.append(
        describe_odds({"expression": "7k3", "table": {str(k): v for k, v in table.items()}})
    )
    return "\n".join(lines)
