"""Exact odds: one probability for 10k10, and whole TN tables for every pool up to 10k10.

Targets (issue 2): one probability for 10k10 under 10 ms, a TN table for any pool under
50 ms. The baseline, run in the same process, is estimating the same 10k10 probability
by sampling 1,000 real rolls — a far less accurate answer — so the ratio says how much
cheaper the exact answer is than a rough one, whatever the machine's load.
"""

from __future__ import annotations

import random
from functools import partial

from bench.timing import median_seconds
from domain.dice.roll_keep.roll import RollOptions
from domain.rulesets.l5r4e.dice import roll, success_probability, tn_table


def run() -> list[str]:
    sampled = median_seconds(
        lambda: [roll("10k10", RollOptions(tn=60), random.Random(1)) for _ in range(1000)],
        repeats=3,
    )
    exact = median_seconds(lambda: success_probability("10k10", 60), repeats=15)
    worst_table, worst_pool = 0.0, ""
    for rolled in range(1, 11):
        for kept in range(1, rolled + 1):
            expression = f"{rolled}k{kept}"
            seconds = median_seconds(partial(tn_table, expression, emphasis=True), repeats=3)
            if seconds > worst_table:
                worst_table, worst_pool = seconds, expression
    return [
        f"odds: one 10k10 probability (TN 60): {exact * 1000:.2f} ms (target < 10 ms)",
        f"odds: slowest TN table (emphasis, any pool to 10k10): {worst_table * 1000:.2f} ms"
        f" for {worst_pool} (target < 50 ms)",
        f"odds: baseline, 1,000 sampled 10k10 rolls: {sampled * 1000:.1f} ms;"
        f" exact is {sampled / exact:.0f}x faster",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
