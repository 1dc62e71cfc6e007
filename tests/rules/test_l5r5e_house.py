"""The house 5th edition confrontations (``l5r5e-house``) played command by command: each
test one rule of ``../shared/rules/l5r-5e-house-confrontations.fr.txt`` (or the published
fact it leans on); each refusal quotes what it refuses and records nothing. A full duel
and the text's example are the curated replays (:mod:`tests.replays.curate_5e`)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.rulesets import load_ruleset
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.criticals import lessened, severity
from domain.rulesets.l5r5e_house.derived import composure, endurance, focus, vigilance
from domain.rulesets.l5r5e_house.events import (
    CheckRolled,
    CriticalSuffered,
    InitiativeSet,
    StruckAt,
)
from domain.rulesets.l5r5e_house.sheet import Armour, FifthSheet, Rings
from tests.replays.curate_5e import faces, join, kakita_ryoku, mirumoto_daini
from tests.support import RecordedTable, refused

RULES = load_ruleset("l5r5e-house")


def view(t: RecordedTable, name: str) -> Any:
    return RULES.views[name](t.session.table)


def duel(
    *,
    ryoku: FifthSheet | None = None,
    daini: FifthSheet | None = None,
    options: dict[str, str] | None = None,
    daini_ready: bool = False,
) -> RecordedTable:
    """Ryoku (initiative 7, katana readied) and Daini (5, not), round 1 begun."""
    t = RecordedTable("duel", "l5r5e-house", options)
    t.do(join(ryoku or kakita_ryoku(), "ana"))
    t.do(join(daini or mirumoto_daini(), "ben"))
    t.do(c.StartConfrontation(kind="duel"))
    t.do(
        c.RollInitiative(character="Kakita Ryoku", ring="fire", keep="0,1"),
        dice=faces(5, 3, 1, 8, 1),
    )
    t.do(
        c.RollInitiative(character="Mirumoto Daini", ring="water", keep="0"), dice=faces(5, 4, 1, 9)
    )
    if daini_ready:
        t.do(c.Prepare(character="Mirumoto Daini", weapon="Katana"))
    t.do(c.StartRound())
    return t


def test_the_derived_values_are_the_published_game_s() -> None:
    """Endurance 2 × (Earth + Fire), composure 2 × (Earth + Water), focus Fire + Air,
    vigilance (Air + Water) / 2 rounded up — or down, as an option."""
    sheet = kakita_ryoku()
    assert (endurance(sheet), composure(sheet), focus(sheet)) == (10, 8, 6)
    assert vigilance(sheet) == 3 and vigilance(sheet, round_up=False) == 2


def test_initiative_is_focus_plus_one_plus_bonus_or_vigilance_when_surprised() -> None:
    """« Score d'initiative = score d'initiative de base (Attention ou Vigilance) + 1 en
    cas de succès + nombre de succès bonus »; Meditation for a duel, Tactics a skirmish."""
    t = RecordedTable("s", "l5r5e-house")
    t.do(join(kakita_ryoku(), "ana"))
    t.do(join(mirumoto_daini(), "ben"))
    t.do(c.StartConfrontation(kind="skirmish"))
    t.do(
        c.RollInitiative(character="Kakita Ryoku", ring="air", surprised=True), dice=faces(5, 4, 1)
    )
    rolled, set_ = t.events[-2].event, t.events[-1].event
    assert isinstance(rolled, CheckRolled) and rolled.skill == "Tactics"
    assert isinstance(set_, InitiativeSet)
    assert (set_.base_from, set_.base, set_.initiative) == ("vigilance", 3, 3 + 1 + 1)
    t.do(c.RollInitiative(character="Mirumoto Daini", ring="earth"), dice=faces(1, 2, 3))
    missed = t.events[-1].event
    assert isinstance(missed, InitiativeSet) and missed.initiative == 4  # focus, failed


def test_an_opportunity_on_initiative_readies_a_weapon() -> None:
    t = duel()
    assert view(t, "fighters")["Kakita Ryoku"]["readied"] == "Katana"
    assert view(t, "fighters")["Mirumoto Daini"]["readied"] is None


def test_turns_go_in_descending_initiative_ties_to_the_lower_honour() -> None:
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=2")))  # 7 and 7
    assert view(t, "confrontation")["current"] == "Mirumoto Daini"  # honour 55 < 65


def test_the_stare_down_costs_the_round_in_strife_and_bids_are_capped_by_focus() -> None:
    t = duel()
    refused(
        t,
        c.Stare(bids=("Kakita Ryoku=7", "Mirumoto Daini=0")),
        IllegalUnderRules,
        "at most their focus, 6, not 7",
    )
    refused(t, c.Stare(bids=("Kakita Ryoku=1",)), MalformedInput, "once for each duellist")
    t.do(c.Stare(bids=("Kakita Ryoku=2", "Mirumoto Daini=0")))
    assert view(t, "fighters")["Kakita Ryoku"]["strife"] == 1 + 2
    uncapped = duel(options={"stare_down_cap": "none"})
    uncapped.do(c.Stare(bids=("Kakita Ryoku=7", "Mirumoto Daini=0")))


def test_a_strike_needs_a_readied_weapon() -> None:
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=3")))
    refused(
        t,
        c.Strike(character="Mirumoto Daini", target="Kakita Ryoku"),
        IllegalUnderRules,
        "apprêtée",
        dice=faces(5, 5, 9, 9, 9),
        actor="ben",
    )


def test_a_strike_deals_base_damage_and_one_a_bonus_success() -> None:
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(c.Strike(character="Kakita Ryoku", target="Mirumoto Daini"), dice=faces(5, 5, 1, 9, 8, 1))
    struck = t.events[-1].event
    assert isinstance(struck, StruckAt) and struck.damage == 4 + 1  # 3 kept (the ring), TN 2


def test_the_fire_stance_counts_kept_strife_as_bonus_successes() -> None:
    """« Lorsque vous réussissez un test contre un ennemi, chaque symbole Conflit obtenu
    sur les dés gardés compte comme un succès bonus. »"""
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,1"),
        dice=faces(4, 4, 1, 1, 1, 1),
    )
    rolled, struck = t.events[-2].event, t.events[-1].event
    assert isinstance(rolled, CheckRolled) and rolled.bonus_from_strife == 2
    assert isinstance(struck, StruckAt) and struck.damage == 4 + 0 + 2


def test_the_void_stance_takes_no_strife_from_kept_dice() -> None:
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=0")))
    t.do(c.ChooseStance(character="Kakita Ryoku", stance="void"))
    before = view(t, "fighters")["Kakita Ryoku"]["strife"]
    t.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,1"),
        dice=faces(4, 4, 1, 1, 1),
    )
    assert view(t, "fighters")["Kakita Ryoku"]["strife"] == before


def test_the_air_stance_raises_the_tn_of_attacks_on_its_holder() -> None:
    t = duel(daini=msgspec.structs.replace(mirumoto_daini(), school_rank=4))
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(c.NextTurn())
    t.do(c.ChooseStance(character="Mirumoto Daini", stance="air"), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(c.Strike(character="Kakita Ryoku", target="Mirumoto Daini"), dice=faces(5, 5, 1, 9, 1, 1))
    rolled = t.events[-2].event
    assert isinstance(rolled, CheckRolled) and rolled.roll.tn == 2 + 2  # school rank 4


def test_the_earth_stance_turns_no_opportunity_into_a_critical() -> None:
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=0")))
    t.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,3,4"),
        dice=faces(3, 2, 5, 10, 9, 1),
    )
    struck = t.events[-1].event
    assert isinstance(struck, StruckAt) and struck.critical == 5  # Daini in Water
    t2 = duel()
    t2.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t2.do(c.NextTurn())
    t2.do(c.ChooseStance(character="Mirumoto Daini", stance="earth"), actor="ben")
    t2.do(c.NextTurn(), actor="ben")
    t2.do(c.StartRound())
    t2.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t2.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,3,4"),
        dice=faces(3, 2, 5, 10, 9, 1),
    )
    assert t2.events[-1].event.critical is None  # type: ignore[attr-defined]


def test_one_action_a_turn_and_the_water_stance_s_extra_one_without_a_check() -> None:
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(c.Breathe(character="Kakita Ryoku"))
    refused(
        t,
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini"),
        IllegalUnderRules,
        "has acted this turn",
        dice=faces(5, 5, 1, 9, 1, 1),
    )
    t.do(c.NextTurn())
    t.do(c.ChooseStance(character="Mirumoto Daini", stance="water"), actor="ben")
    t.do(c.Prepare(character="Mirumoto Daini", weapon="Katana"), actor="ben")
    refused(
        t, c.Breathe(character="Mirumoto Daini"), IllegalUnderRules, "of another kind", actor="ben"
    )


def test_damage_goes_through_armour_then_fatigue_or_a_critical() -> None:
    """« Le personnage réduit ces dégâts … à l'aide d'une armure »; the rest « un nombre de
    points de Fatigue égal aux dégâts restants »; or, for a Void point, a critical."""
    armoured = msgspec.structs.replace(mirumoto_daini(), armour=Armour("Ashigaru armour", 3))
    t = duel(daini=armoured)
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,1"),
        dice=faces(5, 5, 1, 1, 1, 1),
    )
    t.do(c.Resist(character="Mirumoto Daini"), actor="ben")
    assert view(t, "fighters")["Mirumoto Daini"]["fatigue"] == 4 - 3
    other = duel()
    other.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    other.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,1"),
        dice=faces(5, 5, 1, 1, 1, 1),
    )
    other.do(
        c.Resist(character="Mirumoto Daini", take_critical=True),
        dice=faces(1, 1, 1, 1, 1),
        actor="ben",
    )
    [suffered] = [r.event for r in other.events if isinstance(r.event, CriticalSuffered)]
    assert suffered.severity == 5
    assert view(other, "fighters")["Mirumoto Daini"]["void_points"] == 1


def test_the_incapacitated_cannot_defend_nor_act() -> None:
    t = duel()
    t.do(c.GiveFatigue(character="Mirumoto Daini", amount=11))
    assert view(t, "fighters")["Mirumoto Daini"]["incapacitated"]
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,1"),
        dice=faces(5, 5, 1, 1, 1, 1),
    )
    t.do(c.Resist(character="Mirumoto Daini"), dice=faces(1, 1, 1, 1, 1), actor="ben")
    [suffered] = [r.event for r in t.events if isinstance(r.event, CriticalSuffered)]
    assert suffered.severity == 5
    assert view(t, "fighters")["Mirumoto Daini"]["unconscious"]


def test_an_unconscious_fighters_turn_ends_by_itself() -> None:
    """« Les morts et les inconscients ne font rien »: Daini, knocked unconscious on
    Ryoku's turn, has his turn end by itself when Ryoku's does, saying why."""
    t = duel()
    t.do(c.GiveFatigue(character="Mirumoto Daini", amount=11))
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,1"),
        dice=faces(5, 5, 1, 1, 1, 1),
    )
    t.do(c.Resist(character="Mirumoto Daini"), dice=faces(1, 1, 1, 1, 1), actor="ben")
    ended = [r.event for r in t.do(c.NextTurn())]
    assert [(e.character, e.skipped) for e in ended] == [  # type: ignore[attr-defined]
        ("Kakita Ryoku", None),
        ("Mirumoto Daini", "unconscious"),
    ]
    assert t.session.table.confrontation.current() is None


def test_the_fitness_test_lessens_a_critical_and_the_table_names_it() -> None:
    assert lessened(10, True, 1) == 8 and lessened(10, False, 3) == 10 and lessened(1, True, 4) == 0
    assert [severity(v).name for v in (0, 3, 5, 7, 9, 12, 14, 16, 30)] == [
        "Close call",
        "Flesh wound",
        "Debilitating gash",
        "Permanent injury",
        "Maiming blow",
        "Agonizing death",
        "Swift death",
        "Instant death",
        "Instant death",
    ]


def test_compromised_keeps_no_strife_die_and_opens_a_coup_de_grace() -> None:
    t = duel()
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=9))
    assert view(t, "fighters")["Kakita Ryoku"]["compromised"]
    assert view(t, "confrontation")["coups_de_grace"] == {"Mirumoto Daini": "Kakita Ryoku"}
    t.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=0")))
    refused(
        t,
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,1"),
        IllegalUnderRules,
        "Compromised",
        dice=faces(4, 5, 1, 1, 1, 1),
    )


def test_unmasking_clears_strife_and_a_coup_de_grace_is_a_double_critical() -> None:
    t = duel(daini_ready=True)
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=3))
    t.do(c.Unmask(character="Kakita Ryoku"), actor="ana")
    assert view(t, "fighters")["Kakita Ryoku"]["strife"] == 0
    t.do(c.CoupDeGrace(character="Mirumoto Daini"), dice=faces(5, 4, 1, 9, 8, 1), actor="ben")
    struck = t.events[-1].event
    # Water stance: 3 kept (5, 9, 8), TN 2: one bonus success
    assert isinstance(struck, StruckAt) and struck.critical == 2 * 5 + 1
    refused(
        t,
        c.CoupDeGrace(character="Mirumoto Daini"),
        IllegalUnderRules,
        "no coup de grâce",
        dice=faces(5, 4, 9, 8, 1),
        actor="ben",
    )


def test_breathing_takes_one_strife_and_one_fatigue_above_their_halves() -> None:
    t = duel()
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=5))
    t.do(c.GiveFatigue(character="Kakita Ryoku", amount=5))
    t.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=0")))
    t.do(c.Breathe(character="Kakita Ryoku"))
    fighter = view(t, "fighters")["Kakita Ryoku"]
    assert (fighter["strife"], fighter["fatigue"]) == (5 + 1 - 1, 5)  # 5 is not above 10 / 2


def test_unknown_names_and_bad_keeps_are_refused() -> None:
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=0")))
    refused(
        t,
        c.Strike(character="Kakita Ryoku", target="Nobody"),
        NotFound,
        "no character 'Nobody'",
        dice=faces(5),
    )
    refused(
        t,
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,x"),
        MalformedInput,
        "keep '0,x'",
        dice=faces(5, 5, 1, 1, 1, 1),
    )
    with pytest.raises(MalformedInput, match="vigilance_rounding='sideways'"):
        load_ruleset("l5r5e-house", {"vigilance_rounding": "sideways"})
    with pytest.raises(MalformedInput):
        RULES.check_sheet(
            FifthSheet(
                name="X",
                rings=Rings(air=1, earth=1, fire=1, water=1, void=1),
                weapons=(kakita_ryoku().weapons[0],) * 2,
            )
        )


# -- the skirmish's moves and actions, and the duel's Centrer and Prédire -------------------


def skirmish(*, ryoku_band: int = 0, daini_band: int = 1) -> RecordedTable:
    """Ryoku (7) and Daini (5) on the line, round 1 begun, both weapons readied."""
    t = RecordedTable("s", "l5r5e-house")
    t.do(join(kakita_ryoku(), "ana"))
    t.do(join(mirumoto_daini(), "ben"))
    t.do(c.StartConfrontation(kind="skirmish"))
    t.do(c.Place(character="Kakita Ryoku", band=ryoku_band))
    t.do(c.Place(character="Mirumoto Daini", band=daini_band))
    t.do(
        c.RollInitiative(character="Kakita Ryoku", ring="fire", keep="0,1", side="a"),
        dice=faces(5, 3, 1, 8, 1),
    )
    t.do(
        c.RollInitiative(character="Mirumoto Daini", ring="water", keep="0", side="b"),
        dice=faces(5, 4, 1, 9),
    )
    t.do(c.Prepare(character="Mirumoto Daini", weapon="Katana"))
    t.do(c.StartRound())
    return t


def test_one_free_band_a_turn_and_a_weapon_s_reach() -> None:
    """« Une fois par tour … se déplacer d'un niveau de portée, ce qui ne compte pas comme
    une action »; « prenant pour cible un personnage situé à sa portée »."""
    t = skirmish(daini_band=3)
    refused(
        t,
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini"),
        IllegalUnderRules,
        "3 band.s. from Kakita Ryoku: the Katana reaches 0–1",
        dice=faces(5),
    )
    refused(t, c.Move(character="Kakita Ryoku", band=2), IllegalUnderRules, "one band")
    t.do(c.Move(character="Kakita Ryoku", band=1))
    refused(t, c.Move(character="Kakita Ryoku", band=2), IllegalUnderRules, "free move")
    t.do(c.Manoeuvre(character="Kakita Ryoku", band=2))
    assert view(t, "fighters")["Kakita Ryoku"]["band"] == 2


def test_manoeuvre_goes_further_on_a_fitness_success() -> None:
    """« Si vous avez effectué et réussi le test de Forme, vous pouvez vous déplacer de 1
    niveau de portée supplémentaire, plus 1 niveau par tranche de 2 succès bonus »."""
    t = skirmish(daini_band=6)
    t.do(c.Manoeuvre(character="Kakita Ryoku", band=6, check=True), dice=faces(5, 5, 5, 9))
    # 3 kept successes (the ring's limit) at TN 2: 1 bonus — 1 + 1 bands
    assert view(t, "fighters")["Kakita Ryoku"]["band"] == 2


def test_protection_raises_attacks_until_the_protector_s_next_turn() -> None:
    t = skirmish()
    t.do(c.Protect(character="Kakita Ryoku", target="Kakita Ryoku"), dice=faces(5, 5, 5, 1))
    assert view(t, "confrontation")["protections"] == [
        {"protector": "Kakita Ryoku", "protected": "Kakita Ryoku", "tn": 1 + 1}
    ]
    t.do(c.NextTurn())
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    assert view(t, "confrontation")["protections"] == []  # Ryoku's turn has begun


def test_a_held_action_comes_at_any_moment_of_the_round() -> None:
    t = skirmish()
    t.do(c.Wait(character="Kakita Ryoku", trigger="Daini moves", action="strike"))
    t.do(c.NextTurn())
    t.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini"),
        dice=faces(5, 5, 1, 9, 1, 1),
        actor="ana",
    )
    assert view(t, "confrontation")["waiting"] == []


def test_a_refused_challenge_costs_glory_and_gives_a_void_point() -> None:
    t = skirmish()
    t.do(c.GiveFatigue(character="Kakita Ryoku", amount=1))
    ryoku_void = view(t, "fighters")["Kakita Ryoku"]["void_points"]
    refused(
        t,
        c.Answer(character="Mirumoto Daini", answer="refuse"),
        IllegalUnderRules,
        "no challenge awaits",
    )
    t.do(c.Challenge(character="Kakita Ryoku", target="Mirumoto Daini"), dice=faces(5, 1, 1))
    t.do(c.Answer(character="Mirumoto Daini", answer="refuse"), actor="ben")
    fighters = view(t, "fighters")
    assert fighters["Mirumoto Daini"]["glory"] == 50 - (0 + 0)  # Command 0, no bonus
    assert fighters["Kakita Ryoku"]["void_points"] == min(ryoku_void + 1, 2)


def test_an_accepted_challenge_stakes_honour_against_an_attack_before_the_duel() -> None:
    t = skirmish()
    t.do(c.Challenge(character="Kakita Ryoku", target="Mirumoto Daini"), dice=faces(5, 1, 1))
    t.do(c.Answer(character="Mirumoto Daini", answer="accept"), actor="ben")
    t.do(c.NextTurn())
    t.do(
        c.Strike(character="Mirumoto Daini", target="Kakita Ryoku"),
        dice=faces(1, 1, 1, 1, 1, 1),
        actor="ben",
    )
    assert view(t, "fighters")["Mirumoto Daini"]["honour"] == 55 - 10
    assert view(t, "fighters")["Mirumoto Daini"]["glory"] == 50 - 5


def test_centering_reserves_dice_for_the_skill_s_next_check() -> None:
    """« réservez-en autant que vous le souhaitez … vous pourrez remplacer les dés de votre
    choix par les dés réservés »."""
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    refused(
        t,
        c.Center(character="Kakita Ryoku", skill="Martial Arts [Melee]"),
        IllegalUnderRules,
        "posture du Vide",
        dice=faces(12, 12, 12),
    )
    t.do(c.ChooseStance(character="Kakita Ryoku", stance="void"))
    t.do(
        c.Center(character="Kakita Ryoku", skill="Martial Arts [Melee]", reserve="0,1"),
        dice=faces(12, 9, 1),
    )
    assert view(t, "fighters")["Kakita Ryoku"]["reserved"] == {
        "skill": "Martial Arts [Melee]",
        "faces": [12, 9],
    }
    t.do(c.NextTurn())
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", use_reserved="2,3"),
        dice=faces(1, 1, 1, 1, 1, 9),
    )
    rolled = t.events[-2].event
    assert isinstance(rolled, CheckRolled) and rolled.replaced == (2, 3)
    assert [d.face for d in rolled.roll.dice[2:4]] == [12, 9]
    assert view(t, "fighters")["Kakita Ryoku"]["reserved"] is None


def test_a_prediction_is_revealed_at_the_opponent_s_stance() -> None:
    """« révélez votre choix la prochaine fois que votre adversaire choisit sa posture ;
    si l'élément lui correspond, il subit 4 points de Conflit et doit changer de posture »."""
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(c.Predict(character="Kakita Ryoku", target="Mirumoto Daini", element="fire"))
    predicted = t.events[-1].event
    assert getattr(predicted, "hidden", False)  # a secret from the players
    t.do(c.NextTurn())
    refused(
        t,
        c.Breathe(character="Mirumoto Daini"),
        IllegalUnderRules,
        "a prediction awaits",
        actor="ben",
    )
    t.do(c.ChooseStance(character="Mirumoto Daini", stance="fire"), actor="ben")
    assert view(t, "fighters")["Mirumoto Daini"]["strife"] == 1 + 4
    refused(
        t,
        c.ChooseStance(character="Mirumoto Daini", stance="fire"),
        IllegalUnderRules,
        "must change stance",
        actor="ben",
    )
    t.do(c.ChooseStance(character="Mirumoto Daini", stance="earth"), actor="ben")
    assert view(t, "fighters")["Mirumoto Daini"]["stance"] == "earth"


