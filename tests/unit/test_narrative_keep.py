"""The keeping policy of a narrative check against a player's best keep, by brute force.

A player who lets the engine keep their dice expects what they would keep themselves
(issue 30: Ronin 1 rolled ``r6,r3,r2,s5,s3`` with Fire 3 and the policy kept ``r6`` alone,
dropping two opportunities that cost nothing — a critical lost). The policy's order of
preference (:func:`domain.dice.narrative.odds.policy_keep`): the best chance at the TN
(with none, the most successes counting what explosions bring), then the least strife,
then the most successes, explosions (more to come) and opportunities among what costs
nothing. Every face
of every die of small pools, every legal keep: the policy's keep is never beaten.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations, product

import pytest

from domain.dice.narrative.faces import Kind, face
from domain.dice.narrative.odds import explosion_strife, policy_keep, reach
from domain.dice.narrative.roll import ExplosionSource, Pool, resolve_check

RING_EXPLOSION_SUCCESSES = Fraction(3, 5)
"""Successes a kept ring explosive owes on average, every explosion success kept: a ring
die shows one 3 times in 6 and explodes again once in 6, so e = 1/2 + e/6."""
SKILL_EXPLOSION_SUCCESSES = Fraction(7, 10)
"""The same for a skill die: 7 in 12 a success, 2 in 12 again: e = 7/12 + e/6."""
RING_EXPLOSION_STRIFE = Fraction(2, 5)
"""The strife a kept ring explosive owes on average, every explosion success kept: 2 in 6
faces a success with strife, one of them again: f = 2/6 + f/6."""
SKILL_EXPLOSION_STRIFE = Fraction(3, 10)
"""The same for a skill die: 3 in 12 a success with strife, 2 in 12 again (one of them
with strife): f = 3/12 + 2f/12."""

POOLS = [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1)]

Metric = tuple[Fraction, ...]


def outcomes(ring: int, skill: int) -> Iterator[list[tuple[Kind, int]]]:
    rings: list[Kind] = ["ring"] * ring
    skills: list[Kind] = ["skill"] * skill
    kinds = rings + skills
    sides = [range(1, 7)] * ring + [range(1, 13)] * skill
    for faces in product(*sides):
        yield list(zip(kinds, faces, strict=True))


def keeps(
    first: Sequence[tuple[Kind, int]], ring: int, compromised: bool
) -> Iterator[tuple[int, ...]]:
    """Every keep the rules allow: 1 to ring dice (none too when Compromised, and then no
    die showing strife)."""
    for size in range(0 if compromised else 1, ring + 1):
        for kept in combinations(range(len(first)), size):
            if compromised and any(face(*first[i]).strife for i in kept):
                continue
            yield kept


def worth(first: Sequence[tuple[Kind, int]], kept: Sequence[int], tn: int | None,
          compromised: bool) -> Metric:  # fmt: skip
    """What a player weighs a keep by, most important first."""
    shown = [face(*first[i]) for i in kept]
    s = sum(f.success for f in shown)
    ring_x = sum(1 for i in kept if face(*first[i]).explosive and first[i][0] == "ring")
    skill_x = sum(1 for i in kept if face(*first[i]).explosive and first[i][0] == "skill")
    strife = Fraction(sum(f.strife for f in shown))
    opportunities = Fraction(sum(f.opportunity for f in shown))
    if compromised:  # no strife is kept at all: successes, explosions to come, then the rest
        return (Fraction(s), Fraction(ring_x + skill_x), opportunities)
    explosions = Fraction(ring_x + skill_x)
    if tn is None:
        expected = s + RING_EXPLOSION_SUCCESSES * ring_x + SKILL_EXPLOSION_SUCCESSES * skill_x
        strife += RING_EXPLOSION_STRIFE * ring_x + SKILL_EXPLOSION_STRIFE * skill_x
        return (expected, -strife, opportunities)
    chance = reach(tn, s, ring_x, skill_x)
    strife += explosion_strife(tn, s, ring_x, skill_x)
    return (chance, -strife, Fraction(s), explosions, opportunities)


@pytest.mark.parametrize("compromised", [False, True], ids=["calm", "compromised"])
@pytest.mark.parametrize("tn", [None, 0, 1, 2, 3], ids=lambda tn: f"tn{tn}")
@pytest.mark.parametrize(("ring", "skill"), POOLS, ids=lambda v: str(v))
def test_no_keep_a_player_could_choose_beats_the_policy(
    ring: int, skill: int, tn: int | None, compromised: bool
) -> None:
    pool = Pool(ring, skill)
    for first in outcomes(ring, skill):
        chosen = policy_keep(pool, first, tn, compromised=compromised)
        assert chosen in [list(k) for k in keeps(first, ring, compromised)], (first, chosen)
        mine = worth(first, chosen, tn, compromised)
        best = max(worth(first, kept, tn, compromised) for kept in keeps(first, ring, compromised))
        assert mine == best, f"{first} at TN {tn}: kept {chosen} worth {mine}, a player {best}"


def test_the_ronin_keeps_the_opportunities_that_cost_nothing() -> None:
    """Fire 3: r6 (explosive + strife), r3 (opportunity), r2 (opportunity + strife), s5 and
    s3 (opportunities). Three dice may be kept: the explosion, and two free
    opportunities — not r2, whose opportunity costs a strife."""
    first: list[tuple[Kind, int]] = [
        ("ring", 6),
        ("ring", 3),
        ("ring", 2),
        ("skill", 5),
        ("skill", 3),
    ]
    for tn in (None, 2):
        assert policy_keep(Pool(3, 2), first, tn) == [0, 1, 3]


def test_an_explosion_die_that_costs_nothing_is_kept() -> None:
    """The r6's explosion shows r3, an opportunity: kept, though it adds no success and
    the TN is passed."""
    first: list[tuple[Kind, int]] = [("ring", 6), ("ring", 5)]
    faces = iter([3])

    class Scripted:
        def randint(self, low: int, high: int) -> int:
            return next(faces)

    roll = resolve_check(Pool(2, 0), first, [0, 1], ExplosionSource(Scripted()), tn=1)
    assert [(d.face, d.kept) for d in roll.dice] == [(6, True), (5, True), (3, True)]
    assert (roll.successes, roll.opportunities, roll.strife) == (2, 1, 1)
