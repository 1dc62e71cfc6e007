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
from functools import partial
from typing import Any

import msgspec

from domain.commands import Command, Context, widened_inputs
from domain.dice.given import drawn_in_order
from domain.dice.roll_keep.die import Die
from domain.dice.source import DiceSource, TableFaces
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


_COMMAND_TYPES: dict[tuple[str, int], dict[str, type[Command]]] = {}


def command_types(session: Session) -> dict[str, type[Command]]:
    """Every command the session takes, by its Struct's name (as records name them)."""
    ruleset = session.ruleset
    key = (ruleset.id, id(ruleset.command_types))
    found = _COMMAND_TYPES.get(key)
    if found is None:
        found = {t.__name__: t for t in (*CORE_COMMANDS, *ruleset.command_types)}
        _COMMAND_TYPES[key] = found
    return found


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
    fields = widened_inputs(kind.spec, record.inputs) | (changes or {})
    if record.reason is not None:
        fields.setdefault("reason", record.reason)
    try:
        return msgspec.convert(fields, kind)
    except msgspec.ValidationError as error:
        raise MalformedInput(f"{record.command} at {record.first}: {error}") from None


def recorded_faces(record: CommandRecord) -> tuple[int, ...]:
    """Every face a ruling's dice showed, in the order a dice source handed them out:
    those it drew, or those given at the table, die by die."""
    return record.drawn if record.drawn or not record.given else tuple(drawn_in_order(record.given))


def redecide(
    session: Session,
    record: CommandRecord,
    *,
    command: Command | None = None,
    then: DiceSource | None = None,
    batch_of: Callable[[int], tuple[int, int] | None] | None = None,
    extend: bool = False,
    faces: Sequence[Die] | TableFaces | None = None,
    trial: bool = True,
) -> tuple[list[Event], tuple[int, ...]]:
    """The events ``record``'s command (or ``command`` in its place) gives on
    ``session`` now, as its actor at its time, with the dice it drew (then fresh ones
    from ``then``); and every face drawn from the dice source.

    The faces given at the table for its roll are given again as they were — unless
    ``extend`` (a correction: the roll may now throw more dice, or other ones), when
    they are handed out as if drawn, then fresh ones; ``faces``: the faces given anew
    (an amendment's), in place of any recorded. ``trial``: as :meth:`Session.decide`."""
    command = command if command is not None else command_for(record, session)
    context = partial(Context, record.actor, record.at, batch_of=batch_of)
    if isinstance(faces, TableFaces):
        dice = ReplayedDice(faces.left)
        events = session.decide(command, context(dice), trial=trial)
        if dice.replayed < len(faces.left):
            left = faces.left[dice.replayed :]
            raise MalformedInput(
                f"{record.command}: {len(left)} of the faces given were not rolled "
                f"({', '.join(map(str, left[:10]))})"
            )
        return events, tuple(dice.drawn)
    if faces is not None:
        return session.decide(command, context(faces), trial=trial), ()
    if record.given and not extend:
        return session.decide(command, context(record.given), trial=trial), ()
    dice = ReplayedDice(recorded_faces(record), then)
    events = session.decide(command, context(dice), trial=trial)
    return events, tuple(dice.drawn)
