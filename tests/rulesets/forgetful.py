"""A ruleset that forgets three things the core relies on — coin's, listing one more
command it decides nowhere (of a phase no surface knows, as an unchecked plug-in may
write it) and one more event nothing folds: what the conformance kit must catch, each by
its named check (``tests/unit/test_ruleset_conformance.py``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Annotated, Any

from msgspec import Meta

from domain.commands import Command, CommandSpec
from domain.events import Event
from tests.rulesets.coin import CoinRuleset
from tests.rulesets.coin import build as build_coin


class Spin(Command, frozen=True, kw_only=True):
    """Spin the coin on its edge (listed, decided nowhere)."""

    spec = CommandSpec(("spin",), phase="spinning")  # type: ignore[arg-type]

    character: Annotated[str, Meta(max_length=100)]


class CoinSpun(Event, frozen=True, kw_only=True):
    """A coin spun (recorded, folded nowhere)."""

    character: str


def build(options: Mapping[str, str]) -> Any:
    coin = build_coin(options)
    assert isinstance(coin, CoinRuleset)
    return dataclasses.replace(
        coin,
        id="forgetful",
        command_types=(*coin.command_types, Spin),
        event_types=(*coin.event_types, CoinSpun),
    )
