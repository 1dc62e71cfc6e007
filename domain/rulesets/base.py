"""What a ruleset is to the core: one typed protocol (DESIGN principle 3).

A ruleset is a package under ``domain/rulesets/<id>/`` whose ``build(options)`` returns
an object of this shape. The core opens a session with a ruleset id and its options
(recorded in ``SessionOpened``), decodes the session's events with the core's and the
ruleset's event types, folds the ruleset's state beside its own with ``initial`` and
``evolve``, and shows the ruleset's ``views`` beside its own. Nothing imports a ruleset
by name but the registry (:mod:`domain.rulesets`).

The ruleset sees the core through :class:`Core`: the opening, the stream, and who is the
GM. It never imports the session core's internals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable

import msgspec

from domain.commands import Command, Context, Query
from domain.events import Event, Recorded, SessionOpened

View = Callable[[Any], Any]
"""A read model: the ruleset's folded state → plain JSON-able data."""


class Table(NamedTuple):
    """What a table looks at, as text: a title line (may be empty), the columns, the rows."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class Core(Protocol):
    """What a ruleset's commands may ask of the session core: its opening, its version and
    who its GM is (the ruleset's own state says the rest)."""

    @property
    def opened(self) -> SessionOpened: ...

    @property
    def version(self) -> int: ...

    def is_gm(self, actor: str) -> bool: ...

    def gm_only(self, actor: str, what: str) -> None: ...


class Option(msgspec.Struct, frozen=True):
    """One option a ruleset takes (``kiroku session open --option NAME=VALUE``): a Struct,
    so that a bare roll, which reads the rulesets' names, imports no ``dataclasses``."""

    help: str
    """What it does (each value's meaning, for a closed one)."""
    default: str
    """Its value when the session is opened without it."""
    values: tuple[str, ...] = ()
    """Every value it takes, when they are a closed set (its default among them); ()
    when it takes a text its ruleset reads (a number of XP, a list of maluses)."""

    def __post_init__(self) -> None:
        if self.values and self.default not in self.values:
            raise ValueError(f"option default {self.default!r} is not one of {self.values}")
        if len(set(self.values)) != len(self.values):
            raise ValueError(f"option values {self.values} name one twice")


@runtime_checkable
class Ruleset(Protocol):
    """One ruleset, bound to a session's options."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def options(self) -> Mapping[str, str]: ...

    @property
    def declared_options(self) -> Mapping[str, Option]:
        """Each option the ruleset takes: what it does, its default and, for one that
        takes one of a closed set, every value it takes (:mod:`domain.rulesets.options`)."""
        ...

    @property
    def sheet_type(self) -> type[Any]:
        """The character sheet schema: ``CharacterJoined[sheet_type]`` in this ruleset."""
        ...

    @property
    def event_types(self) -> tuple[type[Event], ...]:
        """Every event the ruleset decides and folds (the core's are not among them)."""
        ...

    @property
    def views(self) -> Mapping[str, View]:
        """The ruleset's read models by name; a view named like a core view (``session``)
        adds its fields to the core's."""
        ...

    @property
    def command_types(self) -> tuple[type[Command], ...]:
        """Every command the ruleset decides (the core's are not among them)."""
        ...

    def decide(self, core: Core, state: Any, command: Command, context: Context) -> list[Event]:
        """One batch of events for ``command`` against ``state``, or a typed error; never
        a partial batch. Dice come from ``context.dice``."""
        ...

    def tables(self, projections: Mapping[str, Any]) -> list[Table]:
        """The ruleset's views as the tables ``kiroku state`` prints: which columns it
        shows, from the projections (the core's and the ruleset's, by view name)."""
        ...

    def check_sheet(self, sheet: Any) -> None:
        """Raise :class:`domain.errors.MalformedInput` for a sheet the rules refuse."""
        ...

    def initial(self) -> Any:
        """The ruleset's state before any event."""
        ...

    def fold_handlers(self) -> Mapping[type[Event], Callable[[Any, Event], None]]:
        """What :meth:`evolve` dispatches to, by event type: each updates the state in
        place (the fold owns it). The core calls them directly, one call an event, on
        the path that folds a whole stream."""
        ...

    def dump_state(self, state: Any) -> bytes:
        """The ruleset's state as bytes, for a snapshot."""
        ...

    def load_state(self, data: bytes) -> Any:
        """The state :meth:`dump_state` wrote."""
        ...

    def evolve(self, state: Any, event: Event) -> Any:
        """The state after ``event`` (core events included): a pure fold, no dice, no
        clock. It may update ``state`` in place, which the fold owns, and returns it."""
        ...

    def odds(self, roll: str, tn: int, **options: Any) -> float:
        """The exact chance that ``roll`` (in the ruleset's own dice notation) meets
        ``tn``, with the ruleset's options for a roll (raises, emphasis, …); a ruleset
        whose dice this cannot express raises :class:`domain.errors.IllegalUnderRules`."""
        ...

    def verify(self, event: Event) -> None:
        """Raise :class:`domain.errors.MalformedInput` if a recorded event contradicts
        itself under these rules (a roll whose faces do not give its recorded outcome).

        A ruleset may also offer ``recorded_order()``: a fresh callable that is given
        each event no command record vouches for, in the stream's order, and raises
        ``MalformedInput`` at one that disagrees with the events before it (an attack's
        total that is not its roll's, a damage roll that is not the pool its hit
        earned: :mod:`domain.rulesets.l5r4e.recorded_order`)."""
        ...

    def describe(self, event: Event) -> str:
        """One line a GM reads in the log for one of the ruleset's events."""
        ...

    def explain(self, event: Event, before: Any = None) -> list[str]:
        """What ``kiroku show`` prints below one of the ruleset's events' fields: a roll
        die by die, with the parts of its total and TN (nothing for most events).
        ``before`` is the ruleset's state the event's ruling was decided on, when the
        reader has it: a total an event records without its parts (an armour TN) is
        rebuilt from it, and shown only if the parts still add up to the recorded total."""
        ...

    def follows(self, event: Event, before: Any = None) -> Sequence[Follows]:
        """The earlier events one of the ruleset's events used under its rules — each
        the latest that counts of a type, with some of its fields as given (a damage
        roll follows its attacker's latest hit; a Void point spent on armour this round
        raised the TN an attack was measured against). ``before`` is as for
        :meth:`explain`. ``kiroku why`` and ``kiroku show`` walk them."""
        ...

    def warnings(self, events: Sequence[Event], after: Any = None) -> list[str]:
        """What the GM should hear about a batch just recorded that the rules let stand
        (a sheet that looks mistaken, a check now due): one line each, nothing refused.
        ``after`` is the ruleset's state with the batch folded in."""
        ...


class Follows(NamedTuple):
    """The earlier event an event follows from: the latest one that still counts of
    type ``kind`` whose fields hold the values in ``fields``; ``why`` says what it was
    used for, in the ruleset's words. ``bound``: the ruling is *for* that event (damage
    for its hit, a gain for the bet it was won on), not merely decided in its light (an
    attack against the target's stance): where a correction takes that event away, the
    ruling is dropped, never given again for another (:mod:`domain.session.correction`)."""

    kind: str
    fields: Mapping[str, Any]
    why: str = ""
    bound: bool = False
    back: int = 0
    """How many such events, later than the one used, also still count: 0, the latest;
    1, the one before it (5e meets the oldest hit still owed, with later ones owed)."""


@runtime_checkable
class Matchups(Protocol):
    """A ruleset whose odds take a matchup rather than a TN (Ukiyo's ``8-3 vs 7``): one
    test's chances, and with manches a conflict's (``kiroku odds --ruleset``). What the
    matchup takes beside its expression is the ruleset's own :class:`~domain.commands.
    Query`, ``matchup_type``: the shell's options and the API's parameters are its fields."""

    @property
    def matchup_type(self) -> type[Query]: ...

    def odds_report(self, matchup: str, asked: Any, *, table: bool = False) -> dict[str, Any]:
        """The matchup's chances, with what ``asked`` (a ``matchup_type``) names."""
        ...


@runtime_checkable
class RecordedOrdering(Protocol):
    """A ruleset that checks each event no command record vouches for against the events
    before it (an attack's total that is not its roll's): a fresh callable a file's
    events are given in order, which raises ``MalformedInput`` at one that disagrees."""

    def recorded_order(self) -> Callable[[Event], None]: ...


@runtime_checkable
class Readings(Protocol):
    """A ruleset that names the readings of its text it follows that are not options
    (``kiroku rules ID`` lists them)."""

    @property
    def readings(self) -> Sequence[str]: ...


@runtime_checkable
class Chances(Protocol):
    """A ruleset that can say, before a roll is made, the chance of the roll an event
    records: its pool, TN with each part, and exact chance (a form's preview)."""

    def chance_of(self, event: Event) -> dict[str, Any] | None:
        """The roll ``event`` records and its chances; None if it records none."""
        ...


RulesetFactory = Callable[[Mapping[str, str]], Ruleset]
"""A ruleset package's ``build``: its options (checked) make a :class:`Ruleset`."""


class Progress(NamedTuple):
    """One character as a session left them, for a campaign's read models: the XP
    awarded and spent in that session, their insight rank (None where the ruleset has
    none), and their honour, glory, status and taint in tenths (those it has)."""

    xp_awarded: int
    xp_spent: int
    insight_rank: int | None
    standing: Mapping[str, int]


@runtime_checkable
class Campaigning(Protocol):
    """A ruleset whose characters carry over from one session of a campaign to the next
    (its texts say how): what a session left a character with, what the time between
    sessions does to it, and what a campaign's read models show of them."""

    def sheet_now(self, state: Any, character: str) -> Any:
        """``character``'s sheet as the session's ``state`` leaves them, in the ruleset's
        sheet schema (so it can be saved, and joined elsewhere): what they bought, their
        standing, their XP not spent, their wounds. :class:`domain.errors.NotFound` if
        no such character played."""
        ...

    def carried(self, state: Any, character: str, days: int | None) -> Any:
        """``character``'s sheet as the next session starts: :meth:`sheet_now` through
        what the time between sessions restores by the ruleset's text. ``days``: the
        days that passed, as the GM states them; None when the GM does not carry wounds
        over at all. :class:`domain.errors.IllegalUnderRules` for one the session left
        dead: no time brings them back."""
        ...

    def progress(self, state: Any) -> Mapping[str, Progress]:
        """Each character as the session's ``state`` leaves them, by name."""
        ...


class DemoTable(Protocol):
    """The table a demonstration scene is played at (``kiroku demo``): the same service,
    store and seeded dice as any session's commands."""

    def decide(
        self, command: Command, *, actor: str | None = None, dice: bool = False
    ) -> list[Recorded]:
        """``command`` decided and recorded as ``actor`` (default: the GM), with the
        scene's seeded dice when it throws some (``dice``)."""
        ...

    def table(self) -> Any:
        """The ruleset's state as the session stands now."""
        ...


@runtime_checkable
class Demonstrated(Protocol):
    """A ruleset with a demonstration scene: what ``kiroku demo`` plays, a short
    session end to end, written by the ruleset in its own commands."""

    def demo_scene(self, table: DemoTable) -> None: ...


class ShownRoll(NamedTuple):
    """A roll a surface shows whole under its command: who threw it and for what
    (``heading``), the lines that follow (its parts, then the dice), and the same as the
    JSON a front end reads: the roll's own (``roll``, as ``kiroku roll --json``) and what
    it was thrown for (``about``: who, for what, its base TN and parts)."""

    heading: str
    lines: tuple[str, ...]
    roll: Mapping[str, Any]
    about: Mapping[str, Any]


@runtime_checkable
class Completes(Protocol):
    """A ruleset that makes today's defaults explicit in a command as it is first given,
    so that its record says what the rules then took: a default whose meaning changed
    (4e's attack naming no weapon took the bare hands; it takes the weapon in hand now)
    leaves every older record meaning what it meant (:func:`domain.session.record.
    decide_recorded`; corrections re-decide the record as written)."""

    def completed(self, command: Any, session: Any) -> Any:
        """``command`` with the defaults it leaves to the rules filled in from the
        ``session`` as it stands (its ``table``, its ``state``); ``command`` itself when
        there is nothing to fill."""
        ...


@runtime_checkable
class ShowsRolls(Protocol):
    """A ruleset whose events include rolls shown whole when their command is given
    (``kiroku roll … --session``'s dice, kept and exploded): the roll & keep kit's."""

    def shown_roll(self, event: Event) -> ShownRoll | None:
        """The roll ``event`` throws, shown whole; None for an event that throws none."""
        ...
