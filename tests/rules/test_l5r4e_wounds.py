"""4e « Points de blessures »: Healthy holds Earth × 5, each rank after it Earth × 2."""

from __future__ import annotations

import pytest

from domain.rulesets.l5r4e import ruleset as l5r4e
from tests.support import sheet

RULES = l5r4e.build({})


def test_the_wound_ladder_for_earth_2() -> None:
    ladder = RULES.wound_ladder(sheet(stamina=3, willpower=2))
    assert [(r.name, r.upper_bound, r.penalty) for r in ladder] == [
        ("Healthy", 10, 0),
        ("Nicked", 14, 3),
        ("Grazed", 18, 5),
        ("Hurt", 22, 10),
        ("Injured", 26, 15),
        ("Crippled", 30, 20),
        ("Down", 34, 40),
        ("Out", None, None),
    ]
    assert [r.french for r in ladder][-1] == "Hors de combat"


@pytest.mark.parametrize(
    ("wounds", "rank", "penalty"),
    [
        (0, "Healthy", 0),
        (15, "Healthy", 0),
        (16, "Nicked", 3),
        (21, "Nicked", 3),
        (22, "Grazed", 5),
        (40, "Crippled", 20),
        (51, "Down", 40),
        (52, "Out", None),
    ],
)
def test_earth_3_ranks_and_penalties(wounds: int, rank: str, penalty: int | None) -> None:
    character = sheet(stamina=3, willpower=3)
    found = RULES.wound_rank(character, wounds)
    assert (found.name, found.penalty) == (rank, penalty)
