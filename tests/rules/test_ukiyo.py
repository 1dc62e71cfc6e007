"""Les Errants d'Ukiyo's conflicts (``ukiyo``) played command by command: each test one
rule of ``../shared/rules/errants-d-ukiyo-conflicts.fr.txt`` (or the documented ruling
where the excerpt is cut); each refusal quotes what it refuses and records nothing. The
text's examples are the curated replays (:mod:`tests.replays.curate_ukiyo`)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import IllegalUnderRules, KirokuError, MalformedInput, NotAllowed, NotFound
from domain.events import Event
from domain.rulesets import load_ruleset
from domain.rulesets.ukiyo import commands as c
from domain.rulesets.ukiyo.counts import gravity_said
from domain.rulesets.ukiyo.events import (
    ConflictWon,
    MancheWon,
    OppositionSettled,
    Punished,
    SideOut,
    TechniqueTested,
    WoundsHealed,
    WoundsTaken,
)
from domain.session.commands import Amend
from tests.replays.curate_ukiyo import (
    faces,
    join,
    sakura,
    sheet,
    shinsengumi,
    swordsmen,
    tengu,
    wasari,
)
from tests.support import RecordedTable, refused

RULES = load_ruleset("ukiyo")


def view(t: RecordedTable, name: str) -> Any:
    return t.session.ruleset.views[name](t.session.table)


def side(t: RecordedTable, name: str, conflict: str = "Tengu vs Wasari") -> Any:
    return view(t, "conflicts")["open"][conflict]["sides"][name]


def events(t: RecordedTable, kind: type[Event]) -> list[Any]:
    return [r.event for r in t.events if isinstance(r.event, kind)]


def table(options: dict[str, str] | None = None) -> RecordedTable:
    t = RecordedTable("u", "ukiyo", options)
    t.do(join(tengu(), "ana"))
    t.do(join(wasari(), "ben"))
    return t


def duel(gravity: int = 3, *, options: dict[str, str] | None = None,
         wasari_gravity: int | None = None) -> RecordedTable:  # fmt: skip
    """The Tengu (initiative) against Wasari, both objectives stated."""
    t = table(options)
    t.do(c.StartConflict(sides=("Tengu", "Wasari")))
    t.do(c.StateObjective(side="Tengu", objective="vaincre", gravity=gravity))
    t.do(c.StateObjective(side="Wasari", objective="vaincre", gravity=wasari_gravity or gravity))
    t.do(c.TakeInitiative(side="Tengu", how="initiator"))
    return t


def manche(t: RecordedTable, tengu_dice: tuple[int, int], wasari_dice: tuple[int, int],
           tengu_technique: str = "sabre du tengu",
           wasari_technique: str = "solides bases d'escrime", **wasari: Any) -> None:  # fmt: skip
    """One manche, the side with the initiative first."""
    first = view(t, "conflicts")["open"]["Tengu vs Wasari"]["initiative"]
    tests = [
        (c.Test(character="Tengu", technique=tengu_technique), tengu_dice, "ana"),
        (c.Test(character="Wasari", technique=wasari_technique, **wasari), wasari_dice, "ben"),
    ]
    for command, dice, actor in tests if first == "Tengu" else tests[::-1]:
        t.do(command, dice=faces(*dice), actor=actor)


def last_manche(t: RecordedTable) -> MancheWon:
    found: MancheWon = events(t, MancheWon)[-1]
    return found


# -- tests --------------------------------------------------------------------------------


def test_a_test_is_two_dice_and_the_technique_s_score_less_its_maluses() -> None:
    """« Jet : action de lancer deux dés à six faces lors d'un test »; the GM's malus of 3
    for an unsuitable technique (Wasari's « feinte martiale »: « Le meneur lui attribue un
    malus de 3 »)."""
    t = duel()
    t.do(c.Test(character="Tengu", technique="Déluge de plomb", edge=3), dice=faces(4, 5))
    test = events(t, TechniqueTested)[-1]
    assert (test.faces, test.score, test.result) == ((4, 5), 7, 13)
    assert [(m.kind, m.amount) for m in test.maluses] == [("edge", 3)]
    refused(t, c.Test(character="Wasari", technique="feinte martiale", unsuitable=4),
            MalformedInput, "3 \\(or 6")  # fmt: skip
    refused(t, c.Test(character="Wasari", technique="kata"), NotFound,
            "Wasari has no technique 'kata'; techniques: solides bases")  # fmt: skip


def test_the_higher_result_wins_the_manche_and_the_initiative() -> None:
    """« une manche correspond à un test et donc à une confrontation de techniques »; the
    initiative's side tests first, and the manche's winner takes it."""
    t = duel()
    refused(t, c.Test(character="Wasari", technique="poignard caché"), IllegalUnderRules,
            "Tengu has the initiative: it tests first in manche 1", dice=faces(3, 3))  # fmt: skip
    manche(t, (1, 2), (5, 5))
    assert last_manche(t).winner == "Wasari" and last_manche(t).score == (
        ("Tengu", 0),
        ("Wasari", 1),
    )
    assert view(t, "conflicts")["open"]["Tengu vs Wasari"]["initiative"] == "Wasari"
    refused(t, c.Test(character="Tengu", technique="déluge de plomb"), IllegalUnderRules,
            "Wasari has the initiative", dice=faces(3, 3))  # fmt: skip


def test_a_tie_is_nobody_s_manche_and_leaves_the_initiative() -> None:
    """Equal results: nobody wins the manche (the text's « personne ne remporte la
    manche »), unless the option gives ties to the initiative."""
    t = duel()
    manche(t, (3, 3), (2, 3))  # 12 and 12
    assert last_manche(t).winner is None and side(t, "Tengu")["won"] == 0
    assert view(t, "conflicts")["open"]["Tengu vs Wasari"]["initiative"] == "Tengu"
    t = duel(options={"ties": "initiative"})
    manche(t, (3, 3), (2, 3))
    assert last_manche(t).winner == "Tengu"


def test_the_first_to_the_count_wins_whatever_the_other_has_won() -> None:
    """« dans un duel à trois manches gagnantes, le premier à avoir remporté trois tests
    gagne, et ce quel que soit le nombre de fois où son adversaire a prévalu »."""
    t = duel()
    manche(t, (1, 1), (6, 6))
    manche(t, (1, 1), (6, 6), wasari_technique="poignard caché")
    manche(t, (6, 6), (1, 1), wasari_technique="feinte martiale")
    manche(t, (6, 6), (1, 1), "déluge de plomb")
    assert not events(t, ConflictWon)
    manche(t, (6, 6), (1, 1), "châtiment des égoïstes", "poignard caché")
    won = events(t, ConflictWon)[-1]
    assert (won.winner, won.dues) == ("Tengu", (("Wasari", 3),))
    refused(t, c.Test(character="Tengu", technique="sabre du tengu"), IllegalUnderRules,
            "is won: `kiroku conflict end`", dice=faces(1, 1))  # fmt: skip


def test_the_gravest_objective_sets_the_manches() -> None:
    """« Si les protagonistes ont des buts qui diffèrent, ne tenez compte que du plus
    important »: a duel to the death against a tavern brawl is three manches for both."""
    t = duel(1, wasari_gravity=3)
    assert side(t, "Tengu")["falls_at"] == side(t, "Wasari")["falls_at"] == 3


def test_four_or_five_manches_are_for_the_rare_cases_the_text_names() -> None:
    t = table()
    t.do(c.StartConflict(sides=("Tengu", "Wasari")))
    refused(t, c.StateObjective(side="Tengu", objective="vengeance", gravity=4),
            MalformedInput, "ultimate vengeance, an army or a terrible monster")  # fmt: skip
    t.do(c.StateObjective(side="Tengu", objective="vengeance", gravity=4,
                          reason="l'ultime vengeance du Tengu"))  # fmt: skip


def test_no_manche_before_every_objective_and_the_initiative() -> None:
    """« 1. Chaque camp choisit un objectif … 2. Les participants déterminent
    l'initiative pour la première manche »."""
    t = table()
    t.do(c.StartConflict(sides=("Tengu", "Wasari")))
    t.do(c.StateObjective(side="Tengu", objective="vaincre", gravity=2))
    refused(t, c.Test(character="Tengu", technique="sabre du tengu"), IllegalUnderRules,
            "state every side's objective first .*: Wasari", dice=faces(1, 1))  # fmt: skip
    t.do(c.StateObjective(side="Wasari", objective="vaincre", gravity=2))
    refused(t, c.Test(character="Tengu", technique="sabre du tengu"), IllegalUnderRules,
            "who has the initiative", dice=faces(1, 1))  # fmt: skip
    t.do(c.TakeInitiative(side="Wasari", how="conceded"))
    refused(t, c.TakeInitiative(side="Tengu", how="bet"), IllegalUnderRules, "already")


