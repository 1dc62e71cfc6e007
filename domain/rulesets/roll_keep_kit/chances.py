"""The chance of a roll & keep roll a command would throw, for a form to show before the
roll is made (``POST …/commands?dry_run=true``): its pool and TN with each part named,
and its exact chance under the ruleset's own dice rules — at its TN, at each TN of the
odds table, and by raises called.

Raises: « Par niveau d'augmentations déclarées, le ND augmente de 5 points »; free ones
« fournissent le bonus d'une augmentation, mais sans faire augmenter le ND », so the TN
they stand in is lowered by theirs; an unskilled roll calls none (« il n'est pas possible
de déclarer d'augmentations », l5r-4e-rules-summary.fr.txt — the kit's rule for every
ruleset that uses it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.dice.roll_keep.roll import RAISE_STEP, RollResult
from domain.events import Event
from domain.rulesets.roll_keep_kit.events import DiceRolled

RAISES_SHOWN = 5
"""Raises the chance is also given for (0 to this many), for the plot by raises."""

Odds = Callable[..., float]
"""A ruleset's :meth:`~domain.rulesets.base.Ruleset.odds`: ``odds(roll, tn, **options)``."""


def roll_keep_chance(event: Event, odds: Odds) -> dict[str, Any] | None:
    """The pool and TN of the roll ``event`` records and its exact chance by ``odds``
    (None: the event throws no roll & keep dice)."""
    if not isinstance(event, DiceRolled) or not isinstance(event.roll, RollResult):
        return None
    from domain.dice.roll_keep.odds import TABLE_TNS  # the exact odds: loaded for odds alone

    roll = event.roll
    options = {"unskilled": roll.unskilled, "emphasis": roll.emphasis}
    expression = roll.expression
    head: dict[str, Any] = {
        "family": "roll_keep",
        "character": event.character,
        "purpose": event.purpose,
        "label": event.label,
        "expression": expression,
        "rolled": roll.rolled,
        "kept": roll.kept,
        "modifier": roll.modifier,
        "unskilled": roll.unskilled,
        "emphasis": roll.emphasis,
        "void": roll.void,
        "base_tn": event.base_tn,
        "parts": [msgspec.to_builtins(p) for p in event.parts],
        "raises": roll.raises,
        "free_raises": roll.free_raises,
        "tn": roll.effective_tn,
        "by_tn": {str(tn): odds(expression, tn, **options) for tn in TABLE_TNS},
    }
    if roll.tn is None:
        return head | {"probability": None, "by_raises": []}
    base = roll.tn - RAISE_STEP * roll.free_raises
    raises = range(0 if roll.unskilled else RAISES_SHOWN + 1)
    by_raises = [
        {"raises": k, "tn": base + RAISE_STEP * k,
         "probability": odds(expression, base + RAISE_STEP * k, **options)}
        for k in raises
    ]  # fmt: skip
    return head | {
        "probability": odds(expression, roll.effective_tn or 0, **options),
        "by_raises": by_raises,
    }
