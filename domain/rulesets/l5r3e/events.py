"""The l5r3e events: the roll & keep kit's (every roll is a kit ``DiceRolled``, with its
parts), and what the 3e skirmish adds to them. Past tense, frozen, tuple fields only."""

from typing import ClassVar, Literal

import msgspec

from domain.events import Event
from domain.rulesets.l5r3e.manoeuvres import Manoeuvre
from domain.rulesets.l5r3e.raises import Manoeuvre as RaiseManoeuvre
from domain.rulesets.l5r3e.void import VoidUse
from domain.rulesets.roll_keep_kit.events import (
    CombatEnded,
    CombatStarted,
    DiceRolled,
    RoundStarted,
    ShownTn,
    TurnPassed,
    WoundsHealed,
    WoundsTaken,
    tn_for_players,
    tn_screened_blind,
    tn_screened_by,
    tn_unscreened,
)
from domain.rulesets.roll_keep_kit.modifiers import Part

__all__ = [
    "THIRD_EVENT_TYPES",
    "ActionsTaken",
    "AttackResolved",
    "CombatEnded",
    "CombatStarted",
    "DamageReduced",
    "DiceRolled",
    "Dismounted",
    "GrappleBroken",
    "GrappleWon",
    "InitiativeSwapped",
    "ManoeuvreChosen",
    "Mounted",
    "ReversalApplied",
    "RoundStarted",
    "SpellCast",
    "SurpriseDeclared",
    "TurnDelayed",
    "TurnPassed",
    "VoidSpent",
    "WoundsHealed",
    "WoundsTaken",
]

SwapCause = Literal["void", "combat_reflexes"]


class ManoeuvreChosen(Event, frozen=True, kw_only=True):
    """« chaque personnage choisit 1 Manoeuvre dont les effets … perdureront jusqu'à son
    prochain tour d'Initiative »; a Dodge's roll (a ``DiceRolled`` in the same batch)
    is its ``dodge`` bonus to the TN to be hit."""

    character: str
    manoeuvre: Manoeuvre
    dodge: int = 0
    two_weapons: bool = False


class InitiativeSwapped(Event, frozen=True, kw_only=True):
    """Two rolled initiatives exchanged right after the rolls: both paying a Void point
    (« Echange d'Initiative »), or one's Combat Reflexes taking the next higher."""

    character: str
    other: str
    cause: SwapCause
    values: tuple[int, int]
    """The rolled initiatives of ``character`` and ``other`` before the swap."""


class SurpriseDeclared(Event, frozen=True, kw_only=True):
    """The GM's ruling that these characters are surprised this round: −20 initiative."""

    characters: tuple[str, ...]
    round: int


class FreeRaise(msgspec.Struct, frozen=True, kw_only=True):
    """Free raises from one ``source`` (« Assaut », the target's Assault, a feint) and
    what they went to: the roll's total (+5 each) or the manoeuvre called."""

    source: str
    count: int
    to: str


class AttackResolved(Event, frozen=True, kw_only=True):
    """An attack's outcome, its roll (or, for an extra attack, its two rolls) just before
    it in the batch: what was called, what the free raises went to, the TN and its parts.

    ``shown``: a player's attack decided in the open while the GM keeps from the players
    something that weighs on the target's TN (a Dodge chosen behind the screen) — the
    TN's parts as they know them; players read those and one part
    :data:`~domain.events.SCREEN` for the rest, as they read the attack's roll."""

    later_fields: ClassVar[tuple[str, ...]] = ("shown",)

    character: str
    target: str
    weapon: str
    ranged: bool = False
    grapple: bool = False
    manoeuvre: RaiseManoeuvre | None = None
    raises: int = 0
    free_on_total: int = 0
    free_to_manoeuvre: int = 0
    tn: int
    """The target's TN to be hit (its parts in ``tn_parts``)."""
    needed: int = 0
    """What the roll had to reach: that TN with the attacker's raises, wounds, circumstances."""
    tn_parts: tuple[Part, ...] = ()
    totals: tuple[int, ...] = ()
    hit: bool
    knocked_down: bool = False
    disarmed: bool = False
    protects: str | None = None
    called_shot: str = ""
    moved: bool = False
    stood_up: bool = False
    unseen: bool = False
    """The GM's ruling that the target did not know of this attacker: no Dodge, no
    Defense against it."""
    free_raises: tuple[FreeRaise, ...] = ()
    shown: ShownTn | None = None

    def screened_by(self, seen: Event) -> Event:
        return tn_screened_by(self, seen)

    def screened_blind(self) -> Event:
        return tn_screened_blind(self)

    def for_players(self) -> Event:
        return tn_for_players(self)

    def unscreened(self) -> Event:
        return tn_unscreened(self)


class GrappleWon(Event, frozen=True, kw_only=True):
    """The opposed Strength rolls (just before it in the batch) gave ``character``
    control of the grapple against ``against``."""

    character: str
    against: str
    totals: tuple[int, int]
    weapon: str = ""
    """What the holder deals damage with: the grappling attack's weapon, else bare hands."""


class GrappleBroken(Event, frozen=True, kw_only=True):
    character: str
    against: str


class ReversalApplied(Event, frozen=True, kw_only=True):
    """« Retournements de Situation »: the die (rolled just before, unexploding) added to
    ``character``'s initiative (``target`` is the character) or taken from ``target``'s."""

    character: str
    target: str
    amount: int


class VoidSpent(Event, frozen=True, kw_only=True):
    """Void points spent (« Points de Vide »): ``use`` names which of the text's uses."""

    character: str
    use: VoidUse
    points: int
    purpose: str = ""
    ally: str | None = None


class DamageReduced(Event, frozen=True, kw_only=True):
    """« Réduction des blessures »: the last attack's wounds less 10 (a ``VoidSpent``
    before it in the batch)."""

    character: str
    amount: int


class ActionsTaken(Event, frozen=True, kw_only=True):
    """Actions declared in the character's turn (an attack declares its own)."""

    character: str
    actions: tuple[str, ...]
    raises_due: int = 0
    """Raises the combination costs on its skill roll (a complex action with half a move:
    1, « au prix de 1 Augmentation sur le jet de Compétence »)."""


class TurnDelayed(Event, frozen=True, kw_only=True):
    """« Retarder ses actions »: the turn passes, the character may act later this round."""

    character: str


class SpellCast(Event, frozen=True, kw_only=True):
    character: str
    spell: str
    turns: int
    success: bool
    scroll: bool = False


class Mounted(Event, frozen=True, kw_only=True):
    """The GM's ruling that ``character`` now rides a mount (« lorsque l'on chevauche une
    monture »): Assault and Dodge are refused them until they dismount
    (:mod:`domain.rulesets.l5r3e.mounts`). The reason is the command's."""

    character: str


class Dismounted(Event, frozen=True, kw_only=True):
    """The GM's ruling that ``character`` is on foot again: every Manoeuvre is theirs to
    choose from their next choice on."""

    character: str


THIRD_EVENT_TYPES: tuple[type[Event], ...] = (
    DiceRolled,
    CombatStarted,
    RoundStarted,
    TurnPassed,
    CombatEnded,
    WoundsTaken,
    WoundsHealed,
    ManoeuvreChosen,
    InitiativeSwapped,
    SurpriseDeclared,
    AttackResolved,
    GrappleWon,
    GrappleBroken,
    ReversalApplied,
    VoidSpent,
    DamageReduced,
    ActionsTaken,
    TurnDelayed,
    SpellCast,
    Mounted,
    Dismounted,
)