def test_reusing_a_technique_in_the_conflict_costs_the_variety_malus() -> None:
    """« variété des techniques »: 3 by default (the figure is cut), 6 or 0 as options; a
    test outside the manches reuses freely (« il est possible de réutiliser une technique
    sans subir de malus »)."""
    t = duel()
    manche(t, (6, 6), (1, 1))
    t.do(c.Test(character="Tengu", technique="sabre du tengu", against=5), dice=faces(3, 3, 3, 3))
    assert events(t, TechniqueTested)[-1].maluses == ()
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(3, 3))
    assert [(m.kind, m.amount) for m in events(t, TechniqueTested)[-1].maluses] == [("variety", 3)]
    t = duel(options={"variety_malus": "0"})
    manche(t, (6, 6), (1, 1))
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(3, 3))
    assert events(t, TechniqueTested)[-1].maluses == ()


def test_a_test_outside_the_manches_counts_for_none() -> None:
    """« TESTS HORS MANCHE »: against the opposition the GM sets; the score of manches
    stays."""
    t = duel()
    t.do(c.Test(character="Wasari", technique="feinte martiale", against=6),
         dice=faces(5, 5, 2, 2), actor="ben")  # fmt: skip
    settled = events(t, OppositionSettled)[-1]
    assert (settled.result, settled.opposition, settled.success) == (14, 10, True)
    assert side(t, "Wasari")["won"] == 0 and not events(t, MancheWon)


def test_under_the_single_resolution_only_the_initiative_throws() -> None:
    """Option ``resolution=single``: the other side's result is its score + 7."""
    t = duel(options={"resolution": "single"})
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(2, 2))
    refused(t, c.Test(character="Wasari", technique="poignard caché", call="even"),
            IllegalUnderRules, "only Tengu's side throws")  # fmt: skip
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces())
    test = events(t, TechniqueTested)[-1]
    assert (test.faces, test.result) == ((), 12) and last_manche(t).winner == "Wasari"


@pytest.mark.parametrize(
    ("gravity", "wounds", "magnanimous", "dealt"),
    [(1, None, False, 0), (2, None, False, 1), (2, None, True, 0), (3, 2, False, 2),
     (3, 1, False, 1), (4, None, False, 3)],
)  # fmt: skip
def test_a_lost_conflict_wounds_by_its_count(gravity: int, wounds: int | None,
                                             magnanimous: bool, dealt: int) -> None:  # fmt: skip
    """« Un affrontement en une manche n'entraîne aucune blessure »; two manches, one
    « à moins … magnanime »; three, « une ou deux blessures - il ne peut en donner moins »;
    more than three, « automatiquement trois blessures »."""
    if gravity < 4:
        t = duel(gravity)
    else:
        t = table()
        t.do(c.StartConflict(sides=("Tengu", "Wasari")))
        for who in ("Tengu", "Wasari"):
            t.do(c.StateObjective(side=who, objective="tout", gravity=4, reason="vengeance"))
        t.do(c.TakeInitiative(side="Tengu", how="initiator"))
    techniques = ["sabre du tengu", "déluge de plomb", "châtiment des égoïstes", "sabre du tengu"]
    for number in range(gravity):
        manche(t, (6, 6), (1, 1), techniques[number])
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=gravity, wounds=wounds,
                  magnanimous=magnanimous, punishment="châtiment"), actor="ana")  # fmt: skip
    assert view(t, "characters")["Wasari"]["wounds"] == dealt


def test_a_punishment_is_no_harsher_and_no_milder_than_the_manches_won() -> None:
    """« Le vainqueur ne doit pas infliger de châtiment plus grave que celui autorisé par
    le nombre de manches qu'il a remportées … il est impossible d'infliger un châtiment
    plus doux »; three manches lost deal one or two wounds, never none; only the winner
    punishes."""
    t = duel(2)
    manche(t, (6, 6), (1, 1))
    manche(t, (6, 6), (1, 1), "déluge de plomb")
    for gravity in (1, 3):
        refused(t, c.Punish(by="Tengu", side="Wasari", gravity=gravity, punishment="x"),
                IllegalUnderRules, "gravity 2 \\(grave\\): no harsher")  # fmt: skip
    refused(t, c.Punish(by="Wasari", side="Tengu", gravity=2, punishment="x"),
            IllegalUnderRules, "Wasari did not beat Tengu")  # fmt: skip
    refused(t, c.Punish(by="Tengu", side="Wasari", gravity=2, punishment="x"), NotAllowed,
            "'ben' has no character on side 'Tengu'", actor="ben")  # fmt: skip
    refused(t, c.Punish(by="Tengu", side="Wasari", gravity=2, punishment="x", dead=("Wasari",)),
            IllegalUnderRules, "can die only of a deadly conflict lost")  # fmt: skip
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=2, punishment="désarmé"), actor="ana")
    refused(t, c.Punish(by="Tengu", side="Wasari", gravity=2, punishment="x"),
            IllegalUnderRules, "punished Wasari already")  # fmt: skip
    t = duel(3)
    for technique in ("sabre du tengu", "déluge de plomb", "châtiment des égoïstes"):
        manche(t, (6, 6), (1, 1), technique)
    refused(t, c.Punish(by="Tengu", side="Wasari", gravity=3, punishment="x"),
            IllegalUnderRules, "deals 1 or 2 wound\\(s\\): choose")  # fmt: skip
    refused(t, c.Punish(by="Tengu", side="Wasari", gravity=3, wounds=0, punishment="x"),
            IllegalUnderRules, "deals 1 or 2")  # fmt: skip


