"""The l5r3e ruleset played command by command: each test one rule of the skirmish text,
and each refusal quotes what it refuses and records nothing.

The worked examples, number for number, are the curated replays
(``replays/l5r3e-*.jsonl``, authored in :mod:`tests.replays.curate_3e`)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import IllegalUnderRules, KirokuError, MalformedInput, NotAllowed, NotFound
from domain.rulesets import load_ruleset
from domain.rulesets.l5r3e import commands as c
from domain.rulesets.l5r3e.events import AttackResolved, GrappleWon, VoidSpent
from domain.rulesets.l5r3e.raises import Manoeuvre as RaiseManoeuvre
from domain.rulesets.l5r3e.sheet import ThirdSheet
from domain.rulesets.roll_keep_kit.character import Skill, Weapon
from domain.rulesets.roll_keep_kit.events import DiceRolled, WoundsTaken
from tests.replays.curate_3e import (
    KATANA,
    LIGHT,
    TANTO,
    bayushi_fumi,
    faces,
    join,
    mirumoto_rola,
    queue,
    traits,
)
from tests.support import RecordedTable, refused

RULES = load_ruleset("l5r3e")


def table(*sheets: ThirdSheet, options: dict[str, str] | None = None) -> RecordedTable:
    t = RecordedTable("skirmish", "l5r3e", options)
    for sheet, player in zip(sheets, ("ana", "ben", "cat", "dan"), strict=False):  # in order
        t.do(join(sheet, player))
    return t


def fight(*sheets: ThirdSheet, inits: tuple[str, ...], **options: str) -> RecordedTable:
    """``sheets`` joined, initiative rolled with ``inits`` (faces each), round 1 begun;
    the TN to be hit without Defense unless ``defense_to_tn="true"`` (so that each test
    counts only the rule it is about)."""
    t = table(*sheets, options={"defense_to_tn": "false", **options})
    t.do(c.StartCombat())
    for sheet, spec in zip(sheets, inits, strict=True):
        t.do(c.RollInitiative(character=sheet.name), dice=faces(spec))
    t.do(c.StartRound())
    return t


def view(t: RecordedTable, name: str) -> Any:
    return RULES.views[name](t.session.table)


def fumi_first() -> RecordedTable:
    """Fumi 23 (3k2: 10+5, 8), Rola 15 (4k3: 6, 5, 4, 1)."""
    return fight(bayushi_fumi(), mirumoto_rola(), inits=("10+5,8,1", "6,5,4,1"))


# -- initiative -------------------------------------------------------------------------


def test_initiative_is_rolled_once_for_the_whole_combat() -> None:
    """« Le nombre obtenu est l'Initiative du personnage POUR TOUT LE RESTE DU COMBAT ! »"""
    t = fumi_first()
    refused(
        t,
        c.RollInitiative(character="Bayushi Fumi"),
        IllegalUnderRules,
        "POUR TOUT LE RESTE",
        dice=faces("9,9,9"),
    )
    assert [row["initiative"] for row in view(t, "initiative")["order"]] == [23, 15]


def test_celerity_costs_two_void_points_for_1k1() -> None:
    t = table(mirumoto_rola(void=1))
    t.do(c.StartCombat())
    refused(
        t,
        c.RollInitiative(character="Mirumoto Rola", celerity=True),
        IllegalUnderRules,
        "costs 2 Void points and 1 are left",
        dice=faces("5,4,3,2,1"),
    )


def test_a_void_swap_needs_both_rolls_and_comes_before_the_first_round() -> None:
    t = table(bayushi_fumi(), mirumoto_rola())
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Bayushi Fumi"), dice=faces("6,7,3"))
    refused(
        t,
        c.SwapInitiative(character="Bayushi Fumi", other="Mirumoto Rola"),
        IllegalUnderRules,
        "Mirumoto Rola has not rolled",
    )
    t.do(c.RollInitiative(character="Mirumoto Rola"), dice=faces("7,2,6,8"))
    refused(
        t,
        c.SwapInitiative(character="Bayushi Fumi", other="Mirumoto Rola"),
        NotAllowed,
        "Rola's player",
        actor="ana",
    )
    t.do(c.SwapInitiative(character="Bayushi Fumi", other="Mirumoto Rola"))
    t.do(c.StartRound())
    assert [row["character"] for row in view(t, "initiative")["order"]] == [
        "Bayushi Fumi",
        "Mirumoto Rola",
    ]
    assert view(t, "void")["Bayushi Fumi"]["left"] == 2
    refused(
        t,
        c.SwapInitiative(character="Bayushi Fumi", other="Mirumoto Rola"),
        IllegalUnderRules,
        "juste après",
    )


