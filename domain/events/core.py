"""The core's events: a session opened (or forked from another), participants and
characters joined, notes, retractions.

These are the few facts every ruleset shares (DESIGN principle 3); everything a game's
rules decide is an event of that ruleset's package. ``CharacterJoined`` carries the
ruleset's own sheet type: ``CharacterJoined[Sheet]`` is decoded with the sheet schema of
the session's ruleset, and the core reads only the sheet's ``name``.
"""

from typing import Annotated, Any, Generic, Literal, TypeVar

import msgspec

from domain.events.base import Event

SheetT = TypeVar("SheetT")


class SessionOpened(Event, frozen=True, kw_only=True):
    """A session opened under a ruleset and its options, with its GM."""

    session: str
    ruleset: str
    options: tuple[tuple[str, str], ...] = ()
    campaign: str = ""
    gm: str
    title: str = ""


class Carried(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Where a character's sheet was carried from: the earlier session of the campaign
    and the position its sheet was read at, and the days the GM said passed between
    (None: the GM carried no wounds over).

    ``shown``: the sheet as the players could see it there, where the GM kept something
    of it from them (a hidden wound, XP award or honour change, DESIGN principle 9): the
    players of this session read that one, until the GM reveals the joining. None: they
    saw the sheet as it is."""

    session: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    position: Annotated[int, msgspec.Meta(ge=1)]
    days: Annotated[int, msgspec.Meta(ge=0, le=3650)] | None = None  # ten years at most
    shown: dict[str, Any] | None = None


class CharacterJoined(Event, Generic[SheetT], frozen=True, kw_only=True):
    """A character joins, played by ``player``; ``sheet`` is the ruleset's sheet;
    ``group``: the group they joined with (``join --count``), by its name; ``carried``:
    the earlier session of the campaign their sheet was carried from."""

    sheet: SheetT
    player: str
    group: str | None = None
    carried: Carried | None = None

    def for_players(self) -> Event:
        """A carried sheet as the players could see it where it was carried from."""
        carried = self.carried
        if carried is None or carried.shown is None:
            return self
        sheet = msgspec.convert(carried.shown, type(self.sheet))
        return msgspec.structs.replace(
            self, sheet=sheet, carried=msgspec.structs.replace(carried, shown=None)
        )

    @property
    def screened(self) -> bool:
        """Whether the players read another sheet than the GM's (:attr:`Carried.shown`)."""
        return self.carried is not None and self.carried.shown is not None


Role = Literal["player", "observer"]
ROLES: tuple[Role, ...] = ("player", "observer")


class ParticipantJoined(Event, frozen=True, kw_only=True):
    """Someone takes part in the session: a player (who acts for the characters they
    play), or an observer (who may follow the session and act for no one). The GM is
    the session's from its opening; a character's player takes part from its joining."""

    participant: str
    role: Role


class NoteTaken(Event, frozen=True, kw_only=True):
    """A note in the record (a ruling's context, a scene change): no rule reads it."""

    text: str
    character: str | None = None


class SessionForked(Event, frozen=True, kw_only=True):
    """This session is a what-if: it starts as session ``origin`` stood at ``position``
    (its events up to there copied, at the same positions, its opening renamed) and plays
    on on its own from here. Nothing of it ever reaches the origin."""

    origin: str
    position: int


class ImportedUnverified(Event, frozen=True, kw_only=True):
    """The session was imported from a replay file that holds no record of the commands
    that gave ``events`` of its events (a version 1 file, or a session cut from one): they
    were held to every bound and to their own arithmetic (:mod:`domain.session.bounds`),
    never decided again, and stand as the file wrote them. Given by ``kiroku import
    --unverified``, by whoever ran it; the session is unverified for ever — ``kiroku
    verify`` says so and fails, its state says so, an export carries this event."""

    file: str
    """The file's name, as it was given (its last part)."""
    events: int
    """How many events before this one no recorded command gave."""


class EventRetracted(Event, frozen=True, kw_only=True):
    """A GM's correction: the event at ``position`` no longer counts (principle 6)."""

    position: int


class RulingsCorrected(Event, frozen=True, kw_only=True):
    """A GM's correction with its consequences (principle 6), heading its batch: the
    ruling at ``ruling`` was amended, retracted or reinstated, and every later ruling
    decided again on the history so corrected.

    The batch holds, after this event, an ``EventRetracted`` for every event of each
    ruling it supersedes (the amended or retracted one, each later one whose outcome
    changed or that no longer makes sense), then the events of each revision. A revision
    stands in its original's place: ``revised`` gives, for each, the first position of
    the ruling it revises, and the first position and count of its own events in this
    batch, and the fold reads it where the original stood. ``dropped`` names the later
    rulings retracted because they no longer make sense (with why, in ``why_dropped``);
    ``reinstated`` the positions that count again."""

    correction: Literal["amend", "retract", "reinstate", "take_back"]
    """``take_back``: the recorded correction at ``ruling`` taken back whole (``undo``
    after a correction, or ``reinstate`` of anything it retracted): what it retracted is
    ``reinstated``, its revisions and what it reinstated are retracted."""
    ruling: int
    """The first position of the ruling the GM corrected."""
    revised: tuple[tuple[int, int, int], ...] = ()
    """(original ruling's first position, revision's first position, its event count)."""
    dropped: tuple[int, ...] = ()
    why_dropped: tuple[str, ...] = ()
    reinstated: tuple[int, ...] = ()


class RulingRevealed(Event, frozen=True, kw_only=True):
    """The GM reveals a hidden ruling: the ruling that gave the event at ``position`` —
    every event of it, with every revision and retraction of them made while it was
    hidden — is for everyone from here (:mod:`domain.session.secrets`). Players read the
    revealed events inside this one, at its place in their stream; they never appear at
    their own."""

    position: int


class SessionClosed(Event, frozen=True, kw_only=True):
    """The GM closes the session: it takes no command (no correction either) until it is
    reopened, and every live stream of it ends after this event."""


class SessionReopened(Event, frozen=True, kw_only=True):
    """The GM reopens a closed session: it takes commands again."""


class ClockAdvanced(Event, frozen=True, kw_only=True):
    """The GM moves the story's clock on by ``minutes`` of in-game time: the hours and
    days that rules count (a ruleset folds it as its text says: 4e fatigue's hours
    awake)."""

    minutes: int


CORE_EVENT_TYPES: tuple[type[Event], ...] = (
    SessionOpened,
    CharacterJoined,
    ParticipantJoined,
    NoteTaken,
    EventRetracted,
    SessionForked,
    RulingsCorrected,
    RulingRevealed,
    SessionClosed,
    SessionReopened,
    ClockAdvanced,
    ImportedUnverified,
)
