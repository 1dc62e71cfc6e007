"""A narrative check shown as JSON: ``kiroku roll 3r2s --json``'s shape, which a command's
``--json`` lists under ``rolls`` for each check it threw (the 5e confrontations')."""

from __future__ import annotations

from typing import Any

from domain.dice.narrative.roll import NarrativeRoll


def narrative_as_json(roll: NarrativeRoll) -> dict[str, Any]:
    """Every die with what it shows, whether it was kept and which die's explosion threw
    it, and the counts of the kept dice (with the TN, the outcome, the bonus successes)."""
    return {
        "expression": roll.expression,
        "family": "narrative",
        "dice": [
            {
                "index": i,
                "kind": d.kind,
                "face": d.face,
                "shows": d.shows.name,
                "kept": d.kept,
                "exploded_from": d.parent if d.parent >= 0 else None,
            }
            for i, d in enumerate(roll.dice)
        ],
        "kept": [i for i, d in enumerate(roll.dice) if d.kept],
        "successes": roll.successes,
        "opportunities": roll.opportunities,
        "strife": roll.strife,
        "tn": roll.tn,
        "success": roll.success,
        "bonus_successes": roll.bonus_successes,
        "compromised": roll.compromised,
    }
