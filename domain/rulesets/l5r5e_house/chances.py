"""The chance of a narrative check a command would throw, for a form to show before it is
made: its pool and TN (each part named), its exact chance — the figure ``kiroku odds
POOL --tn TN`` gives — by TN besides (1 to 6), and the strife it is expected to bring
(:mod:`domain.dice.narrative.odds`)."""

from __future__ import annotations

from typing import Any

from domain.dice.narrative.odds import TABLE_TNS, check_odds
from domain.dice.narrative.roll import parse_pool
from domain.events import Event
from domain.rulesets.l5r5e_house.events import CheckRolled


def check_chance(event: Event) -> dict[str, Any] | None:
    """The check ``event`` records, with its chances (None: it is no check)."""
    if not isinstance(event, CheckRolled):
        return None
    roll = event.roll
    pool = parse_pool(roll.expression)
    head: dict[str, Any] = {
        "family": "narrative",
        "character": event.character,
        "purpose": event.purpose,
        "label": f"{event.skill}/{event.ring}",
        "expression": str(pool),
        "unskilled": False,
        "emphasis": False,
        "base_tn": None,
        "parts": [{"source": p.source, "tn": p.value} for p in event.tn_parts],
        "raises": 0,
        "free_raises": 0,
        "tn": roll.tn,
        "by_tn": {str(tn): float(check_odds(pool, tn)[0]) for tn in TABLE_TNS},
        "by_raises": [],
    }
    if roll.tn is None:
        return head | {"probability": None, "expected_strife": None}
    chance, strife = check_odds(pool, roll.tn)
    return head | {"probability": float(chance), "expected_strife": float(strife)}