def test_combat_reflexes_take_only_the_next_higher_and_never_a_scorpion_s() -> None:
    """« échanger son score Initiative … avec celui immédiatement supérieur »; La Voie du
    Scorpion « est immunisé aux effets de l'Avantage Réflexes de Combat »."""
    bob = ThirdSheet(
        name="Akodo Bob", traits=traits(reflexes=2), void=2, techniques=("Réflexes de Combat",)
    )
    t = table(bob, bayushi_fumi(techniques=("La Voie du Scorpion",)), mirumoto_rola())
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Bob"), dice=faces("5,4,1"))  # 9
    t.do(c.RollInitiative(character="Bayushi Fumi"), dice=faces("6,5,1,1"))  # 11
    t.do(c.RollInitiative(character="Mirumoto Rola"), dice=faces("9,8,7,1"))  # 24
    refused(
        t,
        c.SwapInitiative(character="Akodo Bob", other="Mirumoto Rola", cause="combat_reflexes"),
        IllegalUnderRules,
        "immédiatement supérieur",
    )
    refused(
        t,
        c.SwapInitiative(character="Akodo Bob", other="Bayushi Fumi", cause="combat_reflexes"),
        IllegalUnderRules,
        "immunisé",
    )
    refused(
        t,
        c.SwapInitiative(character="Mirumoto Rola", other="Akodo Bob", cause="combat_reflexes"),
        IllegalUnderRules,
        "no « Réflexes de Combat »",
    )


def test_surprise_costs_20_for_its_round_only() -> None:
    t = fumi_first()
    t.do(c.NextTurn())
    t.do(c.NextTurn())
    t.do(c.StartRound(surprised=("Bayushi Fumi",)))
    assert [(r["character"], r["initiative"]) for r in view(t, "initiative")["order"]] == [
        ("Mirumoto Rola", 15),
        ("Bayushi Fumi", 3),
    ]
    t.do(c.NextTurn())
    t.do(c.NextTurn())
    t.do(c.StartRound())
    assert view(t, "initiative")["order"][0]["initiative"] == 23


# -- the turn ---------------------------------------------------------------------------


def test_only_the_character_whose_turn_it_is_acts() -> None:
    t = fumi_first()
    refused(
        t,
        c.Attack(character="Mirumoto Rola", target="Bayushi Fumi", weapon="Katana"),
        IllegalUnderRules,
        "it is Bayushi Fumi's turn",
        dice=queue("9,9,9,9,9,9"),
    )
    refused(
        t,
        c.TakeActions(character="Bayushi Fumi", actions=("simple",)),
        NotAllowed,
        "'ben' may not act for 'Bayushi Fumi'",
        actor="ben",
    )


def test_a_turn_is_one_simple_action_and_one_other() -> None:
    t = fumi_first()
    t.do(c.TakeActions(character="Bayushi Fumi", actions=("simple", "move")))
    refused(
        t,
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana"),
        IllegalUnderRules,
        "one simple action and one other",
        dice=queue("9,9,9,9,9,9"),
    )


def test_two_void_points_buy_one_more_action_but_not_an_attack() -> None:
    t = fumi_first()
    t.do(c.TakeActions(character="Bayushi Fumi", actions=("simple", "move")))
    t.do(c.SpendVoid(character="Bayushi Fumi", use="extra_action"))
    t.do(c.TakeActions(character="Bayushi Fumi", actions=("simple",)))
    refused(
        t,
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana"),
        IllegalUnderRules,
        "one simple action and one other",
        dice=queue("9,9,9,9,9,9"),
    )
    assert view(t, "void")["Bayushi Fumi"]["left"] == 1


def test_a_dodge_allows_no_attack_and_counts_against_rank_foes() -> None:
    """« Les seules actions permises … Action simple, Déplacement (de la moitié …) » and the
    roll counts « QUE contre [Rang de Réputation] adversaires »."""
    t = fumi_first()
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="dodge"), dice=faces("6,2,8,3,4,5"))
    assert view(t, "manoeuvres")["Bayushi Fumi"]["tn"] == 10 + 19  # 6, 8, 5 kept: 19
    refused(
        t,
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana"),
        IllegalUnderRules,
        "« Esquive » allows no « Attaque au corps à corps »",
        dice=queue("9,9,9,9,9,9"),
    )
    refused(
        t,
        c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="attack"),
        IllegalUnderRules,
        "chosen this turn's manoeuvre already",
    )


def test_assault_forbids_ranged_attacks_and_gives_every_foe_three_free_raises() -> None:
    bow = Weapon("Yumi", "2k2", "Kyujutsu", kind="bow")
    t = fight(
        bayushi_fumi(weapons=(KATANA, bow), skills=(Skill("Kenjutsu", 3), Skill("Kyujutsu", 2))),
        mirumoto_rola(),
        inits=("10+5,8,1", "6,5,4,1"),
    )
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="assault"))
    refused(
        t,
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Yumi"),
        IllegalUnderRules,
        "« Assaut » allows no « Attaque à distance »",
        dice=queue("9,9,9,9,9"),
    )
    t.do(c.NextTurn())
    t.do(
        c.Attack(character="Mirumoto Rola", target="Bayushi Fumi", weapon="Katana"),
        dice=queue("3,3,2,2,1,1"),
    )
    rolled = [r.event for r in t.events if isinstance(r.event, DiceRolled)][-1]
    assert rolled.roll.total == 3 + 3 + 2 + 15


