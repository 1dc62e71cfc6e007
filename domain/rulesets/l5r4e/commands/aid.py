"""The l5r4e commands of contests and care: opposed and cooperative rolls, a second
attempt, rest, medicine, meditation and the tea ceremony."""

from typing import Annotated, Any, Literal

from msgspec import Meta

from domain.commands import Command, CommandSpec, Context
from domain.events import Event
from domain.rulesets.l5r4e import contests
from domain.rulesets.l5r4e.fatigue import MAX_HOURS, STAY_AWAKE_TN
from domain.rulesets.l5r4e.recovery import MEDICINE_TN
from domain.rulesets.l5r4e.skills import require_skill
from domain.rulesets.roll_keep_kit.fields import (
    TN,
    Character,
    Name,
    Raises,
    RingName,
    TraitName,
    Void,
)

Skill = Annotated[str, Meta(min_length=1, max_length=100, description="the skill rolled")]
Trait = Annotated[TraitName, Meta(min_length=1)]
Ring = Annotated[RingName, Meta(min_length=1)]
Names = Annotated[tuple[Name, ...], Meta(max_length=20)]


class Oppose(Command, frozen=True, kw_only=True):
    """An opposed roll."""

    spec = CommandSpec(("oppose",), dice="queue", gm_only=True, phase="rolls")

    contest: Annotated[str, Meta(min_length=1, max_length=100, description="what it is about")]
    first: Annotated[Name, Meta(description="the first character")]
    first_skill: Skill | None = None
    first_trait: Trait | None = None
    first_ring: Ring | None = None
    second: Annotated[Name, Meta(description="the second character")]
    second_skill: Skill | None = None
    second_trait: Trait | None = None
    second_ring: Ring | None = None
    honour: Annotated[
        Literal["first", "second"],
        Meta(description="which side adds its honour rank (resisting)"),
    ] | None = None  # fmt: skip
    effect: (
        Annotated[
            Literal["disarm", "knockdown"],
            Meta(description="what the first side's win does to the second"),
        ]
        | None
    ) = None
    first_unskilled: Annotated[bool, Meta(description="the first rolls a skill they lack")] = False
    second_unskilled: Annotated[bool, Meta(description="the second rolls a skill they lack")] = (
        False
    )


def decide_oppose(play: Any, command: Oppose, context: Context) -> list[Event]:
    for which in ("first", "second"):
        skill = getattr(command, f"{which}_skill")
        if skill and not getattr(command, f"{which}_unskilled"):
            sheet = play.character_named(getattr(command, which)).sheet
            require_skill(sheet, skill, f"--{which}-unskilled")

    def side(which: Literal["first", "second"]) -> contests.Side:
        return contests.Side(
            getattr(command, which),
            getattr(command, f"{which}_skill"),
            getattr(command, f"{which}_trait"),
            getattr(command, f"{which}_ring"),
            add_honour=command.honour == which,
        )

    events: list[Event] = contests.oppose(
        play,
        actor=context.actor,
        at=context.at,
        contest=command.contest,
        first=side("first"),
        second=side("second"),
        dice=context.need_source(command),
        effect=command.effect,
    )
    return events


class LeadRoll(Command, frozen=True, kw_only=True):
    """A cooperative roll: the leader rolls, each follower adding their skill rank."""

    spec = CommandSpec(
        ("cooperate", "lead"), dice="faces", flags={"followers": "--follower"}, phase="rolls"
    )

    leader: Name
    followers: Annotated[Names, Meta(description="who helps the leader")] = ()
    skill: Skill
    trait: Trait
    tn: TN | None = None
    raises: Raises = 0


class FollowRolls(Command, frozen=True, kw_only=True):
    """A cooperative roll: each follower rolls, a success adds to the leader's roll."""

    spec = CommandSpec(
        ("cooperate", "follow"),
        dice="queue",
        flags={"followers": "--follower"},
        gm_only=True,
        phase="rolls",
    )

    leader: Name
    followers: Annotated[Names, Meta(description="who rolls to help the leader")] = ()
    skill: Skill
    trait: Trait
    tn: TN | None = None


class SecondAttempt(Command, frozen=True, kw_only=True):
    """Investigation/Perception again at +15."""

    spec = CommandSpec(("second-attempt",), dice="faces", phase="fighting")

    character: Character
    void: Void = False


class Rest(Command, frozen=True, kw_only=True):
    """A night's rest."""

    spec = CommandSpec(("rest",), dice="queue", gm_only=True, phase="wounds")

    character: Character


class PassTime(Command, frozen=True, kw_only=True):
    """Move the session's clock on (hours of the story)."""

    spec = CommandSpec(("time",), gm_only=True, phase="wounds")

    hours: Annotated[int, Meta(ge=1, le=MAX_HOURS, description="hours that pass")]


class StayAwake(Command, frozen=True, kw_only=True):
    """A fatigued character's Willpower roll to stay awake (every two hours)."""

    spec = CommandSpec(("stay-awake",), dice="faces", gm_only=True, phase="rolls")

    character: Character
    tn: Annotated[int, Meta(ge=0, le=100, description="the GM's TN (default 15)")] = STAY_AWAKE_TN


class GiveKit(Command, frozen=True, kw_only=True):
    """Hand a medicine kit."""

    spec = CommandSpec(("kit",), gm_only=True, phase="wounds")

    character: Character


class Medicine(Command, frozen=True, kw_only=True):
    """Treat wounds with Medicine."""

    spec = CommandSpec(("medicine",), dice="queue", flags={"healer": "--character"}, phase="wounds")

    healer: Character
    patient: Name
    raises: Raises = 0
    tn: TN = MEDICINE_TN


class Meditate(Command, frozen=True, kw_only=True):
    """Meditation to regain Void."""

    spec = CommandSpec(("meditate",), dice="faces", phase="rolls")

    character: Character
    half_hours: Annotated[int, Meta(ge=1, le=48, description="half hours of meditation")] = 1


class TeaCeremony(Command, frozen=True, kw_only=True):
    """A tea ceremony."""

    spec = CommandSpec(
        ("tea",),
        dice="faces",
        flags={"leader": "--character", "participants": "--guest"},
        phase="rolls",
    )

    leader: Character
    participants: Annotated[Names, Meta(description="who takes part beside the host")] = ()
