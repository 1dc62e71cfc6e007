"""The l5r4e commands of every table: rolls, initiative, rounds and stances."""

from typing import Annotated, Any

import msgspec
from msgspec import Meta

from domain.commands import Command, CommandSpec, Context
from domain.dice.roll_keep.roll import RollOptions
from domain.errors import MalformedInput
from domain.events import Event
from domain.names import key
from domain.rulesets.l5r4e.contests import TN_LADDER, tn_for
from domain.rulesets.l5r4e.skills import require_skill, skill_roll
from domain.rulesets.l5r4e.stances import STANCES
from domain.rulesets.roll_keep_kit.deciding import refuse_initiative
from domain.rulesets.roll_keep_kit.fields import (
    Character,
    FreeRaises,
    RollFields,
    Void,
)
from domain.rulesets.roll_keep_kit.table_commands import EndCombat as EndCombat
from domain.rulesets.roll_keep_kit.table_commands import NextTurn as NextTurn
from domain.rulesets.roll_keep_kit.table_commands import StartCombat as StartCombat


class StartRound(Command, frozen=True, kw_only=True):
    """Start the next round of the combat, with the stances its characters declare."""

    spec = CommandSpec(
        ("combat", "round"),
        flags={"stances": "--stance"},
        added={"stances": ()},
        gm_only=True,
        phase="turns",
    )

    stances: Annotated[
        tuple[Annotated[str, Meta(min_length=3, max_length=140)], ...],
        Meta(max_length=50, description="NAME=STANCE, once a character (repeat --stance): "
             "the stance each declares as the round starts, as `kiroku stance` would"),
    ] = ()  # fmt: skip


def decide_start_round(play: Any, command: StartRound, context: Context) -> list[Event]:
    """« À chaque début de round, un personnage choisit sa posture »: the round begun,
    then each stance declared for it (:meth:`Play.choose_stance`, as the session stands
    once the round is begun) — one command for what a table says at once."""
    events: list[Event] = play.start_round(actor=context.actor, at=context.at)
    named: set[str] = set()
    for given in command.stances:
        name, stance = stance_declared(given)
        if key(name) in named:
            raise MalformedInput(f"--stance {given!r}: {name!r} declares one stance")
        named.add(key(name))
        events += play.after(events).choose_stance(
            actor=context.actor, at=context.at, character=name, stance=stance
        )
    return events


def stance_declared(given: str) -> tuple[str, str]:
    """A round's ``--stance NAME=STANCE``: the name and the stance, or a refusal quoting
    what was given."""
    name, sep, stance = given.partition("=")
    if not sep or not name.strip() or not stance.strip():
        raise MalformedInput(f"--stance {given!r}: NAME=STANCE, e.g. 'Akodo Kaneka=attack'")
    return name.strip(), stance.strip()


class Roll(RollFields, frozen=True, kw_only=True):
    """A roll recorded in the session: an expression, or a skill, trait or ring roll."""

    spec = CommandSpec(("roll",), dice="faces", positional=("expression",), flags={
        "use_center": "--center"}, phase="rolls")  # fmt: skip

    difficulty: (
        Annotated[
            str,
            Meta(
                max_length=20,
                description="the TN by its name on the ladder",
                extra_json_schema={"enum": list(TN_LADDER)},
            ),
        ]
        | None
    ) = None
    free_raises: FreeRaises = 0
    emphasis: Annotated[bool, Meta(description="reroll each first 1 once")] = False
    void: Void = False
    void_skill: Annotated[bool, Meta(description="a Void point: skill 0 → 1")] = False
    use_center: Annotated[bool, Meta(description="last round's Center bonus")] = False
    void_free_action: Annotated[
        bool,
        Meta(description="at Out, the GM lets a Void point buy this one free action"),
    ] = False


def decide_roll(play: Any, command: Roll, context: Context) -> list[Event]:
    """A skill/trait/ring roll through the 4e skill rules, or a bare expression."""
    refuse_initiative(command.purpose)
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
        if command.skill and not (command.unskilled or command.void_skill):
            require_skill(
                play.character_named(command.character).sheet, command.skill, "--unskilled"
            )
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
            void_free_action=command.void_free_action,
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
        void_free_action=command.void_free_action,
    )
    return rolled


class RollInitiative(Command, frozen=True, kw_only=True):
    """Roll initiative (insight rank + Reflexes, keep Reflexes)."""

    spec = CommandSpec(("initiative",), dice="faces", for_groups=True, phase="turns")

    character: Character


class ChooseStance(Command, frozen=True, kw_only=True):
    """Choose a stance at the start of the round."""

    spec = CommandSpec(("stance",), positional=("stance",), for_groups=True, phase="turns")

    character: Character
    stance: Annotated[
        str,
        Meta(
            max_length=20,
            description="the stance taken for the round",
            extra_json_schema={"enum": list(STANCES)},
        ),
    ]
