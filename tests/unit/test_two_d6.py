"""The two_d6 dice family: a throw and its record, one test's exact odds and a conflict's
— against brute force over every face of every manche for short conflicts, and against
seeded sampling of whole conflicts for longer ones and for each bet."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from domain.dice.source import FaceQueue
from domain.dice.two_d6.odds import (
    ODDS_BETS,
    SUMS,
    Step,
    conflict_odds,
    manche_steps,
    odds_of_test,
)
from domain.dice.two_d6.roll import check_throw, parse_throw, throw
from domain.errors import MalformedInput

DICE = range(1, 7)


def test_a_throw_is_two_faces_in_order_and_its_parity_settles_a_bet() -> None:
    thrown = throw(FaceQueue([3, 6]))
    assert thrown.faces == (3, 6) and thrown.total == 9 and thrown.parity == "odd"
    assert parse_throw("4,4").parity == "even" and str(parse_throw(" 2 + 5 ")) == "2+5"


@pytest.mark.parametrize("bad", ["7,1", "3", "3,4,5", "a,b", ""])
def test_faces_that_two_d6_cannot_show_are_refused_quoting_them(bad: str) -> None:
    with pytest.raises(MalformedInput, match="give both faces"):
        parse_throw(bad)
    with pytest.raises(MalformedInput, match="cannot show"):
        check_throw((0, 7))
    with pytest.raises(MalformedInput, match="cannot show 9"):
        throw(FaceQueue([9, 1]))


def test_two_dice_sum_from_2_to_12_seven_the_likeliest() -> None:
    assert sum(SUMS.values()) == 1
    assert SUMS[7] == Fraction(6, 36) and SUMS[2] == SUMS[12] == Fraction(1, 36)


def brute_test(mine: int, theirs: int) -> tuple[Fraction, Fraction]:
    win = tie = Fraction(0)
    for a, b, c, d in product(DICE, repeat=4):
        if a + b + mine > c + d + theirs:
            win += Fraction(1, 1296)
        elif a + b + mine == c + d + theirs:
            tie += Fraction(1, 1296)
    return win, tie


@pytest.mark.parametrize(("mine", "theirs"), [(5, 5), (8, 5), (3, 9), (0, 12), (20, 0)])
def test_one_test_s_odds_are_every_face_counted(mine: int, theirs: int) -> None:
    odds = odds_of_test(mine, theirs)
    assert (odds.win, odds.tie) == brute_test(mine, theirs)
    assert odds.win + odds.tie + odds.lose == 1


def test_equal_scores_win_as_often_as_they_lose_and_single_resolution_agrees() -> None:
    """Two dice are symmetric about 7: throwing against a fixed 7 + score gives the same
    chances as two throws only in their sum's spread — equal scores tie more often."""
    opposed, single = odds_of_test(6, 6), odds_of_test(6, 6, "single")
    assert opposed.win == opposed.lose and single.win == single.lose
    assert single.tie == SUMS[7] and opposed.tie == Fraction(146, 1296)


def brute_conflict(mine: int, theirs: int, need: int, bet: str = "none", call: str = "even",
                   ties: str = "none") -> Fraction:  # fmt: skip
    """Every face of every manche, up to the conflict's end (a tie's manche repeats: the
    chance is conditioned on the manche being decided, as the closed form is)."""

    @cache
    def play(a: int, b: int, init: bool) -> Fraction:
        total = stay = Fraction(0)
        for f1, f2, g1, g2 in product(DICE, repeat=4):
            p = Fraction(1, 1296)
            r1, r2 = f1 + f2 + mine, g1 + g2 + theirs
            won = bet != "none" and ((f1 + f2) % 2 == 0) == (call == "even")
            w = "me" if r1 > r2 else "them" if r1 < r2 else ""
            if not w and ties == "initiative":
                w = "me" if init else "them"
            if w == "them" and bet == "force_tie" and won and r2 - r1 <= 3:
                w = ""
            da, db = (1, 0) if w == "me" else (0, 1) if w == "them" else (0, 0)
            if bet == "all_or_nothing":
                da, db = (2 if won else 1, 0) if w == "me" else (0, 2) if w == "them" else (0, 0)
            if bet == "sacrifice" and won:
                da, db = da + 1, db + 1
            holder = init if not w else w == "me"
            if (da, db) == (0, 0) and holder == init:
                stay += p
                continue
            a2, b2 = a + da, b + db
            if a2 >= need and b2 >= need:
                total += p if w == "me" else 0
            elif a2 >= need:
                total += p
            elif b2 < need:
                total += p * play(a2, b2, holder)
        return total / (1 - stay)

    return play(0, 0, True)


