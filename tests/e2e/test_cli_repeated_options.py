"""An option given twice, through the real entry point, in every ruleset (issue 31): one
that takes a single value is refused, quoting both values, and nothing is appended —
``--void roll_free_raise --void roll_dice`` kept the last and dropped the other without a
word; one declared to repeat (a field that is a tuple) is taken as several, and the rules
hold them to their cap. The API's declarations say which is which (``repeats``)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Run, ok, seated

S = ("--session", "night")

CASES = [
    (
        "l5r3e",
        ("bayushi-fumi-3e", "ana"),
        ("roll", "5k3", "--character", "Bayushi Fumi", "--tn", "15", "--tn", "20"),
        "--tn given twice ('15', then '20')",
    ),
    (
        "l5r-house",
        ("moto-chagatai", "ana"),
        ("roll", "--character", "Moto Chagatai", "--trait", "agility", "--void", "--void"),
        "--void given twice: it is taken once",
    ),
    (
        "l5r4e",
        ("akodo-kaneka", "ana"),
        ("roll", "--character", "Akodo Kaneka", "--skill", "Kenjutsu", "--trait", "agility",
         "--trait", "strength"),
        "--trait given twice ('agility', then 'strength')",
    ),
    (
        "l5r5e-house",
        ("kakita-ryoku-5e", "ana"),
        ("check", "--character", "Kakita Ryoku", "--skill", "Fitness", "--ring", "air",
         "--ring", "fire"),
        "--ring given twice ('air', then 'fire')",
    ),
    (
        "ukiyo",
        ("wasari-ukiyo", "ana"),
        ("test", "--character", "Wasari", "--technique", "feinte martiale", "--edge", "3",
         "--edge", "6"),
        "--edge given twice ('3', then '6')",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset", "seat", "args", "said"), CASES, ids=[c[0] for c in CASES])
def test_a_single_valued_option_given_twice_is_refused_in_every_ruleset(
    kiroku: Run, ruleset: str, seat: tuple[str, str], args: tuple[str, ...], said: str
) -> None:
    seated(kiroku, "night", seat, ruleset=ruleset)
    before = len(ok(kiroku, "log", *S))
    done = kiroku(*args, *S, "--seed", "1")
    assert done.returncode == 2, done.stdout
    assert said in done.stderr, done.stderr
    assert "nothing was recorded" in done.stderr
    assert len(ok(kiroku, "log", *S)) == before


def test_the_same_option_under_its_short_name_is_the_same_option(kiroku: Run) -> None:
    seated(kiroku, "night", ("akodo-kaneka", "ana"), ruleset="l5r4e")
    done = kiroku("roll", "5k3", *S, "-c", "Akodo Kaneka", "--character", "Bayushi Fumi")
    assert done.returncode == 2
    assert "--character given twice ('Akodo Kaneka', then 'Bayushi Fumi')" in done.stderr


def test_a_3e_attack_s_void_use_given_twice_is_refused(kiroku: Run) -> None:
    """The issue's own: « 1 SEUL point de Vide par jet ! », and the GM is told, not the
    first use silently dropped."""
    seated(kiroku, "night", ("bayushi-fumi-3e", "ana"), ("mirumoto-rola-3e", "ben"),
           ruleset="l5r3e")  # fmt: skip
    ok(kiroku, "combat", "start", *S)
    ok(kiroku, "initiative", *S, "--character", "Bayushi Fumi", "--faces", "6,7,3")
    ok(kiroku, "initiative", *S, "--character", "Mirumoto Rola", "--faces", "7,2,6,8")
    ok(kiroku, "combat", "round", *S)
    before = len(ok(kiroku, "log", *S))
    done = kiroku(
        "attack", *S, "--character", "Mirumoto Rola", "--target", "Bayushi Fumi",
        "--void", "roll_free_raise", "--void", "roll_dice", "--seed", "1",
    )  # fmt: skip
    assert done.returncode == 2
    assert "--void given twice ('roll_free_raise', then 'roll_dice')" in done.stderr
    assert len(ok(kiroku, "log", *S)) == before
    assert ok(kiroku, "state", *S)["void"]["Mirumoto Rola"]["left"] == 3


def test_an_amendment_s_option_given_twice_is_refused(kiroku: Run) -> None:
    """``kiroku amend`` reads the options of the ruling it amends: the same rule."""
    seated(kiroku, "night", ("akodo-kaneka", "ana"), ruleset="l5r4e")
    ok(kiroku, "roll", "5k3", *S, "--character", "Akodo Kaneka", "--tn", "15", "--seed", "1")
    before = len(ok(kiroku, "log", *S))
    done = kiroku("amend", *S, str(before), "--reason", "r", "--tn", "20", "--tn", "25")
    assert done.returncode == 2, done.stdout
    assert "--tn given twice ('20', then '25')" in done.stderr
    assert len(ok(kiroku, "log", *S)) == before


def test_the_rules_declare_which_options_repeat(kiroku: Run) -> None:
    attack = next(c for c in ok(kiroku, "rules", "l5r3e")["commands"] if c["name"] == "attack")
    repeats = {f["name"]: f["repeats"] for f in attack["fields"]}
    assert repeats["encouraged_by"] is True and repeats["circumstances"] is True
    assert repeats["void"] is False and repeats["target"] is False
