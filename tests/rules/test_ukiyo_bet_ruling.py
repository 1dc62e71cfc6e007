"""The GM's ruling of a yakuza bet (issue 31): the text's excerpt is cut where it says how
a bet is won (« le pari du yakuza (voir les « Règles optionnelles ») »), and the engine
reads it as chō-han, the dice's parity; the GM may rule it won or lost instead, with the
reason recorded (:mod:`domain.rulesets.ukiyo.bet_ruling`). Each refusal records nothing."""

from __future__ import annotations

from domain.errors import MalformedInput, NotAllowed
from domain.rulesets.ukiyo import commands as c
from domain.rulesets.ukiyo.events import MancheWon, TechniqueTested
from domain.rulesets.ukiyo.views import describe_ukiyo, explain_ukiyo
from domain.session.commands import Amend
from tests.replays.curate_ukiyo import faces
from tests.rules.test_ukiyo import duel, events
from tests.support import refused

WHY = "the dice rolled off the table: the GM rules the bet won"


def test_the_gm_rules_a_bet_won_that_the_dice_s_parity_lost() -> None:
    """1 + 2 is odd: an even call loses by the dice; the GM's ruling wins it, and the
    manche then waits for its gain (« GAINS DU PARI DU YAKUZA »)."""
    t = duel()
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even", bet="won",
                reason=WHY), dice=faces(1, 2))  # fmt: skip
    test = events(t, TechniqueTested)[-1]
    assert (test.bet_won, test.bet_ruled, test.reason) == (True, True, WHY)
    line = describe_ukiyo(test)
    assert "bets even: won as the GM rules (the dice's parity: lost)" in line
    assert "bet even: won, ruled by the GM (the dice's parity: lost)" in explain_ukiyo(test)
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(6, 6), actor="ben")
    assert not events(t, MancheWon)  # Tengu's gain first
    t.do(c.Claim(gain="wound", character="Tengu"), actor="ana")
    assert events(t, MancheWon)


def test_the_gm_rules_a_bet_lost_that_the_dice_s_parity_won() -> None:
    t = duel()
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even", bet="lost",
                reason="the call came after the dice were seen"), dice=faces(2, 2))  # fmt: skip
    test = events(t, TechniqueTested)[-1]
    assert (test.bet_won, test.bet_ruled) == (False, True)
    assert "bets even: lost as the GM rules (the dice's parity: won)" in describe_ukiyo(test)
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(6, 6), actor="ben")
    assert events(t, MancheWon)  # no gain awaited


def test_a_ruling_is_the_gm_s_with_a_reason_on_a_bet_called() -> None:
    t = duel()
    refused(t, c.Test(character="Tengu", technique="sabre du tengu", call="even", bet="won",
                      reason="I say so"), NotAllowed, "'ana' may not rule a yakuza bet",
            dice=faces(1, 2), actor="ana")  # fmt: skip
    refused(t, c.Test(character="Tengu", technique="sabre du tengu", call="even", bet="won"),
            MalformedInput, "--bet won: the GM's ruling of a bet over the dice needs its --reason",
            dice=faces(1, 2))  # fmt: skip
    refused(t, c.Test(character="Tengu", technique="sabre du tengu", bet="lost", reason=WHY),
            MalformedInput, "--bet lost: there is no yakuza bet to rule: give --call",
            dice=faces(1, 2))  # fmt: skip


def test_a_bet_the_dice_decided_is_ruled_after_the_fact_by_amending_the_test() -> None:
    """The amendment re-decides what the bet decided: the manche reckoned on a bet lost is
    retracted, and waits for the gain of the bet now won."""
    t = duel()
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even"), dice=faces(1, 2))
    position = t.events[-1].position
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(6, 6), actor="ben")
    assert events(t, MancheWon)
    t.do(Amend(position=position, changes={"bet": "won"}, reason=WHY))
    amended = events(t, TechniqueTested)[-2]
    assert (amended.bet_won, amended.bet_ruled) == (True, True)
    assert t.session.table.conflicts["tengu vs wasari"].tests  # the manche awaits the gain