# -- attacks, raises, damage --------------------------------------------------------------


def test_raises_are_capped_by_the_higher_of_void_and_skill_and_a_move_costs_one() -> None:
    t = fight(bayushi_fumi(void=2), mirumoto_rola(), inits=("10+5,8,1", "6,5,4,1"))
    refused(
        t,
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            raises=3,
            manoeuvre="extra_damage",
            move=True,
        ),
        IllegalUnderRules,
        r"at most 3 raises .*not 4 \(1 for moving",
        dice=queue("9,9,9,9,9,9"),
    )


def test_a_manoeuvre_takes_the_raises_the_text_prices_it_at() -> None:
    t = fumi_first()
    cases: tuple[tuple[RaiseManoeuvre, int, int], ...] = (("disarm", 2, 3), ("extra_attack", 3, 4))
    for manoeuvre, raises, need in cases:
        refused(
            t,
            c.Attack(
                character="Bayushi Fumi",
                target="Mirumoto Rola",
                weapon="Katana",
                raises=raises,
                manoeuvre=manoeuvre,
            ),
            IllegalUnderRules,
            f"takes {need} raises, not {raises}",
            dice=queue("9,9,9,9,9,9"),
        )


def test_an_extra_attack_is_two_rolls_that_must_both_hit() -> None:
    """« Necessite 2 jets d'attaque avec 4 Augmentations chacun. Les 2 attaques doivent
    toucher ! Sinon, les 2 ratent ! »"""
    t = fight(bayushi_fumi(void=4), mirumoto_rola(), inits=("10+5,8,1", "6,5,4,1"))
    t.do(
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            raises=4,
            manoeuvre="extra_attack",
        ),
        dice=queue("10+9,10+8,9,1,1,1", "9,9,8,1,1,1"),
    )
    resolved = t.events[-1].event
    assert isinstance(resolved, AttackResolved)
    assert resolved.totals == (46, 26) and resolved.needed == 35 and not resolved.hit
    refused(
        t,
        c.Damage(character="Bayushi Fumi"),
        IllegalUnderRules,
        "no hit awaiting damage",
        dice=faces("9,9,9,9,9"),
    )


def test_knockdown_compares_the_attack_to_earth_plus_rank_times_five() -> None:
    t = fight(bayushi_fumi(), mirumoto_rola(), inits=("10+5,8,1", "6,5,4,1"))
    t.do(
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            raises=3,
            manoeuvre="knockdown",
        ),
        dice=queue("10+5,9,8,1,1,1"),
    )
    resolved = t.events[-1].event
    assert isinstance(resolved, AttackResolved)
    assert resolved.hit and resolved.knocked_down  # 32 ≥ 30 to hit, ≥ (2 + 1) × 5
    assert view(t, "manoeuvres")["Mirumoto Rola"]["prone"]


def test_a_disarm_is_an_opposed_roll_after_the_hit() -> None:
    t = fight(bayushi_fumi(), mirumoto_rola(), inits=("10+5,8,1", "6,5,4,1"))
    t.do(
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            raises=3,
            manoeuvre="disarm",
        ),
        dice=queue("10+5,9,8,1,1,1", "7,5,3,2,1,1"),
    )
    opposed = t.events[-2].event
    assert isinstance(opposed, DiceRolled) and opposed.purpose == "opposed"
    assert opposed.character == "Mirumoto Rola" and opposed.roll.expression == "6k3"
    resolved = t.events[-1].event
    assert isinstance(resolved, AttackResolved) and resolved.disarmed  # 32 against 15


def test_a_feint_deals_no_damage_and_gives_a_free_raise_on_the_next_attack() -> None:
    t = fight(bayushi_fumi(), mirumoto_rola(), inits=("10+5,8,1", "6,5,4,1"))
    t.do(
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            raises=1,
            manoeuvre="feint",
        ),
        dice=queue("9,8,5,1,1,1"),
    )
    refused(
        t, c.Damage(character="Bayushi Fumi"), IllegalUnderRules, "a feint", dice=faces("9,9,9,9,9")
    )
    assert view(t, "manoeuvres")["Bayushi Fumi"]["feint_on"] == "Mirumoto Rola"


