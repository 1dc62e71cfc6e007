"""Narrative dice at the shell: ``kiroku roll 3r2s`` and ``kiroku odds 3r2s``."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from domain.dice.narrative.odds import check_odds
from domain.dice.narrative.roll import Pool
from tests.e2e.conftest import Run


def test_odds_print_the_exact_chance_and_the_expected_strife(kiroku: Run) -> None:
    done = kiroku("odds", "3r2s", "--tn", "3", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"expression", "tn", "probability", "expected_strife"}
    chance, strife = check_odds(Pool(3, 2), 3)
    assert Fraction(data["probability"]).limit_denominator(10**12) == chance
    assert data["expected_strife"] == float(strife)
    table = json.loads(kiroku("odds", "2r1s", "--table", "--json").stdout)["table"]
    assert list(table) == ["1", "2", "3", "4", "5", "6"]
    assert table["3"]["probability"] == float(check_odds(Pool(2, 1), 3)[0])


def test_a_roll_keeps_what_it_is_told_and_explodes_what_is_kept(kiroku: Run) -> None:
    done = kiroku("roll", "3r2s", "--faces", "6+5,3,1/12+11+8,9", "--keep", "0,3,5,6", "--tn", "4",
                  "--json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    # the last explosion (the 11's 8) comes once the TN is reached: thrown, not kept
    assert data["kept"] == [0, 3, 5, 6]
    assert [d["exploded_from"] for d in data["dice"][5:]] == [0, 3, 6]
    assert (data["successes"], data["strife"], data["success"]) == (4, 2, True)
    assert data["bonus_successes"] == 0


def test_a_seeded_roll_is_the_same_roll(kiroku: Run) -> None:
    first = kiroku("roll", "4r3s", "--seed", "11", "--tn", "2", "--json").stdout
    assert first == kiroku("roll", "4r3s", "--seed", "11", "--tn", "2", "--json").stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("roll", "3r2s", "--keep", "0,9", "--seed", "1"), "die 9 is not one of the 5 dice"),
        (("roll", "3r2s", "--keep", "0,1,2,3", "--seed", "1"), "at most 3 dice"),
        (("roll", "3r2s", "--keep", "x", "--seed", "1"), "--keep 'x'"),
        (("roll", "3r2s", "--raises", "1", "--seed", "1"), "is a narrative check"),
        (("roll", "3r2s", "--faces", "6,3/12,9"), "2 ring dice given for 3r2s"),
        (("roll", "3k2", "--keep", "1", "--seed", "1"), "for narrative dice"),
        (("odds", "9r2s", "--tn", "3"), "at most 8 ring and 8 skill dice"),
        (("odds", "3r2s"), "odds needs --tn N or --table"),
        (("odds", "3r2s", "--tn", "0"), "TN 0"),
    ],
)
def test_bad_narrative_input_exits_2_quoting_it(
    kiroku: Run, args: tuple[str, ...], said: str
) -> None:
    done = kiroku(*args)
    assert done.returncode == 2 and said in done.stderr, done.stderr


def test_the_readme_s_odds_figure(kiroku: Run) -> None:
    """The README quotes ``kiroku odds 3r2s --tn 3``: 65.4586% (expected strife 1.1375)."""
    done = kiroku("odds", "3r2s", "--tn", "3")
    assert "3r2s against TN 3: 65.4586% (expected strife 1.1375)" in done.stdout
