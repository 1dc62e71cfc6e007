"""Exact odds of a narrative check, and the keeping policy they assume.

The chance that ``R`` ring and ``S`` skill dice reach ``TN`` successes when the dice are
kept to maximise it (the kept explosive successes exploding, each explosion die kept when
it shows a success and the TN is not yet reached, ring explosions first), and the expected
strife of the policy that, of the pool keeps that maximise it, takes the one with the
least expected strife. That strife is the policy's, not the least any keeping could
reach: an explosion die showing a success and strife is kept while short of the TN even
where it cannot change the chance (a reviewer's brute force found 0.6512 for 2r1s at TN 3
where this policy gives 0.6698). Exact, in rational arithmetic:

- a roll matters only through how many of its dice show each of a few classes (ring:
  explosive + strife, success + strife, success, nothing without strife, opportunity +
  strife; skill: explosive, explosive + strife, success, success + strife, nothing), so
  the pool's outcomes are summed class by class with their multinomial weights;
- after the keep, what is left to chance is the explosions: ``reach(s, r, k)``, the chance
  that ``s`` kept successes and ``r`` ring and ``k`` skill explosions owed reach the TN,
  and ``strife(s, r, k)``, the strife they add, are exact recursions (an explosive face
  owes one more die of its kind, so each step either gains a success or spends a die);
- the best keep for each class count is found among every count of explosive dice kept
  of each kind and of plain successes (no-strife ones first), lexicographically: chance,
  then strife.

Tested against brute force over every face for small pools and against seeded sampling
of the real roller for larger ones (``tests/unit/test_narrative_dice.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cache
from math import comb

from domain.dice.narrative.faces import Kind, face
from domain.dice.narrative.roll import MAX_TN, Pool
from domain.errors import MalformedInput

MAX_ODDS_DICE = 8
"""The largest ring and skill pools the exact odds take (each): a ring past 5 is rare,
a skill die past 5 comes only from assistance, and the sums stay under a second."""

ONE = Fraction(1)

# ring classes: explosive+strife, success+strife, success, blank/opportunity, opp+strife
RING_CLASSES = (Fraction(1, 6), Fraction(1, 6), Fraction(1, 6), Fraction(2, 6), Fraction(1, 6))
# skill classes: explosive, explosive+strife, success (and success+opp), success+strife, nothing
SKILL_CLASSES = (
    Fraction(1, 12), Fraction(1, 12), Fraction(3, 12), Fraction(2, 12), Fraction(5, 12),
)  # fmt: skip

# an explosion die of each kind: (chance, success, strife, explodes again)
RING_EXPLOSION = (
    (Fraction(1, 6), 1, 1, True), (Fraction(1, 6), 1, 1, False), (Fraction(1, 6), 1, 0, False),
    (Fraction(3, 6), 0, 0, False),
)  # fmt: skip
SKILL_EXPLOSION = (
    (Fraction(1, 12), 1, 0, True), (Fraction(1, 12), 1, 1, True),
    (Fraction(2, 12), 1, 1, False), (Fraction(3, 12), 1, 0, False),
    (Fraction(5, 12), 0, 0, False),
)  # fmt: skip


def check(pool: Pool, tn: int) -> None:
    if pool.ring > MAX_ODDS_DICE or pool.skill > MAX_ODDS_DICE:
        raise MalformedInput(
            f"{pool}: exact odds take at most {MAX_ODDS_DICE} ring and {MAX_ODDS_DICE} skill dice"
        )
    if not 1 <= tn <= MAX_TN:
        raise MalformedInput(f"TN {tn}: a narrative TN for odds is 1 to {MAX_TN}")


@cache
def reach(tn: int, s: int, r: int, k: int) -> Fraction:
    """The chance that ``s`` successes and ``r`` ring, ``k`` skill explosions owed reach
    ``tn`` (an explosion die is kept when it has a success: the TN not yet reached)."""
    if s >= tn:
        return ONE
    if r:
        return sum(
            (
                p * reach(tn, s + hit, r - (0 if again else 1), k)
                for p, hit, _, again in RING_EXPLOSION
            ),
            Fraction(0),
        )
    if k:
        return sum(
            (
                p * reach(tn, s + hit, r, k - (0 if again else 1))
                for p, hit, _, again in SKILL_EXPLOSION
            ),
            Fraction(0),
        )
    return Fraction(0)


@cache
def explosion_strife(tn: int | None, s: int, r: int, k: int) -> Fraction:
    """The strife the explosions owed add, their dice kept while short of ``tn`` (every
    success when there is none) — never once it is reached."""
    if (tn is not None and s >= tn) or not (r or k):
        return Fraction(0)
    table, left = (RING_EXPLOSION, (r, k)) if r else (SKILL_EXPLOSION, (r, k))
    total = Fraction(0)
    for p, hit, strife, again in table:
        spent = 0 if again else 1
        nr, nk = (left[0] - spent, left[1]) if r else (left[0], left[1] - spent)
        if hit:
            total += p * (strife + explosion_strife(tn, s + 1, nr, nk))
        else:
            total += p * explosion_strife(tn, s, nr, nk)
    return total


def _vectors(n: int, classes: int) -> Iterator[tuple[int, ...]]:
    if classes == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _vectors(n - first, classes - 1):
            yield (first, *rest)


RING_STEPS = ((0, 1), (4, 1), (3, 1), (5, 2), (6, 1))
"""A ring die's classes as (which count it adds to, how many of its 6 faces): explosive +
strife, success + strife, success, nothing (blank, opportunity), opportunity + strife."""
SKILL_STEPS = ((1, 1), (2, 1), (3, 3), (4, 2), (5, 5))
"""A skill die's (of 12 faces): explosive, explosive + strife, success (with or without an
opportunity), success + strife, nothing (blank, opportunity)."""
# the state: ring explosive, skill explosive, skill explosive + strife, successes without
# strife, successes with strife, a die with nothing (no strife), one with opportunity + strife


def _outcomes(pool: Pool) -> dict[tuple[int, ...], int]:
    """Every outcome of the pool by what a keep can use of it, each with the number of
    face combinations that show it: one die at a time, counts capped at the keep limit
    (no keep uses more), the two « nothing » classes only as present or not."""
    limit = pool.ring
    states: dict[tuple[int, ...], int] = {(0, 0, 0, 0, 0, 0, 0): 1}
    steps = [RING_STEPS] * pool.ring + [SKILL_STEPS] * pool.skill
    for classes in steps:
        grown: dict[tuple[int, ...], int] = {}
        for state, ways in states.items():
            for slot, faces in classes:
                new = list(state)
                if slot == 0:
                    new[0] = min(new[0] + 1, limit)
                elif slot in (1, 2):
                    new[slot] = min(new[slot] + 1, limit)
                elif slot == 3:
                    new[3] = min(new[3] + 1, limit)
                elif slot == 4:
                    new[4] = min(new[4] + 1, limit)
                elif slot == 5:
                    new[5] = 1
                else:
                    new[6] = 1
                key = tuple(new)
                grown[key] = grown.get(key, 0) + ways * faces
        states = grown
    return states


@cache
def best_keep(
    tn: int, limit: int, state: tuple[int, ...]
) -> tuple[Fraction, Fraction, tuple[int, int, int, int, int, int, int]]:
    """For a pool showing ``state`` (see :func:`_outcomes`), the best keep: its chance,
    its expected strife, and what it keeps — (ring explosive, skill explosive, skill
    explosive + strife, plain successes without strife, with strife, a die with nothing:
    without strife, with strife).

    - If the successes the limit allows reach the TN, the chance is 1 whatever explodes:
      keep TN successes with the least strife (the no-strife ones first; an explosion
      past the TN is not kept, so adds none).
    - Else, if no explosive die is there, the chance is 0 whatever is kept: keep one die,
      one without strife if there is one.
    - Else keep as many successes as the limit allows, explosive ones first — a skill
      die's explosion (7 in 12 a success, 2 in 12 again) before a ring die's (6 in 12, 2
      in 12), each better than a plain success — and among equals the ones without
      strife: each choice raises the chance, or leaves it and lowers the strife."""
    r_es, s_e, s_es, plain0, plain1, n0_here, _ = state
    successes = r_es + s_e + s_es + plain0 + plain1
    if min(successes, limit) >= tn:
        picks = _take(tn, [(1, s_e), (3, plain0), (2, s_es), (0, r_es), (4, plain1)])
        x_r, x_e, x_es, p0, p1 = picks[0], picks[1], picks[2], picks[3], picks[4]
        strife = Fraction(x_r + x_es + p1)
        return ONE, strife, (x_r, x_e, x_es, p0, p1, 0, 0)
    if not (r_es or s_e or s_es):
        if plain0 or n0_here:
            keep = (0, 0, 0, 1, 0, 0, 0) if plain0 else (0, 0, 0, 0, 0, 1, 0)
            return Fraction(0), Fraction(0), keep
        keep = (0, 0, 0, 0, 1, 0, 0) if plain1 else (0, 0, 0, 0, 0, 0, 1)
        return Fraction(0), ONE, keep
    picks = _take(limit, [(1, s_e), (2, s_es), (0, r_es), (3, plain0), (4, plain1)])
    x_r, x_e, x_es, p0, p1 = picks[0], picks[1], picks[2], picks[3], picks[4]
    s = x_r + x_e + x_es + p0 + p1
    chance = reach(tn, s, x_r, x_e + x_es)
    strife = x_r + x_es + p1 + explosion_strife(tn, s, x_r, x_e + x_es)
    return chance, strife, (x_r, x_e, x_es, p0, p1, 0, 0)


def _take(wanted: int, order: list[tuple[int, int]]) -> list[int]:
    """``wanted`` dice taken from the classes in ``order`` ((slot, how many there are)),
    first to last; the counts taken, by slot."""
    taken = [0] * 5
    for slot, there in order:
        got = min(there, wanted)
        taken[slot] = got
        wanted -= got
    return taken


def check_odds(pool: Pool, tn: int) -> tuple[Fraction, Fraction]:
    """The exact chance of at least ``tn`` successes, and the expected strife, under the
    policy above (keep at most the ring): every pool outcome counted by its faces, in
    whole numbers over 6^R × 12^S."""
    check(pool, tn)
    chance = strife = Fraction(0)
    for state, ways in _outcomes(pool).items():
        p, st, _ = best_keep(tn, pool.ring, state)
        chance += ways * p
        strife += ways * st
    total = 6**pool.ring * 12**pool.skill
    return chance / total, strife / total


TABLE_TNS = (1, 2, 3, 4, 5, 6)


def odds_table(pool: Pool) -> dict[int, tuple[Fraction, Fraction]]:
    return {tn: check_odds(pool, tn) for tn in TABLE_TNS}


__all__ = ["MAX_ODDS_DICE", "TABLE_TNS", "best_keep", "check_odds", "comb", "odds_table"]


def _state_of(first: Sequence[tuple[Kind, int]], limit: int) -> tuple[int, ...]:
    state = [0] * 7
    for kind, number in first:
        state[_slot(kind, number)] += 1
    capped = [min(v, limit) for v in state[:5]] + [int(state[5] > 0), int(state[6] > 0)]
    return tuple(capped)


def policy_keep(
    pool: Pool, first: Sequence[tuple[Kind, int]], tn: int | None, *, compromised: bool = False
) -> list[int]:
    """The pool dice the odds' policy keeps (indices), in its order of preference:

    1. with a TN, the best chance at it, then the least strife (:func:`best_keep`); with
       no TN, the most successes (explosive first, then without strife);
    2. then, in the keep's room left (up to the ring), every die that costs nothing: a
       success without strife (a bonus success; an explosive one first, more may come),
       then an opportunity without strife — a player keeps what is free, and an
       opportunity buys a critical or an effect;
    3. among dice of one class, the one that also shows an opportunity;
    4. one die at least: with nothing free to keep, the one with the least strife.

    Compromised, no die showing strife is kept (and none at all may be)."""
    limit = pool.ring
    if compromised:
        usable = [(i, die) for i, die in enumerate(first) if not face(*die).strife]
        subset = policy_keep(Pool(pool.ring, 0), [d for _, d in usable], tn) if usable else []
        picked = [usable[i][0] for i in subset]
        return [i for i in picked if face(*first[i]).success or face(*first[i]).opportunity]
    state = _state_of(first, limit)
    if tn is None:
        picks = _take(limit, [(1, state[1]), (2, state[2]), (0, state[0]), (3, state[3]),
                              (4, state[4])])  # fmt: skip
        wanted = (*picks, 0, 0)
        if sum(picks) == 0:
            wanted = (0, 0, 0, 0, 0, 1, 0) if state[5] else (0, 0, 0, 0, 0, 0, 1)
    else:  # nothing to reach (TN 0): what costs nothing, below
        wanted = best_keep(min(tn, MAX_TN), limit, state)[2] if tn > 0 else (0,) * 7
    left = list(wanted)
    chosen: list[int] = []
    for index in sorted(range(len(first)), key=lambda i: -face(*first[i]).opportunity):
        slot = _slot(*first[index])
        if left[slot] > 0:
            left[slot] -= 1
            chosen.append(index)
    free = sorted(
        (i for i in range(len(first)) if i not in chosen and _costs_nothing(*first[i])),
        key=lambda i: _most(*first[i], i),
    )
    chosen += free[: max(0, limit - len(chosen))]
    if not chosen and first:  # one die must be kept: the least strife, then the most
        chosen = [min(range(len(first)), key=lambda i: _least_strife(*first[i], i))]
    return sorted(chosen)


def _slot(kind: Kind, number: int) -> int:
    """The class of :func:`best_keep`'s state a face counts in."""
    shows = face(kind, number)
    if shows.explosive:
        return 0 if kind == "ring" else (2 if shows.strife else 1)
    if shows.success:
        return 4 if shows.strife else 3
    return 6 if shows.strife else 5


def _costs_nothing(kind: Kind, number: int) -> bool:
    """A face worth keeping that adds no strife: a success or an opportunity without it."""
    shows = face(kind, number)
    return not shows.strife and bool(shows.success or shows.opportunity)


def _most(kind: Kind, number: int, index: int) -> tuple[int, int, int, int]:
    """The order free dice are kept in: a success, then an explosion (more to come), then
    an opportunity; the pool's order among equals."""
    shows = face(kind, number)
    return (-shows.success, -shows.explosive, -shows.opportunity, index)


def _least_strife(kind: Kind, number: int, index: int) -> tuple[int, int, int, int, int]:
    return (face(kind, number).strife, *_most(kind, number, index))