def test_a_guard_raises_an_ally_s_tn_against_the_one_attacked() -> None:
    kuni = ThirdSheet(
        name="Kuni Lingus",
        traits=traits(reflexes=3),
        void=3,
        skills=(Skill("Kenjutsu", 2),),
        weapons=(KATANA,),
    )
    t = fight(bayushi_fumi(), mirumoto_rola(), kuni, inits=("10+5,8,1", "6,5,4,1", "3,2,1,1"))
    t.do(
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            raises=2,
            manoeuvre="guard",
            protects="Kuni Lingus",
        ),
        dice=queue("10+5,9,8,1,1,1"),
    )
    t.do(c.NextTurn())
    t.do(
        c.Attack(character="Mirumoto Rola", target="Kuni Lingus", weapon="Katana"),
        dice=queue("9,8,5,1,1,1"),
    )
    resolved = t.events[-1].event
    assert isinstance(resolved, AttackResolved)
    assert [(p.source, p.tn) for p in resolved.tn_parts] == [("Réflexes × 5", 15), ("Garde", 10)]


def test_damage_is_the_weapon_plus_strength_and_wounds_the_target() -> None:
    t = fumi_first()
    t.do(
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana"),
        dice=queue("6,7,2,3,8,1"),
    )
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("6,3,4,7,2"))
    wounds = t.events[-1].event
    assert isinstance(wounds, WoundsTaken) and wounds.amount == 13
    assert view(t, "wounds")["Mirumoto Rola"]["level"] == "Blessé"


def test_void_never_adds_to_damage_and_one_point_a_roll() -> None:
    t = fumi_first()
    refused(
        t,
        c.Roll(
            character="Bayushi Fumi", expression="5k2", purpose="damage", void=True, void_raise=True
        ),
        IllegalUnderRules,
        "1 SEUL point de Vide par jet",
        dice=faces("9,9,9,9,9,9"),
    )


def test_only_humans_spend_void() -> None:
    oni = ThirdSheet(
        name="Oni", traits=traits(reflexes=3), void=2, human=False, skills=(Skill("Jiujutsu", 3),)
    )
    t = fight(oni, mirumoto_rola(), inits=("10+5,8,1,1", "6,5,4,1"))
    refused(
        t,
        c.Attack(character="Oni", target="Mirumoto Rola", void="roll_dice"),
        IllegalUnderRules,
        "Seul les Humains",
        dice=queue("9,9,9,9,9,9,9"),
    )


def test_encouragement_is_capped_by_the_ally_s_void_ring() -> None:
    t = fight(bayushi_fumi(void=1), mirumoto_rola(), inits=("10+5,8,1", "6,5,4,1"))
    t.do(
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            encouraged_by=("Mirumoto Rola",),
        ),
        dice=queue("9,8,5,1,1,1,1"),
    )
    spent = [r.event for r in t.events if isinstance(r.event, VoidSpent)]
    assert [(e.character, e.points, e.ally) for e in spent] == [
        ("Mirumoto Rola", 2, None),
        ("Bayushi Fumi", 1, "Mirumoto Rola"),
    ]
    assert view(t, "void")["Bayushi Fumi"] == {"left": 1, "ring": 1, "encouraged": 1}


def test_void_reduces_one_attack_s_wounds_by_ten_once_a_round() -> None:
    """« 1 fois par round, uniquement, vous pouvez dépenser 1 point de Vide pour réduire
    les dommages subis lors de 1 attaque de 10 » — that attack's, not another's later."""
    kuni = ThirdSheet(
        name="Kuni Lingus",
        traits=traits(reflexes=3),
        void=3,
        skills=(Skill("Kenjutsu", 2),),
        weapons=(KATANA,),
    )
    t = fight(bayushi_fumi(), kuni, mirumoto_rola(), inits=("10+5,8,1", "9,8,1,1", "6,5,4,1"))
    t.do(
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana"),
        dice=queue("6,7,2,3,8,1"),
    )
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("6,3,4,7,2"))
    t.do(c.SpendVoid(character="Mirumoto Rola", use="reduce_damage"), actor="cat")
    assert view(t, "wounds")["Mirumoto Rola"]["wounds"] == 3
    refused(
        t,
        c.SpendVoid(character="Mirumoto Rola", use="reduce_damage"),
        IllegalUnderRules,
        "no wounds from an attack to reduce",
        actor="cat",
    )
    t.do(c.NextTurn())
    t.do(
        c.Attack(character="Kuni Lingus", target="Mirumoto Rola", weapon="Katana"),
        dice=queue("9,8,7,1,1"),
    )
    t.do(c.Damage(character="Kuni Lingus"), dice=faces("9,8,1,1,1"))
    refused(
        t,
        c.SpendVoid(character="Mirumoto Rola", use="reduce_damage"),
        IllegalUnderRules,
        "1 fois par round",
        actor="cat",
    )


