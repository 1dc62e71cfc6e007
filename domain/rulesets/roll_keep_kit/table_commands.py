"""The commands every roll & keep ruleset's table takes alike: a combat's start, rounds,
turns and end, and the wounds and healing the GM rules."""

from typing import Annotated

from msgspec import Meta

from domain.commands import Command, CommandSpec
from domain.rulesets.roll_keep_kit.fields import Amount, Character, Text


class StartCombat(Command, frozen=True, kw_only=True):
    """Start a combat."""

    spec = CommandSpec(("combat", "start"), gm_only=True, phase="turns")


class StartRound(Command, frozen=True, kw_only=True):
    """Start the next round of the combat."""

    spec = CommandSpec(("combat", "round"), gm_only=True, phase="turns")


class NextTurn(Command, frozen=True, kw_only=True):
    """The character whose turn it is passes; the next acts."""

    spec = CommandSpec(("combat", "next"), phase="turns")


class EndCombat(Command, frozen=True, kw_only=True):
    """End the combat."""

    spec = CommandSpec(("combat", "end"), gm_only=True, phase="turns")


class TakeWounds(Command, frozen=True, kw_only=True):
    """Wounds taken."""

    spec = CommandSpec(("wound",), positional=("amount",), gm_only=True, phase="wounds")

    character: Character
    amount: Annotated[Amount, Meta(description="how many wounds")]
    source: Annotated[Text, Meta(description="what dealt them (a fall, poison)")] = ""


class Heal(Command, frozen=True, kw_only=True):
    """Wounds healed."""

    spec = CommandSpec(("heal",), positional=("amount",), gm_only=True, phase="wounds")

    character: Character
    amount: Annotated[Amount, Meta(description="how many wounds")]
    method: Annotated[Text, Meta(description="how (rest, Medicine, a spell)")] = ""
