"""Exact odds that a roll & keep roll reaches a TN.

Computed, not sampled: the probability is a finite sum, exact up to float rounding
(far below 1e-9). It covers everything :mod:`domain.dice.roll_keep.roll` does — explosions
(4e « un dé roulant 10 explose »), the ten-dice rule, unskilled rolls (no explosions),
emphasis (a first 1 rerolled once) and flat modifiers — so it answers the question
behind the 4e summary's « Calcul des pourcentages de réussite » table, and the table
(:func:`tn_table`) is TN 5 to 60 in steps of 5 like the summary's.

Method. A kept total at or above the target ``T`` is all that matters, so every die
value is clamped to ``T`` (clamping keeps the order of dice and the truth of "kept sum
≥ T"). Dice are then placed in value order, highest first: for each value ``v`` choose
how many dice show it. The first ``kept`` dice placed are the kept ones. A state is
(dice placed, kept sum so far); its weight is ``Π p(v)^j / j!``, and ``n!`` times the
total weight of successful placements is the probability (the multinomial law). A state
whose kept sum reaches ``T`` is finished at once: the dice still unplaced are anything
below ``v``, weight ``P(<v)^r / r!``.

The walk's work grows with ``T`` squared, and a large flat malus (``10k10-10000``) asks
for a ``T`` in the thousands. Such a roll's chance is far below anything a float shows,
and that is proven before any walk: the kept dice are some of the dice rolled, so the
kept sum reaching ``T`` needs the sum of all of them to, and Chernoff's bound on that
sum (:func:`sum_tail_bound`) is below :data:`NEGLIGIBLE` — the answer is then 0, within
the same absolute error as every other answer here. Unskilled dice never explode: past
ten per kept die the chance is exactly 0.
"""

from __future__ import annotations

from functools import lru_cache
from math import exp, factorial, log

from domain.dice.roll_keep.die import SIDES
from domain.dice.roll_keep.expression import parse_expression
from domain.dice.roll_keep.roll import RAISE_STEP, check_tn
from domain.dice.roll_keep.ten_dice import Pool, TenDiceRule

TABLE_TNS: tuple[int, ...] = tuple(range(5, 65, 5))
NEGLIGIBLE = 1e-15
"""A chance proven below this is answered 0 without the walk (the module's docstring)."""


def sum_tail_bound(rolled: int, target: int, *, explodes: bool, emphasis: bool) -> float:
    """An upper bound on ``P(sum of rolled d10s ≥ target)`` (Chernoff's): for every
    ``θ > 0`` it is at most ``M(θ)^rolled · e^(−θ·target)``, ``M`` the moment generating
    function of one die. Exploding, ``M(θ) = (Σ_{f=1}^{9} e^{θf} / 10) / (1 − e^{10θ} / 10)``
    (finite for ``θ < ln 10 / 10``); emphasis makes every face from 2 up 1.1 times as
    likely, so at most ×1.1. The best of ``θ`` = 0.01 … 0.22 is taken."""
    if not explodes:
        return 1.0 if target <= SIDES * rolled else 0.0
    best = 0.0
    for step in range(1, 23):
        theta = step / 100
        faces = sum(exp(theta * face) for face in range(1, SIDES)) / SIDES
        moment = faces / (1.0 - exp(SIDES * theta) / SIDES) * (1.1 if emphasis else 1.0)
        best = min(best, rolled * log(moment) - theta * target)
    return exp(best)


def negligible(rolled: int, kept: int, target: int, *, explodes: bool, emphasis: bool) -> bool:
    """Whether a kept sum of at least ``target`` is proven below :data:`NEGLIGIBLE`
    (or impossible: unskilled dice past ten each)."""
    if target <= kept:
        return False
    if not explodes and target > SIDES * min(kept, rolled):
        return True
    return sum_tail_bound(rolled, target, explodes=explodes, emphasis=emphasis) < NEGLIGIBLE


@lru_cache(maxsize=256)
def die_distribution(cap: int, *, explodes: bool, emphasis: bool) -> tuple[float, ...]:
    """``P(die value = v)`` for ``v`` in ``0..cap``, values at or above ``cap`` lumped at ``cap``.

    Exploding: faces 1–9 are worth themselves; a 10 adds the next die, so values
    ``10a + r`` (r in 1..9) have probability ``0.1^(a+1)``. Emphasis: a first 1 is
    rerolled, so ``q(1) = 0.1·p(1)`` and ``q(v) = 1.1·p(v)`` otherwise.
    """
    face = 1.0 / SIDES
    probabilities = [0.0] * (cap + 1)
    for value in range(1, cap):
        if explodes:
            tens, rest = divmod(value, SIDES)
            p = face ** (tens + 1) if rest else 0.0
        else:
            p = face if value <= SIDES else 0.0
        if emphasis:
            p = p * face if value == 1 else p * (1.0 + face)
        probabilities[value] = p
    probabilities[cap] = _at_least(cap, explodes=explodes, emphasis=emphasis)
    return tuple(probabilities)


