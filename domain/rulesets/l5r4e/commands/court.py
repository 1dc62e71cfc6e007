"""The l5r4e commands of magic, honour and society, and the GM's tables: spells and
concentration, perceiving honour, heraldry, Taint, fear, degrading skills, money, the
honour table, the armoury and equipment."""

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from domain.commands import Command, CommandSpec, Context
from domain.events import Event
from domain.rulesets.l5r4e import equipment
from domain.rulesets.l5r4e.events import HonourLoss
from domain.rulesets.roll_keep_kit.character import Armour, Arrow, Weapon
from domain.rulesets.roll_keep_kit.fields import (
    TN,
    Character,
    Name,
    Raises,
    Tenths,
    TraitName,
    Void,
)

Spell = Annotated[str, Meta(min_length=1, max_length=100, description="a spell on the sheet")]
Coins = Annotated[int, Meta(ge=-1_000_000, le=1_000_000)]


class Cast(Command, frozen=True, kw_only=True):
    """Cast a spell."""

    spec = CommandSpec(("cast",), dice="faces", phase="rolls")

    character: Character
    spell: Spell
    time_raises: Annotated[int, Meta(ge=0, le=20, description="raises to cut casting time")] = 0
    raises: Raises = 0
    void: Void = False


class Concentrate(Command, frozen=True, kw_only=True):
    """Keep a spell going."""

    spec = CommandSpec(("concentrate",), phase="rolls")

    character: Character
    spell: Spell


class ConcentrationCheck(Command, frozen=True, kw_only=True):
    """A concentration check."""

    spec = CommandSpec(("concentration",), dice="faces", gm_only=True, phase="rolls")

    character: Character
    cause: Annotated[
        Literal["wound", "distraction"],
        Meta(
            description="a wound larger than Earth (Willpower against 20 + 5 a level), or a "
            "distraction (Willpower against 15)"
        ),
    ]


class PerceiveHonour(Command, frozen=True, kw_only=True):
    """Lore: Bushido against 30."""

    spec = CommandSpec(("perceive-honour",), dice="faces", phase="rolls")

    character: Character
    target: Name


class Recognise(Command, frozen=True, kw_only=True):
    """Recognise someone (50 − 5 × glory)."""

    spec = CommandSpec(("heraldry",), dice="faces", phase="rolls")

    character: Character
    target: Name


class ResistTaint(Command, frozen=True, kw_only=True):
    """Resist the Taint."""

    spec = CommandSpec(
        ("resist-taint",), dice="faces", flags={"taint": "--gain"}, gm_only=True, phase="rolls"
    )

    character: Character
    tn: TN
    taint: Annotated[int, Meta(ge=1, le=100, description="taint gained on a failure, tenths")]
    jade: Annotated[bool, Meta(description="the character carries jade: +10")] = False


class Fear(Command, frozen=True, kw_only=True):
    """A fear roll."""

    spec = CommandSpec(("fear",), dice="faces", gm_only=True, phase="rolls")

    character: Character
    rank: Annotated[int, Meta(ge=1, le=10, description="the fear's rank")]


class DegradingRoll(Command, frozen=True, kw_only=True):
    """A degrading skill roll and its honour loss."""

    spec = CommandSpec(("degrading",), dice="faces", phase="rolls")

    character: Character
    skill: Annotated[str, Meta(min_length=1, max_length=100, description="the skill rolled")]
    trait: Annotated[TraitName, Meta(min_length=1)]
    tn: TN | None = None
    honour_loss: Tenths | None = None
    raises: Raises = 0


class ChangeMoney(Command, frozen=True, kw_only=True):
    """Koku, bu and zeni."""

    spec = CommandSpec(("money",), gm_only=True, phase="standing")

    character: Character
    koku: Annotated[Coins, Meta(description="koku gained (negative: paid)")] = 0
    bu: Annotated[Coins, Meta(description="bu gained (negative: paid)")] = 0
    zeni: Annotated[Coins, Meta(description="zeni gained (negative: paid)")] = 0


class LoadHonourTable(Command, frozen=True, kw_only=True):
    """Load the GM's honour table (JSON)."""

    spec = CommandSpec(
        ("honour-table",),
        positional=("rows",),
        files={"rows": "honour table"},
        gm_only=True,
        phase="setting_up",
    )

    rows: Annotated[
        tuple[HonourLoss, ...],
        Meta(max_length=1000, description="its rows: what each act costs at an honour rank"),
    ]


class Armoury(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The GM's armoury: weapons, arrows and armours the characters may take."""

    weapons: tuple[Weapon, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    armours: tuple[Armour, ...] = ()


class LoadArmoury(Command, frozen=True, kw_only=True):
    """Load the GM's armoury (JSON)."""

    spec = CommandSpec(
        ("armoury",),
        positional=("armoury",),
        files={"armoury": "armoury"},
        gm_only=True,
        phase="setting_up",
    )

    armoury: Annotated[Armoury, Meta(description="its weapons, arrows and armours")]


def decide_armoury(play: Any, command: LoadArmoury, context: Context) -> list[Event]:
    return equipment.load_armoury(
        play,
        actor=context.actor,
        at=context.at,
        weapons=command.armoury.weapons,
        arrows=command.armoury.arrows,
        armours=command.armoury.armours,
    )


class Equip(Command, frozen=True, kw_only=True):
    """Take an item from the armoury."""

    spec = CommandSpec(("equip",), gm_only=True, phase="setting_up")

    character: Character
    item: Annotated[str, Meta(min_length=1, max_length=100, description="an armoury item")]
