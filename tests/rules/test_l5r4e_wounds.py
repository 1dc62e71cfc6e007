"""4e « Points de blessures »: Healthy holds Earth × 5, each rank after it Earth × 2,
Out included; past Out, death."""

from __future__ import annotations

import pytest

from domain.dice.roll_keep.roll import RollOptions
from domain.errors import IllegalUnderRules
from domain.rulesets.l5r4e import ruleset as l5r4e
from domain.rulesets.l5r4e.play import Play
from tests.support import Scripted, Table, sheet

RULES = l5r4e.build({})


def test_the_wound_ladder_for_earth_2() -> None:
    """« une échelle de huit états : le premier palier, Indemne, … Rang de Terre x5. Les
    points de blessures des paliers suivants sont calculés par Rang de Terre x2 »: Out,
    the eighth, has its band too; past it, the published game's death."""
    ladder = RULES.wound_ladder(sheet(stamina=3, willpower=2))
    assert [(r.name, r.upper_bound, r.penalty) for r in ladder] == [
        ("Healthy", 10, 0),
        ("Nicked", 14, 3),
        ("Grazed", 18, 5),
        ("Hurt", 22, 10),
        ("Injured", 26, 15),
        ("Crippled", 30, 20),
        ("Down", 34, 40),
        ("Out", 38, None),
        ("Dead", None, None),
    ]
    assert [r.french for r in ladder][-2:] == ["Hors de combat", "Mort"]


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
        (57, "Out", None),
        (58, "Dead", None),
    ],
)
def test_earth_3_ranks_and_penalties(wounds: int, rank: str, penalty: int | None) -> None:
    character = sheet(stamina=3, willpower=3)
    found = RULES.wound_rank(character, wounds)
    assert (found.name, found.penalty) == (rank, penalty)


def test_out_is_healed_the_dead_are_not() -> None:
    """Out (« Il ne peut plus agir ») heals like any rank; the Dead do not."""
    table = Table()
    table.join("Akodo Kaneka", "ana")  # Earth 2: Out up to 38
    table.do(Play.take_wounds, character="Akodo Kaneka", amount=38, source="a fall")
    table.do(Play.heal, character="Akodo Kaneka", amount=4, method="a poultice")
    table.do(Play.take_wounds, character="Akodo Kaneka", amount=5, source="a second fall")
    with pytest.raises(IllegalUnderRules, match="Akodo Kaneka is Dead: no healing brings"):
        table.do(Play.heal, character="Akodo Kaneka", amount=4, method="a poultice")
    with pytest.raises(IllegalUnderRules, match="is Dead and cannot act"):
        table.do(
            Play.roll,
            character="Akodo Kaneka",
            expression="1k1",
            options=RollOptions(),
            dice=Scripted(5),
        )