def test_simultaneous_coups_de_grace_go_lower_honour_first() -> None:
    """« Si … deux personnages portent en même temps un coup de grâce … celui dont
    l'Honneur est le moins élevé agit en premier »."""
    t = duel(daini_ready=True)
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=9))
    t.do(c.GiveStrife(character="Mirumoto Daini", amount=13))
    refused(
        t,
        c.CoupDeGrace(character="Kakita Ryoku"),
        IllegalUnderRules,
        "Mirumoto Daini .55. before Kakita Ryoku",
        dice=faces(5, 5, 5, 9, 9, 9),
    )
    t.do(c.CoupDeGrace(character="Mirumoto Daini"), dice=faces(1, 1, 1, 1, 1, 1), actor="ben")
    t.do(c.CoupDeGrace(character="Kakita Ryoku"), dice=faces(5, 5, 1, 9, 1, 1), actor="ana")


# -- the 5e review's findings ---------------------------------------------------------------


def test_each_hit_is_met_in_turn_none_erased_by_the_next() -> None:
    t = duel()
    t.do(c.DealHit(character="Mirumoto Daini", damage=6, deadliness=5, source="a fall"))
    t.do(c.DealHit(character="Mirumoto Daini", damage=4, deadliness=3, source="a rock"))
    assert [o["damage"] for o in view(t, "fighters")["Mirumoto Daini"]["owes"]] == [6, 4]
    t.do(c.Resist(character="Mirumoto Daini"), actor="ben")
    t.do(c.Resist(character="Mirumoto Daini"), actor="ben")
    assert view(t, "fighters")["Mirumoto Daini"]["fatigue"] == 10


