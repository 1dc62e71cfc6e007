"""One command's view of who gives it, when and why, as every ruleset's deciders share it:
the events it makes carry the actor, the time and the reason, and the GM acts for anyone
while a player acts for their own characters only (DESIGN principle 7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from domain.errors import NotAllowed, NotFound
from domain.events import Event
from domain.names import key
from domain.rulesets.base import Core


@dataclass
class Deciding:
    """One command being decided: the session core, who gives it, when, why."""

    core: Core
    actor: str
    at: datetime
    reason: str | None

    def event(self, event_type: type[Event], /, **fields: Any) -> Event:
        return event_type(actor=self.actor, at=self.at, reason=self.reason, **fields)

    def permitted(self, name: str, player: str) -> None:
        """The GM acts for anyone; a player for their own characters only."""
        if not self.core.is_gm(self.actor) and player != self.actor:
            raise NotAllowed(f"{self.actor!r} may not act for {name!r}")


T = TypeVar("T")


def find(fighters: Mapping[str, T], name: str) -> T:
    """The character called ``name`` (case and spacing aside), or a refusal naming who
    is in the session."""
    found = fighters.get(key(name))
    if found is None:
        names = ", ".join(getattr(f, "name", str(f)) for f in fighters.values())
        raise NotFound(f"no character {name!r} in this session; characters: {names or 'none yet'}")
    return found
