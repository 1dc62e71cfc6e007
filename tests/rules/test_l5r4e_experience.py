"""4e « Expérience »: what XP costs and what it changes on the sheet."""

from __future__ import annotations

import pytest

from domain.errors import IllegalUnderRules
from domain.rulesets.l5r4e import ruleset as l5r4e
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Skill
from domain.rulesets.roll_keep_kit.purchase import Purchase
from domain.session.aggregate import Session
from tests.support import Table, sheet

RULES = l5r4e.build({})


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
    assert l5r4e.build({"starting_xp": "25"}).starting_xp == 25


def test_a_spend_changes_the_sheet_by_what_it_recorded_never_by_a_new_price(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fold applies the recorded rank: a later change to the prices (here, every
    purchase priced as Void) cannot rewrite a sheet bought under the old ones."""
    table = Table()
    table.join("Akodo Kaneka", "ana", agility=3)
    table.do(Play.award_xp, character="Akodo Kaneka", amount=20)
    table.do(Play.spend_xp, character="Akodo Kaneka", purchase=Purchase("trait", "agility"))
    monkeypatch.setattr(l5r4e, "price", lambda *_: pytest.fail("the fold re-priced"))
    folded = Play.of(Session(table.session.events)).state.characters["akodo kaneka"]
    assert (folded.sheet.trait("agility"), folded.xp_spent) == (4, 16)


def test_a_spend_that_stood_on_a_retracted_one_charges_nothing() -> None:
    """Kenjutsu 3 → 4 (4 XP), then 4 → 5 (5 XP); the first is retracted: the second can
    no longer be bought (Kenjutsu is 3 again), so it is not charged either — the XP is
    there for the GM's ruling on it."""
    table = Table()
    table.join("Akodo Kaneka", "ana")
    for _ in range(2):
        table.do(Play.spend_xp, character="Akodo Kaneka", purchase=Purchase("skill", "Kenjutsu"))
    table.do(Session.retract, position=3, reason="he had not trained")
    kaneka = table.state.characters["akodo kaneka"]
    assert (kaneka.sheet.skill_rank("Kenjutsu"), kaneka.xp_spent) == (3, 0)