def test_the_dead_neither_act_nor_are_struck() -> None:
    t = duel()
    t.do(c.DealHit(character="Mirumoto Daini", critical=20, source="a falling roof"))
    t.do(c.Resist(character="Mirumoto Daini"), dice=faces(1, 1, 1, 1, 1), actor="ben")
    assert view(t, "fighters")["Mirumoto Daini"]["dead"]
    refused(
        t,
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini"),
        IllegalUnderRules,
        "is dead",
        dice=faces(5),
    )
    refused(t, c.Breathe(character="Mirumoto Daini"), IllegalUnderRules, "is dead", actor="ben")


def test_explosion_dice_are_kept_by_their_index_when_named() -> None:
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,1,3,6"),
        dice=faces(6, 5, 2, 10, 11, 1, 4),
    )
    rolled = t.events[-2].event
    assert isinstance(rolled, CheckRolled) and rolled.roll.dice[6].kept
    t.do(c.NextTurn())
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    refused(
        t,
        c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,9"),
        MalformedInput,
        "die 9 is not one of the 6 dice thrown",
        dice=faces(5, 5, 2, 9, 1, 1),
    )


def test_a_coup_de_grace_may_be_let_pass() -> None:
    t = duel()
    t.do(c.GiveStrife(character="Kakita Ryoku", amount=9))
    t.do(c.GiveStrife(character="Mirumoto Daini", amount=13))
    t.do(c.DeclineCoup(character="Mirumoto Daini"), actor="ben")
    t.do(c.CoupDeGrace(character="Kakita Ryoku"), dice=faces(5, 5, 1, 9, 1, 1), actor="ana")