@pytest.mark.parametrize("bet", ODDS_BETS)
def test_a_short_conflict_s_odds_are_every_face_of_every_manche(bet: str) -> None:
    exact = conflict_odds(7, 6, need=2, bet=bet)  # type: ignore[arg-type]
    assert exact == brute_conflict(7, 6, 2, bet)


def test_ties_to_the_initiative_favour_its_holder() -> None:
    assert conflict_odds(5, 5, need=1, ties="initiative") == brute_conflict(
        5, 5, 1, ties="initiative"
    )
    assert conflict_odds(5, 5, need=1, ties="initiative") > Fraction(1, 2)
    assert conflict_odds(5, 5, need=3) == Fraction(1, 2)


def sample_conflict(rng: random.Random, mine: int, theirs: int, need: int, their_need: int,
                    bet: str) -> bool:  # fmt: skip
    a = b = 0
    while True:
        s1, s2 = rng.randint(1, 6) + rng.randint(1, 6), rng.randint(1, 6) + rng.randint(1, 6)
        won = s1 % 2 == 0
        r1, r2 = s1 + mine, s2 + theirs
        w = "me" if r1 > r2 else "them" if r1 < r2 else ""
        if w == "them" and bet == "force_tie" and won and r2 - r1 <= 3:
            w = ""
        da, db = (1, 0) if w == "me" else (0, 1) if w == "them" else (0, 0)
        if bet == "all_or_nothing":
            da, db = (2 if won else 1, 0) if w == "me" else (0, 2) if w == "them" else (0, 0)
        if bet == "sacrifice" and won:
            da, db = da + 1, db + 1
        a, b = a + da, b + db
        if a >= need or b >= their_need:
            return a >= need and (b < their_need or w == "me")


@pytest.mark.parametrize("bet", ODDS_BETS)
def test_a_long_conflict_s_odds_agree_with_seeded_sampling(bet: str) -> None:
    rng = random.Random(1305)
    runs = 20_000
    wins = sum(sample_conflict(rng, 6, 7, 4, 3, bet) for _ in range(runs))
    exact = float(conflict_odds(6, 7, need=4, their_need=3, bet=bet))  # type: ignore[arg-type]
    assert abs(wins / runs - exact) < 4 * (exact * (1 - exact) / runs) ** 0.5 + 1e-9


def test_a_conflict_goes_on_from_its_score() -> None:
    """One manche from victory is better than none; at 2-2 of three, one test decides."""
    assert conflict_odds(5, 5, need=3, won=2) > conflict_odds(5, 5, need=3)
    one = odds_of_test(5, 5)
    assert conflict_odds(5, 5, need=3, won=2, their_won=2) == one.win / (1 - one.tie)


def test_all_or_nothing_steps_are_the_text_s() -> None:
    """Test and bet won: two manches; the test won and the bet lost: one; the test lost:
    the other side wins two."""
    steps = manche_steps(20, 0, my_initiative=True, bet="all_or_nothing")
    assert {(s.mine, s.theirs) for s in steps} == {(2, 0), (1, 0)}
    assert sum(s.chance for s in steps if s.mine == 2) == Fraction(1, 2)
    lost = manche_steps(0, 20, my_initiative=True, bet="all_or_nothing")
    assert lost == (Step(Fraction(1), 0, 2, "them"),)


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"need": 0}, "1 to 5"),
        ({"need": 6}, "1 to 5"),
        ({"need": 3, "won": 3}, "not under way"),
    ],
)
def test_odds_that_cannot_be_asked_are_refused(kwargs: dict[str, object], said: str) -> None:
    with pytest.raises(MalformedInput, match=said):
        conflict_odds(5, 5, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(MalformedInput, match="effective score of 99"):
        odds_of_test(99, 5)


def test_under_single_resolution_a_bet_counts_only_when_the_asker_throws() -> None:
    """Only the initiative's side throws: the asker's bet is on its own dice or nothing."""
    holding = manche_steps(5, 5, my_initiative=True, bet="all_or_nothing", resolution="single")
    waiting = manche_steps(5, 5, my_initiative=False, bet="all_or_nothing", resolution="single")
    assert any(s.mine == 2 for s in holding) and not any(s.mine == 2 for s in waiting)
    plain = manche_steps(5, 5, my_initiative=False, resolution="single")
    assert waiting == plain