def test_wounds_weigh_on_every_technique_and_never_kill_by_themselves() -> None:
    """« SOUFFRIR DE SES BLESSURES »: one wound is aesthetic, the worst « un malus de 6 au
    score des techniques » (two and three: 3, the option's default for the cut); « Les
    blessures ne peuvent pas causer directement la mort »: four boxes, no fifth."""
    t = duel()
    t.do(c.Wound(character="Tengu", count=2))
    assert view(t, "characters")["Tengu"]["wound_malus"] == 3
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(3, 3))
    assert [(m.kind, m.amount) for m in events(t, TechniqueTested)[-1].maluses] == [("wounds", 3)]
    t.do(c.Wound(character="Tengu", count=3))
    assert view(t, "characters")["Tengu"] == view(t, "characters")["Tengu"] | {
        "wounds": 4,
        "wound_malus": 6,
    }
    refused(t, c.Wound(character="Tengu"), IllegalUnderRules, "four wound boxes are checked")
    t = table({"wound_maluses": "0,2,4,6"})
    t.do(c.Wound(character="Tengu", count=3))
    assert view(t, "characters")["Tengu"]["wound_malus"] == 4


def test_wounds_heal_one_soon_after_and_all_in_time() -> None:
    """« il est possible de soigner la dernière blessure … à condition d'intervenir peu
    après »; « Au début d'un nouveau scénario ou lorsque le meneur de jeu estime que
    suffisamment de temps a passé, un personnage récupère entièrement »."""
    t = table()
    t.do(c.Wound(character="Tengu", count=3))
    t.do(c.Wound(character="Wasari", count=2))
    t.do(c.Heal(character="Tengu"))
    assert view(t, "characters")["Tengu"]["wounds"] == 2
    t.do(c.Heal(character="Tengu", how="time"))
    assert view(t, "characters")["Tengu"]["wounds"] == 0
    refused(t, c.Heal(character="Tengu"), IllegalUnderRules, "Tengu has no wound to heal")
    t.do(c.Recover())
    assert [e.how for e in events(t, WoundsHealed)] == ["care", "time", "scenario"]
    refused(t, c.Recover(), IllegalUnderRules, "no one is wounded")


def test_caring_for_another_is_a_test_and_the_bet_heals_two() -> None:
    """« Soigner l'autre : s'utilise uniquement par un personnage qui tente d'en soigner un
    autre ; s'il réussit son test et son pari, il peut ôter deux blessures au lieu d'une »;
    care heals « la dernière blessure », once: the rest take time."""
    t = table()
    t.do(join(sakura(), "cho"))
    t.do(c.Wound(character="Tengu", count=3))
    t.do(c.Test(character="Sakura", technique="larmes sincères", against=4, heal="Tengu"),
         dice=faces(1, 1, 6, 6), actor="cho")  # fmt: skip
    assert view(t, "characters")["Tengu"]["wounds"] == 3, "the care failed"
    t.do(c.Test(character="Sakura", technique="larmes sincères", against=4, heal="Tengu",
                call="even"), dice=faces(5, 5, 1, 2), actor="cho")  # fmt: skip
    assert view(t, "characters")["Tengu"]["wounds"] == 3, "a bet won waits for its gain"
    refused(t, c.Claim(gain="wound", character="Sakura"), IllegalUnderRules,
            "a gain within a conflict's manches", actor="cho")  # fmt: skip
    t.do(c.Claim(gain="heal_two", character="Sakura"), actor="cho")
    assert view(t, "characters")["Tengu"]["wounds"] == 1
    refused(t, c.Test(character="Sakura", technique="air innocent", against=4, heal="Tengu"),
            IllegalUnderRules, "last wound was healed already", dice=faces(6, 6, 1, 1),
            actor="cho")  # fmt: skip
    refused(t, c.Heal(character="Tengu"), IllegalUnderRules, "healed already")
    refused(t, c.Test(character="Tengu", technique="sabre du tengu", against=4, heal="Tengu"),
            IllegalUnderRules, "is for another", dice=faces(6, 6, 1, 1), actor="ana")  # fmt: skip
    t.do(c.Wound(character="Tengu"))
    t.do(c.Heal(character="Tengu"))
    assert view(t, "characters")["Tengu"]["wounds"] == 1


def test_a_bet_is_called_on_one_s_own_dice_and_its_gain_claimed_once_they_are_known() -> None:
    """The yakuza bet, read as chō-han: even or odd called on one's two dice. A bet won
    holds the manche until its gain is claimed (or none); a bet lost costs nothing."""
    t = duel()
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="odd"), dice=faces(2, 2))
    assert events(t, TechniqueTested)[-1].bet_won is False
    t.do(c.Test(character="Wasari", technique="poignard caché", call="even"), dice=faces(3, 3),
         actor="ben")  # fmt: skip
    assert not events(t, MancheWon)
    refused(t, c.Claim(gain="none", character="Tengu"), IllegalUnderRules,
            "Tengu has no yakuza bet won awaiting its gain", actor="ana")  # fmt: skip
    refused(t, c.Claim(gain="none", character="Wasari"), NotAllowed, "'ana' may not act for",
            actor="ana")  # fmt: skip
    t.do(c.Claim(gain="none", character="Wasari"), actor="ben")
    assert last_manche(t).results == (("Tengu", 10), ("Wasari", 11))


def test_wound_the_other_and_keep_the_initiative_win_or_lose() -> None:
    """« Blesser l'autre : que le personnage ait remporté la manche ou non, il inflige à son
    adversaire une blessure à la fin de la manche »; « Conserver l'initiative : … il
    gardera l'initiative lors de la manche suivante »."""
    t = duel()
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even"), dice=faces(1, 1))
    t.do(c.Test(character="Wasari", technique="poignard caché", call="even"), dice=faces(6, 6),
         actor="ben")  # fmt: skip
    refused(t, c.Claim(gain="keep_initiative", character="Wasari"), IllegalUnderRules,
            "does not hold the initiative", actor="ben")  # fmt: skip
    t.do(c.Claim(gain="keep_initiative", character="Tengu"), actor="ana")
    refused(t, c.Claim(gain="wound", character="Tengu"), IllegalUnderRules,
            "no yakuza bet won awaiting", actor="ana")  # fmt: skip
    t.do(c.Claim(gain="wound", character="Wasari"), actor="ben")
    assert last_manche(t).winner == "Wasari"
    assert view(t, "characters")["Tengu"]["wounds"] == 1
    assert view(t, "conflicts")["open"]["Tengu vs Wasari"]["initiative"] == "Tengu"


def test_a_tie_is_forced_only_by_a_loss_within_three() -> None:
    """« Forcer l'égalité : si le personnage a réussi son pari mais a échoué au test et que
    son résultat final est inférieur de 3 points ou moins à celui du gagnant … personne ne
    remporte la manche »."""
    t = duel()
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even"), dice=faces(2, 2))
    t.do(c.Test(character="Wasari", technique="solides bases d'escrime"), dice=faces(4, 3),
         actor="ben")  # fmt: skip
    refused(t, c.Claim(gain="force_tie", character="Tengu"), IllegalUnderRules,
            "lost by 4, more than 3", actor="ana")  # fmt: skip
    t = duel()
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even"), dice=faces(3, 3))
    t.do(c.Test(character="Wasari", technique="solides bases d'escrime"), dice=faces(4, 3),
         actor="ben")  # fmt: skip
    t.do(c.Claim(gain="force_tie", character="Tengu"), actor="ana")
    assert last_manche(t).winner is None


