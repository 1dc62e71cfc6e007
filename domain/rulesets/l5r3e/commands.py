"""The l5r3e commands as data: one Struct each, decided by :mod:`.play`.

Their words at the command line are the 4e ones where the act is the same (``roll``,
``initiative``, ``combat start|round|next|end``, ``attack``, ``damage``, ``wounds``,
``heal``, ``cast``, ``delay``) and the text's own where it is not (``manoeuvre``,
``swap``, ``reversal``, ``grapple``, ``act``, ``void``).
"""

from typing import Annotated, Literal

from msgspec import Meta

from domain.commands import Command, CommandSpec
from domain.dice.roll_keep.roll import MAX_RAISES
from domain.rulesets.l5r3e.manoeuvres import Action, Manoeuvre
from domain.rulesets.l5r3e.modifiers import ROUGH_TERRAIN, Circumstance
from domain.rulesets.l5r3e.raises import Manoeuvre as RaiseManoeuvre
from domain.rulesets.roll_keep_kit import table_commands
from domain.rulesets.roll_keep_kit.fields import (
    Character,
    Name,
    Raises,
    RollFields,
)
from domain.rulesets.roll_keep_kit.table_commands import EndCombat as EndCombat
from domain.rulesets.roll_keep_kit.table_commands import Heal as Heal
from domain.rulesets.roll_keep_kit.table_commands import StartCombat as StartCombat

VoidOnRoll = Literal["roll_dice", "roll_free_raise", "roll_skill_rank"]
VoidOnThisRoll = Annotated[
    VoidOnRoll,
    Meta(description="« 1 SEUL point de Vide par jet »: +1k1, +1 free raise, or +1 skill rank"),
]
Names = Annotated[tuple[Name, ...], Meta(max_length=50)]
MAX_ENCOURAGED = 10
"""The most companions a roll may name as encouraging it: no Void ring passes 10, and
none may receive more such points than their Void ring (:func:`.void.encouragement_allowed`)."""
Encouragers = Annotated[
    tuple[Name, ...],
    Meta(
        max_length=MAX_ENCOURAGED,
        description="« Encouragement »: a companion who spends 2 Void to give the one acting "
        "1 point on this roll (each companion once; never more such points than one's Void "
        "ring)",
    ),
]
Label = Annotated[str, Meta(max_length=100)]


class Roll(RollFields, frozen=True, kw_only=True):
    """A roll recorded in the session: an expression, or a skill, trait or ring roll."""

    spec = CommandSpec(("roll",), dice="faces", positional=("expression",), phase="rolls")

    free_raises: Annotated[int, Meta(ge=0, le=20, description="free raises: +5 total each")] = 0
    emphasis: Annotated[bool, Meta(description="an emphasis of the skill applies")] = False
    void: Annotated[bool, Meta(description="a Void point: +1k1")] = False
    void_skill: Annotated[bool, Meta(description="a Void point: +1 skill rank")] = False
    void_raise: Annotated[bool, Meta(description="a Void point: +1 free raise")] = False


class RollInitiative(Command, frozen=True, kw_only=True):
    """Roll initiative once for the combat (Reflexes + rank, keep Reflexes)."""

    spec = CommandSpec(("initiative",), dice="faces", for_groups=True, phase="turns")

    character: Character
    celerity: Annotated[bool, Meta(description="« Célérité »: 2 Void points for +1k1")] = False


class StartRound(Command, frozen=True, kw_only=True):
    """End the round under way and start the next, in the new order."""

    spec = CommandSpec(("combat", "round"), gm_only=True, phase="turns")

    surprised: Annotated[Names, Meta(description="surprised this round: −20 initiative")] = ()


class NextTurn(Command, frozen=True, kw_only=True):
    """The character whose turn it is (or one who delayed) is done."""

    spec = CommandSpec(("combat", "next"), phase="turns")

    character: Annotated[str, Meta(max_length=100, description="one who delayed")] | None = None


class SwapInitiative(Command, frozen=True, kw_only=True):
    """Swap rolled initiatives right after the rolls (Void points, or Combat Reflexes)."""

    spec = CommandSpec(("swap",), phase="fighting")

    character: Character
    other: Name
    cause: Annotated[
        Literal["void", "combat_reflexes"],
        Meta(description="a Void point each (« Echange d'Initiative »), or Combat Reflexes"),
    ] = "void"


class ChooseManoeuvre(Command, frozen=True, kw_only=True):
    """Choose the turn's manoeuvre: attack, assault or dodge (which rolls Agility/Defense)."""

    spec = CommandSpec(("manoeuvre",), dice="faces", positional=("manoeuvre",), phase="fighting")

    character: Character
    manoeuvre: Annotated[Manoeuvre, Meta(description="« Attaque », « Assaut » or « Esquive »")]
    two_weapons: Annotated[bool, Meta(description="katana and wakizashi both in hand")] = False


class TakeActions(Command, frozen=True, kw_only=True):
    """Declare actions of the turn (an attack or a spell declares its own)."""

    spec = CommandSpec(("act",), flags={"actions": "--action"}, phase="fighting")

    character: Character
    actions: Annotated[
        tuple[Action, ...],
        Meta(min_length=1, max_length=5, description="the actions declared, in order"),
    ]


