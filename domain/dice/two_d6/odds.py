"""Exact odds of Ukiyo tests and of conflicts won in manches, in rational arithmetic.

A test is two dice added to an effective score (the technique's score less its maluses);
two tests are opposed and the higher result wins the manche. Under the ``single``
resolution only one side throws and the other's result is its score + 7 (the mean of two
dice); since two dice are symmetric about 7, the chances are the same whichever side
throws. A tie is nobody's manche (the text's « personne ne remporte la manche ») unless
ties go to the initiative.

A conflict is a chain of manches: from a score of manches won (``mine``-``theirs``) to the
first side reaching its count, each manche's outcome drawn from the same effective scores
(the odds assume the scores do not change between manches: no wound, edge or variety malus
arriving). The asker may bet on each manche of their own throw, calling even or odd:

- ``force_tie`` (« Forcer l'égalité »): a lost test within 3 of the winner, bet won, is a tie;
- ``all_or_nothing`` (« Tenter le tout pour le tout »): test and bet won, two manches; test
  won and bet lost, one; test lost, the other side wins two; a tie, nothing;
- ``sacrifice`` (« Se sacrifier pour la victoire »): bet won, both sides win one manche more
  than the test gives; bet lost, the test alone.

Initiative passes to the side that won the manche and stays on a tie. Where both sides
reach their counts in one manche, the test's winner wins the conflict; with no test winner
the GM rules it, and the odds do not count it as won.

Under ``single`` the asker bets only on the manches it throws, those it holds the initiative
for. Tested against brute-force enumeration and seeded sampling
(``tests/unit/test_two_d6.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Literal, NamedTuple

from domain.dice.two_d6.roll import Call
from domain.errors import MalformedInput

Ties = Literal["none", "initiative"]
Resolution = Literal["opposed", "single"]
OddsBet = Literal["none", "force_tie", "all_or_nothing", "sacrifice"]
ODDS_BETS: tuple[OddsBet, ...] = ("none", "force_tie", "all_or_nothing", "sacrifice")
MAX_MANCHES = 5
"""« Il existe des affrontements à quatre voire cinq manches mais ils sont rarissimes »."""
MAX_SCORE = 60
SUMS: dict[int, Fraction] = {total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)}
"""Two dice's sums and their chances: 2 and 12 one in 36, 7 six in 36."""


class Chances(NamedTuple):
    """One test's chances for the asker: won, tied, lost."""

    win: Fraction
    tie: Fraction
    lose: Fraction


class Step(NamedTuple):
    """One outcome of a manche: its chance, the manches each side gains, and who won the
    test (``"me"``, ``"them"`` or ``""``)."""

    chance: Fraction
    mine: int
    theirs: int
    test_winner: str


def odds_of_test(mine: int, theirs: int, resolution: Resolution = "opposed") -> Chances:
    """The chance that a test at effective score ``mine`` beats, ties or loses to one at
    ``theirs``."""
    _check_score(mine)
    _check_score(theirs)
    win = tie = Fraction(0)
    for s1, p1, s2, p2 in _throws(resolution):
        if s1 + mine > s2 + theirs:
            win += p1 * p2
        elif s1 + mine == s2 + theirs:
            tie += p1 * p2
    return Chances(win, tie, 1 - win - tie)


def _throws(
    resolution: Resolution, my_throw: bool = True
) -> Iterator[tuple[int, Fraction, int, Fraction]]:
    """Every pair of sums: both thrown (``opposed``), or only the initiative's (``single``:
    the other's is 7)."""
    fixed = {7: Fraction(1)}
    mine_sums = SUMS if resolution == "opposed" or my_throw else fixed
    theirs_sums = SUMS if resolution == "opposed" or not my_throw else fixed
    for s1, p1 in mine_sums.items():
        for s2, p2 in theirs_sums.items():
            yield s1, p1, s2, p2


