"""A command tried before it is given (``POST …/commands?dry_run=true``).

The command is decided exactly as it would be (the same rules, the actor's own view of
the session, the same refusals) and nothing is appended. A form shows this before the GM
or a player commits: for a command that throws dice, the roll its first roll would make
with its chances, as the session's ruleset states them (:class:`domain.rulesets.base.
Chances`: the pool and TN with each part, the exact chance — the same figure ``kiroku
odds`` gives — by TN and by raises besides); for a command that throws no dice, the
events it would record, which are the events it will record.
"""

from __future__ import annotations

from typing import Any

import msgspec

from application.service import SessionService
from domain.commands import Command, Dice
from domain.errors import KirokuError
from domain.rulesets.base import Chances
from domain.session.aggregate import Session
from projections.timeline import describe


def tried(
    service: SessionService, session: Session, actor: str, command: Command, dice: Dice | None
) -> dict[str, Any]:
    """What ``command`` would do now, given by ``actor`` (see the module)."""
    sid = session.opened.session
    events = service.trial(sid, command, actor=actor, dice=dice)
    ruleset = session.ruleset
    data: dict[str, Any] = {"dry_run": True, "command": command.spec.name, "appended": False}
    if command.spec.dice == "none":
        data["would_record"] = [
            {"type": type(e).__name__, "summary": describe(e, ruleset)} for e in events
        ]
    chances = ruleset.chance_of if isinstance(ruleset, Chances) else None
    rolls = (c for e in events if chances is not None and (c := chances(e)) is not None)
    data["roll"] = next(rolls, None)
    if data["roll"] is not None and data["roll"].get("by_raises"):
        data["roll"]["by_raises"] = _allowed(service, sid, actor, command, dice, data["roll"])
    return data


def _allowed(
    service: SessionService,
    sid: str,
    actor: str,
    command: Command,
    dice: Dice | None,
    roll: dict[str, Any],
) -> list[dict[str, Any]]:
    """The roll's chances by raises, as far as the rules let this roller call them (4e:
    no more than their Void ring): each number of raises past the command's own is tried
    as the command, and the first the rules refuse ends the list. A command that calls
    no raises of its own keeps the list whole."""
    by_raises: list[dict[str, Any]] = roll["by_raises"]
    given = getattr(command, "raises", None)
    if not isinstance(given, int) or isinstance(given, bool):
        return by_raises
    kept = [r for r in by_raises if r["raises"] <= given]
    for row in by_raises:
        if row["raises"] <= given:
            continue
        try:
            service.trial(sid, msgspec.structs.replace(command, raises=row["raises"]),
                          actor=actor, dice=dice)  # fmt: skip
        except KirokuError:
            break
        kept.append(row)
    return kept
