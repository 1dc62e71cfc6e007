"""Commands are data (DESIGN principle 4): one frozen msgspec Struct per command.

A command is decoded and validated by type and bounds (``Annotated[int, Meta(ge=…)]``)
the same way wherever it comes from — the command line, a replay file, an HTTP body —
then decided against the session's state: the core decides its own commands and hands
the rest to the session's ruleset, which gives one batch of events or a typed error.

Each command class carries a :class:`CommandSpec`: its name (the words that call it at
the command line, ``("duel", "assess")``), its help text (the class docstring's first
line), the dice it throws, and how its fields are given (positionally, under another
option name, from a JSON file, through a text parser such as honour's tenths). The help
of every field is its ``Meta(description=…)``. Adapters build their interfaces from these
and nothing else, so a command is written once.

The clock, the actor and the dice are not part of a command: they come in as its
:class:`Context` and are recorded in its events.
"""

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Annotated, Any, ClassVar, Literal, Protocol

import msgspec
import msgspec.inspect as mi
from msgspec import Meta

from domain.dice.roll_keep.die import Die
from domain.dice.source import DiceSource

DiceMode = Literal["none", "faces", "queue"]
"""What a command rolls: nothing; one roll, whose faces may be given die by die
(``6,7,10+3``); or several rolls, whose faces are drawn in order."""

Dice = DiceSource | Sequence[Die]

DiceFamily = Literal["roll_keep", "narrative", "two_d6"]
"""The dice families (DESIGN principle 3): XkY pools, 5e's ring and skill dice, 2d6."""

Phase = Literal[
    "setting_up", "turns", "fighting", "rolls", "wounds", "standing", "session", "corrections"
]
"""The part of play a command belongs to, where a GM looks for it (the console groups
its commands so): :data:`PHASES` titles them, in the order a session meets them."""

PHASES: Mapping[Phase, str] = {
    "setting_up": "Setting up",
    "turns": "Rounds and turns",
    "fighting": "Fighting",
    "rolls": "Rolls and checks",
    "wounds": "Wounds and recovery",
    "standing": "Standing and XP",
    "session": "The session",
    "corrections": "Corrections",
}
"""Each phase's title, in the order a session meets them: the table set (characters
joined, the armoury loaded), rounds and turns, the blows of a fight, the rolls and checks
of a scene, wounds, rest and recovery, honour, glory and XP, the session's own notes and
clock, and the GM's corrections."""


MAX_REASON = 500
"""The longest reason a command (or a file's event) may give: one line a GM reads."""


class _Named(msgspec.Struct, frozen=True):
    """A command spec's one positional field: its words at the shell."""

    words: tuple[str, ...]


