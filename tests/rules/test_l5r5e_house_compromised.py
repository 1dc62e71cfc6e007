"""« Compromis » in full (issue 31): while strife is above composure the house text's
Compromised state takes what the published 5th edition's condition takes — a vigilance
of 1, the dice showing strife, and (in a duel's stare-down, whose section the text leaves
empty) the bid. Each refusal quotes what it refuses and records nothing."""

from __future__ import annotations

from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.events import CheckRolled, InitiativeSet, StareDown
from tests.replays.curate_5e import faces, join, kakita_ryoku, mirumoto_daini
from tests.rules.test_l5r5e_house import duel, view
from tests.support import RecordedTable, refused

RYOKU_COMPOSURE = 8  # 2 × (Earth 2 + Water 2)
RYOKU_VIGILANCE = 3  # (Air 3 + Water 2) / 2, rounded up


def skirmish_to_come() -> RecordedTable:
    t = RecordedTable("s", "l5r5e-house")
    t.do(join(kakita_ryoku(), "ana"))
    t.do(join(mirumoto_daini(), "ben"))
    t.do(c.StartConfrontation(kind="skirmish"))
    return t


def test_a_compromised_character_s_vigilance_is_1() -> None:
    t = skirmish_to_come()
    assert view(t, "characters")["Kakita Ryoku"]["vigilance"] == RYOKU_VIGILANCE
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=RYOKU_COMPOSURE))
    assert view(t, "characters")["Kakita Ryoku"]["vigilance"] == RYOKU_VIGILANCE  # not above
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=1))
    assert view(t, "fighters")["Kakita Ryoku"]["compromised"]
    assert view(t, "characters")["Kakita Ryoku"]["vigilance"] == 1


def test_a_surprised_compromised_character_s_initiative_starts_from_a_vigilance_of_1() -> None:
    """« S'il n'était pas prêt à la confrontation … son score d'initiative de base est égal à
    sa Vigilance »: 1, Compromised; + 1 on a success + the bonus successes."""
    t = skirmish_to_come()
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=RYOKU_COMPOSURE + 1))
    t.do(
        c.RollInitiative(character="Kakita Ryoku", ring="air", surprised=True, keep="0,1"),
        dice=faces(5, 5, 1, 1),
    )
    set_ = t.events[-1].event
    assert isinstance(set_, InitiativeSet)
    assert (set_.base_from, set_.base, set_.initiative) == ("vigilance", 1, 1 + 1 + 1)


def test_a_compromised_character_keeps_no_die_showing_strife_by_default() -> None:
    """Ring 4 is a success with strife, ring 5 a success: left to the default keep, the
    Compromised keep the 5 alone."""
    t = skirmish_to_come()
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=RYOKU_COMPOSURE + 1))
    t.do(c.Check(character="Kakita Ryoku", skill="Fitness", ring="fire", tn=1),
         dice=faces(4, 5, 1, 1))  # fmt: skip
    rolled = t.events[-1].event
    assert isinstance(rolled, CheckRolled)
    assert [(d.face, d.kept) for d in rolled.roll.dice[:2]] == [(4, False), (5, True)]
    assert rolled.roll.strife == 0 and rolled.roll.compromised


def test_a_compromised_duellist_makes_no_stare_down_bid() -> None:
    t = duel()
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=RYOKU_COMPOSURE + 1))
    refused(
        t, c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")), IllegalUnderRules,
        "--bid 'Kakita Ryoku=1': Kakita Ryoku is Compromised",
    )  # fmt: skip
    t.do(c.Stare(bids=("Mirumoto Daini=2",)))  # Ryoku left out: he bids nothing
    stared = t.events[-1].event
    assert isinstance(stared, StareDown)
    assert stared.bids == (("Mirumoto Daini", 2), ("Kakita Ryoku", 0))
    assert view(t, "fighters")["Kakita Ryoku"]["strife"] == RYOKU_COMPOSURE + 1 + 1  # round 1


def test_the_round_s_strife_comes_first_a_duellist_it_compromises_bids_nothing() -> None:
    """Strife 8 of composure 8 is not Compromised; round 1's strife makes it 9."""
    t = duel()
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=RYOKU_COMPOSURE))
    refused(
        t, c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")), IllegalUnderRules,
        "the round's 1 strife takes them to 9, above composure 8",
    )  # fmt: skip
    t.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=0")))  # 0 is no bid


def test_a_duellist_who_is_not_compromised_must_still_bid() -> None:
    t = duel()
    refused(t, c.Stare(bids=("Mirumoto Daini=2",)), MalformedInput, "--bid once for each")
