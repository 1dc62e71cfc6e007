"""The roll & keep rulesets' common events: rolls, rounds and turns, stances, Void, wounds,
standing and XP.

Events are frozen msgspec Structs with tuple fields only, tagged by class name (the
``type`` field of their JSON), carrying a schema version, the actor (the GM's or a
player's id), the time the command was given, and an optional reason. Their names are
past tense. The clock and the dice are read before an event is made, never while it is
applied.
"""

from typing import Literal, Protocol, TypeVar, cast

import msgspec

from domain.dice.recorded import RecordedRoll
from domain.dice.roll_keep.roll import recompute
from domain.dice.roll_keep.ten_dice import TenDiceRule
from domain.errors import KirokuError, MalformedInput
from domain.events import SCREEN, Event
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.purchase import PurchaseKind
from domain.rulesets.roll_keep_kit.standing import Standing

RollPurpose = Literal[
    "skill", "trait", "ring", "attack", "damage", "initiative", "spell", "opposed", "healing",
    "defense", "other",
]  # fmt: skip
ROLL_PURPOSES: tuple[RollPurpose, ...] = (
    "skill", "trait", "ring", "attack", "damage", "initiative", "spell", "opposed", "healing",
    "defense", "other",
)  # fmt: skip


class ShownRoll(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A roll's TN and parts as the players know them, when something the GM keeps from
    them weighs on it (a hidden wound's penalty, a hidden stance's armour TN): the same
    roll decided on what the players see (:mod:`domain.session.screen`)."""

    base_tn: int | None = None
    parts: tuple[Part, ...] = ()


class DiceRolled(Event, frozen=True, kw_only=True):
    """Any roll, with every face (principle 2). ``roll.expression`` and ``roll.tn`` are
    the base pool and ``base_tn`` with every part applied (wound penalty, stance, …).

    ``shown``: a player's roll decided in the open while the GM keeps from the players
    something that weighs on it — its TN and parts as they know them. The roll, its
    dice and its outcome are the GM's, decided on everything (DESIGN: a secret is
    decided on, never leaked); players read the parts they know and one part
    :data:`~domain.events.SCREEN` holding the rest, so the numbers they read still add up."""

    character: str | None
    purpose: RollPurpose
    label: str = ""
    roll: RecordedRoll
    base_tn: int | None = None
    parts: tuple[Part, ...] = ()
    target: str | None = None
    hidden: bool = False
    shown: ShownRoll | None = None

    def screened_by(self, seen: Event) -> Event:
        if not isinstance(seen, DiceRolled) or (seen.base_tn, seen.parts) == (
            self.base_tn,
            self.parts,
        ):
            return self
        return msgspec.structs.replace(
            self, shown=ShownRoll(base_tn=seen.base_tn, parts=seen.parts)
        )

    def screened_blind(self) -> Event:
        if not self.parts:
            return self
        return msgspec.structs.replace(self, shown=ShownRoll(base_tn=self.base_tn))

    def for_players(self) -> Event:
        shown = self.shown
        if shown is None:
            return self
        base_tn: int | None
        if self.base_tn is not None and shown.base_tn is not None:
            base_tn, tn = (
                shown.base_tn,
                _tn_sum(self.base_tn, self.parts) - _tn_sum(shown.base_tn, shown.parts),
            )
        else:  # a TN the players cannot set against theirs: the GM's, whole
            base_tn, tn = self.base_tn, 0
        rest = Part(
            source=SCREEN,
            rolled=sum(p.rolled for p in self.parts) - sum(p.rolled for p in shown.parts),
            kept=sum(p.kept for p in self.parts) - sum(p.kept for p in shown.parts),
            total=sum(p.total for p in self.parts) - sum(p.total for p in shown.parts),
            tn=tn,
        )
        parts = (*shown.parts, rest) if rest != Part(source=SCREEN) else shown.parts
        return msgspec.structs.replace(self, base_tn=base_tn, parts=parts, shown=None)

    def unscreened(self) -> Event:
        return self if self.shown is None else msgspec.structs.replace(self, shown=None)


def _tn_sum(base: int, parts: tuple[Part, ...]) -> int:
    """A TN with its parts, unclamped (the clamp at 0 applies to the whole)."""
    return base + sum(p.tn for p in parts)


_E = TypeVar("_E", bound=Event)


class ShownTn(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A TN to be hit's parts as the players know them, when something the GM keeps
    from them weighs on it (a hidden Dodge, a hidden Void point on the TN): the same
    attack decided on what the players see (:mod:`domain.session.screen`)."""

    tn_parts: tuple[Part, ...] = ()