def test_one_outside_the_confrontation_names_the_ring() -> None:
    t = duel()
    t.do(join(msgspec.structs.replace(mirumoto_daini(), name="Togashi Onlooker"), "cat"))
    refused(
        t,
        c.Check(character="Togashi Onlooker", skill="Tactics"),
        MalformedInput,
        "name the ring",
        dice=faces(5, 5, 5),
    )
    t.do(c.Check(character="Togashi Onlooker", skill="Tactics", ring="air"), dice=faces(5, 5, 5))
    refused(
        t,
        c.RollInitiative(character="Togashi Onlooker", ring="air"),
        IllegalUnderRules,
        "a duel is between two",
        dice=faces(5, 5, 5),
    )


def test_the_water_stance_s_extra_action_may_come_first_or_second() -> None:
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(c.ChooseStance(character="Kakita Ryoku", stance="water"))
    t.do(c.Breathe(character="Kakita Ryoku"))
    t.do(c.Strike(character="Kakita Ryoku", target="Mirumoto Daini"), dice=faces(5, 5, 1, 9, 1, 1))


def test_a_wait_is_held_once_and_never_for_a_move() -> None:
    t = skirmish(daini_band=4)
    t.do(c.Wait(character="Kakita Ryoku", trigger="Daini comes near", action="strike"))
    refused(
        t,
        c.Wait(character="Kakita Ryoku", trigger="again", action="protect"),
        IllegalUnderRules,
        "waits already",
    )
    refused(
        t,
        c.Manoeuvre(character="Kakita Ryoku", band=2),
        IllegalUnderRules,
        "holds « Frapper »",
    )