class CommandSpec(_Named, frozen=True, kw_only=True):
    """How a command is named and given (see the module docstring): its words first,
    every other field by name. A Struct, not a dataclass: a bare roll's start-up then
    never imports ``dataclasses`` (and ``inspect`` with it)."""

    phase: Phase
    """The part of play it belongs to (:data:`PHASES`), declared by every command: the
    console offers the commands grouped by it."""
    dice: DiceMode = "none"
    positional: tuple[str, ...] = ()
    """Fields given positionally, in this order."""
    flags: Mapping[str, str] = msgspec.field(default_factory=dict)
    """Field → the option that gives it, where it is not ``--field-name``."""
    files: Mapping[str, str] = msgspec.field(default_factory=dict)
    """Field → what the JSON file whose path is given holds (read into the field)."""
    parsers: Mapping[str, Callable[[str], Any]] = msgspec.field(default_factory=dict)
    """Field → the function that reads it from text (``"3.5"`` → 35 tenths)."""
    bare: Mapping[str, str] = msgspec.field(default_factory=dict)
    """Field → its value when its option is given with none (``--regain`` is ``all``)."""
    preview: bool = False
    """Whether it can be tried first without recording anything (``--dry-run``)."""
    family: DiceFamily = "roll_keep"
    """The dice family it throws, which says how its faces are typed at the table
    (:data:`domain.dice.given.FACES_SYNTAX`): roll & keep notation (``10+3`` an
    explosion, ``1r4`` a reroll), or, for the narrative dice and the 2d6, one whole
    number a die in the order thrown (``3,5``)."""
    added: Mapping[str, Any] = msgspec.field(default_factory=dict)
    """Field → the value every record made before the field existed implies: a record
    keeps the field only when the command gives it otherwise, so no older record, replay
    or seal reads differently (:func:`domain.session.record.inputs_of`)."""
    widened: tuple[str, ...] = ()
    """Fields once given once and now repeatable (a tuple): a record made before reads its
    one value as a tuple of it, and its ``null`` as none (l5r3e's ``encouraged_by``, one
    companion before issue 31, several since): :func:`widened_inputs`."""
    for_groups: bool = False
    """Its ``character`` may name a group of characters joined together (``join
    --count``): the command is then decided for each of them in turn, in one batch."""
    internal: tuple[str, ...] = ()
    """Fields a surface fills itself, never typed by a person (``join``'s ``carried``,
    which ``kiroku carry`` fills): taken wherever the command is decoded, offered in no
    help (the shell's ``--help``, ``kiroku rules``, the API's description of a ruleset and
    the console's forms built from it)."""
    gm_only: bool = False
    """Only the session's GM gives it (a player's is refused, ``NotAllowed``): a surface
    offers it to the GM alone (the console's forms)."""

    @property
    def name(self) -> str:
        return " ".join(self.words)

    @property
    def plain_faces(self) -> bool:
        """Its faces are typed one whole number a die (``3,5``), with no roll & keep
        notation read into them."""
        return self.family != "roll_keep"


def widened_inputs(spec: CommandSpec, inputs: Mapping[str, Any]) -> dict[str, Any]:
    """A record's ``inputs`` (a copy) as its command reads them today: each field the spec
    declares :attr:`~CommandSpec.widened` read as a list of its one recorded value (none
    for ``null``). Records are never rewritten: this is how an older one is read."""
    read = dict(inputs)
    for name in spec.widened:
        if name in read and not isinstance(read[name], (list, tuple)):
            read[name] = [] if read[name] is None else [read[name]]
    return read


