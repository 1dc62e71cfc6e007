"""The session aggregate: the core's commands, each returning one batch or raising.

A command either returns the events to append (one atomic batch) or raises a typed error
(:mod:`domain.errors`) quoting its input (DESIGN principle 4). It never changes the
session itself: the application appends the batch and then calls :meth:`Session.record`,
so a batch refused by the store leaves nothing behind. The clock (``at``) comes in from
outside.

The core's commands are few: a character joins, a note is taken, the GM retracts a
ruling. Everything else is a command of the session's ruleset.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound
from domain.events import CharacterJoined, Event, EventRetracted, NoteTaken, SessionOpened
from domain.session.stream import SessionStream, check_session_id, open_session

__all__ = ["Session", "check_session_id", "open_session"]

MAX_NOTE = 2_000


class Session(SessionStream):
    """One session: its stream, the state folded from it, and the core's commands."""

    def join(self, *, actor: str, at: datetime, sheet: Any, player: str) -> list[Event]:
        """A character joins, played by ``player``; the ruleset checks the sheet."""
        self.gm_only(actor, "add a character")
        self.ruleset.check_sheet(sheet)
        if not player.strip():
            raise MalformedInput(f"character {sheet.name!r} needs a player")
        if self.state.member(sheet.name) is not None:
            raise IllegalUnderRules(f"a character named {sheet.name!r} is already in the session")
        return [CharacterJoined(actor=actor, at=at, sheet=sheet, player=player)]

    def note(
        self, *, actor: str, at: datetime, text: str, character: str | None = None
    ) -> list[Event]:
        """A note in the record; a player's note is about their own character."""
        if not text.strip():
            raise MalformedInput("a note needs some text")
        if len(text) > MAX_NOTE:
            raise MalformedInput(f"a note of {len(text)} characters is over {MAX_NOTE}")
        name = None
        if character is not None:
            member = self.member_named(character)
            if not self.is_gm(actor) and actor != member.player:
                raise NotAllowed(
                    f"{actor!r} may not take notes for {member.name!r}: not their character"
                )
            name = member.name
        elif not self.is_gm(actor):
            raise NotAllowed(f"{actor!r} may take notes about their own character only")
        return [NoteTaken(actor=actor, at=at, text=text, character=name)]

    def retract(self, *, actor: str, at: datetime, position: int, reason: str) -> list[Event]:
        """A GM's correction, with a reason (principle 6): the event stops counting."""
        self.gm_only(actor, "retract a ruling")
        if not reason.strip():
            raise MalformedInput("a retraction needs a reason")
        if not 1 <= position <= self.version:
            raise NotFound(f"no event at position {position} (the session has {self.version})")
        target = self.events[position - 1].event
        if isinstance(target, SessionOpened):
            raise IllegalUnderRules("the opening of a session cannot be retracted")
        if isinstance(target, EventRetracted):
            raise IllegalUnderRules(f"event {position} is itself a retraction")
        if position in self._retracted():
            raise IllegalUnderRules(f"event {position} is already retracted")
        return [EventRetracted(actor=actor, at=at, reason=reason, position=position)]

    def retract_last(self, *, actor: str, at: datetime, reason: str) -> list[Event]:
        """Undo: retract the latest event that still counts."""
        retracted = self._retracted()
        for recorded in reversed(self.events):
            event = recorded.event
            if isinstance(event, (EventRetracted, SessionOpened)) or recorded.position in retracted:
                continue
            return self.retract(actor=actor, at=at, position=recorded.position, reason=reason)
        raise IllegalUnderRules("there is nothing left to retract")

    def _retracted(self) -> set[int]:
        return {r.event.position for r in self.events if isinstance(r.event, EventRetracted)}