def _at_least(value: int, *, explodes: bool, emphasis: bool) -> float:
    """``P(die value ≥ value)`` in closed form (not as ``1 − P(below)``, which leaves dust).

    Exploding, ``value = 10a + r``: ``a`` tens in a row, then a face of at least ``r``
    (any face when ``r = 0``; a 10 goes on and still counts). Unskilled: faces ``value``–10.
    Emphasis moves 0.1·P(1) onto the rest: every tail from 2 up is ×1.1.
    """
    if value <= 1:
        return 1.0
    face = 1.0 / SIDES
    if explodes:
        tens, rest = divmod(value, SIDES)
        tail = face**tens * ((SIDES + 1 - rest) * face if rest else 1.0)
    else:
        tail = (SIDES + 1 - value) * face if value <= SIDES else 0.0
    return tail * (1.0 + face) if emphasis else tail


def probability_kept_sum_at_least(
    rolled: int, kept: int, target: int, *, explodes: bool = True, emphasis: bool = False
) -> float:
    """``P(sum of the kept highest dice of rolled d10s ≥ target)``."""
    if target <= kept:
        return 1.0
    if rolled <= 0 or kept <= 0:
        return 0.0
    if negligible(rolled, kept, target, explodes=explodes, emphasis=emphasis):
        return 0.0
    distribution = kept_sum_distribution(
        rolled, min(kept, rolled), target, explodes=explodes, emphasis=emphasis
    )
    return min(1.0, distribution[target])


def kept_sum_target(pool: Pool, tn: int, raises: int = 0, free_raises: int = 0) -> int:
    """What the kept dice alone must reach for ``total ≥ TN`` with raises and free raises."""
    return tn + RAISE_STEP * (raises - free_raises) - pool.bonus


def success_probability(
    expression: str,
    tn: int,
    *,
    unskilled: bool = False,
    emphasis: bool = False,
    raises: int = 0,
    free_raises: int = 0,
    rule: TenDiceRule,
) -> float:
    """Exact ``P(success)`` for rolling ``expression`` against ``tn`` (bounded as a roll's:
    :func:`~domain.dice.roll_keep.roll.check_tn`)."""
    check_tn(tn)
    pool = rule(parse_expression(expression))
    return probability_kept_sum_at_least(
        pool.rolled,
        pool.kept,
        kept_sum_target(pool, tn, raises, free_raises),
        explodes=not unskilled,
        emphasis=emphasis,
    )


def kept_sum_distribution(
    rolled: int, kept: int, cap: int, *, explodes: bool = True, emphasis: bool = False
) -> list[float]:
    """``P(kept sum = s)`` for ``s < cap`` and, at index ``cap``, ``P(kept sum ≥ cap)``.

    The same placement walk as :func:`probability_kept_sum_at_least`, run once for a cap
    so that a whole TN table comes from one pass.
    """
    result = [0.0] * (cap + 1)
    if cap <= kept:
        result[cap] = 1.0
        return result
    distribution = die_distribution(cap, explodes=explodes, emphasis=emphasis)
    inverse_factorials = [1.0 / factorial(j) for j in range(rolled + 1)]
    cumulative = [0.0] * (cap + 2)
    for value in range(1, cap + 2):
        cumulative[value] = cumulative[value - 1] + distribution[value - 1]
    scale = float(factorial(rolled))
    states: list[dict[int, float]] = [{} for _ in range(kept)]
    states[0][0] = 1.0
    for value in range(cap, 0, -1):
        p = distribution[value]
        if p == 0.0:
            continue
        below = cumulative[value]
        finish = [below**r * inverse_factorials[r] * scale for r in range(rolled + 1)]
        powers = [p**j * inverse_factorials[j] for j in range(rolled + 1)]
        new_states: list[dict[int, float]] = [dict() for _ in range(kept)]
        for placed in range(kept):
            layer = states[placed]
            if not layer:
                continue
            room = kept - placed
            for kept_sum, weight in layer.items():
                for j in range(rolled - placed + 1):
                    w = weight * powers[j]
                    new_sum = kept_sum + value * (j if j < room else room)
                    now = placed + j
                    if new_sum >= cap:
                        result[cap] += w * finish[rolled - now]
                    elif now < kept:
                        bucket = new_states[now]
                        bucket[new_sum] = bucket.get(new_sum, 0.0) + w
                    else:
                        result[new_sum] += w * finish[rolled - now]
        states = new_states
    return result


def tn_table(
    expression: str,
    *,
    unskilled: bool = False,
    emphasis: bool = False,
    tns: tuple[int, ...] = TABLE_TNS,
    rule: TenDiceRule,
) -> dict[int, float]:
    """``{TN: P(success)}`` for TN 5 to 60 by 5 (the summary's table), from one pass."""
    pool = rule(parse_expression(expression))
    targets = {tn: kept_sum_target(pool, tn) for tn in tns}
    explodes = not unskilled
    shown = [
        t
        for t in targets.values()
        if not negligible(pool.rolled, pool.kept, t, explodes=explodes, emphasis=emphasis)
    ]
    cap = max([*shown, 1])
    distribution = kept_sum_distribution(
        pool.rolled, pool.kept, cap, explodes=explodes, emphasis=emphasis
    )
    # at_least[t] = P(kept sum ≥ t)
    at_least = [0.0] * (cap + 2)
    for total in range(cap, -1, -1):
        at_least[total] = at_least[total + 1] + distribution[total]
    return {
        tn: (1.0 if t <= 0 else min(1.0, at_least[t]) if t <= cap else 0.0)
        for tn, t in targets.items()
    }
