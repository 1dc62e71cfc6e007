"""Wound levels by number as well as by name, in every ruleset that has them (issue 31,
« Interface, every ruleset »): a front end reads ``level_number`` — the level's place on
the ruleset's own ladder, 0 the healthy one — beside its name, in the ``wounds`` view
``state --json`` prints. Les Errants d'Ukiyo counts wounds in four boxes, a number
already (``characters``: ``wounds``); 5th edition has fatigue and strife, no ladder."""

from __future__ import annotations

from typing import Any

from domain.rulesets import load_ruleset
from domain.rulesets.l5r3e import commands as third
from domain.rulesets.l5r4e.commands.books import TakeWounds
from domain.rulesets.l5r_house import commands as house
from tests.replays import curate_3e
from tests.replays.curate_house import samurai
from tests.replays.kit_4e import join
from tests.support import RecordedTable, sheet


def wounds_view(t: RecordedTable, ruleset: str) -> Any:
    return load_ruleset(ruleset).views["wounds"](t.session.table)


def test_4e_ranks_by_number_earth_5_then_earth_2() -> None:
    """4e: Healthy holds Earth × 5, each rank after it Earth × 2: Earth 2, 15 wounds are
    past Healthy (10) and Nicked (14), within Grazed (18): the second wounded rank; 19
    are Hurt, the third."""
    t = RecordedTable("night", "l5r4e")
    t.do(join(sheet(), "ana"))
    t.do(TakeWounds(character="Akodo Kaneka", amount=15, source="a fall"))
    kaneka = wounds_view(t, "l5r4e")["Akodo Kaneka"]
    assert (kaneka["rank"], kaneka["level_number"]) == ("Grazed", 2)
    t.do(TakeWounds(character="Akodo Kaneka", amount=4, source="a second fall"))
    kaneka = wounds_view(t, "l5r4e")["Akodo Kaneka"]
    assert (kaneka["rank"], kaneka["level_number"]) == ("Hurt", 3)
    assert kaneka["ladder"][kaneka["level_number"]]["rank"] == "Hurt"


def test_3e_levels_by_number_as_the_text_counts_them() -> None:
    """« Chacun des 7 premiers niveaux contient [Rang de Terre] x 2 points de blessures »:
    Mirumoto Rola, Earth 2, 13 wounds, is Blessé — the text's fourth level, number 3
    counting Indemne as 0."""
    t = RecordedTable("skirmish", "l5r3e")
    t.do(curate_3e.join(curate_3e.mirumoto_rola(), "ana"))
    t.do(third.TakeWounds(character="Mirumoto Rola", amount=13, source="Fumi's katana"))
    rola = wounds_view(t, "l5r3e")["Mirumoto Rola"]
    assert (rola["level"], rola["level_number"]) == ("Blessé", 3)


def test_house_levels_by_number_are_the_text_s_malus() -> None:
    """« quelqu'un à -2 »: 15 wounds on Earth 2 (Healthy 10, then 4 a level) are the
    second wounded level, Légèrement blessé, number 2 — the malus it costs under the
    default ``wound_malus=levels``."""
    t = RecordedTable("house", "l5r-house")
    t.do(join(samurai("Moto Chagatai"), "ana"))
    t.do(house.TakeWounds(character="Moto Chagatai", amount=15, source="an ambush"))
    moto = wounds_view(t, "l5r-house")["Moto Chagatai"]
    assert (moto["level"], moto["level_number"], moto["malus"]) == ("Légèrement blessé", 2, 2)
    t.do(house.TakeWounds(character="Moto Chagatai", amount=100, source="a landslide"))
    moto = wounds_view(t, "l5r-house")["Moto Chagatai"]
    assert (moto["rank"], moto["level_number"]) == ("Dead", 8)