class TnScreened(Protocol):
    """An attack event that records its target's TN to be hit part by part
    (``tn_parts``) and what the players are shown of it (``shown``)."""

    @property
    def tn_parts(self) -> tuple[Part, ...]: ...

    @property
    def shown(self) -> ShownTn | None: ...


def tn_screened_by(event: _E, seen: Event) -> _E:
    """``event`` recording the TN parts of ``seen`` (the same attack decided on the
    players' view, of the same type) where they differ: :meth:`Event.screened_by`."""
    if type(seen) is not type(event):
        return event
    known = cast(TnScreened, seen).tn_parts
    if known == cast(TnScreened, event).tn_parts:
        return event
    return msgspec.structs.replace(event, shown=ShownTn(tn_parts=known))


def tn_screened_blind(event: _E) -> _E:
    """``event`` recording that the players know none of its TN parts
    (:meth:`Event.screened_blind`)."""
    if not cast(TnScreened, event).tn_parts:
        return event
    return msgspec.structs.replace(event, shown=ShownTn())


def tn_for_players(event: _E) -> _E:
    """``event`` as players read it: the TN parts they know and one part
    :data:`~domain.events.SCREEN` holding the rest, so the TN they read still adds up
    (as a screened roll's, :meth:`DiceRolled.for_players`)."""
    screened = cast(TnScreened, event)
    if screened.shown is None:
        return event
    known = screened.shown.tn_parts
    rest = sum(p.tn for p in screened.tn_parts) - sum(p.tn for p in known)
    parts = (*known, Part(source=SCREEN, tn=rest)) if rest else known
    return msgspec.structs.replace(event, tn_parts=parts, shown=None)


def tn_unscreened(event: _E) -> _E:
    """``event`` without what it records of the players' view."""
    if cast(TnScreened, event).shown is None:
        return event
    return msgspec.structs.replace(event, shown=None)


class CombatStarted(Event, frozen=True, kw_only=True):
    pass


class RoundStarted(Event, frozen=True, kw_only=True):
    number: int


class TurnPassed(Event, frozen=True, kw_only=True):
    """The character whose turn it was is done; the next in initiative order acts.
    ``skipped``: their turn came while they could not act (``Out``, ``Dead``,
    ``stunned``…), so it passed by itself."""

    character: str
    skipped: str | None = None


class CombatEnded(Event, frozen=True, kw_only=True):
    pass


class StanceChosen(Event, frozen=True, kw_only=True):
    character: str
    stance: str


VoidUse = Literal[
    "roll", "skill", "damage", "armour", "initiative", "swap", "technique", "free_action",
    "other",
]  # fmt: skip
VOID_USES: tuple[VoidUse, ...] = (
    "roll", "skill", "damage", "armour", "initiative", "swap", "technique", "free_action",
    "other",
)  # fmt: skip


class VoidPointSpent(Event, frozen=True, kw_only=True):
    """A Void point spent (4e « Utilisations des points de Vide »): ``use`` says which."""

    character: str
    purpose: str
    use: VoidUse = "other"


class VoidPointsRegained(Event, frozen=True, kw_only=True):
    character: str
    amount: int
    source: str


class WoundsTaken(Event, frozen=True, kw_only=True):
    """Wounds taken; ``parts`` explain what reduced the damage to ``amount``."""

    character: str
    amount: int
    source: str = ""
    damage: int | None = None
    parts: tuple[Part, ...] = ()


