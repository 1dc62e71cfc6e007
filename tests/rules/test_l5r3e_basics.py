"""The 3e skirmish text's worked examples, number for number (« Règles de base »,
« Blessures & Initiative », « Esquive », « Augmentations Gratuites »).

Bayushi Fumi: Reflexes 2, Agility 3, Kenjutsu 3, Defense 3, Strength 2, Earth 2, rank 1.
Mirumoto Rola: Reflexes 3, Agility 3, Kenjutsu 3, Earth 2, rank 1. Both carry a katana
(3k2) and no armour, as in the text."""

from __future__ import annotations

import pytest

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.expression import parse_pool
from domain.dice.roll_keep.roll import RollOptions, resolve
from domain.dice.roll_keep.ten_dice import FOURTH_EDITION
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r3e.grappling import (
    grapple_expression,
    grapple_tn,
    strength_expression,
    strength_total,
    winner,
)
from domain.rulesets.l5r3e.manoeuvres import check_choice, check_turn, dodge_counts, free_raises
from domain.rulesets.l5r3e.modifiers import attack_parts, surprised
from domain.rulesets.l5r3e.raises import (
    called_raises,
    extra_damage,
    free_raises_on_total,
    knockdown_tn,
    most_raises,
)
from domain.rulesets.l5r3e.reversals import check_reversal
from domain.rulesets.l5r3e.skirmish import (
    attack_expression,
    damage_expression,
    dodge_expression,
    initiative_expression,
    tn_to_be_hit,
)
from domain.rulesets.l5r3e.spells import casting_turns, spell_expression, spell_tn
from domain.rulesets.l5r3e.void import (
    ARMOUR_TN,
    check_spend,
    encouragement_allowed,
    on_roll,
    reduced_damage,
)
from domain.rulesets.l5r3e.wounds import wound_ladder
from domain.rulesets.roll_keep_kit.character import Skill, Spell, Weapon
from domain.rulesets.roll_keep_kit.modifiers import Part, apply_parts, tn_with
from domain.rulesets.roll_keep_kit.turn_order import Place, end_of_round
from domain.rulesets.roll_keep_kit.wounds import rank_on
from tests.support import sheet

KENJUTSU, DEFENSE = Skill("Kenjutsu", 3), Skill("Defense", 3)
FUMI = sheet(
    "Bayushi Fumi", reflexes=2, strength=2, stamina=2, willpower=2, armour=None,
    skills=(KENJUTSU, DEFENSE),
)  # fmt: skip
ROLA = sheet("Mirumoto Rola", stamina=2, willpower=2, armour=None, skills=(KENJUTSU,))
KATANA = Weapon("Katana", "3k2")


def total(expression: str, *faces: int | tuple[int, ...]) -> int:
    """The roll's total from the faces the text gives (a tuple: a 10 and what it added),
    each die kept or not by the roller's choice of the best, as the text does."""
    dice = [Die(f if isinstance(f, tuple) else (f,)) for f in faces]
    return resolve(expression, RollOptions(), dice, FOURTH_EDITION).total


def test_initiative_is_reflexes_and_reputation_rolled_reflexes_kept() -> None:
    """« Ils lancent donc respectivement 3 et 4 dés … Initiative de Bayushi Fumi : 6 + 7 =
    13 ! Initiative de Mirumoto Rola : 6 + 7 + 8 = 21 ! »"""
    assert (initiative_expression(FUMI), initiative_expression(ROLA)) == ("3k2", "4k3")
    assert total("3k2", 6, 7, 3) == 13
    assert total("4k3", 7, 2, 6, 8) == 21


def test_an_attack_against_reflexes_times_five_and_its_damage_with_strength() -> None:
    """« Il lance donc 6 dés => 6, 7, 2, 3, 8 et 1 … résultat = 6 + 7 + 8 = 21 ! … Son ND
    pour être touché est donc de 3 x 5 = 15 ! … Il lance donc 5 dés => 6, 3, 4, 7 et 2 …
    résultat = 6 + 7 = 13 ! »"""
    assert attack_expression(FUMI, "Kenjutsu") == "6k3"
    assert total("6k3", 6, 7, 2, 3, 8, 1) == 21 >= tn_to_be_hit(ROLA) == 15
    assert damage_expression(FUMI, KATANA) == "5k2"
    assert total("5k2", 6, 3, 4, 7, 2) == 13
    assert attack_expression(FUMI, "Jiujutsu") == "3k3"  # unarmed, no Jiujutsu: Agility
    assert attack_expression(ROLA, "Kyujutsu", ranged=True) == "3k3"  # Reflexes at range