class Command(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What every command carries: the reason a GM or player gives for it (recorded on
    every event of its batch that has none of its own), and whether the GM keeps it
    hidden — a roll behind the screen, a whisper, a wound the players must not see yet:
    its whole batch is kept from players and observers until the GM reveals it
    (:mod:`domain.session.secrets`)."""

    spec: ClassVar[CommandSpec]

    reason: (
        Annotated[
            str,
            Meta(max_length=MAX_REASON, description="why: recorded with every event of its batch"),
        ]
        | None
    ) = None
    hidden: Annotated[
        bool, Meta(description="the GM's secret: kept from players and observers until revealed")
    ] = False


class Query(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A question a ruleset answers without deciding anything — what its odds take beside
    the roll (Ukiyo's conflict in manches) — declared as a command is: one Struct whose
    fields, bounds and help every surface reads (the shell's options, the API's query
    parameters), refused the same way everywhere. Nothing is recorded."""

    spec: ClassVar[CommandSpec]


class Context(msgspec.Struct, frozen=True):
    """What a command is decided with besides its data: who gives it, when, and the dice."""

    actor: str
    at: datetime
    dice: Dice | None = None
    batch_of: Callable[[int], tuple[int, int] | None] | None = None
    """The positions (first, last) of the batch that the command recorded at a position
    gave, from the records of rulings (None: no record, or none kept here)."""

    def need_dice(self, command: Command) -> Dice:
        if self.dice is None:
            raise TypeError(f"{type(command).__name__} throws dice: give its context a source")
        return self.dice

    def need_source(self, command: Command) -> DiceSource:
        """For a command of several rolls: a dice port (faces drawn in order), not faces
        given die by die."""
        dice = self.need_dice(command)
        if isinstance(dice, Sequence):
            raise TypeError(f"{type(command).__name__} draws its faces in order: give a source")
        return dice


_MARKUP = re.compile(r":[a-z]+:`([^`]*)`|``([^`]*)``")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def describe_command(command_type: type[Command] | type[Query]) -> str:
    """A command's help (or a query's): the first sentence of its docstring, whole and
    with its full stop — a sentence may run over several lines and is never cut at a
    line's end (issue 30: ``join``'s help stopped at "or, with"); reST markup
    (````count````, ``:class:`X```) is read as plain words."""
    doc = (command_type.__doc__ or command_type.__name__).strip()
    paragraph = " ".join(line.strip() for line in doc.split("\n\n")[0].splitlines())
    text = _MARKUP.sub(lambda m: m.group(1) or m.group(2), paragraph)
    depth = 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and _SENTENCE_END.match(text, index):
            return text[: index + 1]
    return text.rstrip(" .") + "."


class Decider(Protocol):
    """Decides one command: the ruleset's view of the session, the command, its context."""

    def __call__(self, session: Any, command: Any, context: Context, /) -> list[Any]: ...


def unwrap(kind: Any) -> tuple[Any, dict[str, Any]]:
    """The type under ``Meta`` and ``X | None``, and the field's JSON-schema extras."""
    extra: dict[str, Any] = {}
    while True:
        if isinstance(kind, mi.Metadata):
            extra |= kind.extra_json_schema or {}
            kind = kind.type
        elif isinstance(kind, mi.UnionType):
            others = [t for t in kind.types if not isinstance(t, mi.NoneType)]
            if len(others) != 1:
                return kind, extra
            kind = others[0]
        else:
            return kind, extra


def repeats(command_type: type[Command] | type[Query], field: mi.Field) -> bool:
    """Whether a field is given several times, each time one more (a tuple of any length,
    not read from a file): the one declaration of what may repeat (issue 31). The shell
    takes its option once for each (``--encouraged-by A --encouraged-by B``), an HTTP
    body a list, ``kiroku rules --json`` and the API say ``"repeats": true``; any other
    option given twice is refused, never the last kept (:mod:`adapters.cli.parsing`,
    :mod:`adapters.http.members`). The rules hold what is given to their caps."""
    kind = unwrap(field.type)[0]
    return isinstance(kind, (mi.VarTupleType, mi.ListType)) and (
        field.name not in command_type.spec.files
    )


def option_of(command_type: type[Command] | type[Query], name: str) -> str:
    """The option that gives field ``name`` (``--field-name`` unless the spec says)."""
    return command_type.spec.flags.get(name, "--" + name.replace("_", "-"))


class Argument(msgspec.Struct, frozen=True):
    """What a named item takes after its colon (``called_shot:head``,
    ``increased_damage:2``): one of ``values``, or a whole number from ``low`` to
    ``high``; ``default`` when it may be left out (``increased_damage`` is one raise)."""

    values: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    default: str | None = None

    def described(self) -> dict[str, Any]:
        """As a surface reads it: ``values``, or ``minimum`` and ``maximum``, and
        ``default`` where it may be left out."""
        said: dict[str, Any] = {"values": list(self.values)} if self.values else {}
        if self.low is not None and self.high is not None:
            said |= {"minimum": self.low, "maximum": self.high}
        return said if self.default is None else said | {"default": self.default}


def named_items(names: Sequence[str], arguments: Mapping[str, Argument]) -> dict[str, Any]:
    """The ``extra_json_schema`` of a tuple of texts each a NAME of ``names``, or
    NAME:ARGUMENT for a name ``arguments`` describes (4e's manoeuvres: ``feint``,
    ``called_shot:head``, ``increased_damage:2``): every surface reads the names as the
    field's closed values and each argument as what it takes, so that a form offers a box
    a name and its argument as a choice or a bounded number, while the rules that read
    the texts check them against the same declaration."""
    unknown = sorted(set(arguments) - set(names))
    if unknown:
        raise ValueError(f"arguments of {unknown} named by no item of {list(names)}")
    return {
        "x-values": list(names),
        "x-arguments": {name: arguments[name].described() for name in names if name in arguments},
    }
