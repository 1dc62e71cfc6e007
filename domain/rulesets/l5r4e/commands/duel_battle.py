"""The l5r4e commands of an iaijutsu duel and of a mass battle, step by step."""

from typing import Annotated, Any, Literal

from msgspec import Meta

from domain.commands import Command, CommandSpec, Context
from domain.events import Event
from domain.rulesets.l5r4e import battle
from domain.rulesets.l5r4e.events import BattleEntry
from domain.rulesets.l5r4e.manoeuvres import STRIKE_MANOEUVRES, declared
from domain.rulesets.roll_keep_kit.fields import Character, FreeRaises, Name, Text

Learnable = Literal["void", "reflexes", "iaijutsu", "mastery", "void_points", "wound_rank"]
DuelId = Annotated[str, Meta(min_length=1, max_length=40, description="the duel (duel-1, …)")]


class BeginDuel(Command, frozen=True, kw_only=True):
    """Begin an iaijutsu duel."""

    spec = CommandSpec(("duel", "begin"), gm_only=True, phase="turns")

    challenger: Name
    defender: Name
    kind: Annotated[
        Literal["first_blood", "to_the_death"],
        Meta(description="to first blood (the first wound ends it), or to the death"),
    ] = "first_blood"


class Assess(Command, frozen=True, kw_only=True):
    """The duellists' assessment rolls."""

    spec = CommandSpec(
        ("duel", "assess"),
        dice="queue",
        flags={"challenger_learns": "--challenger-learns", "defender_learns": "--defender-learns"},
        phase="turns",
    )

    duel: DuelId
    raises: Annotated[
        tuple[Annotated[int, Meta(ge=0, le=10)], Annotated[int, Meta(ge=0, le=10)]],
        Meta(description="raises called by the challenger and the defender"),
    ] = (0, 0)
    challenger_learns: Annotated[
        tuple[Learnable, ...],
        Meta(max_length=6, description="what the challenger learns, in the order chosen"),
    ] = ()
    defender_learns: Annotated[
        tuple[Learnable, ...],
        Meta(max_length=6, description="what the defender learns, in the order chosen"),
    ] = ()


class Concede(Command, frozen=True, kw_only=True):
    """A duellist concedes after the assessment."""

    spec = CommandSpec(("duel", "concede"), phase="turns")

    duel: DuelId
    character: Character


class Focus(Command, frozen=True, kw_only=True):
    """The duellists' focus rolls."""

    spec = CommandSpec(("duel", "focus"), dice="queue", phase="turns")

    duel: DuelId


class Strike(Command, frozen=True, kw_only=True):
    """The strike."""

    spec = CommandSpec(
        ("duel", "strike"), dice="queue", flags={"manoeuvres": "--manoeuvre"}, phase="fighting"
    )

    duel: DuelId
    manoeuvres: Annotated[
        tuple[Annotated[str, Meta(max_length=40)], ...],
        Meta(max_length=3, description="the first striker's, each NAME or NAME:ARGUMENT "
             "(called_shot:arm)", extra_json_schema=declared(STRIKE_MANOEUVRES)),
    ] = ()  # fmt: skip
    raises: Annotated[int, Meta(ge=0, le=10, description="raises the first striker calls")] = 0


class BeginBattle(Command, frozen=True, kw_only=True):
    """Begin a mass battle with the GM's table."""

    spec = CommandSpec(
        ("battle", "begin"), files={"table": "battle table"}, gm_only=True, phase="turns"
    )

    name: Annotated[str, Meta(min_length=1, max_length=100, description="the battle")]
    armies: Annotated[
        tuple[Annotated[int, Meta(ge=1, le=1_000_000)], Annotated[int, Meta(ge=1, le=1_000_000)]],
        Meta(description="the sizes of our army and theirs"),
    ]
    table: Annotated[
        tuple[BattleEntry, ...],
        Meta(max_length=1000, description="the GM's mass battle table, row by row"),
    ]


class NextBattleTurn(Command, frozen=True, kw_only=True):
    """The next turn of the battle."""

    spec = CommandSpec(("battle", "turn"), gm_only=True, phase="turns")


class DeclareEngagement(Command, frozen=True, kw_only=True):
    """A character's engagement this turn."""

    spec = CommandSpec(("battle", "engage"), positional=("engagement",), phase="turns")

    character: Character
    engagement: Annotated[
        Literal["reserve", "disengaged", "engaged", "front_line"],
        Meta(description="how deep in the fighting the character goes this turn"),
    ]


class Commanders(Command, frozen=True, kw_only=True):
    """The commanders' contest."""

    spec = CommandSpec(("battle", "commanders"), dice="queue", phase="turns")

    ours: Name
    theirs: Name
    our_free_raises: FreeRaises = 0
    their_free_raises: FreeRaises = 0


class DrawBattleResult(Command, frozen=True, kw_only=True):
    """A character's roll on the GM's battle table."""

    spec = CommandSpec(("battle", "draw"), dice="faces", phase="turns")

    character: Character


class HeroicOpportunity(Command, frozen=True, kw_only=True):
    """A heroic opportunity, taken (or refused)."""

    spec = CommandSpec(("battle", "heroic"), phase="turns")

    character: Character
    refuse: Annotated[bool, Meta(description="refuse the opportunity")] = False
    note: Annotated[Text, Meta(description="what the opportunity was")] = ""


def decide_heroic(play: Any, command: HeroicOpportunity, context: Context) -> list[Event]:
    return battle.heroic(
        play,
        actor=context.actor,
        at=context.at,
        character=command.character,
        accepted=not command.refuse,
        note=command.note,
    )


class EndBattle(Command, frozen=True, kw_only=True):
    """End the battle."""

    spec = CommandSpec(("battle", "end"), gm_only=True, phase="turns")