def test_seven_levels_of_earth_times_two_then_earth_times_five() -> None:
    """« Ils possèdent donc 4 points de blessures par niveau (10 pour le dernier). …
    Mirumoto Rola subit 13 points de blessures, ce qui remplit entièrement ses 3 premiers
    niveaux et lui laisse seulement 3 points dans le 4ème. Il est dorénavant Blessé ! … ND
    augmenté de +10 »"""
    ladder = wound_ladder(ROLA)
    assert [r.upper_bound for r in ladder] == [4, 8, 12, 16, 20, 24, 28, 37, None]
    hurt = rank_on(ladder, 13)
    assert (hurt.french, hurt.penalty) == ("Blessé", 10)
    assert rank_on(ladder, 16).french == "Blessé" and rank_on(ladder, 17).penalty == 15
    assert rank_on(ladder, 37).french == "Hors de combat" and rank_on(ladder, 37).penalty is None


def test_the_eighth_level_filled_is_death() -> None:
    """« Il lance donc 8g4 … et inflige 38 points de blessures (grâce à un 10), tuant net
    son adversaire ! » — a ronin of Earth 2 holds 7 × 4 + 10 = 38: filled, not exceeded."""
    ladder = wound_ladder(ROLA)
    assert rank_on(ladder, 38).french == "Mort"


def test_the_wound_penalty_comes_off_the_kept_initiative() -> None:
    """« Il passe donc de 21 à 11 ! … Gravement Blessé (malus +15), son Initiative passera
    alors à 6 (i.e. 21 - 15 = 6). » And a reversal: « 13 + 6 = 19 ! »"""
    ladder = wound_ladder(ROLA)
    kept = [Place("Mirumoto Rola", 21, 3, 0), Place("Bayushi Fumi", 13, 2, 1)]
    penalty = rank_on(ladder, 13).penalty or 0
    kept, order = end_of_round(
        kept, {"mirumoto rola": penalty}, [("Bayushi Fumi", "Bayushi Fumi", 6)]
    )
    assert [(p.character, p.initiative) for p in order] == [
        ("Bayushi Fumi", 19),
        ("Mirumoto Rola", 11),
    ]
    kept, order = end_of_round(kept, {"mirumoto rola": rank_on(ladder, 17).penalty or 0})
    assert {p.character: p.initiative for p in order}["Mirumoto Rola"] == 6


def test_a_dodge_adds_its_roll_to_the_tn_and_free_raises_add_to_the_total() -> None:
    """« Il lance donc 6 dés => 6, 2, 8, 3, 4 et 5 … 6 + 8 + 5 = 18 ! … 2 x 5 + 18 = 28 »;
    then Mirumoto Rola's Assault: « (=> 6, 7, 8, 10, 3 et 5), relance le 10 obtenu (=> 7)
    … = 32 ! et y ajoute le +10 des Augmentations Gratuites … 42 ! Le ND … 28 … + 10 +
    15 … soit 53 au total ! C'est, malheureusement raté. »"""
    assert dodge_expression(FUMI) == "6k3"
    # the text adds « 6 + 8 + 5 = 18 »: a slip, those faces make 19. The example goes on
    # from its 18 (TN 28, then 53), and so does this test; the engine says 19.
    assert total("6k3", 6, 2, 8, 3, 4, 5) == 19
    dodge = 18
    assert tn_to_be_hit(FUMI, dodge=dodge) == 28
    rolled = total("6k3", 6, 7, 8, (10, 7), 3, 5)
    attack = rolled + 2 * 5  # « Chaque Augmentation Gratuite ainsi utilisée ajoute +5 »
    assert rolled == 32
    tn = tn_to_be_hit(FUMI, dodge=dodge) + 10 + 3 * 5  # Rola's Hurt penalty, 3 raises called
    assert (attack, tn) == (42, 53) and attack < tn


