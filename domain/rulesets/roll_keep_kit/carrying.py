"""Carrying a character over between sessions, for the rulesets whose texts say little
of it (:class:`domain.rulesets.base.Campaigning`): their sheet as the session left it,
with the wounds it left them; the wounds gone at the next session unless the GM carries
them (``days`` given), as they were, since such a text counts no healing by the day; the
dead carried nowhere."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.errors import IllegalUnderRules, NotFound
from domain.names import key
from domain.rulesets.base import Progress

STANDINGS = ("honour", "glory", "status", "taint")


def one_of(characters: Mapping[str, Any], character: str) -> Any:
    """The character of that name in a ruleset's state, or :class:`NotFound`."""
    found = characters.get(key(character))
    if found is None:
        raise NotFound(f"no character {character!r} in this session")
    return found


def sheet_with_wounds(one: Any) -> Any:
    """A character's sheet as it stands: as joined (these rulesets buy nothing during a
    session), with the wounds the session left them (and the Void points spent, where
    the sheet keeps them)."""
    if hasattr(one.sheet, "void_spent") and hasattr(one, "void_spent"):
        spent = min(one.void_spent, one.sheet.void)
        return msgspec.structs.replace(one.sheet, wounds=one.wounds, void_spent=spent)
    return msgspec.structs.replace(one.sheet, wounds=one.wounds)


def carried_over(sheet: Any, days: int | None, *, dead: bool) -> Any:
    """The sheet as the next session starts: wounds healed unless the GM carries them;
    the Void points back after a night (not when the GM says it is the same day)."""
    if dead:
        raise IllegalUnderRules(f"{sheet.name} is dead: no time between sessions brings them back")
    rested = {"void_spent": 0} if hasattr(sheet, "void_spent") and days != 0 else {}
    if days is None:
        return msgspec.structs.replace(sheet, wounds=0, **rested)
    return msgspec.structs.replace(sheet, **rested)


def progress_of(characters: Mapping[str, Any]) -> dict[str, Progress]:
    """No XP and no insight in these rulesets; the standing a sheet has, as it has it."""
    return {
        one.name: Progress(
            0, 0, None, {s: getattr(one.sheet, s) for s in STANDINGS if hasattr(one.sheet, s)}
        )
        for one in characters.values()
    }
