"""The GM's ruling of a yakuza bet through the real entry point (issue 31): ``kiroku test
… --call even --bet won --reason WHY``, the GM's alone and with its reason; after the
fact, an amendment of the test."""

from __future__ import annotations

from tests.e2e.conftest import Run, ok, seated
from tests.e2e.test_cli_ukiyo import S, count

TENGU = ("--character", "Tengu", "--technique", "sabre du tengu", "--call", "even")


def opened(kiroku: Run) -> Run:
    seated(kiroku, "duel", ("tengu-ukiyo", "ana"), ("wasari-ukiyo", "ben"), gm="meneur",
           ruleset="ukiyo")  # fmt: skip
    ok(kiroku, "conflict", "start", *S, "--side", "Tengu", "--side", "Wasari")
    ok(kiroku, "objective", *S, "--side", "Tengu", "--gravity", "3", "faire payer Wasari")
    ok(kiroku, "objective", *S, "--side", "Wasari", "--gravity", "3", "tuer le Tengu")
    ok(kiroku, "initiative", *S, "--side", "Tengu", "--how", "initiator")
    return kiroku


def test_the_gm_rules_a_bet_with_its_reason_and_no_player_may(kiroku: Run) -> None:
    duel = opened(kiroku)
    before = count(duel)
    mine = duel("test", *S, *TENGU, "--bet", "won", "--reason", "I say so", "--faces", "1,2",
                "--as", "ana")  # fmt: skip
    assert mine.returncode == 2 and "'ana' may not rule a yakuza bet" in mine.stderr
    bare = duel("test", *S, *TENGU, "--bet", "won", "--faces", "1,2")
    assert bare.returncode == 2 and "needs its --reason" in bare.stderr
    assert count(duel) == before
    done = ok(duel, "test", *S, *TENGU, "--bet", "won", "--faces", "1,2",
              "--reason", "the dice rolled off the table")  # fmt: skip
    summary = done["recorded"][0]["summary"]
    assert "bets even: won as the GM rules (the dice's parity: lost)" in summary
    tested = ok(duel, "state", *S)["conflicts"]["open"]["Tengu vs Wasari"]["tests"]["Tengu"]
    assert tested["bet_won"] is True
    assert "the dice rolled off the table" in duel("log", *S).stdout


def test_a_bet_the_dice_decided_is_ruled_by_amending_the_test(kiroku: Run) -> None:
    duel = opened(kiroku)
    position = ok(duel, "test", *S, *TENGU, "--faces", "1,2")["recorded"][0]["position"]
    ok(duel, "test", *S, "--character", "Wasari", "--technique", "poignard caché",
       "--faces", "6,6", "--as", "ben")  # fmt: skip
    conflict = ok(duel, "state", *S)["conflicts"]["open"]["Tengu vs Wasari"]
    assert conflict["manche"] == 2  # reckoned: the bet was lost by the dice
    ok(duel, "amend", str(position), *S, "--bet", "won", "--reason", "the call was heard as even")
    conflict = ok(duel, "state", *S)["conflicts"]["open"]["Tengu vs Wasari"]
    assert conflict["manche"] == 1 and conflict["tests"]["Tengu"]["bet_won"] is True