def test_the_modifiers_price_melee_and_ranged_attacks_as_the_table_does() -> None:
    melee = attack_parts(["prone_target", "flanking", "low_ground"], ranged=False)
    assert [(p.source, p.tn) for p in melee] == [
        ("Cible à terre", -10), ("Attaque de flanc", -2), ("Position basse", 2)]  # fmt: skip
    ranged = attack_parts(["prone_target", "flanking", "dim_light"], ranged=True)
    assert [(p.source, p.tn) for p in ranged] == [("Cible à terre", 10), ("Eclairage limité", 10)]
    assert tn_with(15, attack_parts(["two_weapons", "off_hand"], ranged=False)) == 25
    with pytest.raises(IllegalUnderRules, match="IMPOSSIBLES"):
        attack_parts(["darkness"], ranged=True)
    assert attack_parts(["darkness"], ranged=False)[0].tn == 20
    with pytest.raises(MalformedInput, match="« \\+5 à \\+15"):
        attack_parts(["rough_terrain"], ranged=False, rough_terrain=20)
    assert attack_parts(["rough_terrain"], ranged=False, rough_terrain=10)[0].tn == 10
    hurt = attack_parts([], ranged=False, wound_penalty=10)
    assert tn_with(28, [*hurt, Part(source="3 raises", tn=15)]) == 53  # Rola's Assault


def test_surprise_costs_twenty_initiative_for_its_round() -> None:
    """« Bayushi Fumi : 2 … Mirumoto Rola : 0 » from 22 and 20."""
    assert (surprised(22), surprised(20)) == (2, 0)


def test_reversals_stay_in_the_kept_initiative_and_the_penalty_comes_off_it() -> None:
    """The grappling example: « son Initiative tombe donc à 15 (i.e. [score d'origine : 21]
    + [Retournements de Situation : 9] - [malus de blessures : +15]) »."""
    kept = [Place("Mirumoto Rola", 21, 3, 0)]
    kept, _ = end_of_round(kept, {}, [("Mirumoto Rola", "Mirumoto Rola", 4)])
    kept, order = end_of_round(kept, {}, [("Mirumoto Rola", "Mirumoto Rola", 5)])
    assert kept[0].initiative == 30
    injured = rank_on(wound_ladder(ROLA), 13 + 6)  # the tanto's 6 on top of the katana's 13
    assert (injured.french, injured.penalty) == ("Gravement blessé", 15)
    _, order = end_of_round(kept, {"mirumoto rola": injured.penalty or 0})
    assert order[0].initiative == 15


def test_raises_are_bounded_by_void_or_skill_and_each_manoeuvre_has_its_price() -> None:
    """Rola (Void 2, Kenjutsu 3) may call 3 raises: the disarm's 3, TN +15."""
    assert most_raises(ROLA, "Kenjutsu") == 3
    parts = called_raises(ROLA, "Kenjutsu", "disarm", 3)
    assert [(p.source, p.tn) for p in parts] == [("3 raises (Désarmement)", 15)]
    with pytest.raises(IllegalUnderRules, match="at most 3 raises"):
        called_raises(ROLA, "Kenjutsu", "extra_attack", 4)  # 4 each: out of Rola's reach
    with pytest.raises(IllegalUnderRules, match="« Feinte » takes 1 raise, not 2"):
        called_raises(ROLA, "Kenjutsu", "feint", 2)
    assert most_raises(ROLA, "Jiujutsu") == 2  # unskilled: the Void ring


def test_extra_damage_free_raises_and_knockdown() -> None:
    """+1k0 for one raise, +1k1 for two; the Assault's 2 free raises add 10 to the total;
    a knockdown against Rola (Earth 2, rank 1) needs (2 + 1) × 5 = 15."""
    assert (extra_damage(1).rolled, extra_damage(1).kept) == (1, 0)
    assert (extra_damage(2).rolled, extra_damage(2).kept) == (1, 1)
    # the three ronin: « Il lance donc 8g4 (i.e. 3g2, pour la VD, + 2g0, pour la Force, +
    # 3g2, pour les Augmentations) » — five raises, two free from the Assault, three called
    five = extra_damage(2 + 3)
    assert (five.rolled, five.kept) == (3, 2)
    fumi = sheet("Bayushi Fumi", strength=2)
    base = parse_pool(damage_expression(fumi, KATANA))
    assert str(apply_parts(base, [five])) == "8k4"
    assert free_raises_on_total(2, "Assaut").total == 10
    assert knockdown_tn(ROLA, 1) == 15


