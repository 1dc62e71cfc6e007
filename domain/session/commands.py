"""The core's commands: a character joins, a note is taken, the GM corrects a ruling."""

from typing import Annotated, Any

from msgspec import Meta

from domain.commands import MAX_REASON, Command, CommandSpec
from domain.dice.roll_keep.faces import MAX_FACES_LENGTH
from domain.events import Carried, Role
from domain.session.clock import MAX_MINUTES, parse_duration

Name = Annotated[str, Meta(min_length=1, max_length=100, description="a character's name")]


MAX_NOTE = 2_000
"""The longest note, in a command or a file's event."""


MAX_GROUP = 100
"""The most characters one sheet joins at once (``join --count``)."""


class JoinCharacter(Command, frozen=True, kw_only=True):
    """A character joins the session from a sheet (or, with --count, a group from one).
    The sheet is in the ruleset's schema; with ``count``, a group of them joins from one
    sheet (three ronin: Ronin 1, Ronin 2, Ronin 3), each its own character for wounds,
    Void and conditions."""

    spec = CommandSpec(
        ("join",),
        files={"sheet": "sheet"},
        added={"count": 1, "name": None, "carried": None},
        internal=("carried",),
        gm_only=True,
        phase="setting_up",
    )

    sheet: Annotated[
        dict[str, Any], Meta(description="the character sheet (a JSON file at the shell)")
    ]
    player: Annotated[str, Meta(min_length=1, max_length=100, description="who plays them")]
    count: Annotated[
        int, Meta(ge=1, le=MAX_GROUP, description="how many join from this sheet, as a group")
    ] = 1
    name: (
        Annotated[
            str,
            Meta(
                min_length=1,
                max_length=90,
                description="the name to join under instead of the sheet's (a group's: its "
                "members are NAME 1, NAME 2, …)",
            ),
        ]
        | None
    ) = None
    carried: Annotated[
        Carried | None,
        Meta(
            description="the earlier session of the campaign the sheet is carried from (`kiroku "
            "carry` fills it; checked against that session before anything is appended)"
        ),
    ] = None


class AddParticipant(Command, frozen=True, kw_only=True):
    """The GM lets someone take part: a player, or an observer who may act for no one."""

    spec = CommandSpec(
        ("participant",), positional=("participant",), gm_only=True, phase="setting_up"
    )

    participant: Annotated[str, Meta(min_length=1, max_length=100, description="their id")]
    role: Annotated[
        Role, Meta(description="a player acts for their characters; an observer only reads")
    ]


class TakeNote(Command, frozen=True, kw_only=True):
    """A note in the record: a ruling's context, a scene change."""

    spec = CommandSpec(("note",), positional=("text",), phase="session")

    text: Annotated[str, Meta(min_length=1, max_length=MAX_NOTE, description="the note")]
    character: Name | None = None


class Retract(Command, frozen=True, kw_only=True):
    """The GM retracts a ruling: the command that gave an event, whole (or, with --last,
    the latest that still counts)."""

    spec = CommandSpec(
        ("retract",), positional=("position",), preview=True, gm_only=True, phase="corrections"
    )

    position: Annotated[int, Meta(ge=1, description="the event's position")] | None = None
    last: Annotated[bool, Meta(description="the latest event that still counts")] = False
    reason: Annotated[str, Meta(min_length=1, max_length=MAX_REASON, description="why")]


class Undo(Command, frozen=True, kw_only=True):
    """The GM takes back the latest ruling given, or the latest correction.
    In the order they were given: a ruling that still counts, whole — or a correction,
    whole, restoring what it changed."""

    spec = CommandSpec(("undo",), preview=True, gm_only=True, phase="corrections")

    reason: Annotated[str, Meta(min_length=1, max_length=MAX_REASON, description="why")]