def test_a_final_strike_is_for_the_fallen_at_30_more() -> None:
    t = fumi_first()
    refused(
        t,
        c.Attack(
            character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana", final_strike=True
        ),
        IllegalUnderRules,
        "Coup ultime",
        dice=queue("9,9,9,9,9,9"),
    )
    t.do(c.TakeWounds(character="Bayushi Fumi", amount=30, source="an arrow"))
    refused(
        t,
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana"),
        IllegalUnderRules,
        "cannot act",
        dice=queue("9,9,9,9,9,9"),
    )
    t.do(
        c.Attack(
            character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana", final_strike=True
        ),
        dice=queue("10+10+5,9,8,1,1,1"),
    )
    resolved = t.events[-1].event
    # +30 in place of the wound penalty: « 1 dernière action à +30 au ND »
    assert isinstance(resolved, AttackResolved) and resolved.needed == 15 + 30
    assert view(t, "void")["Bayushi Fumi"]["left"] == 0


# -- grappling, reversals, spells ----------------------------------------------------------


def test_a_grapple_needs_bare_hands_or_a_tanto_and_ignores_armour() -> None:
    t = fight(
        bayushi_fumi(skills=(Skill("Jiujutsu", 2), Skill("Kenjutsu", 3)), weapons=(KATANA, TANTO)),
        mirumoto_rola(armour=LIGHT),
        inits=("10+5,8,1", "6,5,4,1"),
    )
    refused(
        t,
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana", grapple=True),
        IllegalUnderRules,
        "no bigger than a tanto",
        dice=queue("9,9,9,9,9"),
    )
    t.do(
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", grapple=True),
        dice=queue("9,8,5,1,1", "6,3", "7,4"),
    )
    resolved = t.events[-4].event
    assert isinstance(resolved, AttackResolved) and resolved.tn == 15  # no armour
    won = t.events[-1].event
    assert isinstance(won, GrappleWon) and won.character == "Mirumoto Rola"
    assert view(t, "grapples") == {"Mirumoto Rola": "Bayushi Fumi"}


def test_each_round_the_holder_has_a_free_raise_on_strength() -> None:
    """« A chaque tour, les protagonistes refont 1 jet de Force en opposition. Celui qui
    contrôlait la Lutte … bénéficie de 1 Augmentation Gratuite » — once a round, and the
    holder's damage is still the tanto's (1k1 + Strength 2: 3k1)."""
    t = fight(
        bayushi_fumi(skills=(Skill("Jiujutsu", 2),), weapons=(TANTO,)),
        mirumoto_rola(),
        inits=("10+5,8,1", "6,5,4,1"),
    )
    t.do(
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Tanto", grapple=True),
        dice=queue("9,8,5,1,1", "7,4", "6,3"),
    )
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("6,2,3"))
    refused(
        t,
        c.Grapple(character="Bayushi Fumi"),
        IllegalUnderRules,
        "contested this round already",
        dice=queue("3,2", "6,3"),
    )
    t.do(c.NextTurn())
    refused(
        t,
        c.Grapple(character="Mirumoto Rola"),
        IllegalUnderRules,
        "contested this round already",
        dice=queue("3,2", "6,3"),
        actor="ben",
    )
    t.do(c.NextTurn())
    t.do(c.StartRound())
    t.do(c.Grapple(character="Bayushi Fumi"), dice=queue("3,2", "6,3"))
    again = t.events[-3].event
    assert isinstance(again, DiceRolled) and again.roll.total == 3 + 2 + 5
    assert view(t, "grapples") == {"Bayushi Fumi": "Mirumoto Rola"}
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("6,2,3"))
    damage = t.events[-2].event
    assert isinstance(damage, DiceRolled) and damage.roll.expression == "3k1"
    refused(
        t,
        c.Grapple(character="Mirumoto Rola", release=True),
        IllegalUnderRules,
        "only its holder lets go",
        actor="ben",
    )
    t.do(c.Grapple(character="Bayushi Fumi", release=True), actor="ana")
    assert view(t, "grapples") == {}


def test_a_reversal_is_for_the_unwounded_at_the_round_s_end() -> None:
    t = fumi_first()
    t.do(
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana"),
        dice=queue("6,7,2,3,8,1"),
    )
    refused(
        t,
        c.Reversal(character="Bayushi Fumi"),
        IllegalUnderRules,
        "A la fin de chaque round",
        dice=faces("6"),
    )
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("6,3,4,7,2"))
    t.do(c.NextTurn())
    t.do(c.NextTurn())
    refused(
        t,
        c.Reversal(character="Mirumoto Rola"),
        IllegalUnderRules,
        "took wounds",
        dice=faces("6"),
        actor="ben",
    )
    t.do(c.Reversal(character="Bayushi Fumi", target="Mirumoto Rola"), dice=faces("10"))
    assert t.events[-2].event.roll.dice[0].faces == (10,)  # type: ignore[attr-defined]
    refused(t, c.Reversal(character="Bayushi Fumi"), IllegalUnderRules, "already", dice=faces("6"))
    t.do(c.StartRound())
    # Rola: 21 − 10 (Blessé) − 10 (the reversal): 15 − 20 = -5
    assert [r["initiative"] for r in view(t, "initiative")["order"]] == [23, 15 - 10 - 10]