def test_void_in_the_three_ronin_example() -> None:
    """Rola's Célérité (2 points: 4k3 becomes 5k4), his last point taking 10 off the
    ronin's 15 (he is then Nicked, +3), Fumi's +10 TN (15 → 25), and Lingus's
    encouragement (2 points: Fumi rolls 8k5 with his own point and the one given)."""
    assert check_spend("celerity", human=True, left=3) == 2
    celerity = on_roll("roll_dice")
    assert str(apply_parts(parse_pool("4k3"), [celerity])) == "5k4"
    assert reduced_damage(15) == 5
    assert rank_on(wound_ladder(ROLA), 5).french == "Égratigné"
    assert tn_to_be_hit(sheet("Bayushi Fumi", armour=None)) + ARMOUR_TN == 25
    assert check_spend("encouragement", human=True, left=2) == 2
    assert encouragement_allowed(0, 3) and not encouragement_allowed(3, 3)
    fumi_roll = apply_parts(parse_pool("6k3"), [on_roll("roll_dice"), on_roll("roll_dice")])
    assert str(fumi_roll) == "8k5"


def test_void_refusals_quote_the_rule() -> None:
    with pytest.raises(IllegalUnderRules, match="Seul les Humains"):
        check_spend("roll_dice", human=False, left=3)
    with pytest.raises(IllegalUnderRules, match="JET DE DOMMAGES"):
        check_spend("roll_dice", human=True, left=3, on_damage=True)
    with pytest.raises(IllegalUnderRules, match="1 SEUL point de Vide par jet"):
        check_spend("roll_free_raise", human=True, left=3, already_on_this_roll=True)
    with pytest.raises(IllegalUnderRules, match="1 fois par round"):
        check_spend("reduce_damage", human=True, left=3, reduced_this_round=True)
    with pytest.raises(IllegalUnderRules, match="costs 5 Void points and 3 are left"):
        check_spend("final_strike", human=True, left=3, dead=True)
    assert check_spend("final_strike", human=True, left=3) == 3


def test_a_spell_is_ring_and_mastery_against_ten_plus_five_a_level() -> None:
    """« Fureur d'Osano-Wo … Sort de Feu de Niveau de Maîtrise 1. Le ND est donc de 15 …
    Kuni Lingus possède un Anneau de Feu de 2. Il lance donc 3g2 et obtient 9 ! C'est un
    échec. »"""
    lingus = sheet("Kuni Lingus", agility=2, intelligence=2, void=3)
    fury = Spell("Fureur d'Osano-Wo", "fire", 1)
    assert (spell_expression(lingus, fury, 1), spell_tn(fury)) == ("3k2", 15)
    assert total("3k2", 5, 4, 1) == 9 < spell_tn(fury)  # the text gives the 9, not its faces
    wall = Spell("a level 4 spell", "earth", 4)
    assert casting_turns(lingus, wall, 0) == 4 and casting_turns(lingus, wall, 3) == 1
    assert casting_turns(lingus, fury, 2) == 1  # never under one turn
    with pytest.raises(IllegalUnderRules, match="at most 3 raises"):
        casting_turns(lingus, wall, 4)


def test_a_turn_holds_what_its_manoeuvre_allows() -> None:
    """Rola draws (simple) and moves; in Assault no ranged attack; in Dodge no attack at
    all; running is the whole turn."""
    check_turn("attack", ["simple", "move"])
    check_turn("attack", ["simple", "simple"])
    check_turn("assault", ["simple", "melee_attack"])
    with pytest.raises(IllegalUnderRules, match="« Assaut » allows no « Attaque à distance »"):
        check_turn("assault", ["simple", "ranged_attack"])
    with pytest.raises(IllegalUnderRules, match="« Esquive » allows no « Attaque au corps"):
        check_turn("dodge", ["simple", "melee_attack"])
    check_turn("dodge", ["simple", "half_move"])
    with pytest.raises(IllegalUnderRules, match="Courir"):
        check_turn("attack", ["run", "simple"])
    with pytest.raises(IllegalUnderRules, match="one simple action and one other"):
        check_turn("attack", ["move", "melee_attack"])


