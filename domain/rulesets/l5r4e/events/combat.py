"""Combat and condition events of the 4e ruleset (« Combat », « Effets conditionnels »)."""

from typing import ClassVar, Literal

from domain.events import Event

ActionKind = Literal["free", "simple", "complex"]


class ConditionApplied(Event, frozen=True, kw_only=True):
    """A condition now holds; ``level`` is the fear rank, or days of fasting or fatigue."""

    character: str
    condition: str
    level: int = 0
    note: str = ""


class ConditionEnded(Event, frozen=True, kw_only=True):
    character: str
    condition: str
    note: str = ""


class ActionTaken(Event, frozen=True, kw_only=True):
    """One action on a character's turn: free, simple or complex (« Actions de combat »).

    ``succeeded``: an action that calls for no roll (``kiroku action``: draw a weapon,
    pick something up, say a prayer that is no spell) is done — its outcome a success, as
    the published game reads an action « ne nécessitant pas de jet » (the text's own
    words for the Guard); None where a roll follows and says the outcome (a spell's
    casting), and in a record made before the field."""

    later_fields: ClassVar[tuple[str, ...]] = ("succeeded",)

    character: str
    kind: ActionKind
    action: str
    feet: int = 0
    succeeded: bool | None = None


class TurnDelayed(Event, frozen=True, kw_only=True):
    """The character acts later this round: after ``behind``, or last (« retarder »)."""

    character: str
    behind: str | None = None


class InitiativeSwapped(Event, frozen=True, kw_only=True):
    """Two characters trade initiative for the rest of the combat (a Void point, one pays)."""

    character: str
    other: str


class FullDefenseRolled(Event, frozen=True, kw_only=True):
    """Full Defense: half the Defense/Reflexes roll, rounded up, added to the armour TN."""

    character: str
    bonus: int


class GuardTaken(Event, frozen=True, kw_only=True):
    """Guard: until the guard's next turn, the protected +10 armour TN, the guard −5."""

    character: str
    protected: str


class WeaponDestroyed(Event, frozen=True, kw_only=True):
    """« Une arme de métal désarmant une arme de bois la détruit » (Désarmement): the
    weapon is gone from ``character``'s sheet."""

    character: str
    weapon: str
    by: str


class AttackResolved(Event, frozen=True, kw_only=True):
    """What an attack roll meant: hit or miss against the armour TN, with its manoeuvres."""

    attacker: str
    target: str
    weapon: str
    hit: bool
    armour_tn: int
    total: int
    manoeuvres: tuple[str, ...] = ()
    location: str = "torso"
    extra_damage_dice: int = 0
    feint_bonus: int = 0
    damage: str = ""
    """The damage roll the hit earned (``8k2``); empty on a miss."""
    tn: int | None = None
    """The TN the attack roll was decided on: the armour TN with the raises called and
    every other part (its parts are the roll's). None: recorded before it was."""

    later_fields: ClassVar[tuple[str, ...]] = ("tn",)


class OpposedRollSettled(Event, frozen=True, kw_only=True):
    """Who won an opposed roll (« Jet d'opposition »; ties were re-rolled)."""

    contest: str
    winner: str
    loser: str
    totals: tuple[int, int]
    ties: int = 0