def test_a_challenge_meets_the_air_stance() -> None:
    t = skirmish()
    t.do(c.NextTurn())
    t.do(c.ChooseStance(character="Mirumoto Daini", stance="air"), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    t.do(c.Challenge(character="Kakita Ryoku", target="Mirumoto Daini"), dice=faces(5, 5, 1))
    rolled = t.events[-2].event
    assert isinstance(rolled, CheckRolled) and rolled.roll.tn == 1 + 1


def test_a_single_combat_needs_its_accepted_challenge() -> None:
    t = skirmish()
    refused(
        t,
        c.SingleCombat(winner="Kakita Ryoku", loser="Mirumoto Daini"),
        IllegalUnderRules,
        "no accepted challenge",
    )
    refused(
        t,
        c.SingleCombat(winner="Kakita Ryoku", loser="Kakita Ryoku"),
        IllegalUnderRules,
        "no accepted challenge",
    )


def test_the_reserve_lasts_the_scene_and_centering_is_a_duel_s() -> None:
    t = skirmish()
    t.do(c.ChooseStance(character="Kakita Ryoku", stance="void"))
    refused(
        t,
        c.Center(character="Kakita Ryoku", skill="Meditation"),
        IllegalUnderRules,
        "ACTIONS LORS DES DUELS",
        dice=faces(12, 12),
    )


def test_fatigue_and_strife_may_be_taken_off_by_the_gm() -> None:
    t = duel()
    t.do(c.GiveFatigue(character="Kakita Ryoku", amount=4))
    t.do(c.Recover(character="Kakita Ryoku", fatigue=3, how="a Medicine check"))
    assert view(t, "fighters")["Kakita Ryoku"]["fatigue"] == 1
    refused(t, c.Recover(character="Kakita Ryoku", strife=2), IllegalUnderRules, "no such")


def test_options_a_coup_that_lapses_with_its_round_and_a_required_stare_down() -> None:
    lapsing = duel(daini_ready=True, options={"coup_window": "round"})
    lapsing.do(c.GiveStrife(character="Kakita Ryoku", amount=9))
    lapsing.do(c.NextTurn())
    lapsing.do(c.NextTurn(), actor="ben")
    lapsing.do(c.StartRound())
    refused(
        lapsing,
        c.CoupDeGrace(character="Mirumoto Daini"),
        IllegalUnderRules,
        "no coup de grâce open",
        dice=faces(5, 4, 1, 9, 8, 1),
        actor="ben",
    )
    strict = duel(options={"stare_down": "required"})
    refused(strict, c.Breathe(character="Kakita Ryoku"), IllegalUnderRules, "stare-down first")
    strict.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=0")))
    strict.do(c.Breathe(character="Kakita Ryoku"))


def test_the_rules_list_the_readings_that_are_not_options() -> None:
    readings = RULES.readings  # type: ignore[attr-defined]
    assert any("range bands lie on one line" in r for r in readings)
