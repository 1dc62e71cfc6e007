"""Character sheets: rings from traits, insight, and sheets no table could play."""

from __future__ import annotations

import pytest

from domain.errors import MalformedInput
from domain.rulesets.l5r4e.experience import insight, insight_rank
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Skill, Traits, check_sheet
from tests.support import sheet


def test_a_ring_is_the_lower_of_its_two_traits() -> None:
    character = sheet(stamina=3, willpower=2, reflexes=4, awareness=3, agility=4, intelligence=4)
    assert character.ring("earth") == 2
    assert character.ring("air") == 3
    assert character.ring("fire") == 4
    assert character.ring("void") == 2


def test_insight_is_rings_times_ten_plus_skill_ranks() -> None:
    character = sheet()  # rings 2,2,2,2,2 and skills 3 + 2
    assert insight(character) == 105


def sheet_with_insight(points: int) -> CharacterSheet:
    """Every trait 3 and Void 2 (rings 140), then skills of rank 10 and less for the rest."""
    rest = points - 140
    ranks = [10] * (rest // 10) + ([rest % 10] if rest % 10 else [])
    skills = tuple(Skill(f"Lore {i}", rank) for i, rank in enumerate(ranks))
    return sheet(void=2, skills=skills, traits=Traits(3, 3, 3, 3, 3, 3, 3, 3))


@pytest.mark.parametrize(
    ("points", "rank"), [(149, 1), (150, 2), (174, 2), (175, 3), (200, 4), (225, 5), (250, 6)]
)
def test_insight_rank_2_from_150_then_every_25(points: int, rank: int) -> None:
    character = sheet_with_insight(points)
    assert insight(character) == points
    assert insight_rank(character) == rank


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": " "}, "needs a name"),
        ({"agility": 0}, "agility 0 is not between 1 and 10"),
        ({"void": 11}, "void 11 is not between 1 and 10"),
        ({"skills": (Skill("Kenjutsu", 3), Skill("kenjutsu", 1))}, "listed twice"),
        ({"skills": (Skill("Kenjutsu", 11),)}, "rank 11 is not between 0 and 10"),
        ({"honour": 101}, "honour 10.1 is not between 0 and 10"),
    ],
)
def test_sheets_no_table_could_play_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(MalformedInput, match=message):
        check_sheet(sheet(**changes))  # type: ignore[arg-type]


def test_a_ring_roll_takes_no_emphasis_and_a_skill_with_a_ring_is_rank_plus_ring() -> None:
    from domain.errors import IllegalUnderRules
    from domain.rulesets.roll_keep_kit.rolls import roll_spec

    character = sheet(void=3, skills=(Skill("Meditation", 2),))
    with pytest.raises(IllegalUnderRules, match="not a ring roll"):
        roll_spec(character, ring="void", emphasis=True)
    spec = roll_spec(character, skill="Meditation", ring="void")
    assert (spec.expression, spec.label, spec.trait) == ("5k3", "Meditation/Void", None)