def test_a_spell_is_ring_plus_mastery_against_ten_plus_five_a_level() -> None:
    from tests.replays.curate_3e import kuni_lingus

    t = fight(kuni_lingus(), mirumoto_rola(), inits=("9,9,9,1", "6,5,4,1"))
    refused(
        t,
        c.Cast(character="Kuni Lingus", spell="Jade Strike"),
        IllegalUnderRules,
        "no spell 'Jade Strike'",
        dice=faces("9,9,9"),
        actor="ana",
    )
    t.do(c.Cast(character="Kuni Lingus", spell="Fureur d'Osano-Wo"), dice=faces("9,8,1"))
    rolled = t.events[-2].event
    assert isinstance(rolled, DiceRolled)
    assert rolled.roll.expression == "3k2" and rolled.roll.tn == 15 and rolled.roll.success


# -- bad input ----------------------------------------------------------------------------


def test_unknown_names_and_bad_sheets_are_refused_quoting_them() -> None:
    t = fumi_first()
    refused(
        t,
        c.Attack(character="Bayushi Fumi", target="Kakita Nobody", weapon="Katana"),
        NotFound,
        "no character 'Kakita Nobody'",
        dice=queue("9"),
    )
    refused(
        t,
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Naginata"),
        IllegalUnderRules,
        "carries no 'Naginata'",
        dice=queue("9"),
    )
    with pytest.raises(MalformedInput, match="no technique 'La Voie du Dragon'"):
        RULES.check_sheet(bayushi_fumi(techniques=("La Voie du Dragon",)))
    with pytest.raises(MalformedInput, match="no option 'stances'"):
        load_ruleset("l5r3e", {"stances": "on"})


# -- the review's findings: each rule where a first version went wrong --------------------


def kuni() -> ThirdSheet:
    return ThirdSheet(
        name="Kuni Lingus",
        traits=traits(reflexes=3),
        void=3,
        skills=(Skill("Kenjutsu", 2),),
        weapons=(KATANA,),
    )


def test_a_guard_protects_a_companion_in_the_session_and_may_deal_its_damage() -> None:
    """« Le personnage protège un compagnon » (+5 a raise, free raises as well) « … n'est
    pas obligé d'infliger des dommages »: he may."""
    t = fight(bayushi_fumi(), mirumoto_rola(), kuni(), inits=("10+5,8,1", "6,5,4,1", "3,2,1,1"))
    guard = c.Attack(
        character="Bayushi Fumi",
        target="Mirumoto Rola",
        weapon="Katana",
        raises=1,
        manoeuvre="guard",
        protects="Nobody",
    )
    refused(t, guard, KirokuError, "no character 'Nobody'", dice=queue("9"))
    refused(
        t,
        msgspec.structs.replace(guard, protects="Mirumoto Rola"),
        IllegalUnderRules,
        "protects a companion",
        dice=queue("9"),
    )
    t.do(msgspec.structs.replace(guard, protects="Kuni Lingus"), dice=queue("10+5,9,8,1,1,1"))
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("5,4,3,2,1"))
    assert view(t, "wounds")["Mirumoto Rola"]["wounds"] == 9


def test_encouragement_is_paid_by_the_ally_s_player() -> None:
    t = fight(bayushi_fumi(), mirumoto_rola(), kuni(), inits=("10+5,8,1", "6,5,4,1", "3,2,1,1"))
    refused(
        t,
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            encouraged_by=("Kuni Lingus",),
        ),
        NotAllowed,
        "'ana' may not act for 'Kuni Lingus'",
        dice=queue("9,9,9,9,9,9,9"),
        actor="ana",
    )


def test_an_extra_attack_that_hits_twice_deals_damage_twice() -> None:
    t = fight(bayushi_fumi(void=4), mirumoto_rola(), inits=("10+5,8,1", "6,5,4,1"))
    t.do(
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            raises=4,
            manoeuvre="extra_attack",
        ),
        dice=queue("10+9,10+8,9,1,1,1", "10+9,10+8,9,1,1,1"),
    )
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("5,4,3,2,1"))
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("5,4,3,2,1"))
    assert view(t, "wounds")["Mirumoto Rola"]["wounds"] == 18
    refused(
        t,
        c.Damage(character="Bayushi Fumi"),
        IllegalUnderRules,
        "no hit awaiting damage",
        dice=faces("5,4,3,2,1"),
    )


def test_one_more_action_for_void_never_lifts_the_manoeuvre_s_bans() -> None:
    t = fumi_first()
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="assault"))
    t.do(c.SpendVoid(character="Bayushi Fumi", use="extra_action"))
    refused(
        t,
        c.TakeActions(character="Bayushi Fumi", actions=("simple", "complex")),
        IllegalUnderRules,
        "« Assaut » allows no « Action Complexe »",
    )
    other = fumi_first()
    other.do(c.SpendVoid(character="Bayushi Fumi", use="extra_action"))
    other.do(c.TakeActions(character="Bayushi Fumi", actions=("complex", "move")))
    other.do(c.TakeActions(character="Bayushi Fumi", actions=("simple",)))


