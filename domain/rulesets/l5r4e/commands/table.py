"""The l5r4e commands of every table: rolls, initiative, rounds, stances, Void, wounds and
healing, honour/glory/status/taint, XP."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec
from msgspec import Meta

from domain.commands import Command, CommandSpec, Context
from domain.dice.roll import RollOptions
from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.l5r4e import combat
from domain.rulesets.l5r4e.commands.fields import (
    TN,
    Amount,
    Character,
    FreeRaises,
    Raises,
    Tenths,
    Text,
    Void,
)
from domain.rulesets.l5r4e.contests import tn_for
from domain.rulesets.l5r4e.skills import skill_roll
from domain.rulesets.roll_keep_kit.events import RollPurpose
from domain.rulesets.roll_keep_kit.purchase import Purchase
from domain.rulesets.roll_keep_kit.standing import Standing, parse_tenths


class Roll(Command, frozen=True, kw_only=True):
    """A roll recorded in the session: an expression, or a skill, trait or ring roll."""

    spec = CommandSpec(("roll",), dice="faces", positional=("expression",), flags={
        "use_center": "--center"})  # fmt: skip

    expression: Annotated[str, Meta(max_length=100, description="a roll such as 7k3+5")] | None = (
        None
    )
    character: Character | None = None
    skill: Annotated[str, Meta(max_length=100, description="the skill rolled")] | None = None
    trait: Annotated[str, Meta(max_length=20, description="the trait rolled")] | None = None
    ring: Annotated[str, Meta(max_length=10, description="the ring rolled")] | None = None
    tn: TN | None = None
    difficulty: Annotated[str, Meta(description="easy, average, very_hard, impossible")] | None = (
        None
    )
    raises: Raises = 0
    free_raises: FreeRaises = 0
    unskilled: Annotated[bool, Meta(description="10s do not explode, no raises")] = False
    emphasis: Annotated[bool, Meta(description="reroll each first 1 once")] = False
    void: Void = False
    void_skill: Annotated[bool, Meta(description="a Void point: skill 0 → 1")] = False
    purpose: RollPurpose = "other"
    label: Annotated[str, Meta(max_length=100)] | None = None
    hidden: Annotated[bool, Meta(description="a GM's hidden roll")] = False
    use_center: Annotated[bool, Meta(description="last round's Center bonus")] = False


def decide_roll(play: Any, command: Roll, context: Context) -> list[Event]:
    """A skill/trait/ring roll through the 4e skill rules, or a bare expression."""
    options = RollOptions(
        tn=command.tn,
        raises=command.raises,
        free_raises=command.free_raises,
        unskilled=command.unskilled,
        emphasis=command.emphasis,
        void=command.void,
    )
    if command.difficulty is not None:
        if command.tn is not None:
            raise MalformedInput("give --tn or --difficulty, not both")
        options = msgspec.structs.replace(options, tn=tn_for(command.difficulty))
    dice = context.need_dice(command)
    if command.skill or command.trait or command.ring:
        if command.expression:
            raise MalformedInput(
                f"give an expression ({command.expression!r}) or --skill/--trait/--ring, not both"
            )
        if not command.character:
            raise MalformedInput("--skill, --trait and --ring need --character")
        events: list[Event] = skill_roll(
            play,
            actor=context.actor,
            at=context.at,
            character=command.character,
            dice=dice,
            options=options,
            skill=command.skill,
            trait=command.trait,
            ring=command.ring,
            void_skill=command.void_skill,
            purpose=None if command.purpose == "other" else command.purpose,
            label=command.label,
            use_center=command.use_center,
            hidden=command.hidden,
            reason=command.reason,
        )
        return events
    if not command.expression:
        raise MalformedInput("give a dice expression, or --skill/--trait/--ring")
    if command.void_skill:
        raise MalformedInput("--void-skill goes with --skill")
    rolled: list[Event] = play.roll(
        actor=context.actor,
        at=context.at,
        expression=command.expression,
        options=options,
        dice=dice,
        character=command.character,
        purpose=command.purpose,
        label=command.label or "",
        hidden=command.hidden,
        reason=command.reason,
        use_center=command.use_center,
    )
    return rolled


class RollInitiative(Command, frozen=True, kw_only=True):
    """Roll initiative (insight rank + Reflexes, keep Reflexes)."""

    spec = CommandSpec(("initiative",), dice="faces")

    character: Character


class StartCombat(Command, frozen=True, kw_only=True):
    """Start a combat."""

    spec = CommandSpec(("combat", "start"))


class StartRound(Command, frozen=True, kw_only=True):
    """Start the next round of the combat."""

    spec = CommandSpec(("combat", "round"))


class NextTurn(Command, frozen=True, kw_only=True):
    """The character whose turn it is passes; the next acts."""

    spec = CommandSpec(("combat", "next"))


class EndCombat(Command, frozen=True, kw_only=True):
    """End the combat."""

    spec = CommandSpec(("combat", "end"))


class ChooseStance(Command, frozen=True, kw_only=True):
    """Choose a stance at the start of the round."""

    spec = CommandSpec(("stance",), positional=("stance",))

    character: Character
    stance: Annotated[str, Meta(max_length=20, description="attack, full_attack, defense, "
                                "full_defense or center")]  # fmt: skip


class SpendVoid(Command, frozen=True, kw_only=True):
    """Spend (or, with --regain, regain) a Void point."""

    spec = CommandSpec(("void",))

    character: Character
    purpose: Text = "declared before the roll"
    use: Annotated[
        Literal["armour", "initiative", "technique", "other"],
        Meta(description="armour: +10 armour TN this round; initiative: +10 for the combat; "
             "technique: a school technique (outside the one-a-round limit)"),
    ] = "other"  # fmt: skip
    regain: Annotated[str, Meta(pattern=r"^(all|[0-9]{1,4})$", description="N or all")] | None = (
        None
    )
    source: Text = "a full night's sleep"


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


class TakeWounds(Command, frozen=True, kw_only=True):
    """Wounds taken."""

    spec = CommandSpec(("wound",), positional=("amount",))

    character: Character
    amount: Amount
    source: Text = ""


class Heal(Command, frozen=True, kw_only=True):
    """Wounds healed."""

    spec = CommandSpec(("heal",), positional=("amount",))

    character: Character
    amount: Amount
    method: Text = ""


class ChangeStanding(Command, frozen=True, kw_only=True):
    """Honour, glory, status or taint moved by a number of tenths."""

    standing: ClassVar[Standing]
    character: Character
    delta: Tenths


def _standing_spec(name: str) -> CommandSpec:
    return CommandSpec((name,), positional=("delta",), parsers={"delta": parse_tenths})


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

    spec = CommandSpec(("xp", "award"), positional=("amount",))

    character: Character
    amount: Amount


class SpendExperience(Command, frozen=True, kw_only=True):
    """Spend XP on one trait, the Void ring, a skill rank or an emphasis."""

    spec = CommandSpec(("xp", "spend"))

    character: Character
    trait: Annotated[str, Meta(max_length=20, description="a trait to raise")] | None = None
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