def test_the_right_technique_and_gritted_teeth_lift_their_maluses() -> None:
    """« La bonne technique au bon moment : … aucun malus pour technique inappropriée ou
    variété des techniques »; « Serrer les dents : … ignorer les malus dus à ses
    blessures »."""
    t = duel()
    t.do(c.Wound(character="Wasari", count=2))
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(3, 3))
    t.do(c.Test(character="Wasari", technique="feinte martiale", unsuitable=3, call="even"),
         dice=faces(4, 4), actor="ben")  # fmt: skip
    refused(t, c.Claim(gain="heal_two", character="Wasari"), IllegalUnderRules, "cares for",
            actor="ben")  # fmt: skip
    t.do(c.Claim(gain="right_technique", character="Wasari"), actor="ben")
    assert last_manche(t).results == (("Tengu", 12), ("Wasari", 9))
    t.do(c.Test(character="Tengu", technique="déluge de plomb"), dice=faces(3, 3))
    t.do(c.Test(character="Wasari", technique="poignard caché", call="even"), dice=faces(4, 4),
         actor="ben")  # fmt: skip
    refused(t, c.Claim(gain="right_technique", character="Wasari"), IllegalUnderRules,
            "no unsuitable or variety malus to lift", actor="ben")  # fmt: skip
    t.do(c.Claim(gain="grit_teeth", character="Wasari"), actor="ben")
    assert last_manche(t).results == (("Tengu", 13), ("Wasari", 13))


def test_taking_the_other_down_punishes_the_winner_by_the_loser_s_manches() -> None:
    """« Emporter l'autre avec soi : … lorsque le personnage échoue au test et perd en même
    temps le conflit … le vainqueur est forcé de subir des conséquences relatives au
    nombre de manches que son adversaire a remportées »."""
    t = duel(2)
    manche(t, (1, 1), (6, 6))
    manche(t, (6, 6), (1, 1), "déluge de plomb", "poignard caché")
    t.do(c.Test(character="Tengu", technique="châtiment des égoïstes"), dice=faces(6, 6))
    t.do(c.Test(character="Wasari", technique="feinte martiale", call="even"), dice=faces(1, 1),
         actor="ben")  # fmt: skip
    t.do(c.Claim(gain="take_down", character="Wasari"), actor="ben")
    won = events(t, ConflictWon)[-1]
    assert (won.winner, won.taken_down) == ("Tengu", (("Wasari", 1),))
    t.do(c.Punish(by="Wasari", side="Tengu", gravity=1, punishment="une lame brisée"),
         actor="ben")  # fmt: skip
    assert events(t, Punished)[-1].by == "Wasari"


def test_take_down_needs_the_conflict_lost_on_that_manche() -> None:
    t = duel(3)
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(6, 6))
    t.do(c.Test(character="Wasari", technique="feinte martiale", call="even"), dice=faces(1, 1),
         actor="ben")  # fmt: skip
    refused(t, c.Claim(gain="take_down", character="Wasari"), IllegalUnderRules,
            "does not lose the conflict on this manche", actor="ben")  # fmt: skip


def test_all_or_nothing_wins_two_or_loses_two() -> None:
    """« Tenter le tout pour le tout : s'il réussit son pari et son test, le personnage
    remporte deux manches d'un seul coup. S'il échoue au test, que le pari soit réussi ou
    non, c'est lui qui perd deux manches … Si le personnage échoue au pari mais triomphe au
    test, il ne remporte qu'une seule manche »."""

    def tengu_bets(dice: tuple[int, int], wasari_dice: tuple[int, int]) -> MancheWon:
        t = duel()
        t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even",
                    special="all_or_nothing"), dice=faces(*dice))  # fmt: skip
        t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(*wasari_dice))
        return last_manche(t)

    assert tengu_bets((6, 6), (1, 1)).gained == (("Tengu", 2),)
    assert tengu_bets((6, 5), (1, 1)).gained == (("Tengu", 1),)
    assert tengu_bets((1, 1), (6, 6)).gained == (("Wasari", 2),)
    t = duel()
    refused(t, c.Test(character="Tengu", technique="sabre du tengu", special="sacrifice"),
            MalformedInput, "give --call", dice=faces(1, 1))  # fmt: skip


def test_a_sacrifice_gives_every_side_one_more_and_an_overshoot_may_be_aggravated() -> None:
    """« Si le pari réussit, les deux camps remportent chacun une manche en plus de celle
    obtenue par le vainqueur du test. Si un des participants dépasse ainsi le nombre de
    manches qu'il devait normalement remporter, le meneur de jeu est en droit d'aggraver
    les conséquences »."""
    t = duel(1)
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(6, 6))
    t.do(c.Test(character="Wasari", technique="poignard caché", call="even",
                special="sacrifice"), dice=faces(1, 1), actor="ben")  # fmt: skip
    won = events(t, ConflictWon)[-1]
    assert last_manche(t).score == (("Tengu", 2), ("Wasari", 1))
    assert (won.winner, won.overshot, won.dues) == ("Tengu", True, (("Wasari", 2),))
    assert won.mildest == (("Wasari", 1),)
    line = RULES.describe(won)
    assert "Wasari due " + gravity_said(1) + ", up to " + gravity_said(2) in line, line
    out = RULES.describe(events(t, SideOut)[-1])
    assert f"due a punishment: {gravity_said(1)}, up to {gravity_said(2)} if the GM" in out
    tables = RULES.tables({name: view(t, name) for name in RULES.views})
    wasari = next(row for row in tables[0].rows if row[0].endswith("Wasari"))
    tengu = next(row for row in tables[0].rows if row[0].endswith("Tengu"))
    assert tengu[2] == "2/1", "the count Tengu had to reach, not '?'"
    assert f"due {gravity_said(1)}, up to {gravity_said(2)} if aggravated" in wasari[4]
    refused(t, c.Punish(by="Tengu", side="Wasari", gravity=2, punishment="dépouillé"),
            NotAllowed, "may not aggravate an overshot", actor="ana")  # fmt: skip
    refused(t, c.Punish(by="Tengu", side="Wasari", gravity=3, punishment="tué"),
            IllegalUnderRules, "the count overshot: 1 to 2, the GM's choice")  # fmt: skip
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=2, punishment="assommé puis dépouillé"))
    assert view(t, "characters")["Wasari"]["wounds"] == 1


def test_both_beaten_at_once_the_test_s_winner_stands() -> None:
    t = duel(1)
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even",
                special="sacrifice"), dice=faces(1, 1))  # fmt: skip
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(2, 1))
    won = events(t, ConflictWon)[-1]
    assert won.winner is None, "a tie, and both reach one manche: both are beaten"


def test_aggravating_raises_the_count_keeps_the_wins_and_costs_the_asker_3() -> None:
    """« Le duel passe à trois manches gagnantes, le Tengu conservant sa manche d'avance,
    et Wasari subit un malus de 3 lors du test suivant »; « inappropriée si l'objectif est
    déjà le plus élevé possible »."""
    t = duel(1)
    manche(t, (6, 6), (1, 1))
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=1, punishment="une estafilade"), actor="ana")
    refused(t, c.Aggravate(side="Wasari", gravity=1), IllegalUnderRules, "graver than Wasari's")
    t.do(c.Aggravate(side="Wasari", gravity=3), actor="ben")
    assert (side(t, "Tengu")["won"], side(t, "Wasari")["falls_at"]) == (1, 3)
    assert view(t, "conflicts")["open"]["Tengu vs Wasari"]["status"] == "under way"
    refused(t, c.Aggravate(side="Tengu", gravity=4, reason="r"), IllegalUnderRules,
            "already deadly")  # fmt: skip
    manche(t, (3, 3), (3, 3), "déluge de plomb")
    assert ("aggravated", 3) in [(m.kind, m.amount) for m in events(t, TechniqueTested)[-1].maluses]


