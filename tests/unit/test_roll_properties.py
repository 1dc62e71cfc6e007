"""Properties of rolls: recomputing from recorded faces gives the same result, always."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.faces import format_faces, parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.rulesets.l5r4e.dice import plan, recompute, resolve, roll

options_strategy = st.builds(
    RollOptions,
    tn=st.none() | st.integers(0, 80),
    raises=st.integers(0, 3),
    free_raises=st.integers(0, 2),
    emphasis=st.booleans(),
    void=st.booleans(),
)


@st.composite
def exploding_die(draw: st.DrawFn, emphasis: bool) -> Die:
    tens = draw(st.integers(0, 3))
    last = draw(st.integers(2 if emphasis and tens == 0 else 1, 9))
    rerolled = emphasis and draw(st.booleans())
    if rerolled and tens == 0 and draw(st.booleans()):
        last = 1  # a rerolled 1 that came up 1 again stands
    return Die((10,) * tens + (last,), rerolled_one=rerolled)


@given(
    rolled=st.integers(1, 14),
    kept=st.integers(1, 14),
    options=options_strategy,
    seed=st.integers(0, 2**32),
)
def test_a_roll_recomputed_from_its_faces_is_the_same_roll(
    rolled: int, kept: int, options: RollOptions, seed: int
) -> None:
    kept = min(kept, rolled)
    result = roll(f"{rolled}k{kept}", options, random.Random(seed))
    assert recompute(result) == result
    assert resolve(result.expression, options, parse_faces(format_faces(result.dice))) == result


@given(data=st.data(), rolled=st.integers(1, 10), options=options_strategy)
def test_the_total_is_the_kept_highest_dice_plus_the_bonus(
    data: st.DataObject, rolled: int, options: RollOptions
) -> None:
    kept = data.draw(st.integers(1, rolled))
    expression = f"{rolled}k{kept}+2"
    thrown = plan(expression, options).rolled
    dice = tuple(data.draw(exploding_die(options.emphasis)) for _ in range(thrown))
    result = resolve(expression, options, dice)
    values = sorted((die.value for die in dice), reverse=True)
    assert result.total == sum(values[: result.kept]) + result.bonus
    assert len(result.kept_dice) == result.kept
    if options.tn is not None:
        assert result.success == (
            result.total + 5 * options.free_raises >= options.tn + 5 * options.raises
        )
