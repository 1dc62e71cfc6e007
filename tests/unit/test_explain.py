"""A roll explained for ``kiroku show``: each line says what the rules did with the dice."""

from __future__ import annotations

from domain.dice.roll_keep.explain import explain_roll
from domain.dice.roll_keep.roll import RollOptions
from domain.rulesets.l5r4e.dice import roll
from tests.support import Scripted


def test_called_and_free_raises_move_the_tn_and_the_margin_is_against_it() -> None:
    rolled = roll("5k2+3", RollOptions(tn=15, raises=2, free_raises=1), Scripted(9, 8, 7, 2, 1))
    lines = explain_roll(rolled)
    assert lines[0] == "roll: 5k2+3, 5 dice rolled, 2 kept"
    assert "kept: d1 9 + d2 8 = 17" in lines
    assert "total: 20 (dice 17, modifier +3)" in lines
    assert "TN: 15, 2 raise(s) called (+10), 1 free (-5): 20" in lines
    assert lines[-1] == "result: success by 0"


def test_an_unskilled_ten_does_not_explode_and_a_miss_says_by_how_much() -> None:
    rolled = roll("3k2", RollOptions(tn=30, unskilled=True), Scripted(10, 4, 3))
    lines = explain_roll(rolled)
    assert lines[0] == "roll: 3k2, 3 dice rolled, 2 kept (unskilled: 10s do not explode)"
    assert lines[1] == "dice: d1 10 | d2 4 | d3 3"
    assert lines[-1] == "result: failure by 16"


def test_the_ten_dice_rule_shows_in_the_dice_kept_and_the_total() -> None:
    assert explain_roll(roll("12k4", RollOptions(), Scripted(*[5] * 10)))[0] == (
        "roll: 12k4, 10 dice rolled, 5 kept"
    )
    lines = explain_roll(roll("14k10", RollOptions(), Scripted(*[5] * 10)))
    assert "total: 54 (dice 50, ten-dice rule +4)" in lines
    assert not any(line.startswith(("TN", "result")) for line in lines)  # no TN, no verdict