class Delay(Command, frozen=True, kw_only=True):
    """Delay the rest of one's actions to later in the round."""

    spec = CommandSpec(("delay",), phase="fighting")

    character: Character


class Attack(Command, frozen=True, kw_only=True):
    """Attack: roll against the target's TN to be hit, with raises, manoeuvres and Void."""

    spec = CommandSpec(
        ("attack",),
        dice="queue",
        flags={"circumstances": "--circumstance"},
        phase="fighting",
        widened=("encouraged_by",),
    )

    character: Character
    target: Name
    weapon: Annotated[str, Meta(max_length=100, description="the weapon; none: bare hands")] | (
        None
    ) = None
    raises: Raises = 0
    manoeuvre: (
        Annotated[RaiseManoeuvre, Meta(description="what the raises are called for")] | None
    ) = None
    free_to_manoeuvre: Annotated[
        int,
        Meta(
            ge=0,
            le=MAX_RAISES,
            description="how many of the free raises the attacker has (Assault's, a target "
            "in Assault's, a feint's) pay for the manoeuvre or the grapple's Strength "
            "instead of +5 each on the roll (« Augmentations Gratuites »)",
        ),
    ] = 0
    move: Annotated[bool, Meta(description="a move before the attack: 1 raise")] = False
    stand_up: Annotated[bool, Meta(description="stand and attack, in Assault: 2 raises")] = False
    grapple: Annotated[bool, Meta(description="a grapple: unarmed or a tanto, no armour")] = False
    emphasis: Annotated[bool, Meta(description="an emphasis of the skill applies")] = False
    circumstances: Annotated[
        tuple[Circumstance, ...],
        Meta(max_length=9, description="the « Modificateurs » that change the TN"),
    ] = ()
    rough_terrain: Annotated[
        int,
        Meta(
            ge=0,
            le=ROUGH_TERRAIN[1],
            description="the TN rough terrain adds, as the GM rules it (« Terrain accidenté : "
            "+5 à +15 suivant la situation »; 0: none)",
            extra_json_schema={"not": {"minimum": 1, "maximum": ROUGH_TERRAIN[0] - 1}},
        ),
    ] = 0
    void: VoidOnThisRoll | None = None
    perseverance: Annotated[bool, Meta(description="a Void point: no wound penalty")] = False
    encouraged_by: Encouragers = ()
    encouraged_use: Annotated[
        VoidOnRoll,
        Meta(description="what each ally's encouragement buys on the roll (one point each)"),
    ] = "roll_dice"
    final_strike: Annotated[bool, Meta(description="« Coup ultime »: 3 Void (5 dead)")] = False
    protects: Annotated[str, Meta(max_length=100, description="the ally a guard protects")] | (
        None
    ) = None
    called_shot: Annotated[str, Meta(max_length=200, description="what a called shot aims at")] = ""
    unseen: Annotated[
        bool, Meta(description="the target does not know of this attacker: no Dodge, no Defense")
    ] = False


class Damage(Command, frozen=True, kw_only=True):
    """Roll the damage of the character's last hit (weapon + Strength) and wound the target."""

    spec = CommandSpec(("damage",), dice="faces", phase="fighting")

    character: Character


class Grapple(Command, frozen=True, kw_only=True):
    """A grapple's round: the opposed Strength rolls again (the holder has a free raise)."""

    spec = CommandSpec(("grapple",), dice="queue", phase="fighting")

    character: Character
    release: Annotated[bool, Meta(description="the holder lets go")] = False


class Reversal(Command, frozen=True, kw_only=True):
    """A reversal of fortune at the round's end: one unexploding die onto an initiative."""

    spec = CommandSpec(("reversal",), dice="faces", phase="fighting")

    character: Character
    target: Annotated[str, Meta(max_length=100, description="an opponent hit this round")] | (
        None
    ) = None


class SpendVoid(Command, frozen=True, kw_only=True):
    """Spend Void: +10 TN to be hit, one more action, or −10 wounds from the last attack."""

    spec = CommandSpec(("void",), positional=("use",), phase="wounds")

    character: Character
    use: Annotated[
        Literal["armour", "extra_action", "reduce_damage"],
        Meta(description="+10 TN to be hit, one more action, or −10 wounds of the last attack"),
    ]


class TakeWounds(table_commands.TakeWounds, frozen=True, kw_only=True):
    """Wounds taken, as the GM rules (an attack's damage records its own)."""

    self_inflicted: Annotated[bool, Meta(description="does not bar a reversal")] = False


class Cast(Command, frozen=True, kw_only=True):
    """Cast a spell: ring + mastery rank against 10 + 5 a level; raises shorten the casting."""

    spec = CommandSpec(("cast",), dice="faces", phase="rolls")

    character: Character
    spell: Annotated[str, Meta(min_length=1, max_length=100, description="the spell's name")]
    raises: Raises = 0
    void: VoidOnThisRoll | None = None
    scroll: Annotated[bool, Meta(description="unrolling the scroll: a simple action")] = False


class Mount(Command, frozen=True, kw_only=True):
    """The GM rules a character mounted: no Assault nor Dodge until they dismount."""

    spec = CommandSpec(("mount",), gm_only=True, phase="fighting")

    character: Character


class Dismount(Command, frozen=True, kw_only=True):
    """The GM rules a mounted character on foot again."""

    spec = CommandSpec(("dismount",), gm_only=True, phase="fighting")

    character: Character
