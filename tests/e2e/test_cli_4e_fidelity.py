"""The 4e rules where the summary and Kiroku once differed (issue 9), played through the
real ``kiroku`` entry point as a table would see them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import Run, runner
from tests.e2e.test_cli_session import FUMI, KANEKA, S

A, F = "Akodo Kaneka", "Bayushi Fumi"


def play(kiroku: Run, *commands: tuple[str, ...]) -> str:
    """Run each command; all must succeed. The output of the last."""
    done = None
    for args in commands:
        done = kiroku(*args)
        assert done.returncode == 0, (args, done.stderr)
    assert done is not None
    return done.stdout


@pytest.fixture
def round_one(tmp_path: Path) -> Run:
    """Kaneka (initiative 20) acts before Fumi (10), round 1 begun."""
    kiroku = runner(tmp_path)
    play(
        kiroku,
        ("session", "open", "--id", "night", "--gm", "sensei"),
        ("join", *S, "--sheet", KANEKA, "--player", "ana"),
        ("join", *S, "--sheet", FUMI, "--player", "ben"),
        ("combat", "start", *S),
        ("initiative", *S, "--character", A, "--faces", "10+2,5,3,2"),
        ("initiative", *S, "--character", F, "--faces", "6,2,2,1"),
        ("combat", "round", *S),
    )
    return kiroku


def test_full_defense_protects_against_the_next_attacker(round_one: Run) -> None:
    """« rajouté au ND d'Armure, jusqu'au tour suivant »: Fumi's Full Defense roll of 21
    adds 11; when round 2 starts Kaneka, first in order, attacks her at TN 31 (not 20),
    though she now stands in the Attack stance."""
    done = play(
        round_one,
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, "--character", F, "full_defense", "--as", "ben"),
        ("combat", "next", *S),
        ("full-defense", *S, "--character", F, "--faces", "9,7,5,1", "--as", "ben"),
        ("combat", "next", *S, "--as", "ben"),
        ("combat", "round", *S),
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, "--character", F, "attack", "--as", "ben"),
        ("attack", *S, "--character", A, "--target", F, "--weapon", "Katana",
         "--faces", "9,9,8,2,2,2", "--as", "ana"),
    )  # fmt: skip
    assert "Akodo Kaneka misses Bayushi Fumi (26 vs armour TN 31)" in done


def armour_tn(kiroku: Run, character: str) -> int:
    return int(json.loads(kiroku("state", *S, "--json").stdout)["armour"][character]["tn"])


def test_a_guard_protects_an_ally_after_the_guard_s_turn(round_one: Run) -> None:
    """« augmente jusqu'à son prochain tour le ND d'Armure de la cible de +10, tandis que
    le sien baisse de -5 »: Kaneka guards Fumi and ends his turn; through her turn she
    stands at TN 30 (he at 20); round 2 gives him his turn back, and the guard ends."""
    play(
        round_one,
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, "--character", F, "attack", "--as", "ben"),
        ("guard", *S, "--character", A, "--protect", F, "--as", "ana"),
        ("combat", "next", *S),
    )
    assert (armour_tn(round_one, F), armour_tn(round_one, A)) == (30, 20)
    play(round_one, ("combat", "next", *S, "--as", "ben"), ("combat", "round", *S))
    assert (armour_tn(round_one, F), armour_tn(round_one, A)) == (20, 25)


def test_free_raises_that_pay_for_a_feint_do_not_lower_the_tn(round_one: Run) -> None:
    """« sans faire augmenter le ND … à la place … baisser le ND »: 20 against Fumi's
    armour TN 20 with two free raises paying for the feint is a hit at TN 20 with a
    feint of +0 — not "vs TN 10", +5."""
    done = play(
        round_one,
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, "--character", F, "attack", "--as", "ben"),
        ("attack", *S, "--character", A, "--target", F, "--weapon", "Katana",
         "--free-raises", "2", "--manoeuvre", "feint", "--faces", "9,6,5,2,2,2",
         "--as", "ana"),
    )  # fmt: skip
    assert "against TN 20 → 20: success" in done, done
    assert "2 free raise(s) paying for feint, TN unchanged" in round_one("show", *S, "11").stdout
    assert json.loads(round_one("show", *S, "12", "--json").stdout)["event"]["feint_bonus"] == 0


def test_the_recovery_roll_carries_the_wound_penalty(round_one: Run) -> None:
    """« Le ND de ses actions est de … +10 à Blessé »: Fumi (Earth 2) with 20 wounds is
    Hurt; shaking off the daze in the reaction phase is Earth against 20 + 10."""
    done = play(
        round_one,
        ("wound", *S, "--character", F, "20"),
        ("condition", "apply", *S, "--character", F, "dazed"),
        ("recover", *S, "--character", F, "dazed", "--faces", "9,8"),
    )
    assert "against TN 30 → 30: failure" in done, done