def manche_steps(
    mine: int,
    theirs: int,
    *,
    my_initiative: bool,
    bet: OddsBet = "none",
    call: Call = "even",
    ties: Ties = "none",
    resolution: Resolution = "opposed",
) -> tuple[Step, ...]:
    """Every outcome of one manche for the asker, merged by what it changes."""
    throws = resolution == "opposed" or my_initiative
    bet = bet if throws else "none"
    merged: dict[tuple[int, int, str], Fraction] = {}
    for s1, p1, s2, p2 in _throws(resolution, my_initiative):
        r1, r2 = s1 + mine, s2 + theirs
        bet_won = throws and bet != "none" and (s1 % 2 == 0) == (call == "even")
        winner = "me" if r1 > r2 else "them" if r1 < r2 else ""
        if not winner and ties == "initiative":
            winner = "me" if my_initiative else "them"
        if winner == "them" and bet == "force_tie" and bet_won and r2 - r1 <= 3:
            winner = ""
        gained = {"me": (1, 0), "them": (0, 1), "": (0, 0)}[winner]
        if bet == "all_or_nothing":
            gained = {"me": (2 if bet_won else 1, 0), "them": (0, 2), "": (0, 0)}[winner]
        elif bet == "sacrifice" and bet_won:
            gained = (gained[0] + 1, gained[1] + 1)
        outcome = (gained[0], gained[1], winner)
        merged[outcome] = merged.get(outcome, Fraction(0)) + p1 * p2
    return tuple(Step(p, a, b, w) for (a, b, w), p in sorted(merged.items()) if p)


def conflict_odds(
    mine: int,
    theirs: int,
    *,
    need: int,
    their_need: int | None = None,
    won: int = 0,
    their_won: int = 0,
    my_initiative: bool = True,
    bet: OddsBet = "none",
    call: Call = "even",
    ties: Ties = "none",
    resolution: Resolution = "opposed",
) -> Fraction:
    """The chance that the asker, at effective score ``mine`` against ``theirs``, having won
    ``won`` manches to the other's ``their_won``, is the first to ``need`` manches (the
    other needing ``their_need``, by default the same)."""
    _check_score(mine)
    _check_score(theirs)
    their_need = need if their_need is None else their_need
    for label, count in (("manches to win", need), ("the other's manches", their_need)):
        if not 1 <= count <= MAX_MANCHES:
            raise MalformedInput(f"{label}: {count} is not 1 to {MAX_MANCHES}")
    if not 0 <= won < need or not 0 <= their_won < their_need:
        raise MalformedInput(
            f"a score of {won}-{their_won} is not under way in a conflict to "
            f"{need}-{their_need} (each side below its count)"
        )
    steps = {
        initiative: manche_steps(
            mine, theirs, my_initiative=initiative, bet=bet, call=call, ties=ties,
            resolution=resolution,
        )
        for initiative in (True, False)
    }  # fmt: skip

    @cache
    def chance(a: int, b: int, initiative: bool) -> Fraction:
        stay = Fraction(0)
        total = Fraction(0)
        for step in steps[initiative]:
            a2, b2 = a + step.mine, b + step.theirs
            holder = initiative if not step.test_winner else step.test_winner == "me"
            if (a2, b2, holder) == (a, b, initiative):
                stay += step.chance
                continue
            mine_done, theirs_done = a2 >= need, b2 >= their_need
            if mine_done and theirs_done:
                total += step.chance if step.test_winner == "me" else 0
            elif mine_done:
                total += step.chance
            elif not theirs_done:
                total += step.chance * chance(a2, b2, holder)
        if stay == 1:
            return Fraction(0)
        return total / (1 - stay)

    return chance(won, their_won, my_initiative)


def _check_score(score: int) -> None:
    if not -MAX_SCORE <= score <= MAX_SCORE:
        raise MalformedInput(f"an effective score of {score} is not {-MAX_SCORE} to {MAX_SCORE}")