def test_a_changed_objective_may_not_end_the_conflict_by_itself() -> None:
    """« modifier leur objectif »: the count follows the gravest objective again, but never
    below the manches a side has already won."""
    t = duel(2)
    manche(t, (6, 6), (1, 1))
    t.do(c.StateObjective(side="Tengu", objective="le tuer", gravity=3))
    assert side(t, "Wasari")["falls_at"] == 3
    t2 = duel(2, wasari_gravity=1)
    manche(t2, (6, 6), (1, 1))
    refused(t2, c.StateObjective(side="Tengu", objective="rien", gravity=1), IllegalUnderRules,
            "would end the conflict by a change of mind")  # fmt: skip


def test_a_surrender_accepted_is_punished_by_the_manches_won_refused_costs_3() -> None:
    """« Si le gagnant accepte, il inflige au perdant un châtiment correspondant au nombre
    de manches qu'il a remportées … Si le gagnant refuse la reddition, il se voit infliger
    un malus de 3 lors de la manche suivante »."""
    t = duel(3)
    manche(t, (6, 6), (1, 1))
    t.do(c.OfferSurrender(side="Wasari"), actor="ben")
    refused(t, c.AcceptSurrender(side="Wasari"), IllegalUnderRules, "the other side answers")
    t.do(c.RefuseSurrender(side="Tengu"), actor="ana")
    manche(t, (3, 3), (3, 3), "déluge de plomb")
    kinds = [m.kind for m in events(t, TechniqueTested)[-2].maluses]
    assert kinds == ["refused_surrender"]
    t.do(c.OfferSurrender(side="Wasari"), actor="ben")
    t.do(c.AcceptSurrender(side="Tengu"), actor="ana")
    won = events(t, ConflictWon)[-1]
    assert (won.how, won.dues) == ("surrender", (("Wasari", 1),))


def test_forfeit_and_interruption() -> None:
    """Forfeit: the other side wins, punishing by its manches. « Si les deux camps
    souhaitent mettre un terme à leur affrontement … Ces dernières sont tout bonnement
    annulées. Les éventuelles blessures reçues suite à un pari du yakuza sont bien sûr
    conservées »."""
    t = duel(2)
    manche(t, (6, 6), (1, 1))
    t.do(c.Forfeit(side="Wasari"), actor="ben")
    assert events(t, ConflictWon)[-1].how == "forfeit"
    t = duel(3)
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even"), dice=faces(6, 6))
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(1, 1), actor="ben")
    t.do(c.Claim(gain="wound", character="Tengu"), actor="ana")
    t.do(c.Interrupt(reason="la garde arrive"))
    assert side(t, "Tengu")["won"] == 0 and view(t, "characters")["Wasari"]["wounds"] == 1
    refused(t, c.Test(character="Tengu", technique="déluge de plomb"), IllegalUnderRules,
            "was interrupted", dice=faces(1, 1))  # fmt: skip
    t.do(c.EndConflict())
    assert view(t, "conflicts")["ended"] == ["Tengu vs Wasari"]


def test_relays_and_support_pool_a_side_s_manches() -> None:
    """« on considère que tous les deux appartiennent à un seul et même camp. L'initiative
    va et vient comme dans un conflit ordinaire, les manches victorieuses remportées
    s'additionnent, et le camp vainqueur peut appliquer les conséquences de son triomphe
    à tous les participants du groupe vaincu »."""
    t = table()
    t.do(join(sakura(), "cho"))
    t.do(c.StartConflict(sides=("héros=Sakura", "Wasari")))
    t.do(c.StateObjective(side="héros", objective="le chasser", gravity=2))
    t.do(c.StateObjective(side="Wasari", objective="tuer", gravity=2))
    t.do(c.TakeInitiative(side="héros", how="initiator"))
    t.do(c.Test(character="Sakura", technique="air innocent"), dice=faces(6, 6), actor="cho")
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(1, 1), actor="ben")
    refused(t, c.Test(character="Tengu", technique="sabre du tengu"), IllegalUnderRules,
            "Tengu is on no side", dice=faces(1, 1))  # fmt: skip
    t.do(c.JoinSide(side="héros", character="Tengu"))
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(6, 6), actor="ana")
    refused(t, c.Test(character="Sakura", technique="éloquence"), IllegalUnderRules,
            "side 'héros' has tested in manche 2", dice=faces(1, 1), actor="cho")  # fmt: skip
    t.do(c.Test(character="Wasari", technique="solides bases d'escrime"), dice=faces(1, 1))
    won = events(t, ConflictWon)[-1]
    assert won.winner == "héros" and side(t, "héros", "héros vs Wasari")["members"] == [
        "Sakura",
        "Tengu",
    ]


def test_extras_threat_sets_the_manches_to_beat_them_and_they_take_no_wounds() -> None:
    """« le nombre de manches à remporter pour vaincre un groupe de figurants avec une
    menace de niveau 2 est de... deux et ce, quel que soit votre objectif. … le nombre de
    manches à remporter peut ici être différent pour chaque camp »."""
    t = RecordedTable("u", "ukiyo")
    t.do(join(tengu(), "ana"))
    t.do(join(shinsengumi(), "gm"))
    t.do(c.StartConflict(sides=("Tengu", "Shinsengumi")))
    t.do(c.StateObjective(side="Tengu", objective="les tuer tous", gravity=3))
    t.do(c.StateObjective(side="Shinsengumi", objective="le capturer", gravity=2))
    sides = view(t, "conflicts")["open"]["Tengu vs Shinsengumi"]["sides"]
    assert (sides["Shinsengumi"]["falls_at"], sides["Tengu"]["falls_at"]) == (3, 2)
    refused(t, c.Wound(character="Shinsengumi"), IllegalUnderRules, "extras, who take no wounds")


def test_in_a_contest_the_highest_result_wins_and_extras_leave_at_their_threat() -> None:
    """« Il n'y a en revanche pas d'initiative, chaque participant se contente de choisir
    une technique et d'effectuer son test ; celui qui obtient le résultat le plus haut
    remporte la manche »; « il est mis hors d'état dès qu'un des participants obtient
    autant de manches gagnantes que sa menace »."""
    t = table()
    t.do(join(swordsmen(), "gm"))
    t.do(c.StartConflict(kind="contest", sides=("Tengu", "Wasari", "Sabreurs")))
    name = "Tengu vs Wasari vs Sabreurs"
    for who in ("Tengu", "Wasari", "Sabreurs"):
        t.do(c.StateObjective(side=who, objective="gagner", gravity=3))
    refused(t, c.TakeInitiative(side="Tengu", how="bet"), IllegalUnderRules, "no initiative")
    for technique in ("sabre du tengu", "déluge de plomb"):
        t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(1, 1))
        t.do(c.Test(character="Sabreurs", technique="assaut des sabreurs"), dice=faces(1, 1))
        t.do(c.Test(character="Tengu", technique=technique), dice=faces(6, 6))
    sides = view(t, "conflicts")["open"][name]["sides"]
    assert sides["Sabreurs"]["out"] and not sides["Wasari"]["out"]
    refused(t, c.Test(character="Sabreurs", technique="nombre"), IllegalUnderRules,
            "side 'Sabreurs' is beaten", dice=faces(1, 1))  # fmt: skip


