"""A ruleset that forgets what the core and the surfaces rely on — coin's, listing one
more command it decides nowhere (of a phase no surface knows, as an unchecked plug-in
may write it), one more event nothing folds, and an option whose values it lists in its
help but does not declare: what the conformance kit must catch, each by its named check
(``tests/unit/test_ruleset_conformance.py``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Annotated, Any

from msgspec import Meta

from domain.commands import Command, CommandSpec
from domain.events import Event
from domain.rulesets.base import Option
from domain.rulesets.options import Options
from tests.rulesets.coin import CoinRuleset
from tests.rulesets.coin import build as build_coin


class Spin(Command, frozen=True, kw_only=True):
    """Spin the coin on its edge (listed, decided nowhere)."""

    spec = CommandSpec(("spin",), phase="spinning")  # type: ignore[arg-type]

    character: Annotated[str, Meta(max_length=100)]


class CoinSpun(Event, frozen=True, kw_only=True):
    """A coin spun (recorded, folded nowhere)."""

    character: str


OPTIONS = {
    "edge": Option(
        "never (default): a spun coin falls; sometimes: it may stand on its edge", "never"
    ),
}
"""An option that takes one of a closed set, as its help says, declaring none of them."""


def build(options: Mapping[str, str]) -> Any:
    Options("forgetful", options, OPTIONS).text("edge")  # read as any text
    coin = build_coin({})
    assert isinstance(coin, CoinRuleset)
    return dataclasses.replace(
        coin,
        id="forgetful",
        options=dict(options),
        declared_options=OPTIONS,
        command_types=(*coin.command_types, Spin),
        event_types=(*coin.event_types, CoinSpun),
    )
