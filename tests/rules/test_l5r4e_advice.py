"""What the GM hears about a ruling the 4e rules let stand (:mod:`domain.rulesets.l5r4e.advice`)."""

from __future__ import annotations

from datetime import UTC, datetime

from domain.events import CharacterJoined
from domain.rulesets.l5r4e.advice import warnings
from domain.rulesets.roll_keep_kit.character import Armour
from tests.support import sheet

AT = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def joined(armour: Armour | None) -> CharacterJoined:  # type: ignore[type-arg]
    return CharacterJoined(actor="sensei", at=AT, sheet=sheet(armour=armour), player="ana")


def test_heavy_armour_without_its_plus_10_is_named() -> None:
    """« et de +10 lorsqu'il s'agit d'une armure lourde »."""
    [line] = warnings([joined(Armour("O-yoroi", 10, 5))], None)
    assert "as heavy armour does" in line and "+10 to the TN of every Agility" in line


def test_armour_with_its_penalty_or_unlike_the_summary_s_says_nothing() -> None:
    """The summary gives no skill penalty for ashigaru armour (+3): nothing to say."""
    assert warnings([joined(Armour("Light armour", 5, 3, 5))], None) == []
    assert warnings([joined(Armour("Ashigaru armour", 3, 1))], None) == []
    assert warnings([joined(None)], None) == []
