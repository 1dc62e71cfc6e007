"""The l5r-house events: the kit's (rolls, rounds, turns, wounds) and the house flow's."""

from typing import ClassVar, Literal

from domain.events import Event
from domain.rulesets.l5r_house.rules import Action, CalledShot
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
    "HOUSE_EVENT_TYPES",
    "ActionDeclared",
    "ActionSucceeded",
    "AttackMade",
    "CombatEnded",
    "CombatStarted",
    "DiceRolled",
    "FullDefenceRolled",
    "HouseVoidUse",
    "RoundStarted",
    "TnLifted",
    "TnRuled",
    "TurnPassed",
    "VoidSpent",
    "WoundsHealed",
    "WoundsTaken",
]  # fmt: skip

HouseVoidUse = Literal["initiative", "dice", "free_raise", "ignore_wounds", "tn"]


class ActionDeclared(Event, frozen=True, kw_only=True):
    """« Les joueurs vont décrire ce que va tenter son personnage, dans l'ordre croissant
    d'initiative »: the one action of the round. A full defence is rolled at the first
    attack on it (:class:`FullDefenceRolled`); under option ``full_defence_roll=declared``
    its roll is a ``DiceRolled`` before this event in the batch, and ``defence`` its bonus
    to the TN for the round."""

    character: str
    action: Action
    target: str | None = None
    defence: int = 0
    void: bool = False
    """A Void point's +1k1 on the Full Defence roll (« un bonus de 1g1 sur une action »),
    spent as the action is declared (« Le point de vide doit être signalé avant le jet de
    dé »), its die added when the roll is made."""
    later_fields: ClassVar[tuple[str, ...]] = ("hidden",)

    hidden: bool | None = None
    """Declared behind the GM's screen (None: in the open): the Full Defence roll an
    attack makes later is kept from the players too."""


class FullDefenceRolled(Event, frozen=True, kw_only=True):
    """« dès que l'on essaie de le toucher, son ND passe durant tout le tour à : ND actuel
    + (agilité + défense)g(défense) »: a declared Full Defence rolled at the first attack
    on it in the round (its roll the ``DiceRolled`` just before it, in that attack's
    batch), ``defence`` added to the TN to be hit until the round ends. ``hidden``: the
    declaration was the GM's secret, so is its roll."""

    character: str
    attacker: str
    defence: int
    void: bool = False
    hidden: bool = False


class AttackMade(Event, frozen=True, kw_only=True):
    """An Attack or an Assault, its roll just before it in the batch: the uses its raises
    paid for, where the Assault's free raises went, the TN with its parts, the outcome.

    ``shown``: a player's attack decided in the open while the GM keeps from the players
    something that weighs on the target's TN (a Void point spent on it behind the
    screen) — the TN's parts as they know them; players read those and one part
    :data:`~domain.events.SCREEN` for the rest, as they read the attack's roll."""

    later_fields: ClassVar[tuple[str, ...]] = ("shown",)

    character: str
    target: str
    weapon: str
    assault: bool = False
    raises: int = 0
    extra_damage: int = 0
    called_shot: CalledShot | None = None
    disarm: bool = False
    assault_on_damage: int = 0
    tn: int
    needed: int
    tn_parts: tuple[Part, ...] = ()
    total: int
    hit: bool
    disarmed: bool = False
    disarmed_of: str = ""
    """The weapon the disarm took."""
    shown: ShownTn | None = None

    def screened_by(self, seen: Event) -> Event:
        return tn_screened_by(self, seen)

    def screened_blind(self) -> Event:
        return tn_screened_blind(self)

    def for_players(self) -> Event:
        return tn_for_players(self)

    def unscreened(self) -> Event:
        return tn_unscreened(self)


class ActionSucceeded(Event, frozen=True, kw_only=True):
    """« si son action ne requiert pas de jet de dé, elle est considérée comme étant
    réussie pour le tour »: a declared action that called for no roll, done as the
    character's turn passes — recorded a success (a roll made in the turn is the
    action's outcome instead)."""

    character: str
    action: Action


class TnRuled(Event, frozen=True, kw_only=True):
    """The GM's ruling on ``character``'s TN to be hit, its reason the event's: a
    circumstance's ``modifier``, and/or a ``base`` in place of Réflexes × 5 + 5 (the
    armour still counts; the text names only « ND actuel »). It stands until lifted
    (:class:`TnLifted`) or replaced by the next ruling on the same character."""

    character: str
    modifier: int = 0
    base: int | None = None


class TnLifted(Event, frozen=True, kw_only=True):
    """The GM's ruling on ``character``'s TN to be hit lifted: Réflexes × 5 + 5 again."""

    character: str
    modifier: int = 0
    base: int | None = None
    """What the lifted ruling said (so that the lifting's line says what it takes off)."""


class VoidSpent(Event, frozen=True, kw_only=True):
    """« 1 point par action », for one of the text's uses."""

    character: str
    use: HouseVoidUse
    purpose: str = ""


HOUSE_EVENT_TYPES: tuple[type[Event], ...] = (
    DiceRolled,
    CombatStarted,
    RoundStarted,
    TurnPassed,
    CombatEnded,
    WoundsTaken,
    WoundsHealed,
    ActionDeclared,
    AttackMade,
    VoidSpent,
    FullDefenceRolled,
    TnRuled,
    TnLifted,
    ActionSucceeded,
)
