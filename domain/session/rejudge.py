"""Deciding a recorded ruling again: its command, as given, with the dice it drew.

A :class:`~domain.session.record.CommandRecord` holds everything a ruling was decided
with — the command's kind and inputs, who gave it and when, every face it drew (or the
faces given at the table). :func:`redecide` turns it back into its command Struct and
decides it again on a session, the dice replayed face by face. Under unchanged rules
and on the same history it gives the same events; the verifier (:mod:`domain.session.
verify`) and the corrections (:mod:`domain.session.correction`) are built on that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.commands import Command, Context
from domain.dice.source import DiceSource
from domain.errors import KirokuError, MalformedInput
from domain.events import Event
from domain.session.aggregate import Session
from domain.session.commands import CORE_COMMANDS
from domain.session.record import CommandRecord


class DiceRanOut(KirokuError):
    """Deciding a ruling again needed more faces than it drew, and no fresh dice were given."""


class ReplayedDice:
    """A dice port that hands out the faces a ruling drew, in order, then — where a
    ruling decided again needs more — fresh faces from ``then``, kept in ``drawn``."""

    def __init__(self, recorded: Sequence[int], then: DiceSource | None = None) -> None:
        self._recorded = tuple(recorded)
        self._then = then
        self.drawn: list[int] = []

    @property
    def replayed(self) -> int:
        """How many of the recorded faces were handed out."""
        return min(len(self.drawn), len(self._recorded))

    def randint(self, a: int, b: int, /) -> int:
        index = len(self.drawn)
        if index < len(self._recorded):
            face = self._recorded[index]
            if not a <= face <= b:
                raise MalformedInput(
                    f"recorded face {face} (die {index + 1}) is not a face of a {a}–{b} die"
                )
        elif self._then is None:
            raise DiceRanOut(
                f"the ruling drew {len(self._recorded)} faces and deciding it again needs more"
            )
        else:
            face = self._then.randint(a, b)
        self.drawn.append(face)
        return face


def command_types(session: Session) -> dict[str, type[Command]]:
    """Every command the session takes, by its Struct's name (as records name them)."""
    return {t.__name__: t for t in (*CORE_COMMANDS, *session.ruleset.command_types)}


def command_for(
    record: CommandRecord, session: Session, changes: dict[str, Any] | None = None
) -> Command:
    """The command Struct a record was decided from (with ``changes`` to its inputs),
    validated as any command is."""
    kind = command_types(session).get(record.kind)
    if kind is None:
        raise MalformedInput(
            f"the ruling at {record.first} was a {record.kind!r}, which ruleset "
            f"{session.ruleset.id!r} does not take"
        )
    fields = dict(record.inputs) | (changes or {})
    if record.reason is not None:
        fields.setdefault("reason", record.reason)
    try:
        return msgspec.convert(fields, kind)
    except msgspec.ValidationError as error:
        raise MalformedInput(f"{record.command} at {record.first}: {error}") from None


def redecide(
    session: Session,
    record: CommandRecord,
    *,
    command: Command | None = None,
    then: DiceSource | None = None,
    batch_of: Callable[[int], tuple[int, int] | None] | None = None,
) -> tuple[list[Event], tuple[int, ...]]:
    """The events ``record``'s command (or ``command`` in its place) gives on
    ``session`` now, as its actor at its time, with the dice it drew (then fresh ones
    from ``then``); and every face drawn from the dice source."""
    command = command if command is not None else command_for(record, session)
    if record.given:
        events = session.decide(command, Context(record.actor, record.at, record.given, batch_of))
        return events, ()
    dice = ReplayedDice(record.drawn, then)
    events = session.decide(command, Context(record.actor, record.at, dice, batch_of))
    return events, tuple(dice.drawn)