def test_several_conflicts_at_once_are_named() -> None:
    """« MANCHES ETENDUES »: « il est bien évidemment possible de mener d'autres conflits
    durant la période de temps qui sépare deux manches étendues »."""
    t = table()
    t.do(join(sakura(), "cho"))
    t.do(c.StartConflict(sides=("Tengu", "Wasari"), extended=True, conflict="la vendetta"))
    t.do(c.StartConflict(sides=("Sakura", "Wasari")))
    refused(t, c.Interrupt(), MalformedInput, "several conflicts are under way")
    refused(t, c.Interrupt(conflict="la paix"), NotFound, "no conflict 'la paix'")
    assert view(t, "conflicts")["open"]["la vendetta"]["extended"] is True


@pytest.mark.parametrize(
    ("command", "error", "said"),
    [
        (c.StartConflict(sides=("Tengu", "Kenji")), NotFound, "no character 'Kenji'"),
        (c.StartConflict(sides=("Tengu", "Tengu")), MalformedInput, "two sides share a name"),
        (c.StartConflict(sides=("a=Tengu", "b=Tengu,Wasari")), MalformedInput, "on two sides"),
        (c.StartConflict(sides=("Tengu", "=")), MalformedInput, "a side '=': write NAME"),
        (c.StartConflict(sides=("Tengu", "Wasari", "x=Sakura")), MalformedInput,
         "a duel is between two sides, not 3"),
        (c.StartConflict(kind="three_way", sides=("Tengu", "Wasari")), MalformedInput,
         "more than two sides"),
        (c.Claim(gain="none", character="Tengu"), IllegalUnderRules, "no yakuza bet won"),
        (c.StateObjective(side="Tengu", objective="x", gravity=1), IllegalUnderRules,
         "no conflict is under way"),
        (c.Test(character="Tengu", technique="sabre du tengu", heal="Wasari"), MalformedInput,
         "give --against too"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_quoting_it_and_nothing_is_recorded(
    command: Any, error: type[KirokuError], said: str
) -> None:
    t = table()
    t.do(join(sakura(), "cho"))
    if isinstance(command, c.Test):
        t.do(c.StartConflict(sides=("Tengu", "Wasari")))
    refused(t, command, error, said, dice=faces(1, 1))


def test_a_player_acts_for_their_own_characters_only() -> None:
    t = duel()
    refused(t, c.Test(character="Tengu", technique="sabre du tengu"), NotAllowed,
            "'ben' may not act for 'Tengu'", dice=faces(1, 1), actor="ben")  # fmt: skip
    refused(t, c.StartConflict(sides=("Tengu", "Wasari"), conflict="x"), NotAllowed, "GM",
            actor="ben")  # fmt: skip
    refused(t, c.OfferSurrender(side="Tengu"), NotAllowed, "no character on side", actor="ben")


def test_a_dead_character_neither_tests_nor_starts_a_conflict() -> None:
    t = duel()
    for technique in ("sabre du tengu", "déluge de plomb", "châtiment des égoïstes"):
        manche(t, (6, 6), (1, 1), technique)
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=3, dead=("Wasari",),
                  punishment="un coup de sabre"), actor="ana")  # fmt: skip
    assert (
        view(t, "characters")["Wasari"]["dead"] and view(t, "characters")["Wasari"]["wounds"] == 0
    )
    t.do(c.EndConflict())
    refused(t, c.StartConflict(sides=("Tengu", "Wasari")), IllegalUnderRules, "Wasari is dead")


def test_a_sheet_s_techniques_are_named_once_and_extras_take_no_wounds() -> None:
    extras = sheet("Ronin", ("sabre", 5), threat=2)
    with pytest.raises(MalformedInput, match="extras take no wounds"):
        RULES.check_sheet(msgspec.structs.replace(extras, wounds=1))
    with pytest.raises(MalformedInput, match="a technique is listed twice"):
        RULES.check_sheet(sheet("Ronin", ("sabre", 5), ("Sabre", 6)))
    t = table()
    t.do(c.Wound(character="Tengu", count=2))
    assert [(e.count, e.wounds, e.source) for e in events(t, WoundsTaken)] == [(2, 2, "gm")]


def test_a_contested_malus_amended_re_reckons_the_manche_and_what_followed() -> None:
    """The player of Wasari contests the GM's « malus de 3 » for an unsuitable technique:
    amended to none, his 12 ties the Tengu's 12 — nobody's manche — and the next manche,
    decided again on that history, leaves the Tengu one manche, not two."""
    t = duel()
    manche(t, (3, 3), (5, 3), wasari_technique="feinte martiale", unsuitable=3)
    position = next(
        r.position for r in t.events
        if isinstance(r.event, TechniqueTested) and r.event.character == "Wasari"
    )  # fmt: skip
    manche(t, (6, 6), (1, 1), "déluge de plomb", "poignard caché")
    assert side(t, "Tengu")["won"] == 2
    t.do(Amend(position=position, changes={"unsuitable": 0}, reason="le sable était à portée"))
    assert side(t, "Tengu")["won"] == 1
    assert [m.winner for m in (r.event for r in t.events) if isinstance(m, MancheWon)][-2:] == [
        None,
        "Tengu",
    ]


def test_a_small_group_shared_out_among_leads_may_have_its_threat_lowered() -> None:
    """« Plusieurs têtes d'affiche contre un petit groupe de figurants : … répartir les
    figurants entre les différentes têtes d'affiche (vous pouvez diminuer la menace si vous
    le souhaitez) »; « contre une troupe voire une armée … la menace ne diminue pas (une
    foule, même divisée, reste une foule) »."""
    t = RecordedTable("u", "ukiyo")
    t.do(join(tengu(), "ana"))
    t.do(join(wasari(), "ben"))
    t.do(join(shinsengumi(), "gm"))
    t.do(join(swordsmen(), "gm"))
    refused(t, c.StartConflict(sides=("Tengu", "Shinsengumi"), threats=("Shinsengumi=2",)),
            MalformedInput, "a troop or an army")  # fmt: skip
    refused(t, c.StartConflict(sides=("Tengu", "Sabreurs"), threats=("Sabreurs=3",)),
            MalformedInput, "1 to 2, the extras' own threat at most")  # fmt: skip
    refused(t, c.StartConflict(sides=("Tengu", "Sabreurs"), threats=("Tengu=1",)),
            MalformedInput, "Tengu are leads")  # fmt: skip
    t.do(c.StartConflict(sides=("Tengu", "Sabreurs"), threats=("Sabreurs=1",)))
    t.do(c.StartConflict(sides=("Wasari", "Sabreurs"), threats=("Sabreurs=1",)))
    t.do(c.StateObjective(side="Tengu", objective="fuir", gravity=1, conflict="Tengu vs Sabreurs"))
    t.do(c.StateObjective(side="Sabreurs", objective="tuer", gravity=3,
                          conflict="Tengu vs Sabreurs"))  # fmt: skip
    assert side(t, "Sabreurs", "Tengu vs Sabreurs")["falls_at"] == 1


def test_every_reckoning_names_what_it_used() -> None:
    """For an audit (``kiroku why``): a manche follows its tests, a variety malus the
    earlier use, a gain its bet, a win its manche, a punishment its win."""
    t = duel(1)
    manche(t, (6, 6), (1, 1))
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=1, punishment="une estafilade"), actor="ana")
    t.do(c.Aggravate(side="Wasari", gravity=2), actor="ben")
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(3, 3))
    kinds = {
        type(r.event).__name__: [(f.kind, dict(f.fields)) for f in RULES.follows(r.event)]
        for r in t.events
    }
    assert kinds["MancheWon"] == [
        ("TechniqueTested", {"conflict": "Tengu vs Wasari", "manche": 1, "side": "Tengu"}),
        ("TechniqueTested", {"conflict": "Tengu vs Wasari", "manche": 1, "side": "Wasari"}),
    ]
    assert kinds["Punished"] == [("ConflictWon", {"conflict": "Tengu vs Wasari"})]
    assert kinds["TechniqueTested"] == [
        ("TechniqueTested",
         {"character": "Tengu", "technique": "sabre du tengu", "conflict": "Tengu vs Wasari"}),
    ]  # fmt: skip


