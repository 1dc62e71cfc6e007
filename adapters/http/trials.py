"""A command tried before it is given: ``POST …/commands?dry_run=true``.

The command is decided exactly as it would be (the same rules, the holder's own view of
the session, the same refusals) and nothing is appended. A form shows this before the
GM or a player commits: for a command that throws roll & keep dice, the pool its first
roll would throw and the TN it would have to reach, each part of both named, and the
exact chance of success — the same figure ``kiroku odds --ruleset RULESET POOL --tn TN``
gives — by TN and by raises besides; for a narrative check (5th edition), its pool, TN
and chance as ``kiroku odds 3r2s --tn 2`` gives them, with the strife expected; for a
command that throws no dice, the events it would record, which are the events it will
record.
"""

from __future__ import annotations

from typing import Any

import msgspec

from adapters.http.server import Seat
from application.service import SessionService
from domain.commands import Command, Dice
from domain.dice.narrative.odds import TABLE_TNS as NARRATIVE_TNS
from domain.dice.narrative.odds import check_odds
from domain.dice.narrative.roll import NarrativeRoll, parse_pool
from domain.dice.roll_keep.odds import TABLE_TNS
from domain.dice.roll_keep.roll import RAISE_STEP, RollResult
from domain.events import Event
from domain.rulesets import Ruleset
from domain.rulesets.roll_keep_kit.events import DiceRolled
from projections.timeline import describe

RAISES_SHOWN = 5
"""Raises the chance is also given for (0 to this many), for the plot by raises."""


def tried(
    service: SessionService, place: Seat, command: Command, dice: Dice | None
) -> dict[str, Any]:
    """What ``command`` would do now, for the holder of ``place`` (see the module)."""
    session = place.session
    sid = session.opened.session
    events = service.trial(sid, command, actor=place.holder.participant, dice=dice)
    ruleset = session.ruleset
    data: dict[str, Any] = {"dry_run": True, "command": command.spec.name, "appended": False}
    if command.spec.dice == "none":
        data["would_record"] = [
            {"type": type(e).__name__, "summary": describe(e, ruleset)} for e in events
        ]
    first = next((e for e in events if _roll_keep(e) or _narrative(e)), None)
    if first is None:
        data["roll"] = None
    else:
        data["roll"] = chance_of(first, ruleset) if _roll_keep(first) else narrative(first)
    return data


def _roll_keep(event: Event) -> bool:
    return isinstance(event, DiceRolled) and isinstance(event.roll, RollResult)


def _narrative(event: Event) -> bool:
    return isinstance(getattr(event, "roll", None), NarrativeRoll)


def narrative(event: Event) -> dict[str, Any]:
    """A narrative check's pool and TN (each part of the TN named) and its exact chance,
    the figure ``kiroku odds POOL --tn TN`` gives, by TN besides (1 to 6), and the
    strife it is expected to bring."""
    roll = getattr(event, "roll")  # noqa: B009 - the check's own event type is the ruleset's
    assert isinstance(roll, NarrativeRoll)
    pool = parse_pool(roll.expression)
    parts = [{"source": p.source, "tn": p.value} for p in getattr(event, "tn_parts", ())]
    by_tn = {str(tn): float(check_odds(pool, tn)[0]) for tn in NARRATIVE_TNS}
    head: dict[str, Any] = {
        "family": "narrative",
        "character": getattr(event, "character", None),
        "purpose": getattr(event, "purpose", ""),
        "label": f"{getattr(event, 'skill', '')}/{getattr(event, 'ring', '')}",
        "expression": str(pool),
        "unskilled": False,
        "emphasis": False,
        "base_tn": None,
        "parts": parts,
        "raises": 0,
        "free_raises": 0,
        "tn": roll.tn,
        "by_tn": by_tn,
        "by_raises": [],
    }
    if roll.tn is None:
        return head | {"probability": None, "expected_strife": None}
    chance, strife = check_odds(pool, roll.tn)
    return head | {"probability": float(chance), "expected_strife": float(strife)}


def chance_of(event: Event, ruleset: Ruleset) -> dict[str, Any]:
    """The pool and TN of the roll ``event`` records, and its exact chance under
    ``ruleset`` (its options included): at its TN, at each TN of ``kiroku odds
    --table``, and with 0 to :data:`RAISES_SHOWN` raises called."""
    assert isinstance(event, DiceRolled) and isinstance(event.roll, RollResult)
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
        "by_tn": {str(tn): ruleset.odds(expression, tn, **options) for tn in TABLE_TNS},
    }
    if roll.tn is None:
        return head | {"probability": None, "by_raises": []}
    base = roll.tn - RAISE_STEP * roll.free_raises
    # an unskilled roll calls none: « il n'est pas possible de déclarer d'augmentations »
    # (4e summary, unskilled rolls; the roll & keep kit's rule for every ruleset using it)
    raises = range(0 if roll.unskilled else RAISES_SHOWN + 1)
    by_raises = [
        {"raises": k, "tn": base + RAISE_STEP * k,
         "probability": ruleset.odds(expression, base + RAISE_STEP * k, **options)}
        for k in raises
    ]  # fmt: skip
    return head | {
        "probability": ruleset.odds(expression, roll.effective_tn or 0, **options),
        "by_raises": by_raises,
    }