def test_the_advanced_actions_combine_more_for_a_price() -> None:
    """« combiner 1 Action complexe avec 1 demi-Déplacement, au prix de 1 Augmentation … »
    and « combiner plus de 2 Actions simples, dans la limite du raisonnable »."""
    assert check_turn("attack", ["simple", "complex", "half_move"]) == 1
    assert check_turn("attack", ["complex", "half_move"]) == 1
    assert check_turn("attack", ["simple", "simple", "simple"]) == 0
    with pytest.raises(IllegalUnderRules, match="up to 5 simple actions"):
        check_turn("attack", ["simple"] * 6)
    with pytest.raises(IllegalUnderRules, match="one simple action and one other"):
        check_turn("attack", ["simple", "simple", "move"])
    with pytest.raises(IllegalUnderRules, match="on horseback"):
        check_choice("assault", mounted=True)


def test_assault_gives_two_free_raises_and_three_to_every_foe() -> None:
    """The grappling example: « il n'a pas de malus et bénéficie de 2 Augmentations
    Gratuites … Mirumoto Rola est, lui aussi, en Assaut. Donc, Kuni Lingus reçoit 3
    Augmentations Gratuites supplémentaires ! »"""
    assert free_raises("assault", "assault", melee=True) == 5
    assert free_raises("assault", "attack", melee=False) == 0
    assert free_raises("attack", "assault", melee=False) == 3
    assert dodge_counts(0, 1, known=True) and not dodge_counts(1, 1, known=True)
    assert not dodge_counts(0, 1, known=False)


def test_a_reversal_needs_a_round_without_wounds_and_a_foe_one_hit() -> None:
    """« Bayushi Fumi n'a subi aucune blessure durant ce round. Il lance 1 dé => 6. Il
    décide d'ajouter ce résultat à son Initiative => 13 + 6 = 19 ! »"""
    reversal = check_reversal(
        "Bayushi Fumi", "Bayushi Fumi", 6, wounded_by_others=False, hit_or_wounded=()
    )
    _, order = end_of_round([Place("Bayushi Fumi", 13, 2, 0)], {}, [reversal])
    assert order[0].initiative == 19
    with pytest.raises(IllegalUnderRules, match="AUCUNE"):
        check_reversal(
            "Mirumoto Rola", "Mirumoto Rola", 6, wounded_by_others=True, hit_or_wounded=()
        )
    with pytest.raises(IllegalUnderRules, match="neither hit nor wounded"):
        check_reversal(
            "Bayushi Fumi", "Mirumoto Rola", 6, wounded_by_others=False, hit_or_wounded=()
        )
    check_reversal(
        "Bayushi Fumi",
        "Mirumoto Rola",
        6,
        wounded_by_others=False,
        hit_or_wounded=["mirumoto rola"],
    )
    with pytest.raises(MalformedInput, match="does not explode"):
        check_reversal(
            "Bayushi Fumi", "Bayushi Fumi", 13, wounded_by_others=False, hit_or_wounded=()
        )


def test_grappling_as_kuni_lingus_grabs_mirumoto_rola() -> None:
    """« Il a 2 en Agilité et 2 en Jiujutsu. Il lance donc 4 dés (=> 3, 7, 8 et 2) … 7 + 8 =
    15 et ajoute +10 … 25 ! Le ND … 15 … Kuni Lingus : 6, 3 => 9 ! Mirumoto Rola : 7, 4 =>
    11 ! Cependant, Kuni Lingus bénéficie de 3 Augmentations Gratuites … 9 + 15 = 24 ! …
    La VD d'un tanto est de 1g1. Il lance donc 3 dés … => 6 ! »"""
    lingus = sheet("Kuni Lingus", agility=2, strength=2, skills=(Skill("Jiujutsu", 2),))
    tanto = Weapon("Tanto", "1k1", size="small")
    assert grapple_expression(lingus, tanto) == "4k2"
    assert total("4k2", 3, 7, 8, 2) + 10 == 25 >= grapple_tn(ROLA) == 15
    assert (strength_expression(lingus), strength_expression(sheet("Rola", strength=2))) == (
        "2k2",
        "2k2",
    )
    lingus_total = strength_total(total("2k2", 6, 3), raises_on_attack=3)
    rola_total = strength_total(total("2k2", 7, 4))
    assert (lingus_total, rola_total) == (24, 11)
    assert winner("Kuni Lingus", lingus_total, "Mirumoto Rola", rola_total) == "Kuni Lingus"
    assert damage_expression(lingus, tanto) == "3k1" and total("3k1", 6, 2, 3) == 6
    assert strength_total(11, controlled_before=True) == 16  # the next turn's holder
    with pytest.raises(IllegalUnderRules, match="no bigger than a tanto"):
        grapple_expression(lingus, KATANA)
