"""A roll's chances before it is made are the ruleset's to state (:class:`domain.rulesets.
base.Chances`): a roll & keep roll's by TN and by raises — « Par niveau d'augmentations
déclarées, le ND augmente de 5 points », none for an unskilled roll — and nothing for an
event that throws no dice."""

from __future__ import annotations

import pytest

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.events import NoteTaken
from domain.rulesets import RULESETS, load_ruleset
from domain.rulesets.base import Chances
from domain.rulesets.l5r4e.play import Play
from tests.support import GM, Clock, Table


def rolled(raises: int = 1, **options: bool) -> object:
    table = Table()
    table.join("Akodo Kaneka", "ana")
    [event] = table.do(
        Play.roll,
        character="Akodo Kaneka",
        expression="6k3",
        options=RollOptions(tn=20, raises=raises, **options),
        dice=parse_faces("9,8,7,6,5,4"),
    )
    return event


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_ruleset_states_no_chance_for_an_event_that_throws_no_dice(
    ruleset_id: str,
) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, Chances)
    assert ruleset.chance_of(NoteTaken(actor=GM, at=Clock()(), text="a note")) is None


def test_a_roll_s_chance_by_raises_adds_five_to_the_tn_a_raise() -> None:
    ruleset = load_ruleset("l5r4e")
    assert isinstance(ruleset, Chances)
    chance = ruleset.chance_of(rolled())  # type: ignore[arg-type]
    assert chance is not None and chance["tn"] == 25 and chance["raises"] == 1
    assert [r["tn"] for r in chance["by_raises"]] == [20, 25, 30, 35, 40, 45]
    assert chance["by_raises"][1]["probability"] == chance["probability"]
    assert chance["probability"] == ruleset.odds("6k3", 25)


def test_an_unskilled_roll_calls_no_raise() -> None:
    ruleset = load_ruleset("l5r4e")
    assert isinstance(ruleset, Chances)
    event = rolled(raises=0, unskilled=True)
    chance = ruleset.chance_of(event)  # type: ignore[arg-type]
    assert chance is not None and chance["unskilled"] and chance["by_raises"] == []
