"""4e « Expérience »: what XP costs and what it changes on the sheet."""

from __future__ import annotations

import pytest

from domain.character import Skill
from domain.errors import IllegalUnderRules
from domain.purchase import Purchase
from domain.rulesets import load_ruleset
from tests.support import sheet

RULES = load_ruleset("l5r4e")


def test_the_summary_s_agility_example_costs_16_and_raises_fire() -> None:
    """« pour passer son Agilité de 3 à 4, un personnage dépense 16 points d'XP. Puisque son
    intelligence est déjà à 4, sa valeur d'anneau de Feu passe … de 3 à 4 »."""
    character = sheet(agility=3, intelligence=4)
    priced = RULES.price(character, Purchase("trait", "Agility"))
    assert priced.cost == 16
    assert priced.sheet.trait("agility") == 4
    assert (character.ring("fire"), priced.sheet.ring("fire")) == (3, 4)


def test_the_void_ring_costs_next_rank_times_six() -> None:
    priced = RULES.price(sheet(void=2), Purchase("void"))
    assert (priced.cost, priced.new_rank, priced.sheet.void) == (18, 3, 3)


def test_a_skill_rank_costs_the_new_rank() -> None:
    assert RULES.price(sheet(), Purchase("skill", "kenjutsu")).cost == 4  # 3 → 4
    new = RULES.price(sheet(), Purchase("skill", "Tea Ceremony"))
    assert new.cost == 1
    assert new.sheet.skill_rank("tea ceremony") == 1


def test_an_emphasis_costs_2_and_needs_the_rank_for_another() -> None:
    one = sheet(skills=(Skill("Kenjutsu", 2, ("Katana",)),))
    with pytest.raises(IllegalUnderRules, match="a new one needs rank 3"):
        RULES.price(one, Purchase("emphasis", "Kenjutsu", "Wakizashi"))
    three = sheet(skills=(Skill("Kenjutsu", 3, ("Katana",)),))
    priced = RULES.price(three, Purchase("emphasis", "Kenjutsu", "Wakizashi"))
    assert priced.cost == 2
    assert priced.sheet.skill("kenjutsu").emphases == ("Katana", "Wakizashi")  # type: ignore[union-attr]


def test_no_emphasis_without_the_skill() -> None:
    with pytest.raises(IllegalUnderRules, match="no rank in 'Calligraphy'"):
        RULES.price(sheet(), Purchase("emphasis", "Calligraphy", "Cipher"))


def test_traits_stop_at_ten() -> None:
    with pytest.raises(IllegalUnderRules, match="already 10"):
        RULES.price(sheet(agility=10), Purchase("trait", "agility"))


def test_the_starting_xp_is_40_unless_the_session_says_otherwise() -> None:
    assert RULES.starting_xp == 40
    assert load_ruleset("l5r4e", {"starting_xp": "25"}).starting_xp == 25
