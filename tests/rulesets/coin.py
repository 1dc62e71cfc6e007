"""``coin``: a tiny ruleset that shows a new ruleset is one package plus one registry line.

It has its own dice family (coins: each flip is heads, 1, or tails, 2), one command
(``flip``: call heads or tails and flip some coins; a majority of the call wins), one
event (``CoinsFlipped``, with every face) and one view (``luck``: flips and wins per
character). It is registered only by the tests (for the command line:
``KIROKU_RULESETS=coin=tests.rulesets.coin`` with the repository on ``PYTHONPATH``), and
it touches nothing of the core.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from domain.commands import Command, CommandSpec, Context
from domain.errors import MalformedInput, NotAllowed, NotFound
from domain.events import CharacterJoined, Event
from domain.names import key
from domain.rulesets.base import Core, Option, RulesetFactory, Table, View

RULESET_ID = "coin"
HEADS, TAILS = 1, 2
Call = Literal["heads", "tails"]


class CoinSheet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Annotated[str, Meta(min_length=1, max_length=100)]


class CoinsFlipped(Event, frozen=True, kw_only=True):
    """Coins flipped for a call: every face (1 heads, 2 tails), and whether it won."""

    character: str
    call: Call
    faces: tuple[int, ...]
    won: bool


class Flip(Command, frozen=True, kw_only=True):
    """Call heads or tails and flip coins: a majority of the call wins."""

    spec = CommandSpec(("flip",), dice="queue", positional=("coins",), phase="rolls")

    character: Annotated[str, Meta(min_length=1, max_length=100, description="who flips")]
    coins: Annotated[int, Meta(ge=1, le=9, description="how many coins")]
    call: Call = "heads"


def outcome(call: Call, faces: tuple[int, ...]) -> bool:
    """The coin family's rule: the call wins on a strict majority of its face."""
    wanted = HEADS if call == "heads" else TAILS
    return sum(face == wanted for face in faces) * 2 > len(faces)


@dataclass
class Luck:
    players: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    flips: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class CoinRuleset:
    options: Mapping[str, str]
    id: str = RULESET_ID
    title: str = "Coin flips (a test ruleset)"
    declared_options: Mapping[str, Option] = field(default_factory=dict)
    sheet_type: type[Any] = CoinSheet
    event_types: tuple[type[Event], ...] = (CoinsFlipped,)
    command_types: tuple[type[Command], ...] = (Flip,)

    @property
    def views(self) -> Mapping[str, View]:
        return {"luck": luck}

    def tables(self, projections: Mapping[str, Any]) -> list[Table]:
        rows = tuple(
            (name, str(luck["flips"]), str(luck["wins"]))
            for name, luck in projections["luck"].items()
        )
        return [Table("", ("character", "flips", "wins"), rows)]

    def check_sheet(self, sheet: Any) -> None:
        if not isinstance(sheet, CoinSheet):
            raise MalformedInput(f"a coin sheet, not {type(sheet).__name__}")

    def initial(self) -> Luck:
        return Luck()

    def dump_state(self, state: Luck) -> bytes:
        return msgspec.msgpack.encode(state)

    def load_state(self, data: bytes) -> Luck:
        return msgspec.msgpack.decode(data, type=Luck)

    def fold_handlers(self) -> Mapping[type[Event], Any]:
        return {CharacterJoined: self.evolve, CoinsFlipped: self.evolve}

    def evolve(self, state: Luck, event: Event) -> Luck:
        if isinstance(event, CharacterJoined):
            state.players[key(event.sheet.name)] = event.player
            state.names[key(event.sheet.name)] = event.sheet.name
        elif isinstance(event, CoinsFlipped):
            who = key(event.character)
            state.flips[who] = state.flips.get(who, 0) + 1
            state.wins[who] = state.wins.get(who, 0) + event.won
        return state

    def decide(self, core: Core, state: Luck, command: Command, context: Context) -> list[Event]:
        assert isinstance(command, Flip)
        who = key(command.character)
        if who not in state.names:
            raise NotFound(f"no character {command.character!r} in this session")
        if not core.is_gm(context.actor) and context.actor != state.players[who]:
            raise NotAllowed(f"{context.actor!r} may not flip for {state.names[who]!r}")
        dice = context.need_source(command)
        faces = tuple(dice.randint(HEADS, TAILS) for _ in range(command.coins))
        if any(face not in (HEADS, TAILS) for face in faces):
            raise MalformedInput(f"a coin shows 1 (heads) or 2 (tails), not {faces!r}")
        return [
            CoinsFlipped(
                actor=context.actor,
                at=context.at,
                character=state.names[who],
                call=command.call,
                faces=faces,
                won=outcome(command.call, faces),
            )
        ]

    def odds(self, roll: str, tn: int, **options: Any) -> float:
        """``roll`` is a number of coins; ``tn`` is ignored: the chance a call wins."""
        if not roll.isdigit() or not 1 <= int(roll) <= 9:
            raise MalformedInput(f"{roll!r} is not a number of coins from 1 to 9")
        coins = int(roll)
        wins = sum(comb(coins, k) for k in range(coins // 2 + 1, coins + 1))
        return float(wins / 2**coins)

    def verify(self, event: Event) -> None:
        if isinstance(event, CoinsFlipped) and event.won != outcome(event.call, event.faces):
            raise MalformedInput(f"the flips {event.faces!r} do not give won={event.won}")

    def describe(self, event: Event) -> str:
        if isinstance(event, CoinsFlipped):
            verdict = "wins" if event.won else "loses"
            return f"{event.character} calls {event.call}, flips {list(event.faces)}: {verdict}"
        return type(event).__name__

    def explain(self, event: Event, before: Any = None) -> list[str]:
        if isinstance(event, CoinsFlipped):
            return [f"flip {i + 1}: {face}" for i, face in enumerate(event.faces)]
        return []

    def follows(self, event: Event, before: Any = None) -> tuple[()]:
        return ()  # a flip follows from nothing

    def warnings(self, events: Sequence[Event], after: Any = None) -> list[str]:
        return []  # nothing a flip needs to say


def luck(state: Luck) -> dict[str, Any]:
    return {
        name: {"flips": state.flips.get(who, 0), "wins": state.wins.get(who, 0)}
        for who, name in state.names.items()
    }


def build(options: Mapping[str, str]) -> CoinRuleset:
    if options:
        raise MalformedInput(f"ruleset {RULESET_ID!r} has no option {sorted(options)[0]!r}")
    return CoinRuleset(options=dict(options))


_conforms: RulesetFactory = build  # mypy checks the ruleset against the protocol
