"""The ukiyo folded state: each character's wounds, and each conflict — its sides and
their objectives, the manches won, the initiative, the manche under way (its tests and the
gains owed), what is due once it is won. Every number here was decided in an event."""

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from domain.events import CharacterJoined, Event
from domain.names import key
from domain.rulesets.ukiyo.events import (
    Aggravated,
    ConflictEnded,
    ConflictInterrupted,
    ConflictStarted,
    ConflictWon,
    CountsSet,
    GainClaimed,
    InitiativeTaken,
    Kind,
    MancheWon,
    ObjectiveStated,
    OppositionSettled,
    Punished,
    SideJoined,
    SideOut,
    SurrenderAnswered,
    SurrenderOffered,
    TechniqueTested,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.ukiyo.sheet import UkiyoSheet


class Errant(msgspec.Struct, kw_only=True):
    name: str
    player: str
    sheet: UkiyoSheet
    wounds: int = 0
    dead: bool = False
    cared: bool = False
    """The last wound was healed (« soigner la dernière blessure »): the rest take time."""


class Pending(msgspec.Struct, kw_only=True):
    """A test awaiting its reckoning: its event's fields the reckoning reads, and the gain
    claimed on a bet won (None: not yet claimed)."""

    test: TechniqueTested
    gain: str | None = None
    target: str | None = None


class Side(msgspec.Struct, kw_only=True):
    name: str
    members: list[str]
    threat: int | None = None
    objective: str | None = None
    gravity: int | None = None
    falls_at: int | None = None
    won: int = 0
    out: bool = False
    beaten_by: str | None = None
    due: int = 0
    overshot: bool = False
    takes_down: int = 0
    relieved: list[str] = msgspec.field(default_factory=list)
    """Those a relay replaced: still of the side, for its punishment, but no longer testing."""
    next_maluses: list[tuple[str, int]] = msgspec.field(default_factory=list)
    """Maluses the side's next test carries (« AGGRAVER »: −3 on the asker's next test; a
    refused surrender: −3 on the refuser's next manche)."""


class Conflict(msgspec.Struct, kw_only=True):
    name: str
    kind: Kind
    sides: dict[str, Side]
    extended: bool = False
    initiative: str | None = None
    manche: int = 1
    tests: dict[str, Pending] = msgspec.field(default_factory=dict)
    """The manche under way's tests, by side key."""
    used: dict[str, list[str]] = msgspec.field(default_factory=dict)
    """Techniques each character has used in this conflict's manches (variety)."""
    surrender: str | None = None
    refused_at: int | None = None
    """The manche in which a surrender was refused (no second offer before the next)."""
    won: ConflictWon | None = None
    interrupted: bool = False
    punished: list[tuple[str, str]] = msgspec.field(default_factory=list)
    """(by, side) punishments recorded."""

    @property
    def under_way(self) -> bool:
        return self.won is None and not self.interrupted

    def side_of(self, character: str) -> Side | None:
        """The side ``character`` tests for (a relay replaced: none)."""
        wanted = key(character)
        return next((s for s in self.sides.values() if wanted in map(key, s.members)), None)

    def party_of(self, character: str) -> Side | None:
        """The side ``character`` belongs to, relayed out or not."""
        wanted = key(character)
        return next(
            (s for s in self.sides.values() if wanted in map(key, s.members + s.relieved)), None
        )

    def standing(self) -> list[Side]:
        return [s for s in self.sides.values() if not s.out]


class UkiyoState(msgspec.Struct, kw_only=True):
    errants: dict[str, Errant] = msgspec.field(default_factory=dict)
    conflicts: dict[str, Conflict] = msgspec.field(default_factory=dict)
    ended: list[str] = msgspec.field(default_factory=list)
    outside: dict[str, Pending] = msgspec.field(default_factory=dict)
    """Tests outside the manches awaiting a gain's claim, by character key."""


def _joined(state: UkiyoState, event: CharacterJoined[UkiyoSheet]) -> None:
    sheet = event.sheet
    state.errants[key(sheet.name)] = Errant(
        name=sheet.name, player=event.player, sheet=sheet, wounds=sheet.wounds
    )


def _started(state: UkiyoState, event: ConflictStarted) -> None:
    sides = {
        key(s.name): Side(name=s.name, members=list(s.members), threat=s.threat)
        for s in event.sides
    }
    state.conflicts[key(event.conflict)] = Conflict(
        name=event.conflict, kind=event.kind, sides=sides, extended=event.extended
    )


def _conflict(state: UkiyoState, name: str) -> Conflict:
    return state.conflicts[key(name)]


def _objective(state: UkiyoState, event: ObjectiveStated) -> None:
    side = _conflict(state, event.conflict).sides[key(event.side)]
    side.objective, side.gravity = event.objective, event.gravity


def _counts(state: UkiyoState, event: CountsSet) -> None:
    conflict = _conflict(state, event.conflict)
    for name, count in event.falls_at:
        conflict.sides[key(name)].falls_at = count


def _initiative(state: UkiyoState, event: InitiativeTaken) -> None:
    _conflict(state, event.conflict).initiative = event.side


def _tested(state: UkiyoState, event: TechniqueTested) -> None:
    if event.conflict is None or event.against is not None:
        state.outside[key(event.character)] = Pending(test=event)
        return
    conflict = _conflict(state, event.conflict)
    assert event.side is not None
    conflict.tests[key(event.side)] = Pending(test=event)
    conflict.sides[key(event.side)].next_maluses.clear()
    used = conflict.used.setdefault(event.character, [])
    if event.technique not in used:
        used.append(event.technique)


def _claimed(state: UkiyoState, event: GainClaimed) -> None:
    if event.conflict is None:
        pending = state.outside[key(event.character)]
    else:
        conflict = _conflict(state, event.conflict)
        side = conflict.side_of(event.character)
        assert side is not None
        pending = conflict.tests[key(side.name)]
    pending.gain, pending.target = event.gain, event.target


def _manche(state: UkiyoState, event: MancheWon) -> None:
    conflict = _conflict(state, event.conflict)
    for name, won in event.score:
        conflict.sides[key(name)].won = won
    conflict.tests.clear()
    conflict.manche = event.manche + 1


def _settled(state: UkiyoState, event: OppositionSettled) -> None:
    state.outside.pop(key(event.character), None)


def _side_out(state: UkiyoState, event: SideOut) -> None:
    side = _conflict(state, event.conflict).sides[key(event.side)]
    side.out, side.beaten_by, side.due = True, event.by, event.due
    side.overshot, side.takes_down = event.overshot, event.takes_down


def _conflict_won(state: UkiyoState, event: ConflictWon) -> None:
    conflict = _conflict(state, event.conflict)
    conflict.won = event
    conflict.surrender = None
    dues = dict(event.dues)
    for side in conflict.sides.values():
        if side.name != event.winner and not side.out:
            side.beaten_by = event.winner
        side.out = side.name != event.winner
        side.due = dues.get(side.name, side.due)


def _punished(state: UkiyoState, event: Punished) -> None:
    conflict = _conflict(state, event.conflict)
    conflict.punished.append((event.by, event.side))
    for name in event.dead:
        state.errants[key(name)].dead = True


def _wounded(state: UkiyoState, event: WoundsTaken) -> None:
    errant = state.errants[key(event.character)]
    errant.wounds, errant.cared = event.wounds, False


def _healed(state: UkiyoState, event: WoundsHealed) -> None:
    errant = state.errants[key(event.character)]
    errant.wounds = event.wounds
    errant.cared = event.how in ("care", "heal_two") and event.wounds > 0


def _aggravated(state: UkiyoState, event: Aggravated) -> None:
    conflict = _conflict(state, event.conflict)
    side = conflict.sides[key(event.side)]
    side.gravity = event.gravity
    side.next_maluses.append(("aggravated", 3))
    if event.reopened:
        conflict.won = None
    back = {key(name) for name in event.back}
    for k, each in conflict.sides.items():
        if k in back:
            each.out, each.beaten_by, each.due, each.overshot = False, None, 0, False
            conflict.punished = [(b, s) for b, s in conflict.punished if key(s) != k]


def _offered(state: UkiyoState, event: SurrenderOffered) -> None:
    _conflict(state, event.conflict).surrender = event.side


def _answered(state: UkiyoState, event: SurrenderAnswered) -> None:
    conflict = _conflict(state, event.conflict)
    conflict.surrender = None
    if not event.accepted:
        conflict.sides[key(event.side)].next_maluses.append(("refused_surrender", 3))
        conflict.refused_at = conflict.manche


def _interrupted(state: UkiyoState, event: ConflictInterrupted) -> None:
    conflict = _conflict(state, event.conflict)
    conflict.interrupted = True
    conflict.tests.clear()
    for side in conflict.sides.values():
        side.won, side.out, side.beaten_by, side.due = 0, False, None, 0


def _side_joined(state: UkiyoState, event: SideJoined) -> None:
    side = _conflict(state, event.conflict).sides[key(event.side)]
    if event.replacing is not None:
        side.members = [m for m in side.members if key(m) != key(event.replacing)]
        side.relieved.append(event.replacing)
    side.relieved = [m for m in side.relieved if key(m) != key(event.character)]
    side.members.append(event.character)


def _ended(state: UkiyoState, event: ConflictEnded) -> None:
    conflict = state.conflicts.pop(key(event.conflict))
    state.ended.append(conflict.name)


HANDLERS: Mapping[type[Event], Callable[[Any, Any], None]] = {
    CharacterJoined: _joined,
    ConflictStarted: _started,
    ObjectiveStated: _objective,
    CountsSet: _counts,
    InitiativeTaken: _initiative,
    TechniqueTested: _tested,
    GainClaimed: _claimed,
    MancheWon: _manche,
    OppositionSettled: _settled,
    SideOut: _side_out,
    ConflictWon: _conflict_won,
    Punished: _punished,
    WoundsTaken: _wounded,
    WoundsHealed: _healed,
    Aggravated: _aggravated,
    SurrenderOffered: _offered,
    SurrenderAnswered: _answered,
    ConflictInterrupted: _interrupted,
    SideJoined: _side_joined,
    ConflictEnded: _ended,
}