# -- what a review found, each now a rule -------------------------------------------------


def three_way_at(score: tuple[int, int, int]) -> RecordedTable:
    """Sukinoko, the Tengu and Wasari, all to the death, at ``score`` (manches won)."""
    t = table()
    t.do(join(sheet("Sukinoko", ("faux volante", 7), ("force brute", 6), ("kiai", 5)), "gm"))
    t.do(c.StartConflict(kind="three_way", sides=("Sukinoko", "Tengu", "Wasari")))
    for who in ("Sukinoko", "Tengu", "Wasari"):
        t.do(c.StateObjective(side=who, objective="vaincre", gravity=3))
    techniques = {
        "Sukinoko": ["faux volante", "force brute", "kiai"],
        "Tengu": ["sabre du tengu", "déluge de plomb", "châtiment des égoïstes"],
        "Wasari": ["solides bases d'escrime", "poignard caché", "feinte martiale"],
    }
    turns = [who for who, n in zip(techniques, score, strict=True) for _ in range(n)]
    for number, winner in enumerate(turns):
        for who in techniques:
            t.do(c.Test(character=who, technique=techniques[who][number % 3]),
                 dice=faces(6, 6) if who == winner else faces(1, 1))  # fmt: skip
    return t


def test_a_three_way_winner_must_have_reached_a_count_to_stand() -> None:
    """« celui qui remporte le nombre de manches nécessaire bat tous ses adversaires »: at
    0-2-2, Sukinoko's test won with a sacrifice bet makes it 2-3-3: the Tengu and Wasari
    reach three at once, and Sukinoko, who won the test, reached no count: all fall."""
    t = three_way_at((0, 2, 2))
    t.do(c.Test(character="Sukinoko", technique="faux volante", call="even",
                special="sacrifice"), dice=faces(6, 6))  # fmt: skip
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(1, 1))
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(1, 1))
    assert last_manche(t).score == (("Sukinoko", 2), ("Tengu", 3), ("Wasari", 3))
    assert events(t, ConflictWon)[-1].winner is None


def test_aggravating_must_leave_something_to_fight_for() -> None:
    """The count raised must pass the manches already won; against extras the lead's own
    objective changes no count; before every objective is stated, nothing to aggravate."""
    t = duel(1)
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even",
                special="sacrifice"), dice=faces(6, 6))  # fmt: skip
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(1, 1))
    assert last_manche(t).score == (("Tengu", 2), ("Wasari", 1))
    refused(t, c.Aggravate(side="Wasari", gravity=2), IllegalUnderRules,
            "Tengu has won 2 manches: a count of 2 for Wasari is reached already")  # fmt: skip
    t.do(c.Aggravate(side="Wasari", gravity=3), actor="ben")
    t = RecordedTable("u", "ukiyo")
    t.do(join(tengu(), "ana"))
    t.do(join(shinsengumi(), "gm"))
    t.do(c.StartConflict(sides=("Tengu", "Shinsengumi")))
    t.do(c.StateObjective(side="Tengu", objective="les tuer", gravity=1))
    refused(t, c.Aggravate(side="Tengu", gravity=2), IllegalUnderRules,
            "state every side's objective first")  # fmt: skip
    t.do(c.StateObjective(side="Shinsengumi", objective="le capturer", gravity=2))
    refused(t, c.Aggravate(side="Tengu", gravity=3), IllegalUnderRules, "changes no count")
    t.do(c.Aggravate(side="Shinsengumi", gravity=3))
    assert side(t, "Tengu", "Tengu vs Shinsengumi")["falls_at"] == 3


def test_a_reopened_conflict_leaves_the_extras_put_out_out() -> None:
    """« mis hors d'état … cessent de participer »: a grave three-way where the swordsmen
    (threat 1 here) fell at the first manche; the Tengu wins at two; Wasari aggravates to
    deadly — he is back, the swordsmen are not."""
    t = table()
    t.do(join(swordsmen(), "gm"))
    t.do(c.StartConflict(kind="three_way", sides=("Tengu", "Wasari", "Sabreurs"),
                         threats=("Sabreurs=1",)))  # fmt: skip
    for who in ("Tengu", "Wasari", "Sabreurs"):
        t.do(c.StateObjective(side=who, objective="vaincre", gravity=2))
    name = "Tengu vs Wasari vs Sabreurs"
    for tengu_technique, others in (("sabre du tengu", True), ("déluge de plomb", False)):
        t.do(c.Test(character="Tengu", technique=tengu_technique), dice=faces(6, 6))
        t.do(c.Test(character="Wasari", technique=tengu_technique and "poignard caché"
                    if others else "feinte martiale"), dice=faces(1, 1))  # fmt: skip
        if others:
            t.do(c.Test(character="Sabreurs", technique="nombre"), dice=faces(1, 1))
    assert events(t, ConflictWon)[-1].winner == "Tengu"
    t.do(c.Aggravate(side="Wasari", gravity=3), actor="ben")
    sides = view(t, "conflicts")["open"][name]["sides"]
    assert (sides["Wasari"]["out"], sides["Sabreurs"]["out"]) == (False, True)


def test_an_overshoot_on_an_earlier_manche_still_lets_the_gm_choose() -> None:
    """Extras put out by an all-or-nothing's two manches (threat 1) are due 1 or 2."""
    t = table()
    t.do(join(swordsmen(), "gm"))
    t.do(c.StartConflict(kind="three_way", sides=("Tengu", "Wasari", "Sabreurs"),
                         threats=("Sabreurs=1",)))  # fmt: skip
    for who in ("Tengu", "Wasari", "Sabreurs"):
        t.do(c.StateObjective(side=who, objective="vaincre", gravity=3))
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even",
                special="all_or_nothing"), dice=faces(6, 6))  # fmt: skip
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(1, 1))
    t.do(c.Test(character="Sabreurs", technique="nombre"), dice=faces(1, 1))
    t.do(c.Test(character="Tengu", technique="déluge de plomb"), dice=faces(6, 6))
    t.do(c.Test(character="Wasari", technique="feinte martiale"), dice=faces(1, 1))
    t.do(c.Punish(by="Tengu", side="Sabreurs", gravity=1, punishment="dispersés"), actor="ana")
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=3, wounds=1, punishment="vaincu"),
         actor="ana")  # fmt: skip


