"""The narrative dice family: its faces, a check's keep and explosions, its record, and
its exact odds — against brute force over every face for small pools and against the
real roller, seeded, for large ones."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import msgspec
import pytest

from domain.dice.narrative.faces import RING, SKILL, face
from domain.dice.narrative.odds import check_odds, policy_keep
from domain.dice.narrative.roll import (
    ExplosionSource,
    NarrativeRoll,
    Pool,
    parse_faces,
    parse_pool,
    recompute,
    resolve_check,
    throw,
)
from domain.errors import IllegalUnderRules, MalformedInput


def test_the_faces_are_the_published_ones() -> None:
    """Ring d6: blank, opportunity + strife, opportunity, success + strife, success,
    explosive success + strife. Skill d12: blank ×2, opportunity ×3, success + strife ×2,
    success ×2, success + opportunity, explosive success + strife, explosive success."""
    assert [(f.success, f.opportunity, f.strife, f.explosive) for f in RING] == [
        (0, 0, 0, False), (0, 1, 1, False), (0, 1, 0, False), (1, 0, 1, False),
        (1, 0, 0, False), (1, 0, 1, True),
    ]  # fmt: skip
    assert sum(f.success for f in SKILL) == 7 and sum(f.explosive for f in SKILL) == 2
    assert sum(f.opportunity for f in SKILL) == 4 and sum(f.strife for f in SKILL) == 3


def test_a_pool_is_written_ring_then_skill() -> None:
    assert parse_pool("3r2s") == Pool(3, 2) and parse_pool(" 2R ") == Pool(2, 0)
    for bad, said in (("3k2", "write ring then skill"), ("2s", "rolls its ring's dice"),
                      ("0r2s", "1 to 10 ring dice"), ("3r11s", "0 to 10 skill dice")):  # fmt: skip
        with pytest.raises(MalformedInput, match=said):
            parse_pool(bad)


def check(spec: str, pool: str, keep: list[int], **options: object) -> NarrativeRoll:
    p = parse_pool(pool)
    first, explosions = parse_faces(p, spec)
    roll = resolve_check(p, first, keep, explosions, **options)  # type: ignore[arg-type]
    explosions.check_used()
    return roll


def test_kept_explosive_successes_explode_and_their_dice_are_kept_free() -> None:
    """Ring 6 kept explodes into a 5 (kept, beyond the limit of 2); the skill 12 kept
    explodes into an 11 that explodes into an 8: four successes from two kept dice, and
    the strife of the kept ring 6 and skill 11."""
    roll = check("6+5,3/12+11+8,9", "2r2s", [0, 2])
    assert roll.successes == 5 and roll.strife == 2
    assert [(d.kind, d.face, d.kept, d.parent) for d in roll.dice[4:]] == [
        ("ring", 5, True, 0), ("skill", 11, True, 2), ("skill", 8, True, 5),
    ]  # fmt: skip
    assert recompute(roll) == roll


def test_successes_against_the_tn_and_the_bonus_beyond_it() -> None:
    roll = check("5,4,1/9", "3r1s", [0, 1, 3], tn=2)
    assert (roll.successes, roll.success, roll.bonus_successes, roll.strife) == (3, True, 1, 1)
    missed = check("1,2,3/1", "3r1s", [1, 2], tn=1)
    assert (missed.success, missed.opportunities, missed.strife) == (False, 2, 1)


def test_the_keep_is_at_most_the_ring_at_least_one_none_only_compromised() -> None:
    with pytest.raises(IllegalUnderRules, match="at most 2 dice"):
        check("5,5/9", "2r1s", [0, 1, 2])
    with pytest.raises(IllegalUnderRules, match="at least one die"):
        check("5,5/9", "2r1s", [])
    assert check("5,4/9", "2r1s", [], compromised=True).successes == 0
    with pytest.raises(IllegalUnderRules, match="Compromised, one keeps no die showing strife"):
        check("5,4/9", "2r1s", [0, 1], compromised=True)
    with pytest.raises(MalformedInput, match="die 5 is not one of the 3 dice"):
        check("5,4/9", "2r1s", [5])


def test_explosion_faces_must_be_given_and_called_for() -> None:
    with pytest.raises(MalformedInput, match="die 0 exploded"):
        check("6,3/9", "2r1s", [0])
    with pytest.raises(MalformedInput, match="no kept explosive success called for them"):
        check("6+5,3/9", "2r1s", [1])


def test_a_tampered_record_does_not_recompute() -> None:
    roll = check("6+5,3/12+11+8,9", "2r2s", [0, 2])
    moved = msgspec.structs.replace(roll, dice=roll.dice[:-1])
    with pytest.raises(MalformedInput, match="explodes once"):
        recompute(moved)
    counted = msgspec.structs.replace(roll, successes=9)
    assert recompute(counted) != counted


# -- the odds, against brute force -------------------------------------------------------


@cache
def _explode(tn: int, s: int, owed: tuple[str, ...]) -> tuple[Fraction, Fraction]:
    """Brute force: every face of the next explosion die, kept with a success while short."""
    if s >= tn or not owed:
        return (Fraction(int(s >= tn)), Fraction(0))
    kind, rest = owed[0], owed[1:]
    faces = RING if kind == "ring" else SKILL
    chance = strife = Fraction(0)
    for shown in faces:
        weight = Fraction(1, len(faces))
        if shown.success:
            more = rest + ((kind,) if shown.explosive else ())
            p, st = _explode(tn, s + 1, tuple(sorted(more)))
            chance += weight * p
            strife += weight * (shown.strife + st)
        else:
            p, st = _explode(tn, s, rest)
            chance += weight * p
            strife += weight * st
    return chance, strife


def brute_force(ring: int, skill: int, tn: int) -> tuple[Fraction, Fraction]:
    """Every face of every die, every keep of 1 to ``ring`` dice, the best by chance then
    strife."""
    kinds = ["ring"] * ring + ["skill"] * skill
    sides = [range(1, 7)] * ring + [range(1, 13)] * skill
    total_chance = total_strife = Fraction(0)
    outcomes = 6**ring * 12**skill
    for faces in product(*sides):
        shown = [face(k, n) for k, n in zip(kinds, faces, strict=True)]  # type: ignore[arg-type]
        best: tuple[Fraction, Fraction] | None = None
        for size in range(1, ring + 1):
            for kept in combinations(range(len(shown)), size):
                s = sum(shown[i].success for i in kept)
                owed = tuple(sorted(kinds[i] for i in kept if shown[i].explosive))
                p, st = _explode(tn, s, owed)
                st += sum(shown[i].strife for i in kept)
                if best is None or (p, -st) > (best[0], -best[1]):
                    best = (p, st)
        assert best is not None
        total_chance += best[0]
        total_strife += best[1]
    return total_chance / outcomes, total_strife / outcomes


@pytest.mark.parametrize(("ring", "skill"), [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 1)])
@pytest.mark.parametrize("tn", [1, 2, 3, 4])
def test_the_exact_odds_are_brute_force_s(ring: int, skill: int, tn: int) -> None:
    assert check_odds(Pool(ring, skill), tn) == brute_force(ring, skill, tn)


@pytest.mark.parametrize(("ring", "skill", "tn"), [(5, 5, 3), (4, 6, 4), (3, 2, 2)])
def test_the_real_roller_with_the_policy_agrees_with_the_odds(
    ring: int, skill: int, tn: int
) -> None:
    """Seeded sampling of the roller itself (policy keep, explosions kept while short):
    within four standard errors of the exact chance and mean strife."""
    pool = Pool(ring, skill)
    chance, strife = check_odds(pool, tn)
    rng = random.Random(2026)
    n = 6000
    hits = strife_sum = 0
    for _ in range(n):
        first = throw(pool, rng)
        roll = resolve_check(pool, first, policy_keep(pool, first, tn), ExplosionSource(rng), tn=tn)
        hits += bool(roll.success)
        strife_sum += roll.strife
    p = float(chance)
    assert abs(hits / n - p) <= 4 * (p * (1 - p) / n) ** 0.5 + 1e-9
    assert abs(strife_sum / n - float(strife)) <= 0.06


def test_faces_given_at_the_table_resolve_as_rolled() -> None:
    pool = parse_pool("2r1s")
    first, explosions = parse_faces(pool, "6+6+2,1/3")
    roll = resolve_check(pool, first, [0], explosions, tn=3)
    assert roll.successes == 2 and roll.success is False  # the 2 after the second 6: no success
    with pytest.raises(MalformedInput, match="1 ring dice given"):
        parse_faces(pool, "6/3")
    with pytest.raises(MalformedInput, match="a skill die shows 1 to 12, not 13"):
        parse_faces(pool, "6,1/13")