class Amend(Command, frozen=True, kw_only=True):
    """The GM replaces a ruling with the same command given other inputs; every later
    ruling is decided again on the history so corrected."""

    spec = CommandSpec(
        ("amend",),
        positional=("position",),
        preview=True,
        added={"faces": None},
        gm_only=True,
        phase="corrections",
    )

    position: Annotated[int, Meta(ge=1, description="the position of an event of the ruling")]
    changes: Annotated[
        dict[str, Any],
        Meta(max_length=50, description="the command's fields to give anew (the rest stand)"),
    ]
    reason: Annotated[str, Meta(min_length=1, max_length=MAX_REASON, description="why")]
    faces: (
        Annotated[
            str,
            Meta(
                min_length=1,
                max_length=MAX_FACES_LENGTH,
                description="the faces the amended ruling threw at the table, as its --faces "
                "takes them (default: the dice it drew, or was given, then fresh ones where "
                "it needs more)",
            ),
        ]
        | None
    ) = None


class Reinstate(Command, frozen=True, kw_only=True):
    """The GM takes a retraction back: the ruling counts again in its place.
    With every ruling the same correction dropped, the whole correction is taken back,
    and every later ruling is decided again."""

    spec = CommandSpec(
        ("reinstate",), positional=("position",), preview=True, gm_only=True, phase="corrections"
    )

    position: Annotated[
        int, Meta(ge=1, description="the position of a retracted event, or of its retraction")
    ]
    reason: Annotated[str, Meta(min_length=1, max_length=MAX_REASON, description="why")]


class Reveal(Command, frozen=True, kw_only=True):
    """The GM reveals a hidden ruling, or a carried joining's sheet, to the table.
    A hidden ruling is the command that gave the event at a position, whole: from here
    players and observers see it, and it counts in what they read. Or a carried joining
    whose sheet they read as they saw it where it came from: from here they read the
    sheet as it is (:class:`domain.events.Carried`)."""

    spec = CommandSpec(("reveal",), positional=("position",), gm_only=True, phase="session")

    position: Annotated[
        int,
        Meta(ge=1, description="the position of an event of the ruling (or of a carried joining)"),
    ]


class CloseSession(Command, frozen=True, kw_only=True):
    """The GM closes the session: no command is taken until it is reopened, and every
    live stream of it ends."""

    spec = CommandSpec(("close",), gm_only=True, phase="session")


class ReopenSession(Command, frozen=True, kw_only=True):
    """The GM reopens a closed session."""

    spec = CommandSpec(("reopen",), gm_only=True, phase="session")


class AdvanceClock(Command, frozen=True, kw_only=True):
    """The GM moves the story's clock on (2h, 30m, 1d6h).
    In-game time, which rules that count hours or days read."""

    spec = CommandSpec(("clock", "advance"), positional=("minutes",),
                       parsers={"minutes": parse_duration}, gm_only=True,
                       phase="session")  # fmt: skip

    minutes: Annotated[
        int,
        Meta(ge=1, le=MAX_MINUTES, description="how long: 2h, 30m, 1d6h (in minutes over HTTP)"),
    ]


UNHIDDEN: tuple[type[Command], ...] = (Reveal, CloseSession, ReopenSession)
"""The commands that cannot be hidden: what they do is for the whole table. (A
correction is as hidden as what it corrects.)"""

CORRECTIONS: tuple[type[Command], ...] = (Retract, Undo, Amend, Reinstate)
"""The GM's corrections: decided on the whole history, never decided again themselves."""


def hideable(command_type: type[Command]) -> bool:
    """Whether a command may be given ``hidden``: not one for the whole table, nor a
    correction (as hidden as what it corrects). Its ``--hidden`` is offered only then."""
    return not issubclass(command_type, UNHIDDEN + CORRECTIONS)


CORE_COMMANDS: tuple[type[Command], ...] = (
    JoinCharacter,
    AddParticipant,
    TakeNote,
    Retract,
    Undo,
    Amend,
    Reinstate,
    Reveal,
    CloseSession,
    ReopenSession,
    AdvanceClock,
)
