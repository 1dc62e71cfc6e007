"""Issue 31's l5r3e rules through the real entry point: no Void point on a damage roll,
several companions' encouragement on one attack, and a rider's Manoeuvres; each refusal
exits 2, quotes the input and the text, and appends nothing."""

from __future__ import annotations

from tests.e2e.conftest import Run, ok
from tests.e2e.test_cli_l5r3e import S, count, skirmish

__all__ = ["skirmish"]  # the fixture, shared


def test_a_void_point_on_a_damage_roll_is_refused_and_not_spent(skirmish: Run) -> None:
    """« NE PEUT PAS ETRE UTILISE POUR AUGMENTER UN JET DE DOMMAGES ! »"""
    before = count(skirmish)
    done = skirmish(
        "roll", "5k2", *S, "--character", "Bayushi Fumi", "--purpose", "damage", "--void",
        "--faces", "9,9,9,9,9,9", "--as", "ana",
    )  # fmt: skip
    assert done.returncode == 2, done.stdout
    assert "'5k2' --purpose damage --void" in done.stderr
    assert "NE PEUT PAS ETRE UTILISE POUR AUGMENTER UN JET DE DOMMAGES" in done.stderr
    assert count(skirmish) == before
    assert ok(skirmish, "state", *S)["void"]["Bayushi Fumi"]["left"] == 3
    rolled = ok(
        skirmish, "roll", "5k2", *S, "--character", "Bayushi Fumi", "--purpose", "damage",
        "--faces", "9,8,1,1,1", "--as", "ana",
    )  # fmt: skip
    assert rolled["roll"]["total"] == 17
