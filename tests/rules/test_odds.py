"""Exact odds, checked against independent computations.

- brute force: every tuple of clamped die values for small pools;
- an independent exact method for any pool: condition on the lowest kept die's value;
- sampling with the real roller for large pools (seeded, so the test is repeatable).
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

from domain.dice.roll_keep.expression import parse_expression
from domain.dice.roll_keep.odds import (
    NEGLIGIBLE,
    TABLE_TNS,
    die_distribution,
    kept_sum_distribution,
    negligible,
    sum_tail_bound,
)
from domain.dice.roll_keep.roll import RollOptions
from domain.dice.roll_keep.ten_dice import fourth_edition_ten_dice
from domain.rulesets.l5r4e.dice import roll, success_probability, tn_table


def brute_force(rolled: int, kept: int, target: int, explodes: bool, emphasis: bool) -> float:
    dist = die_distribution(target, explodes=explodes, emphasis=emphasis)
    values = [v for v in range(1, target + 1) if dist[v] > 0]
    total = 0.0
    for faces in itertools.product(values, repeat=rolled):
        if sum(sorted(faces, reverse=True)[:kept]) >= target:
            total += math.prod(dist[v] for v in faces)
    return total


def by_lowest_kept_die(
    rolled: int, kept: int, target: int, explodes: bool, emphasis: bool
) -> float:
    """Condition on t, the value of the kept-th highest die: a dice above t (a < kept),
    b dice equal to t (a + b ≥ kept), the rest below. The kept sum is the a dice above t
    plus (kept − a)·t."""
    if target <= kept:
        return 1.0
    dist = die_distribution(target, explodes=explodes, emphasis=emphasis)
    total = 0.0
    for t in range(1, target + 1):
        if dist[t] == 0:
            continue
        above = [dist[v] if v > t else 0.0 for v in range(target + 1)]
        below = sum(dist[1:t])
        # powers[a][s]: weight of a dice above t summing to s (clamped at target)
        powers = [[1.0] + [0.0] * target]
        for _ in range(kept):
            previous, current = powers[-1], [0.0] * (target + 1)
            for s, w in enumerate(previous):
                if w:
                    for v in range(t + 1, target + 1):
                        if above[v]:
                            current[min(target, s + v)] += w * above[v]
            powers.append(current)
        for a in range(kept):
            need = target - (kept - a) * t
            tail = sum(powers[a][max(0, need) :]) if need > 0 else sum(powers[a])
            for b in range(kept - a, rolled - a + 1):
                rest = rolled - a - b
                ways = math.factorial(rolled) / (
                    math.factorial(a) * math.factorial(b) * math.factorial(rest)
                )
                total += ways * tail * dist[t] ** b * below**rest
    return total


def pool_target(expression: str, tn: int) -> tuple[int, int, int]:
    pool = fourth_edition_ten_dice(parse_expression(expression))
    return pool.rolled, pool.kept, tn - pool.bonus


@pytest.mark.parametrize("explodes", [True, False])
@pytest.mark.parametrize("emphasis", [False, True])
@pytest.mark.parametrize(
    ("expression", "tn"), [("1k1", 15), ("2k1", 12), ("3k2", 21), ("4k2+3", 25)]
)
def test_small_pools_match_brute_force(
    expression: str, tn: int, explodes: bool, emphasis: bool
) -> None:
    rolled, kept, target = pool_target(expression, tn)
    expected = brute_force(rolled, kept, target, explodes, emphasis)
    assert success_probability(
        expression, tn, unskilled=not explodes, emphasis=emphasis
    ) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize(
    ("expression", "tn", "emphasis"),
    [
        ("10k10", 60, False),
        ("10k5", 40, True),
        ("7k3", 30, False),
        ("14k4-2", 35, False),
        ("10k1", 25, True),
        ("9k8", 55, False),
    ],
)
def test_any_pool_matches_an_independent_exact_method(
    expression: str, tn: int, emphasis: bool
) -> None:
    rolled, kept, target = pool_target(expression, tn)
    expected = by_lowest_kept_die(rolled, kept, target, True, emphasis)
    assert success_probability(expression, tn, emphasis=emphasis) == pytest.approx(
        expected, abs=1e-9
    )


@pytest.mark.parametrize(("expression", "tn", "emphasis"), [("10k4", 30, False), ("8k3", 25, True)])
def test_large_pools_agree_with_sampling(expression: str, tn: int, emphasis: bool) -> None:
    source = random.Random(2026)
    options = RollOptions(tn=tn, emphasis=emphasis)
    trials = 20_000
    hits = sum(1 for _ in range(trials) if roll(expression, options, source).success)
    exact = success_probability(expression, tn, emphasis=emphasis)
    sigma = math.sqrt(exact * (1 - exact) / trials)
    assert abs(hits / trials - exact) < 4.5 * sigma


def test_a_10_on_one_die_is_a_tenth_and_a_20_a_hundredth() -> None:
    assert success_probability("1k1", 10) == pytest.approx(0.1, abs=1e-12)
    assert success_probability("1k1", 11) == pytest.approx(0.1, abs=1e-12)
    assert success_probability("1k1", 20) == pytest.approx(0.01, abs=1e-12)
    assert success_probability("1k1", 11, unskilled=True) == 0.0


def test_a_tn_the_dice_cannot_miss_is_certain() -> None:
    assert success_probability("3k3", 3) == 1.0
    assert success_probability("3k3+10", 13) == 1.0


def test_the_table_runs_tn_5_to_60_by_5_and_agrees_with_single_odds() -> None:
    table = tn_table("12k3+1", emphasis=True)
    assert tuple(table) == TABLE_TNS == tuple(range(5, 65, 5))
    for tn, p in table.items():
        assert p == pytest.approx(success_probability("12k3+1", tn, emphasis=True), abs=1e-12)
    assert list(table.values()) == sorted(table.values(), reverse=True)


def test_raises_and_free_raises_move_the_target_by_five() -> None:
    assert success_probability("6k3", 20, raises=2) == pytest.approx(
        success_probability("6k3", 30), abs=1e-12
    )
    assert success_probability("6k3", 30, free_raises=1) == pytest.approx(
        success_probability("6k3", 25), abs=1e-12
    )


@pytest.mark.parametrize("emphasis", [False, True])
@pytest.mark.parametrize(("rolled", "kept"), [(1, 1), (3, 2), (6, 3), (10, 10)])
def test_the_bound_that_spares_the_walk_is_above_every_exact_chance(
    rolled: int, kept: int, emphasis: bool
) -> None:
    for target in range(kept + 1, 300, 23):
        exact = kept_sum_distribution(rolled, kept, target, emphasis=emphasis)[target]
        assert exact <= sum_tail_bound(rolled, target, explodes=True, emphasis=emphasis) * (
            1 + 1e-9
        )


def test_a_chance_proven_negligible_is_zero_and_the_walk_agrees() -> None:
    # 2k2 must reach 200: proven below 1e-15 without the walk, and the walk says so too
    assert negligible(2, 2, 200, explodes=True, emphasis=False)
    assert kept_sum_distribution(2, 2, 200)[200] < NEGLIGIBLE
    assert success_probability("2k2", 200) == 0.0
    # near the line the walk still answers: 2k2 at 60 is about 1e-4
    assert not negligible(2, 2, 60, explodes=True, emphasis=False)
    assert success_probability("2k2", 60) > 1e-5


def test_a_huge_malus_is_answered_without_a_walk_over_thousands_of_totals() -> None:
    # the target of 10k10-10000 at TN 300 is 10,300: the bound answers it
    assert negligible(10, 10, 10_300, explodes=True, emphasis=True)
    assert success_probability("10k10-10000", 300) == 0.0
    assert set(tn_table("10k10-10000").values()) == {0.0}
    # unskilled dice never pass ten each: exactly impossible
    assert negligible(10, 3, 31, explodes=False, emphasis=False)
    assert success_probability("10k3", 31, unskilled=True) == 0.0
    assert success_probability("10k3", 30, unskilled=True) > 0.0
