"""``kiroku roll`` and ``kiroku odds`` through the real entry point."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import Run, ok, seated


def test_roll_with_faces_prints_the_json_contract(kiroku: Run) -> None:
    done = kiroku("roll", "6k3", "--faces", "6,7,8,10+7,3,5", "--tn", "30", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["expression"] == "6k3"
    assert (data["rolled"], data["kept"], data["bonus"]) == (6, 3, 0)
    assert data["dice"] == [[6], [7], [8], [10, 7], [3], [5]]
    assert data["kept_dice"] == [1, 2, 3]
    assert data["total"] == 32
    assert (data["tn"], data["raises"], data["free_raises"], data["success"]) == (30, 0, 0, True)


def test_roll_applies_the_ten_dice_rule_in_the_json(kiroku: Run) -> None:
    done = kiroku("roll", "16k9+1", "--seed", "4", "--json")
    data = json.loads(done.stdout)
    assert (data["rolled"], data["kept"], data["bonus"]) == (10, 10, 5)
    assert data["success"] is None
    assert data["total"] == sum(sum(d) for d in data["dice"]) + 5


def test_a_seeded_roll_prints_the_same_dice_twice(kiroku: Run) -> None:
    first = kiroku("roll", "8k4", "--seed", "11", "--emphasis", "--json").stdout
    assert first == kiroku("roll", "8k4", "--seed", "11", "--emphasis", "--json").stdout


def test_roll_reads_readably(kiroku: Run) -> None:
    done = kiroku("roll", "2k1", "--faces", "1r10+3,4", "--emphasis", "--tn", "10", "--raises", "1")
    assert done.returncode == 0, done.stderr
    assert "[13 (exploded 10+3; 1 rerolled)]" in done.stdout
    assert "→ 15: failure" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["roll", "7k"], "malformed dice expression '7k'"),
        (["roll", "6k3", "--faces", "1,2"], "'6k3' throws 6 dice"),
        (["roll", "3k2", "--unskilled", "--raises", "1"], "unskilled"),
        (["roll", "3k2", "--faces", "1,2,x"], "'x' is not a face"),
        (["odds", "6k3"], "--tn N or --table"),
        (["roll"], "give a dice expression such as 7k3+5"),
        (["roll", "6k3", "--bogus"], "roll takes no --bogus; `kiroku roll --help`"),
    ],
)
def test_errors_go_to_stderr_with_status_2_and_no_traceback(
    kiroku: Run, args: list[str], message: str
) -> None:
    done = kiroku(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_odds_for_one_tn_as_json(kiroku: Run) -> None:
    done = kiroku("odds", "1k1", "--tn", "20", "--json")
    assert json.loads(done.stdout) == {
        "expression": "1k1",
        "tn": 20,
        "probability": pytest.approx(0.01),
    }


def test_odds_table_as_json(kiroku: Run) -> None:
    data = json.loads(kiroku("odds", "6k3", "--table", "--json").stdout)
    assert data["expression"] == "6k3"
    assert list(data["table"]) == [str(tn) for tn in range(5, 65, 5)]
    assert 0.99999 < data["table"]["5"] < 1.0  # six 1s and 2s can still miss TN 5


def test_odds_table_reads_as_percentages(kiroku: Run) -> None:
    done = kiroku("odds", "6k3", "--table", "--unskilled")
    assert "TN  60" in done.stdout
    assert "%" in done.stdout


def test_a_negative_pool_is_refused_as_an_expression_not_as_an_option(kiroku: Run) -> None:
    for args in (("roll", "-5k2", "--tn", "10"), ("odds", "--tn", "10", "-5k2")):
        done = kiroku(*args)
        assert done.returncode == 2
        assert "dice expression '-5k2': a roll throws its pool first" in done.stderr
    negative_tn = kiroku("odds", "5k2", "--tn", "-5")  # a negative number is no pool
    assert negative_tn.returncode == 2 and "TN -5 is not between 0 and 300" in negative_tn.stderr


def test_a_bare_roll_stays_bare_with_a_session_in_the_environment(kiroku: Run) -> None:
    """``KIROKU_SESSION`` set, a roll with no character is still the GM's quick check,
    recorded nowhere; one for a character is the session's ruleset's roll."""
    seated(kiroku, "n1", ("akodo-kaneka", "ana"))
    env = {"KIROKU_SESSION": "n1"}
    done = kiroku("roll", "6k3", "--faces", "1,2,3,4,5,6", env=env)
    assert done.returncode == 0 and "total: 15" in done.stdout, done.stderr
    narrative = kiroku("roll", "3r2s", "--tn", "2", "--seed", "7", env=env)
    assert narrative.returncode == 0, narrative.stderr
    assert len(ok(kiroku, "log", "--session", "n1")) == 2  # nothing recorded
    given = ("--character", "Akodo Kaneka", "--trait", "agility", "--faces", "9,8,7")
    recorded = kiroku("roll", *given, env=env)
    assert recorded.returncode == 0 and "#3 Akodo Kaneka: Agility" in recorded.stdout


def test_odds_are_answered_when_a_plug_in_does_not_load(kiroku: Run) -> None:
    env = {"KIROKU_RULESETS": "broken=no_such.module"}
    done = kiroku("odds", "7k3", "--tn", "20", env=env)
    assert done.returncode == 0 and "88.6857%" in done.stdout, done.stderr
    shown = kiroku("odds", "--help", env=env)
    assert shown.returncode == 0 and "--manches" in shown.stdout


def test_a_matchup_or_a_pool_written_with_a_minus_first_is_refused_quoting_it(
    kiroku: Run,
) -> None:
    """argparse would take ``-5 vs 7`` for an option: it is refused by what it is."""
    done = kiroku("odds", "--ruleset", "ukiyo", "-5 vs 7")
    assert done.returncode == 2
    assert "matchup '-5 vs 7': each side's score comes first, from 0" in done.stderr
    done = kiroku("roll", "-5k2")
    assert done.returncode == 2 and "dice expression '-5k2'" in done.stderr
