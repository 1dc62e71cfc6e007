"""The l5r-house commands as data, decided by :mod:`.play`."""

from typing import Annotated, Literal

from msgspec import Meta

from domain.commands import Command, CommandSpec
from domain.rulesets.l5r_house.rules import Action, CalledShot
from domain.rulesets.roll_keep_kit.fields import Character, Name, RollFields
from domain.rulesets.roll_keep_kit.table_commands import EndCombat as EndCombat
from domain.rulesets.roll_keep_kit.table_commands import Heal as Heal
from domain.rulesets.roll_keep_kit.table_commands import NextTurn as NextTurn
from domain.rulesets.roll_keep_kit.table_commands import StartCombat as StartCombat
from domain.rulesets.roll_keep_kit.table_commands import StartRound as StartRound
from domain.rulesets.roll_keep_kit.table_commands import TakeWounds as TakeWounds

Label = Annotated[str, Meta(max_length=100)]
WeaponName = Annotated[str, Meta(max_length=100, description="the weapon in hand")]


class Roll(RollFields, frozen=True, kw_only=True):
    """A roll recorded in the session: an expression, or a skill, trait or ring roll."""

    spec = CommandSpec(("roll",), dice="faces", positional=("expression",), phase="rolls")

    void: Annotated[bool, Meta(description="a Void point: +1k1")] = False
    void_raise: Annotated[bool, Meta(description="a Void point: a free raise (−5 TN)")] = False


class RollInitiative(Command, frozen=True, kw_only=True):
    """Roll initiative for the combat: 1k1 + Reflexes, the weapon's bonus, less the malus."""

    spec = CommandSpec(("initiative",), dice="faces", for_groups=True, phase="turns")

    character: Character
    weapon: WeaponName | None = None
    void: Annotated[bool, Meta(description="a Void point: +1k1 for Void-ring rounds")] = False


class Declare(Command, frozen=True, kw_only=True):
    """Declare the round's one action (lowest initiative first); a full defence is rolled
    at the first attack on it."""

    spec = CommandSpec(("declare",), dice="faces", positional=("action",), phase="fighting")

    character: Character
    action: Annotated[Action, Meta(description="the action declared for the round")]
    target: Name | None = None
    void: Annotated[bool, Meta(description="a Void point: +1k1 on the Full Defence roll")] = False


class Attack(Command, frozen=True, kw_only=True):
    """Resolve a declared Attack or Assault: raises, called shots, disarm, Void; the first
    attack on a Full Defence rolls it (its faces first)."""

    spec = CommandSpec(("attack",), dice="queue", phase="fighting")

    character: Character
    weapon: WeaponName | None = None
    target: Name | None = None
    extra_damage: Annotated[int, Meta(ge=0, le=10, description="raises for +1k0 each")] = 0
    called_shot: (
        Annotated[
            CalledShot,
            Meta(description="the part of the body aimed at, for its raises (« Cibler »)"),
        ]
        | None
    ) = None
    disarm: Annotated[bool, Meta(description="3 raises, then an opposed roll")] = False
    disarm_trait: Annotated[
        Literal["strength", "agility"], Meta(description="the trait of the disarm's opposed roll")
    ] = "strength"
    assault_on_damage: Annotated[
        int, Meta(ge=0, le=2, description="the Assault's free raises on damage (+1k0 each)")
    ] = 0
    void: (
        Annotated[
            Literal["dice", "free_raise"], Meta(description="a Void point: +1k1, or a free raise")
        ]
        | None
    ) = None


class Damage(Command, frozen=True, kw_only=True):
    """Roll the last hit's damage (Strength + the weapon's dice) and wound the target."""

    spec = CommandSpec(("damage",), dice="faces", phase="fighting")

    character: Character


class SpendVoid(Command, frozen=True, kw_only=True):
    """Spend the round's Void point: ignore wound malus, or +10 to the TN, this round."""

    spec = CommandSpec(("void",), positional=("use",), phase="wounds")

    character: Character
    use: Annotated[
        Literal["ignore_wounds", "tn"],
        Meta(description="no wound malus this round, or +10 to the TN to be hit this round"),
    ]


class RuleTn(Command, frozen=True, kw_only=True):
    """Rule a character's TN to be hit, with its reason: a circumstance's modifier, or a
    base of the GM's in place of Reflexes × 5 + 5, until lifted."""

    spec = CommandSpec(("tn", "rule"), gm_only=True, phase="fighting")

    character: Name
    modifier: Annotated[
        int, Meta(ge=-50, le=50, description="added to the TN to be hit (a circumstance)")
    ] = 0
    base: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=100,
                description="the GM's base in place of Réflexes × 5 + 5 (the armour still counts)",
            ),
        ]
        | None
    ) = None


class LiftTn(Command, frozen=True, kw_only=True):
    """Lift the GM's ruling on a character's TN to be hit: Reflexes × 5 + 5 again."""

    spec = CommandSpec(("tn", "lift"), gm_only=True, phase="fighting")

    character: Name
