"""The core's commands: a character joins, a note is taken, the GM retracts a ruling."""

from __future__ import annotations

from typing import Annotated, Any

from msgspec import Meta

from domain.commands import Command, CommandSpec
from domain.events import Role

Name = Annotated[str, Meta(min_length=1, max_length=100, description="a character's name")]


class JoinCharacter(Command, frozen=True, kw_only=True):
    """A character joins the session, from a sheet in the ruleset's schema."""

    spec = CommandSpec(("join",), files={"sheet": "sheet"})

    sheet: Annotated[
        dict[str, Any], Meta(description="the character sheet (a JSON file at the shell)")
    ]
    player: Annotated[str, Meta(min_length=1, max_length=100, description="who plays them")]


class AddParticipant(Command, frozen=True, kw_only=True):
    """The GM lets someone take part: a player, or an observer who may act for no one."""

    spec = CommandSpec(("participant",), positional=("participant",))

    participant: Annotated[str, Meta(min_length=1, max_length=100, description="their id")]
    role: Role


class TakeNote(Command, frozen=True, kw_only=True):
    """A note in the record: a ruling's context, a scene change."""

    spec = CommandSpec(("note",), positional=("text",))

    text: Annotated[str, Meta(min_length=1, max_length=2000, description="the note")]
    character: Name | None = None


class Retract(Command, frozen=True, kw_only=True):
    """The GM retracts a ruling: the command that gave an event, whole (or, with --last,
    the latest that still counts)."""

    spec = CommandSpec(("retract",), positional=("position",))

    position: Annotated[int, Meta(ge=1, description="the event's position")] | None = None
    last: Annotated[bool, Meta(description="the latest event that still counts")] = False
    reason: Annotated[str, Meta(min_length=1, max_length=500, description="why")]


class Undo(Command, frozen=True, kw_only=True):
    """The GM retracts the latest ruling that still counts: the command, whole."""

    spec = CommandSpec(("undo",))

    reason: Annotated[str, Meta(min_length=1, max_length=500, description="why")]


CORE_COMMANDS: tuple[type[Command], ...] = (
    JoinCharacter,
    AddParticipant,
    TakeNote,
    Retract,
    Undo,
)
