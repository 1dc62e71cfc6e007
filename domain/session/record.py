"""The record of a ruling: the command that gave a batch of events, as it was given.

Every command decided against a session (DESIGN principle 4) leaves, beside its batch of
events and in the same atomic append, a :class:`CommandRecord`: which command, with
every input as given (the Struct's fields, its reason apart), who gave it and when,
every die it drew from the dice source in order (or the faces given at the table), and
the positions of the events it gave. So each event can be traced to the ruling that
made it (the record whose batch holds its position), a GM can see what was asked and
what the dice said, and the ruling can be decided again with the same dice.

A record's id is the position of its batch's first event: records live in a stream of
their own beside the session's (``adapters.store``), so the session's positions are the
events' alone.
"""

from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar

import msgspec

from domain.commands import Command, Context
from domain.dice.roll_keep.die import Die
from domain.dice.source import RecordingSource, TableFaces
from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.base import Completes
from domain.session.aggregate import Session


class Used(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """An earlier event one event of a ruling used, as the rules found it when the ruling
    was given (:meth:`domain.rulesets.base.Ruleset.follows`: damage its hit, an attack
    the target's stance, a turn passed by itself the wounds that left its character
    Out): ``event`` the position of the ruling's event, ``used`` the earlier event's;
    ``bound``: the ruling was given *for* it (:mod:`domain.session.uses`)."""

    event: int
    used: int
    bound: bool = False


IMPORTED = "imported:"
"""How a signature made at import begins: the seal of a ruling a replay file held
unsigned, re-judged, then signed by the importing store's key for the session — which
vouches for the import, not for the file (``kiroku verify`` says how many)."""


class CommandRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One command as given, with the dice it drew and the batch it gave."""

    schema: ClassVar[int] = 1

    first: int
    """The position of the batch's first event (the record's id)."""
    count: int
    """How many events the batch holds: positions ``first`` to ``first + count - 1``."""
    command: str
    """Its words, as at the command line: ``attack``, ``duel assess``, ``note``."""
    kind: str
    """Its Struct's name: ``Attack``, ``AssessDuel``, ``TakeNote``."""
    inputs: dict[str, Any]
    """Every field of the command as given, its reason apart (and ``hidden`` only when
    true: the GM kept the ruling from the players)."""
    actor: str
    at: datetime
    reason: str | None = None
    drawn: tuple[int, ...] = ()
    """Every face drawn from the dice source, in order."""
    given: tuple[Die, ...] = ()
    """The faces given for its one roll, die by die (``--faces``), if they were."""
    chain: str = ""
    """The hash chain's value after the batch's last event (:mod:`domain.session.chain`),
    sealed when it was appended ("" in a record made before the chain was)."""
    schema_version: int = 1
    signature: str = ""
    """``KEYID:SIGNATURE``: the seal signed with the session's key (:mod:`adapters.keys`;
    "" in a record made before records were signed); ``imported:KEYID:SIGNATURE`` (see
    :data:`IMPORTED`): signed by the store that imported it from a file that had not."""
    used: tuple[Used, ...] | None = None
    """The earlier events its batch used, as found when it was given (:mod:`domain.
    session.uses`; held to the rules by ``kiroku verify``). None: not recorded — a
    record made before rulings named what they used, a correction's, or one made
    outside the service (a curated script's); a correction then reads it from the rules
    on the history as it stood."""

    @property
    def last(self) -> int:
        return self.first + self.count - 1

    @property
    def named_uses(self) -> tuple[Used, ...] | None:
        """:attr:`used`, as far as it can be read: None (not recorded) also where it names
        events outside the batch — a revision's record made before revisions named what
        they used on the corrected history holds its original's, which say nothing of
        the revision (:mod:`domain.session.revision_uses`)."""
        if self.used is None or not all(self.holds(u.event) for u in self.used):
            return None
        return self.used

    def holds(self, position: int) -> bool:
        return self.first <= position <= self.last


def inputs_of(command: Command) -> dict[str, Any]:
    """Every field of ``command`` as given, its reason apart, as plain JSON values (lists,
    not tuples): the same in a record made now and in one read back from a file.
    ``hidden`` is kept only when true, so a ruling made in the open is recorded as every
    ruling was before commands could be hidden; so is each field its command added later
    (:attr:`CommandSpec.added`) only when it is given otherwise than before."""
    inputs: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(command))
    inputs.pop("reason", None)
    for name, before in {"hidden": False, **command.spec.added}.items():
        if name in inputs and inputs[name] == before:
            del inputs[name]
    return inputs


def decide_recorded(
    session: Session, command: Command, context: Context
) -> tuple[list[Event], CommandRecord]:
    """``session.decide(command, context)``, and the record of it: the dice source is
    watched so that every face drawn is kept."""
    ruleset = session.ruleset
    gms = not command.spec.gm_only or session.is_gm(context.actor)  # none else reads for it
    if gms and isinstance(ruleset, Completes):  # today's defaults, written into the record
        command = ruleset.completed(command, session)
    dice = context.dice
    watched = None if dice is None or isinstance(dice, Sequence) else RecordingSource(dice)
    events = session.decide(command, msgspec.structs.replace(context, dice=watched or dice))
    if isinstance(dice, TableFaces) and dice.left:
        raise MalformedInput(
            f"{command.spec.name}: {len(dice.left)} of the faces given were not rolled "
            f"({', '.join(map(str, dice.left[:10]))}): nothing was recorded"
        )
    record = record_of(
        command,
        context,
        session.version + 1,
        len(events),
        drawn=tuple(watched.drawn) if watched is not None else (),
    )
    return events, record


def record_of(
    command: Command,
    context: Context,
    first: int,
    count: int,
    *,
    drawn: tuple[int, ...] = (),
) -> CommandRecord:
    """The record of ``command`` given in ``context``, its batch at ``first`` and
    ``count`` events long: the command as given, who, when, the faces ``drawn`` from the
    dice source and those given at the table (the context's, die by die)."""
    dice = context.dice
    return CommandRecord(
        first=first,
        count=count,
        command=command.spec.name,
        kind=type(command).__name__,
        inputs=inputs_of(command),
        actor=context.actor,
        at=context.at,
        reason=command.reason,
        drawn=drawn,
        given=tuple(dice) if isinstance(dice, Sequence) else (),
    )
