"""The l5r4e commands that keep the books: Void spent and regained, wounds and healing,
honour/glory/status/taint, XP awarded and spent."""

from typing import Annotated, Any, ClassVar, Literal

from msgspec import Meta

from domain.commands import Command, CommandSpec, Context
from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.l5r4e import combat
from domain.rulesets.roll_keep_kit.fields import (
    Amount,
    Character,
    Tenths,
    Text,
    TraitName,
)
from domain.rulesets.roll_keep_kit.purchase import Purchase
from domain.rulesets.roll_keep_kit.standing import Standing, parse_tenths
from domain.rulesets.roll_keep_kit.table_commands import Heal as Heal
from domain.rulesets.roll_keep_kit.table_commands import TakeWounds as TakeWounds


class SpendVoid(Command, frozen=True, kw_only=True):
    """Spend (or, with --regain, regain) a Void point."""

    spec = CommandSpec(("void",), bare={"regain": "all"}, phase="wounds")

    character: Character
    purpose: Annotated[Text, Meta(description="what the point is spent on, for the log")] = (
        "declared before the roll"
    )
    use: Annotated[
        Literal["armour", "initiative", "technique", "other"],
        Meta(description="armour: +10 armour TN this round; initiative: +10 for the combat; "
             "technique: a school technique (outside the one-a-round limit)"),
    ] = "other"  # fmt: skip
    regain: Annotated[str, Meta(pattern=r"^(all|[0-9]{1,4})$", description="N or all")] | None = (
        None
    )
    source: Annotated[
        Text,
        Meta(description="what gave the points back, with --regain (default: a night's sleep)"),
    ] = "a full night's sleep"


def decide_void(play: Any, command: SpendVoid, context: Context) -> list[Event]:
    actor, at, who = context.actor, context.at, command.character
    events: list[Event]
    if command.regain is not None:
        amount = None if command.regain == "all" else int(command.regain)
        events = play.regain_void(
            actor=actor, at=at, character=who, amount=amount, source=command.source
        )
    elif command.use == "armour":
        events = combat.void_armour(play, actor=actor, at=at, character=who)
    elif command.use == "initiative":
        events = combat.void_initiative(play, actor=actor, at=at, character=who)
    else:
        events = play.spend_void(
            actor=actor, at=at, character=who, purpose=command.purpose, use=command.use
        )
    return events


class ChangeStanding(Command, frozen=True, kw_only=True):
    """Honour, glory, status or taint moved by a number of tenths."""

    standing: ClassVar[Standing]
    character: Character
    delta: Tenths


def _standing_spec(name: str) -> CommandSpec:
    return CommandSpec(
        (name,),
        positional=("delta",),
        parsers={"delta": parse_tenths},
        gm_only=True,
        phase="standing",
    )


class ChangeHonour(ChangeStanding, frozen=True, kw_only=True):
    """Change honour (e.g. +0.3, -1.0)."""

    spec = _standing_spec("honour")
    standing = "honour"


class ChangeGlory(ChangeStanding, frozen=True, kw_only=True):
    """Change glory (e.g. +0.3, -1.0)."""

    spec = _standing_spec("glory")
    standing = "glory"


class ChangeStatus(ChangeStanding, frozen=True, kw_only=True):
    """Change status (e.g. +0.3, -1.0)."""

    spec = _standing_spec("status")
    standing = "status"


class ChangeTaint(ChangeStanding, frozen=True, kw_only=True):
    """Change taint (e.g. +0.3, -1.0)."""

    spec = _standing_spec("taint")
    standing = "taint"


def decide_standing(play: Any, command: ChangeStanding, context: Context) -> list[Event]:
    events: list[Event] = play.change_standing(
        actor=context.actor,
        at=context.at,
        character=command.character,
        standing=command.standing,
        delta=command.delta,
        reason=command.reason,
    )
    return events


class AwardExperience(Command, frozen=True, kw_only=True):
    """Award XP."""

    spec = CommandSpec(("xp", "award"), positional=("amount",), gm_only=True, phase="standing")

    character: Character
    amount: Annotated[Amount, Meta(description="the experience points awarded")]


class SpendExperience(Command, frozen=True, kw_only=True):
    """Spend XP on one trait, the Void ring, a skill rank or an emphasis."""

    spec = CommandSpec(("xp", "spend"), phase="standing")

    character: Character
    trait: Annotated[TraitName, Meta(description="a trait to raise")] | None = None
    void: Annotated[bool, Meta(description="raise the Void ring")] = False
    skill: Annotated[str, Meta(max_length=100, description="a skill to raise")] | None = None
    emphasis: Annotated[str, Meta(max_length=200, description="SKILL:EMPHASIS")] | None = None


def decide_spend(play: Any, command: SpendExperience, context: Context) -> list[Event]:
    chosen = [
        kind
        for kind, given in (
            ("trait", command.trait),
            ("void", command.void),
            ("skill", command.skill),
            ("emphasis", command.emphasis),
        )
        if given
    ]
    if len(chosen) != 1:
        raise MalformedInput("spend XP on exactly one of --trait, --void, --skill, --emphasis")
    if command.trait:
        purchase = Purchase("trait", command.trait)
    elif command.void:
        purchase = Purchase("void")
    elif command.skill:
        purchase = Purchase("skill", command.skill)
    else:
        skill, sep, emphasis = (command.emphasis or "").partition(":")
        if not sep:
            raise MalformedInput(f"emphasis {command.emphasis!r} is written SKILL:EMPHASIS")
        purchase = Purchase("emphasis", skill, emphasis)
    events: list[Event] = play.spend_xp(
        actor=context.actor, at=context.at, character=command.character, purchase=purchase
    )
    return events
