"""A narrative check shown whole under the command that threw it (:class:`domain.rulesets.
base.ShownRoll`): in the shell, its line then each die; in ``--json`` (and the API's
answer to a command), under ``rolls``, the roll as ``kiroku roll 3r2s --json`` gives it —
every die, the keep, the TN and the outcome — with what it was thrown for (who, which
skill and ring, the TN's parts, the strife taken, the Fire stance's bonus)."""

from __future__ import annotations

import msgspec

from domain.dice.narrative.shown import narrative_as_json
from domain.events import Event
from domain.rulesets.base import ShownRoll
from domain.rulesets.l5r5e_house.events import CheckRolled


def shown_check(event: Event, line: str, dice: list[str]) -> ShownRoll | None:
    """``event`` (a :class:`CheckRolled`; None for any other) shown whole: ``line`` its
    log line as heading, ``dice`` its dice one a line."""
    if not isinstance(event, CheckRolled):
        return None
    about = {
        "character": event.character,
        "purpose": event.purpose,
        "skill": event.skill,
        "ring": event.ring,
        "target": event.target,
        "parts": [msgspec.to_builtins(p) for p in event.tn_parts],
        "strife_taken": event.strife_taken,
        "bonus_from_strife": event.bonus_from_strife,
        "replaced": list(event.replaced),
    }
    return ShownRoll(line, tuple(f"  {d}" for d in dice), narrative_as_json(event.roll), about)