def test_a_complex_action_with_half_a_move_costs_a_raise_on_its_roll() -> None:
    t = fumi_first()
    t.do(c.TakeActions(character="Bayushi Fumi", actions=("simple", "complex", "half_move")))
    taken = t.events[-1].event
    assert taken.raises_due == 1  # type: ignore[attr-defined]


def test_a_surprise_leaves_what_lasts_until_one_s_turn_in_place() -> None:
    """Fumi's Dodge lasts « jusqu'à son prochain tour d'Initiative », surprise or not."""
    t = fumi_first()
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="dodge"), dice=faces("6,2,8,3,4,5"))
    t.do(c.NextTurn())
    t.do(c.NextTurn())
    t.do(c.StartRound(surprised=("Bayushi Fumi",)))
    assert view(t, "initiative")["current"] == "Mirumoto Rola"
    assert view(t, "manoeuvres")["Bayushi Fumi"]["tn"] == 10 + 19


def test_a_void_skill_rank_is_one_rank_and_lifts_the_unskilled_rule() -> None:
    t = fumi_first()
    t.do(
        c.Roll(character="Bayushi Fumi", skill="Kenjutsu", trait="agility", void_skill=True),
        dice=faces("9,8,7,6,5,4,3"),
    )
    rolled = t.events[-1].event
    assert isinstance(rolled, DiceRolled) and rolled.roll.expression == "7k3"
    t.do(
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", void="roll_skill_rank"),
        dice=queue("10+5,9,8,1"),
    )
    attack = t.events[-2].event
    assert isinstance(attack, DiceRolled) and not attack.roll.unskilled
    assert attack.roll.total == 15 + 9 + 8


def test_a_dodge_may_be_chosen_just_before_the_combat() -> None:
    """« Il est possible d'adopter cette Manoeuvre, juste avant le début du combat … Ceci
    compte pour votre choix de Manoeuvre du 1er tour ! »"""
    t = table(bayushi_fumi(), mirumoto_rola(), options={"defense_to_tn": "false"})
    t.do(c.StartCombat())
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="dodge"), dice=faces("6,2,8,3,4,5"))
    t.do(c.RollInitiative(character="Bayushi Fumi"), dice=faces("10+5,8,1"))
    t.do(c.RollInitiative(character="Mirumoto Rola"), dice=faces("6,5,4,1"))
    t.do(c.StartRound())
    assert view(t, "manoeuvres")["Bayushi Fumi"]["manoeuvre"] == "dodge"
    refused(
        t,
        c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="attack"),
        IllegalUnderRules,
        "chosen this turn's manoeuvre already",
    )


def test_a_late_arrival_takes_a_place_in_the_round_under_way() -> None:
    t = fumi_first()
    t.do(join(kuni(), "cat"))
    t.do(c.RollInitiative(character="Kuni Lingus"), dice=faces("9,8,7,1"))
    assert [r["character"] for r in view(t, "initiative")["order"]] == [
        "Kuni Lingus",
        "Bayushi Fumi",
        "Mirumoto Rola",
    ]


def test_standing_moving_and_attacking_at_once_is_refused() -> None:
    t = fumi_first()
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="assault"))
    refused(
        t,
        c.Attack(
            character="Bayushi Fumi",
            target="Mirumoto Rola",
            weapon="Katana",
            move=True,
            stand_up=True,
        ),
        IllegalUnderRules,
        "not both",
        dice=queue("9"),
    )


def test_the_fallen_neither_act_nor_reverse_but_strike_a_last_time() -> None:
    """Épuisé or Hors de combat: nothing but a « Coup ultime »; the dead keep a place the
    round after their death for theirs (5 points)."""
    t = fumi_first()
    t.do(c.TakeWounds(character="Bayushi Fumi", amount=26, source="an arrow"))  # Épuisé
    refused(
        t, c.TakeActions(character="Bayushi Fumi", actions=("simple",)), IllegalUnderRules, "Épuisé"
    )
    t.do(c.TakeWounds(character="Mirumoto Rola", amount=40, source="a boulder"))  # Mort
    t.do(c.NextTurn())
    t.do(c.NextTurn())
    refused(
        t,
        c.Reversal(character="Mirumoto Rola"),
        IllegalUnderRules,
        "Mort",
        dice=faces("9"),
        actor="ben",
    )
    t.do(c.StartRound())
    assert "Mirumoto Rola" in [r["character"] for r in view(t, "initiative")["order"]]