def test_a_relayed_character_stays_on_its_side_and_shares_its_fate() -> None:
    """« le camp vainqueur peut appliquer les conséquences de son triomphe à tous les
    participants du groupe vaincu »: one relayed out neither tests nor changes sides, and
    is punished with the side."""
    t = table()
    t.do(join(sakura(), "cho"))
    t.do(c.StartConflict(sides=("héros=Sakura", "Wasari")))
    t.do(c.StateObjective(side="héros", objective="le chasser", gravity=2))
    t.do(c.StateObjective(side="Wasari", objective="les tuer", gravity=2))
    t.do(c.TakeInitiative(side="Wasari", how="initiator"))
    t.do(c.JoinSide(side="héros", character="Tengu", replacing="Sakura"))
    refused(t, c.JoinSide(side="Wasari", character="Sakura"), IllegalUnderRules,
            "Sakura is on side 'héros'")  # fmt: skip
    refused(t, c.Test(character="Sakura", technique="air innocent"), IllegalUnderRules,
            "Sakura was relayed on side 'héros'", dice=faces(1, 1), actor="cho")  # fmt: skip
    for technique in ("solides bases d'escrime", "poignard caché"):
        t.do(c.Test(character="Wasari", technique=technique), dice=faces(6, 6), actor="ben")
        t.do(c.Test(character="Tengu", technique="sabre du tengu" if technique[0] == "s"
                    else "déluge de plomb"), dice=faces(1, 1), actor="ana")  # fmt: skip
    t.do(c.Punish(by="Wasari", side="héros", gravity=2, punishment="chassés"), actor="ben")
    assert {n: view(t, "characters")[n]["wounds"] for n in ("Sakura", "Tengu")} == {
        "Sakura": 1,
        "Tengu": 1,
    }


def test_a_surrender_refused_costs_3_once_a_manche() -> None:
    t = duel(3)
    t.do(c.OfferSurrender(side="Wasari"), actor="ben")
    t.do(c.RefuseSurrender(side="Tengu"), actor="ana")
    refused(t, c.OfferSurrender(side="Wasari"), IllegalUnderRules,
            "refused before manche 1: offer again after it", actor="ben")  # fmt: skip


def test_a_side_that_gave_up_may_not_aggravate() -> None:
    """« cet abandon doit être honnête et respecté tant par les personnages que par les
    joueurs »."""
    t = duel(2)
    manche(t, (6, 6), (1, 1))
    t.do(c.OfferSurrender(side="Wasari"), actor="ben")
    t.do(c.AcceptSurrender(side="Tengu"), actor="ana")
    refused(t, c.Aggravate(side="Wasari", gravity=3), IllegalUnderRules, "its word stands",
            actor="ben")  # fmt: skip


def test_a_bet_s_gain_is_claimed_in_the_conflict_named() -> None:
    """Extras shared out among leads face several at once: a gain names its conflict when
    the same character awaits one in two."""
    t = table()
    t.do(join(sheet("Armée", ("marée d'acier", 8), ("charge", 7), threat=4), "gm"))
    t.do(c.StartConflict(sides=("Tengu", "Armée"), conflict="A"))
    t.do(c.StartConflict(sides=("Wasari", "Armée"), conflict="B"))
    for name, lead in (("A", "Tengu"), ("B", "Wasari")):
        t.do(c.StateObjective(side=lead, objective="passer", gravity=2, conflict=name))
        t.do(c.StateObjective(side="Armée", objective="tuer", gravity=3, conflict=name))
        t.do(c.TakeInitiative(side="Armée", how="initiator", conflict=name))
        t.do(c.Test(character="Armée", technique="charge", call="even", conflict=name),
             dice=faces(3, 3))  # fmt: skip
    refused(t, c.Claim(gain="none", character="Armée"), MalformedInput,
            "has bets won in 'A', 'B': name one")  # fmt: skip
    t.do(c.Test(character="Wasari", technique="poignard caché", conflict="B"), dice=faces(1, 1))
    t.do(c.Claim(gain="ground", character="Armée", conflict="B"))
    assert view(t, "conflicts")["open"]["B"]["sides"]["Armée"]["won"] == 1


def test_two_special_bets_give_two_manches_not_more() -> None:
    """Both sides all or nothing: the winner « remporte deux manches d'un seul coup », the
    loser « perd deux manches » — the same two."""
    t = duel()
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even",
                special="all_or_nothing"), dice=faces(6, 6))  # fmt: skip
    t.do(c.Test(character="Wasari", technique="poignard caché", call="even",
                special="all_or_nothing"), dice=faces(1, 1))  # fmt: skip
    assert last_manche(t).gained == (("Tengu", 2),)


def test_a_lead_is_in_one_conflict_at_a_time_but_between_extended_manches() -> None:
    t = table()
    t.do(join(sakura(), "cho"))
    t.do(c.StartConflict(sides=("Tengu", "Wasari")))
    refused(t, c.StartConflict(sides=("Sakura", "Wasari")), IllegalUnderRules,
            "Wasari is in conflict 'Tengu vs Wasari', under way")  # fmt: skip
    t.do(c.Interrupt())
    t.do(c.EndConflict())
    t.do(c.StartConflict(sides=("Tengu", "Wasari"), extended=True, conflict="la vendetta"))
    t.do(c.StartConflict(sides=("Sakura", "Wasari")))


def test_what_the_table_does_next_is_shown() -> None:
    t = table()
    t.do(c.StartConflict(sides=("Tengu", "Wasari")))
    steps = []

    def step() -> None:
        steps.append(view(t, "conflicts")["open"]["Tengu vs Wasari"]["next"])

    step()
    t.do(c.StateObjective(side="Tengu", objective="vaincre", gravity=2))
    t.do(c.StateObjective(side="Wasari", objective="vaincre", gravity=2))
    step()
    t.do(c.TakeInitiative(side="Tengu", how="initiator"))
    step()
    t.do(c.Test(character="Tengu", technique="sabre du tengu", call="even"), dice=faces(6, 6))
    step()
    t.do(c.Test(character="Wasari", technique="poignard caché"), dice=faces(1, 1))
    step()
    assert steps == [
        "the objective of Tengu, Wasari",
        "who has the initiative for the first manche",
        "Tengu tests first (the initiative)",
        "the test of Wasari",
        "Tengu claims the bet's gain (`kiroku claim`)",
    ]
    assert view(t, "conflicts")["awaiting_gain"] == ["Tengu"]
    t.do(c.Claim(gain="none", character="Tengu"))
    manche(t, (6, 6), (1, 1), "déluge de plomb", "feinte martiale")
    assert (
        view(t, "conflicts")["open"]["Tengu vs Wasari"]["next"] == "Tengu punishes Wasari (grave)"
    )


def test_nothing_is_due_for_no_manche_won() -> None:
    t = duel(2)
    t.do(c.Forfeit(side="Wasari"), actor="ben")
    refused(t, c.Punish(by="Tengu", side="Wasari", gravity=1, punishment="x"),
            IllegalUnderRules, "Wasari is due no punishment: Tengu won no manche")  # fmt: skip
    t = duel(1)
    t.do(c.Test(character="Tengu", technique="sabre du tengu"), dice=faces(6, 6))
    t.do(c.Test(character="Wasari", technique="poignard caché", call="even"), dice=faces(1, 1))
    refused(t, c.Claim(gain="take_down", character="Wasari"), IllegalUnderRules,
            "has won no manche", actor="ben")  # fmt: skip