class WoundsHealed(Event, frozen=True, kw_only=True):
    character: str
    amount: int
    method: str = ""


class StandingChanged(Event, frozen=True, kw_only=True):
    """Honour, glory, status or taint moved by ``delta`` tenths of a rank."""

    character: str
    standing: Standing
    delta: int


class ExperienceAwarded(Event, frozen=True, kw_only=True):
    character: str
    amount: int


class ExperienceSpent(Event, frozen=True, kw_only=True):
    """XP bought a trait, the Void ring, a skill rank or an emphasis; the sheet follows."""

    character: str
    kind: PurchaseKind
    name: str
    emphasis: str = ""
    new_rank: int
    cost: int
    insight_rank: tuple[int, int] = (0, 0)
    """Insight rank before and after the spend: a rise is recorded with its cause."""
    ring_raised: str = ""


KIT_EVENT_TYPES: tuple[type[Event], ...] = (
    DiceRolled,
    CombatStarted,
    RoundStarted,
    TurnPassed,
    CombatEnded,
    StanceChosen,
    VoidPointSpent,
    VoidPointsRegained,
    WoundsTaken,
    WoundsHealed,
    StandingChanged,
    ExperienceAwarded,
    ExperienceSpent,
)
"""The kit's events, for a roll & keep ruleset to declare among its own."""


MAX_AMOUNT = 10_000
"""The most wounds, healing or XP one command gives (and a damage roll never reaches)."""
MAX_DELTA = 200
"""The most tenths of a rank a standing moves by at once (from −10.0 to 10.0)."""


def verify_recorded(event: Event, rule: TenDiceRule, *, ties_succeed: bool = True) -> None:
    """A recorded event must add up as a command gives it: a roll recomputes from its
    faces to its recorded outcome, against the TN its base and parts reckon; wounds are
    their damage less the reductions listed (never below 0), and wounds, healing and XP
    are whole amounts of at most :data:`MAX_AMOUNT` (4e, « Blessures » and « Expérience »:
    what one hit, one heal or one award can be); a standing moves by at most a full
    range."""
    amounts = WoundsTaken | WoundsHealed | ExperienceAwarded
    if isinstance(event, amounts) and not 0 <= event.amount <= MAX_AMOUNT:
        raise MalformedInput(
            f"a recorded {type(event).__name__} of {event.amount}: a command gives "
            f"0 to {MAX_AMOUNT:,}"
        )
    if isinstance(event, WoundsTaken) and event.damage is not None:
        reduced = max(0, event.damage + sum(part.total for part in event.parts))
        if reduced != event.amount:
            raise MalformedInput(
                f"the recorded wounds of {event.character!r} are {event.amount}, but its "
                f"damage {event.damage} less its reductions gives {reduced}"
            )
    if isinstance(event, StandingChanged) and not abs(event.delta) <= MAX_DELTA:
        raise MalformedInput(
            f"a recorded {event.standing} change of {event.delta} tenths: a standing moves "
            f"by at most {MAX_DELTA} (a full range)"
        )
    if not isinstance(event, DiceRolled):
        return
    if event.base_tn is not None and event.roll.tn is not None:
        reckoned = max(0, event.base_tn + sum(part.tn for part in event.parts))
        if reckoned != event.roll.tn:
            raise MalformedInput(
                f"the recorded roll {event.roll.expression!r} is against TN {event.roll.tn}, "
                f"but its base {event.base_tn} with its parts gives {reckoned}"
            )
    try:
        again = recompute(event.roll, rule, ties_succeed=ties_succeed)
    except KirokuError as error:
        raise MalformedInput(f"the recorded roll is invalid: {error}") from None
    if again != event.roll:
        raise MalformedInput(
            f"the recorded roll {event.roll.expression!r} does not recompute: recorded total "
            f"{event.roll.total} / success {event.roll.success}, rules give "
            f"{again.total} / {again.success}"
        )