def test_an_unseen_attacker_meets_neither_dodge_nor_defense() -> None:
    t = fight(bayushi_fumi(), mirumoto_rola(), inits=("10+5,8,1", "6,5,4,1"), defense_to_tn="true")
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="dodge"), dice=faces("6,2,8,3,4,5"))
    t.do(c.NextTurn())
    t.do(
        c.Attack(character="Mirumoto Rola", target="Bayushi Fumi", weapon="Katana", unseen=True),
        dice=queue("9,8,1,1,1,1"),
    )
    resolved = t.events[-1].event
    assert isinstance(resolved, AttackResolved) and resolved.tn == 10 and resolved.hit


def test_free_raises_are_recorded_by_source_and_use() -> None:
    t = fumi_first()
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="assault"))
    t.do(c.NextTurn())
    t.do(c.ChooseManoeuvre(character="Mirumoto Rola", manoeuvre="assault"), actor="ben")
    t.do(
        c.Attack(
            character="Mirumoto Rola",
            target="Bayushi Fumi",
            weapon="Katana",
            raises=1,
            manoeuvre="extra_damage",
            free_to_manoeuvre=4,
        ),
        dice=queue("9,8,7,1,1,1"),
        actor="ben",
    )
    resolved = t.events[-1].event
    assert isinstance(resolved, AttackResolved)
    assert [(f.source, f.count, f.to) for f in resolved.free_raises] == [
        ("Assaut de Bayushi Fumi", 3, "Dommages supplémentaires"),
        ("Assaut", 1, "Dommages supplémentaires"),
        ("Assaut", 1, "total"),
    ]


def test_a_spell_ties_its_caster_up_for_its_turns() -> None:
    from domain.rulesets.roll_keep_kit.character import Spell

    t = fight(
        bayushi_fumi(spells=(Spell("Tempest", "air", 3),)),
        mirumoto_rola(),
        inits=("10+5,8,1", "6,5,4,1"),
    )
    t.do(c.Cast(character="Bayushi Fumi", spell="Tempest", void="roll_dice"), dice=faces("9,8,7,1"))
    t.do(c.NextTurn())
    t.do(c.NextTurn())
    t.do(c.StartRound())
    refused(
        t,
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana"),
        IllegalUnderRules,
        "casting a spell until the end of round 3",
        dice=queue("9"),
    )


def test_a_round_is_over_only_when_everyone_has_acted() -> None:
    t = fumi_first()
    refused(t, c.StartRound(), IllegalUnderRules, "Bayushi Fumi still to act")


def test_two_weapons_cost_5_on_every_attack_but_a_daisho_s() -> None:
    """« Manier 2 armes : +5 au ND de TOUS les jets d'attaques »; the Daisho technique
    « ne subit pas la pénalité du à l'usage de 2 armes »."""
    plain = fight(mirumoto_rola(), bayushi_fumi(), inits=("9,9,9,1", "3,2,1"))
    plain.do(c.ChooseManoeuvre(character="Mirumoto Rola", manoeuvre="attack", two_weapons=True))
    plain.do(
        c.Attack(character="Mirumoto Rola", target="Bayushi Fumi", weapon="Katana"),
        dice=queue("9,8,7,1,1,1"),
    )
    assert plain.events[-1].event.needed == 10 + 5  # type: ignore[attr-defined]
    daisho = fight(
        mirumoto_rola(techniques=("La Technique du Daisho",)),
        bayushi_fumi(),
        inits=("9,9,9,1", "3,2,1"),
    )
    daisho.do(c.ChooseManoeuvre(character="Mirumoto Rola", manoeuvre="attack", two_weapons=True))
    daisho.do(
        c.Attack(
            character="Mirumoto Rola",
            target="Bayushi Fumi",
            weapon="Katana",
            circumstances=("two_weapons",),
        ),
        dice=queue("9,8,7,1,1,1"),
    )
    assert daisho.events[-1].event.needed == 10  # type: ignore[attr-defined]


def test_the_tn_column_keeps_a_spent_dodge_against_the_foe_it_holds_against() -> None:
    """« QUE contre [Rang de Réputation] adversaires »: once Rola has attacked into Fumi's
    Dodge (her Reputation allows one foe), a new foe faces her TN without it, but Rola
    still faces it: the table says both (issue 30: it said 13 where 56 was used)."""
    t = fumi_first()
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="dodge"), dice=faces("6,2,8,3,4,5"))
    t.do(c.NextTurn())
    t.do(c.ChooseManoeuvre(character="Mirumoto Rola", manoeuvre="attack"))
    t.do(
        c.Attack(character="Mirumoto Rola", target="Bayushi Fumi", weapon="Katana"),
        dice=queue("2,2,2,2,2,2"),
    )
    held = view(t, "manoeuvres")["Bayushi Fumi"]
    assert held["tn"] == 10
    assert held["tn_against"] == {"Mirumoto Rola": 10 + 19}
    projections = {name: view(t, name) for name in RULES.views}
    table = RULES.tables(projections)
    fumi_row = next(row for row in table[0].rows if row[0].endswith("Bayushi Fumi"))
    assert fumi_row[3] == "10; 29 vs Mirumoto Rola"
