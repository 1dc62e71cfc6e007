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

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import msgspec

from domain.commands import Command, Context
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound, excerpt
from domain.events import (
    Carried,
    CharacterJoined,
    ClockAdvanced,
    Event,
    EventRetracted,
    NoteTaken,
    ParticipantJoined,
    Role,
    RulingRevealed,
    SessionClosed,
    SessionReopened,
)
from domain.names import check_name
from domain.rulesets import lacks
from domain.session.clock import MAX_MINUTES
from domain.session.commands import (
    MAX_GROUP,
    MAX_NOTE,
    UNHIDDEN,
    AddParticipant,
    AdvanceClock,
    CloseSession,
    JoinCharacter,
    ReopenSession,
    Retract,
    Reveal,
    TakeNote,
    Undo,
)
from domain.session.stream import SessionStream, check_session_id, open_session
from domain.text import first_unprintable

__all__ = ["Session", "check_session_id", "open_session"]


class Session(SessionStream):
    """One session: its stream, the state folded from it, and the core's commands."""

    def decide(self, command: Command, context: Context, *, trial: bool = True) -> list[Event]:
        """The batch for ``command`` (the core's, or the ruleset's), or a typed error.
        The command's reason goes on every event of the batch that has none; an observer
        gives none. ``trial``: the ruleset's batch is folded onto a copy of the state
        first (:meth:`check_applies`) — left out only where what is decided is compared
        with events already recorded, and those are folded (re-judging)."""
        unprintable = first_unprintable(msgspec.to_builtins(command))
        if unprintable is not None:
            where, text = unprintable
            raise MalformedInput(
                f"{command.spec.name} {where} {excerpt(text)}: one line of printable text (a "
                "newline or a control character would forge a line of the log)"
            )
        if self.state.roles.get(context.actor) == "observer":
            raise NotAllowed(
                f"{context.actor!r} observes session {self.opened.session!r} and may not "
                f"{command.spec.name}"
            )
        self.check_open(command)
        self.check_hidden(command, context.actor)
        if isinstance(command, Reveal | CloseSession | ReopenSession):
            events = self.table_wide(command, context)
        elif isinstance(command, AddParticipant):
            events = self.add_participant(
                actor=context.actor,
                at=context.at,
                participant=command.participant,
                role=command.role,
            )
        elif isinstance(command, JoinCharacter):
            events = self.join(
                actor=context.actor,
                at=context.at,
                sheet=self._sheet(command.sheet),
                player=command.player,
                count=command.count,
                name=command.name,
                carried=command.carried,
            )
        elif isinstance(command, AdvanceClock):
            events = self.advance_clock(actor=context.actor, at=context.at, minutes=command.minutes)
        elif isinstance(command, TakeNote):
            events = self.note(
                actor=context.actor, at=context.at, text=command.text, character=command.character
            )
        elif isinstance(command, Retract | Undo):
            last = isinstance(command, Undo) or command.last
            position = None if isinstance(command, Undo) else command.position
            if last == (position is not None):
                raise MalformedInput("retract either a position or the last event, not both")
            if position is None:
                position = self.last_counting()
            events = self.retract(
                actor=context.actor,
                at=context.at,
                position=position,
                reason=command.reason,
                batch=context.batch_of(position) if context.batch_of else None,
            )
        elif type(command) in self.ruleset.command_types:
            events = self.for_each_member(command, context, trial=trial)
        else:
            raise lacks(self.opened.session, self.ruleset.id, command.spec.name)
        if command.reason is None:
            return events
        return [
            e if e.reason is not None else msgspec.structs.replace(e, reason=command.reason)
            for e in events
        ]

    def check_open(self, command: Command) -> None:
        """A closed session takes no command but its reopening."""
        if self.state.closed is not None and not isinstance(command, ReopenSession):
            raise IllegalUnderRules(
                f"session {self.opened.session!r} is closed: it takes no "
                f"{command.spec.name} until the GM reopens it"
            )

    def check_hidden(self, command: Command, actor: str) -> None:
        """Only the GM keeps a ruling hidden; what is done for the whole table (a reveal,
        closing) cannot be, and a correction is as hidden as what it corrects."""
        if not command.hidden:
            return
        self.gm_only(actor, f"give {command.spec.name} hidden")
        if isinstance(command, UNHIDDEN):
            raise MalformedInput(f"{command.spec.name} is for the whole table: it cannot be hidden")

    def table_wide(
        self, command: Reveal | CloseSession | ReopenSession, context: Context
    ) -> list[Event]:
        """The GM's commands for the whole table: reveal a hidden ruling (whether the
        position holds one is checked against the records before the reveal is
        appended, :mod:`domain.session.secrets`; a correction deciding it again later
        must not check it against the history as it stood before), close the session,
        reopen it."""
        actor, at = context.actor, context.at
        if isinstance(command, Reveal):
            self.gm_only(actor, "reveal a hidden ruling")  # which: checked against the records
            return [RulingRevealed(actor=actor, at=at, position=command.position)]
        if isinstance(command, CloseSession):
            self.gm_only(actor, "close the session")
            return [SessionClosed(actor=actor, at=at)]
        self.gm_only(actor, "reopen the session")
        if self.state.closed is None:
            raise IllegalUnderRules(f"session {self.opened.session!r} is open")
        return [SessionReopened(actor=actor, at=at)]

    def check_applies(self, command: Command, events: list[Event]) -> None:
        """The ruleset's batch folds onto a copy of its state before anything is appended:
        a ruling its own rules cannot apply (a ruleset's bug: a name it let through
        unchecked) is refused whole, never stored to break every later read."""
        self._applied(command, self.table, events)

    def _applied(self, command: Command, table: Any, events: list[Event]) -> Any:
        """A copy of the ruleset's state ``table`` with ``events`` folded onto it, or
        :class:`IllegalUnderRules` (see :meth:`check_applies`)."""
        copy = self.ruleset.load_state(self.ruleset.dump_state(table))
        return self._folded(command, copy, events)

    def _folded(self, command: Command, trial: Any, events: list[Event]) -> Any:
        """``events`` folded onto ``trial``, a copy this call owns (the fold may update it
        in place), or :class:`IllegalUnderRules` (see :meth:`check_applies`)."""
        try:
            for event in events:
                trial = self.ruleset.evolve(trial, event)
        except Exception as error:
            raise IllegalUnderRules(
                f"{command.spec.name}: the {self.ruleset.id} rules cannot apply this ruling "
                f"({type(error).__name__}: {error}); nothing was recorded"
            ) from error
        return trial

    def _sheet(self, raw: dict[str, Any]) -> Any:
        try:
            return msgspec.convert(raw, self.ruleset.sheet_type)
        except msgspec.ValidationError as error:
            name = raw.get("name", "?")
            raise MalformedInput(f"sheet of {name!r}: {error}") from None

    def join(
        self,
        *,
        actor: str,
        at: datetime,
        sheet: Any,
        player: str,
        count: int = 1,
        name: str | None = None,
        carried: Carried | None = None,
    ) -> list[Event]:
        """A character joins, played by ``player``, under ``name`` if given (else the
        sheet's); the ruleset checks the sheet. With ``count`` over 1 a group joins in
        one batch: NAME 1, NAME 2, … (numbered on from the group's last member if it is
        joined to again), each its own character."""
        self.gm_only(actor, "add a character")
        if carried is not None and (count != 1 or name is not None):
            raise MalformedInput(
                "a character carried from an earlier session joins alone, as named"
            )
        if carried is not None and carried.shown is not None:  # a sheet too, of the same one
            shown = self._sheet(carried.shown)
            self.ruleset.check_sheet(shown)
            if shown.name != sheet.name or msgspec.to_builtins(shown) == msgspec.to_builtins(sheet):
                raise MalformedInput(
                    f"the sheet shown to the players of {excerpt(sheet.name)} is another "
                    "character's, or the sheet itself (the players see it as it is: no shown)"
                )
        if not 1 <= count <= MAX_GROUP:
            raise MalformedInput(f"--count {count}: a group of 1 to {MAX_GROUP} characters")
        base = check_name(sheet.name if name is None else name, "a character's name").strip()
        if not player.strip():
            raise MalformedInput(f"character {base!r} needs a player")
        check_name(player, "a player's id")
        group = self.state.group(base)
        if count == 1 and group is None:
            names, group_name = [base], None
        else:
            group_name = base if group is None else group[0]
            if group is None and self.state.member(base) is not None:
                raise IllegalUnderRules(f"a character named {base!r} is already in the session")
            members = (m.name for m in self.state.members.values())  # a carried Ronin 2 too
            first = 1 + max((_number(m, group_name) for m in members), default=0)
            names = [f"{group_name} {n}" for n in range(first, first + count)]
        events: list[Event] = []
        for each in names:
            check_name(each, "a character's name")
            if self.state.member(each) is not None or self.state.group(each) is not None:
                raise IllegalUnderRules(f"a character named {each!r} is already in the session")
            joined = msgspec.structs.replace(sheet, name=each)
            self.ruleset.check_sheet(joined)
            events.append(
                CharacterJoined(
                    actor=actor,
                    at=at,
                    sheet=joined,
                    player=player,
                    group=group_name,
                    carried=carried,
                )
            )
        return events

    def for_each_member(
        self, command: Command, context: Context, *, trial: bool = True
    ) -> list[Event]:
        """The ruleset's batch for ``command``; for a command that may be given to a
        group (:attr:`CommandSpec.for_groups`) naming one, each member's in turn, each
        decided on the state the ones before it left, in one batch (the group's
        initiative: each its own roll)."""
        group = self.state.group(getattr(command, "character", None))
        if not command.spec.for_groups or group is None or self.state.member(group[0]):
            events = self.ruleset.decide(self, self.table, command, context)
            if trial:
                self.check_applies(command, events)
            return events
        if isinstance(context.dice, Sequence):
            raise MalformedInput(
                f"{command.spec.name} for the group {group[0]!r}: faces typed die by die are one "
                "roll's; give them for each member by name, or let Kiroku roll"
            )
        # one copy of the state for the whole group, each member's ruling folded onto it
        # in turn: a copy per member cost members x the state's size (77 % of a
        # 100-member initiative, growing with the session)
        table = self.ruleset.load_state(self.ruleset.dump_state(self.table))
        events = []
        for member in group[1:]:
            given = msgspec.structs.replace(command, character=member)
            try:
                decided = self.ruleset.decide(self, table, given, context)
            except (IllegalUnderRules, MalformedInput, NotAllowed, NotFound) as error:
                raise type(error)(
                    f"{command.spec.name} for the group {group[0]!r}, refused whole: {error} "
                    "(give the others by name)"
                ) from None
            table = self._folded(given, table, decided)
            events += decided
        return events

    def add_participant(
        self, *, actor: str, at: datetime, participant: str, role: Role
    ) -> list[Event]:
        """The GM lets someone take part, as a player or an observer."""
        self.gm_only(actor, "add a participant")
        name = check_name(participant, "a participant's id").strip()
        if self.is_gm(name):
            raise IllegalUnderRules(f"{name!r} is the session's GM")
        if self.state.roles.get(name) == role:
            raise IllegalUnderRules(f"{name!r} is already a {role} of this session")
        plays = [m.name for m in self.state.members.values() if m.player == name]
        if role == "observer" and plays:
            raise IllegalUnderRules(f"{name!r} plays {', '.join(plays)}: not only an observer")
        return [ParticipantJoined(actor=actor, at=at, participant=name, role=role)]

    def advance_clock(self, *, actor: str, at: datetime, minutes: int) -> list[Event]:
        """The GM moves the story's clock on (:mod:`domain.session.clock`)."""
        self.gm_only(actor, "move the story's clock on")
        if not 1 <= minutes <= MAX_MINUTES:
            raise MalformedInput(f"{minutes} minutes: move the clock on by a minute to a year")
        return [ClockAdvanced(actor=actor, at=at, minutes=minutes)]

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

    def retract(
        self,
        *,
        actor: str,
        at: datetime,
        position: int,
        reason: str,
        batch: tuple[int, int] | None = None,
    ) -> list[Event]:
        """A GM's correction, with a reason (principle 6): the ruling that gave the event
        at ``position`` stops counting — every event of its command's ``batch`` (from the
        records of rulings) that still counts, or the one event where no command was
        recorded."""
        self.gm_only(actor, "retract a ruling")
        if not reason.strip():
            raise MalformedInput("a retraction needs a reason")
        if not 1 <= position <= self.version:
            raise NotFound(f"no event at position {position} (the session has {self.version})")
        if position == 1:
            raise IllegalUnderRules("the opening of a session cannot be retracted")
        if position in self.state.retractions:
            raise IllegalUnderRules(f"event {position} is itself a retraction")
        if position in self.state.imported:
            raise IllegalUnderRules(
                f"event {position} marks the session imported without command records: it "
                "stands for ever (the events it marks were never re-judged)"
            )
        if position in self.state.headings:
            raise IllegalUnderRules(
                f"event {position} heads a correction: a correction is taken back by correcting "
                "again (reinstate what it retracted, amend what it revised)"
            )
        if position in self.state.retracted:
            raise IllegalUnderRules(f"event {position} is already retracted")
        first, last = batch if batch is not None else (position, position)
        return [
            EventRetracted(actor=actor, at=at, reason=reason, position=p)
            for p in range(max(first, 2), last + 1)
            if p not in self.state.retracted and p not in self.state.retractions
        ]

    def retract_last(self, *, actor: str, at: datetime, reason: str) -> list[Event]:
        """Retract the latest event that still counts (without records: that event)."""
        return self.retract(actor=actor, at=at, position=self.last_counting(), reason=reason)

    def last_counting(self) -> int:
        """The position of the latest event that still counts (a retraction aside)."""
        state = self.state
        for position in range(self.version, 1, -1):
            if (
                position not in state.retractions
                and position not in state.retracted
                and position not in state.headings
            ):
                return position
        raise IllegalUnderRules("there is nothing left to retract")


def _number(member: str, group: str) -> int:
    """The number a group's member was joined under (``Ronin 3``: 3; 0 for a name that
    is not the group's and a number)."""
    if not member.casefold().startswith(group.casefold() + " "):
        return 0
    number = member[len(group) :].strip()
    return int(number) if number.isascii() and number.isdigit() else 0
