"""4e combat, as the summary's « Combat » pages state it, with its worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from domain.dice.roll_keep.faces import parse_faces
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed
from domain.rulesets.l5r4e import afflictions, attacks, combat
from domain.rulesets.l5r4e.armour import armour_tn, armour_tn_total
from domain.rulesets.l5r4e.events import AttackResolved, DiceRolled, FullDefenseRolled, WoundsTaken
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Armour, Skill, Weapon
from tests.support import Scripted, Table

KATANA = Weapon("Katana", "3k2")
DAI_TSUCHI = Weapon("Dai tsuchi", "5k2", "Heavy Weapons", size="large")


def skirmish(**attacker: Any) -> Table:
    """Two bushi in round 1; Kaneka (initiative 30) acts first, Fumi (10, no armour)
    second. Kaneka's Kenjutsu has a Katana emphasis: his 1s are rerolled (``1r…``)."""
    table = Table()
    table.join("Akodo Kaneka", "ana", **attacker)
    table.join("Bayushi Fumi", "ben", agility=2, void=3, armour=None)
    table.do(Play.start_combat)
    table.do(Play.roll_initiative, character="Akodo Kaneka", dice=Scripted(10, 9, 9, *[2] * 9))
    table.do(Play.roll_initiative, character="Bayushi Fumi", dice=Scripted(5, 3, 2, *[1] * 9))
    table.do(Play.start_round)
    return table


def fumi(table: Table) -> Any:
    return table.state.characters["bayushi fumi"]


def kaneka(table: Table) -> Any:
    return table.state.characters["akodo kaneka"]


class TestArmourTN:
    def test_the_summary_s_example_comes_to_47(self) -> None:
        """Reflexes 3 → 20; heavy armour +10 → 30; Air stance, Air 3 + Defense 4 → 37;
        a Void point declared at the start of the round → 47."""
        table = Table()
        table.join(
            "Matsu Goemon",
            "ana",
            reflexes=3,
            awareness=3,
            armour=Armour("Heavy armour", 10, 5, 10),
            skills=(Skill("Defense", 4), Skill("Kenjutsu", 3)),
        )
        table.join("Other", "ben")
        table.do(Play.start_combat)
        table.do(Play.roll_initiative, character="Matsu Goemon", dice=parse_faces("5,5,5,5"))
        table.do(Play.start_round)
        table.do(combat.void_armour, character="Matsu Goemon")
        table.do(Play.choose_stance, character="Matsu Goemon", stance="defense")
        who = table.state.characters["matsu goemon"]
        parts = armour_tn(table.state, who)
        assert [(p.source, p.total) for p in parts] == [
            ("Reflexes × 5 + 5", 20),
            ("Heavy armour", 10),
            ("Defense stance: Air + Defense", 7),
            ("Void point this round", 10),
        ]
        assert armour_tn_total(table.state, who) == 47

    def test_full_attack_lowers_it_by_10_and_prone_by_10_against_melee(self) -> None:
        table = skirmish()
        table.do(Play.choose_stance, character="Bayushi Fumi", stance="full_attack")
        table.do(afflictions.apply_condition, character="Bayushi Fumi", condition="prone")
        who = fumi(table)
        assert armour_tn_total(table.state, who) == 20 - 10 - 10
        assert armour_tn_total(table.state, who, melee=False) == 20 - 10

    def test_stunned_or_grappled_is_5_plus_armour_blinded_is_reflexes_plus_5(self) -> None:
        table = skirmish()
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="blinded")
        assert armour_tn_total(table.state, kaneka(table)) == 3 + 5 + 5
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="grappled")
        assert armour_tn_total(table.state, kaneka(table)) == 5 + 5

    def test_guard_gives_plus_10_and_costs_the_guard_5(self) -> None:
        table = skirmish()
        table.do(combat.guard, character="Akodo Kaneka", protected="Bayushi Fumi")
        assert armour_tn_total(table.state, fumi(table)) == 30
        assert armour_tn_total(table.state, kaneka(table)) == 25 - 5
        table.do(Play.next_turn)  # Fumi's turn
        table.do(Play.next_turn, actor="ben")
        table.do(Play.start_round)
        table.do(Play.next_turn)  # Kaneka's next turn ends the guard
        assert armour_tn_total(table.state, fumi(table)) == 20


class TestAttacks:
    def test_the_summary_s_attack_7k3_reaches_24_against_20(self) -> None:
        table = skirmish(skills=(Skill("Kenjutsu", 4),), weapons=(KATANA,), armour=None)
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Katana",
            dice=parse_faces("9,8,7,3,2,2,2"),
        )
        rolled, resolved = events[-2], events[-1]
        assert isinstance(rolled, DiceRolled) and isinstance(resolved, AttackResolved)
        assert (rolled.roll.expression, rolled.roll.total, rolled.roll.tn) == ("7k3", 24, 20)
        assert resolved.hit and resolved.damage == "6k2"  # katana 3k2 + Strength 3

    def test_the_dai_tsuchi_with_strength_3_rolls_8k2(self) -> None:
        table = skirmish(weapons=(DAI_TSUCHI,), skills=(Skill("Heavy Weapons", 3),))
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Dai tsuchi",
            dice=parse_faces("9,9,9,1,1,1"),
        )
        resolved = events[-1]
        assert isinstance(resolved, AttackResolved) and resolved.damage == "8k2"

    def test_unarmed_is_0k1_plus_strength(self) -> None:
        table = skirmish(skills=(Skill("Jiujutsu", 3),))
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            dice=parse_faces("9,9,9,1,1,1"),
        )
        assert events[-1].damage == "3k1"  # type: ignore[attr-defined]

    def test_the_summary_s_feint_adds_12_and_21_damage_becomes_33(self) -> None:
        """Insight rank 3 caps the feint at 15; 53 against a TN of 20 raised twice to 30
        is a margin of 23, half of it rounded up is 12; 21 damage + 12 = 33."""
        table = Table()
        table.join(
            "Matsu Hitomi",
            "ana",
            void=3,
            skills=(Skill("Kenjutsu", 10), *[Skill(f"Lore {i}", 10) for i in range(7)]),
            weapons=(KATANA,),
            armour=None,
        )
        table.join("Target", "ben", reflexes=3, armour=None)
        assert table.play.ruleset.insight_rank(table.state.characters["matsu hitomi"].sheet) == 3
        table.do(Play.start_combat)
        table.do(Play.roll_initiative, character="Matsu Hitomi", dice=parse_faces("9,9,9,9,9,9"))
        table.do(Play.roll_initiative, character="Target", dice=parse_faces("1,1,1,1"))
        table.do(Play.start_round)
        events = table.do(
            attacks.attack,
            attacker="Matsu Hitomi",
            target="Target",
            weapon="Katana",
            raises=2,
            manoeuvres=["feint"],
            dice=parse_faces("10+10+5,10+9,8,1,1,1,1,1,1,1"),
        )
        resolved = events[-1]
        assert isinstance(resolved, AttackResolved)
        assert (resolved.total, resolved.feint_bonus) == (53, 12)
        events = table.do(
            attacks.damage, attacker="Matsu Hitomi", dice=parse_faces("10+2,9,4,4,3,1")
        )  # 6k2: 21
        damage = events[-2]
        assert isinstance(damage, DiceRolled)
        assert damage.roll.total == 21 + 12 == 33

    def test_manoeuvres_must_be_paid_in_raises(self) -> None:
        table = skirmish(weapons=(KATANA,))
        with pytest.raises(IllegalUnderRules, match="need 3 raises; 1 called"):
            table.do(
                attacks.attack,
                attacker="Akodo Kaneka",
                target="Bayushi Fumi",
                weapon="Katana",
                raises=1,
                manoeuvres=["called_shot:head"],
                dice=parse_faces("9,9,9,1,1,1"),
            )

    @pytest.mark.parametrize(
        ("called", "raises"), [("arm", 1), ("foot", 2), ("head", 3), ("eye", 4)]
    )
    def test_called_shots_cost_by_location(self, called: str, raises: int) -> None:
        victim = Table()
        victim.join("X", "p")
        cost = attacks.manoeuvre_cost(f"called_shot:{called}", victim.state.characters["x"])
        assert cost == ("called_shot", raises, called)

    def test_knockdown_costs_4_against_four_legs(self) -> None:
        table = Table()
        table.join("Horse", "gm", four_legged=True)
        assert attacks.manoeuvre_cost("knockdown", table.state.characters["horse"])[1] == 4

    def test_damage_less_armour_reduction_and_a_void_point_becomes_wounds(self) -> None:
        table = skirmish(weapons=(KATANA,))
        table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Katana",
            dice=parse_faces("9,9,9,2,2,2"),
        )
        events = table.do(
            attacks.damage,
            attacker="Akodo Kaneka",
            void_reduction=True,
            dice=parse_faces("10+8,9,1,1,1,1"),
        )
        wounds = events[-1]
        assert isinstance(wounds, WoundsTaken)
        assert (wounds.damage, wounds.amount) == (27, 27 - 10)  # no armour; Void −10
        with pytest.raises(IllegalUnderRules, match="no hit waiting"):
            table.do(attacks.damage, attacker="Akodo Kaneka", dice=parse_faces("1,1,1,1,1,1"))

    def test_one_complex_action_a_turn(self) -> None:
        table = skirmish(weapons=(KATANA,))
        table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Katana",
            dice=parse_faces("2,2,2,2,2,2"),
        )
        with pytest.raises(IllegalUnderRules, match="no room for a complex action"):
            table.do(
                attacks.attack,
                attacker="Akodo Kaneka",
                target="Bayushi Fumi",
                weapon="Katana",
                dice=parse_faces("2,2,2,2,2,2"),
            )

    def test_an_extra_attack_hit_earns_a_second_attack_in_the_same_action(self) -> None:
        table = skirmish(
            weapons=(KATANA,), void=5, stamina=5, willpower=5, skills=(Skill("Kenjutsu", 5),)
        )
        table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Katana",
            raises=5,
            manoeuvres=["extra_attack"],
            dice=parse_faces("10+10+10+5,10+9,9,2,2,2,2,2"),
        )
        table.do(attacks.damage, attacker="Akodo Kaneka", dice=parse_faces("2,2,1,1,1,1"))
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Katana",
            dice=parse_faces("2,2,2,2,2,2,2,2"),
        )
        assert not any(type(e).__name__ == "ActionTaken" for e in events)

    def test_it_must_be_the_attackers_turn(self) -> None:
        table = skirmish(weapons=(KATANA,))
        with pytest.raises(IllegalUnderRules, match="not Bayushi Fumi's turn"):
            table.do(
                attacks.attack,
                attacker="Bayushi Fumi",
                target="Akodo Kaneka",
                dice=parse_faces("1,1,1,1,1"),
            )

    def test_no_attack_from_the_defense_stance(self) -> None:
        table = skirmish(weapons=(KATANA,))
        table.do(Play.choose_stance, character="Akodo Kaneka", stance="defense")
        with pytest.raises(IllegalUnderRules, match="Defense stance and cannot attack"):
            table.do(
                attacks.attack,
                attacker="Akodo Kaneka",
                target="Bayushi Fumi",
                weapon="Katana",
                dice=parse_faces("2,2,2,2,2,2"),
            )

    def test_full_attack_adds_2k1(self) -> None:
        table = skirmish(weapons=(KATANA,))
        table.do(Play.choose_stance, character="Akodo Kaneka", stance="full_attack")
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Katana",
            dice=parse_faces("2,2,2,2,2,2,2,2"),
        )
        rolled = events[-2]
        assert isinstance(rolled, DiceRolled)
        assert rolled.roll.expression == "8k4"


class TestArchery:
    YUMI = Weapon("Yumi", skill="Kyujutsu", kind="bow", strength=3, range_m=75, size="large")

    def bow_table(self, strength: int = 3) -> Table:
        from domain.rulesets.roll_keep_kit.character import Arrow

        return skirmish(
            strength=strength,
            weapons=(self.YUMI,),
            arrows=(Arrow("Willow leaf", "2k2"),),
            skills=(Skill("Kyujutsu", 3),),
        )

    def test_the_summary_s_yumi_and_sage_leaf_arrow_rolls_5k2(self) -> None:
        table = self.bow_table()
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Yumi",
            arrow="Willow leaf",
            dice=parse_faces("9,9,9,1,1,1"),
        )
        rolled, resolved = events[-2], events[-1]
        assert isinstance(rolled, DiceRolled) and isinstance(resolved, AttackResolved)
        assert rolled.label.startswith("Kyujutsu/Reflexes")
        assert resolved.damage == "5k2"

    def test_a_weaker_archer_adds_their_own_strength(self) -> None:
        table = self.bow_table(strength=2)
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Yumi",
            arrow="Willow leaf",
            dice=parse_faces("9,9,9,1,1,1"),
        )
        assert events[-1].damage == "4k2"  # type: ignore[attr-defined]

    def test_past_the_range_costs_1k0_per_15_m_up_to_twice_the_range(self) -> None:
        table = self.bow_table()
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Yumi",
            arrow="Willow leaf",
            range_m=106,
            dice=parse_faces("9,9,9"),
        )
        rolled = events[-2]  # 31 m past 75: three 15 m bands begun, −3k0
        assert isinstance(rolled, DiceRolled) and rolled.roll.expression == "3k3"
        with pytest.raises(IllegalUnderRules, match="past twice"):
            table.do(
                attacks.attack,
                attacker="Akodo Kaneka",
                target="Bayushi Fumi",
                weapon="Yumi",
                arrow="Willow leaf",
                range_m=151,
                dice=parse_faces("1"),
            )

    def test_shooting_into_melee_costs_10(self) -> None:
        table = self.bow_table()
        table.do(afflictions.apply_condition, character="Bayushi Fumi", condition="in_melee")
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Yumi",
            arrow="Willow leaf",
            dice=parse_faces("9,9,9,1,1,1"),
        )
        rolled = events[-2]
        assert isinstance(rolled, DiceRolled) and rolled.roll.total == 27 - 10

    def test_no_arrow_no_shot(self) -> None:
        table = self.bow_table()
        with pytest.raises(MalformedInput, match="needs an arrow"):
            table.do(
                attacks.attack,
                attacker="Akodo Kaneka",
                target="Bayushi Fumi",
                weapon="Yumi",
                dice=parse_faces("9,9,9,1,1,1"),
            )


class TestTurns:
    def test_two_simple_actions_or_one_complex(self) -> None:
        table = skirmish()
        table.do(combat.take_action, character="Akodo Kaneka", kind="simple", action="draw")
        table.do(combat.move, character="Akodo Kaneka", kind="free")
        events = table.do(combat.move, character="Akodo Kaneka", kind="simple")
        assert events[0].feet == 20  # type: ignore[attr-defined]  # Water 2 × 10
        with pytest.raises(IllegalUnderRules, match="used 2 of 2"):
            table.do(combat.take_action, character="Akodo Kaneka", kind="simple", action="talk")
        with pytest.raises(IllegalUnderRules, match="already made a free move"):
            table.do(combat.move, character="Akodo Kaneka", kind="free")

    def test_delaying_moves_the_turn_behind_another(self) -> None:
        table = skirmish()
        table.do(combat.delay, character="Akodo Kaneka", behind="Bayushi Fumi")
        assert table.state.combat.current() == "Bayushi Fumi"  # type: ignore[union-attr]

    def test_void_for_initiative_and_swaps(self) -> None:
        table = skirmish()
        table.do(combat.void_initiative, character="Bayushi Fumi", actor="ben")
        order = table.state.combat.order()  # type: ignore[union-attr]
        assert [e.character for e in order] == ["Akodo Kaneka", "Bayushi Fumi"]  # 30, 10 + 10
        with pytest.raises(IllegalUnderRules, match="already spent a Void point this round"):
            table.do(Play.spend_void, character="Bayushi Fumi", purpose="again")
        table.do(Play.spend_void, character="Bayushi Fumi", purpose="kata", use="technique")
        with pytest.raises(NotAllowed, match="must be willing"):
            table.do(
                combat.swap_initiative, actor="ana", character="Akodo Kaneka", other="Bayushi Fumi"
            )
        table.do(combat.swap_initiative, character="Akodo Kaneka", other="Bayushi Fumi")
        order = table.state.combat.order()  # type: ignore[union-attr]
        assert [e.character for e in order] == ["Bayushi Fumi", "Akodo Kaneka"]

    def test_void_for_armour_is_declared_before_anyone_acts(self) -> None:
        table = skirmish()
        table.do(combat.take_action, character="Akodo Kaneka", kind="free", action="shout")
        with pytest.raises(IllegalUnderRules, match="start of the round"):
            table.do(combat.void_armour, character="Bayushi Fumi")

    def test_full_defense_adds_half_its_roll_rounded_up(self) -> None:
        table = skirmish()
        table.do(Play.choose_stance, character="Akodo Kaneka", stance="full_defense")
        events = table.do(
            combat.full_defense, character="Akodo Kaneka", dice=parse_faces("9,8,6,1,1")
        )
        bonus = events[-1]
        assert isinstance(bonus, FullDefenseRolled) and bonus.bonus == 12  # 23 / 2 ↑
        with pytest.raises(IllegalUnderRules, match="free actions only"):
            table.do(combat.take_action, character="Akodo Kaneka", kind="simple", action="x")

    def test_stances_and_conditions(self) -> None:
        table = skirmish()
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="dazed")
        with pytest.raises(IllegalUnderRules, match="dazed: only defense or full_defense"):
            table.do(Play.choose_stance, character="Akodo Kaneka", stance="attack")
        table.do(afflictions.apply_condition, character="Bayushi Fumi", condition="mounted")
        with pytest.raises(IllegalUnderRules, match="mounted: no Full Attack"):
            table.do(Play.choose_stance, character="Bayushi Fumi", stance="full_attack")

    def test_dazed_is_minus_3k0_and_fear_minus_xkx(self) -> None:
        table = skirmish()
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="dazed")
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="afraid", level=1)
        from domain.dice.roll_keep.roll import RollOptions

        events = table.do(
            Play.roll,
            character="Akodo Kaneka",
            expression="6k3",
            options=RollOptions(),
            dice=parse_faces("5,5"),
            purpose="skill",
        )
        assert events[-1].roll.expression == "2k2"  # type: ignore[attr-defined]

    def test_the_reaction_phase(self) -> None:
        table = skirmish()
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="stunned")
        with pytest.raises(IllegalUnderRules, match="stunned and can take no action"):
            table.do(combat.take_action, character="Akodo Kaneka", kind="free", action="x")
        table.do(
            afflictions.recover,
            character="Akodo Kaneka",
            condition="stunned",
            dice=parse_faces("3,2"),
        )  # Earth 2: 5, fails
        assert "stunned" in kaneka(table).conditions
        table.do(afflictions.recover, character="Akodo Kaneka", condition="stunned", dice=())
        assert "stunned" not in kaneka(table).conditions
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="dazed")
        table.do(
            afflictions.recover,
            character="Akodo Kaneka",
            condition="dazed",
            dice=parse_faces("9,8"),
        )  # 17 < 20
        events = table.do(
            afflictions.recover,
            character="Akodo Kaneka",
            condition="dazed",
            dice=parse_faces("9,8"),
        )  # 17 ≥ 15
        assert events[-2].roll.tn == 15  # type: ignore[attr-defined]
        assert "dazed" not in kaneka(table).conditions


class TestVoidAndEquipment:
    def test_a_void_point_lifts_a_skill_from_0_to_1(self) -> None:
        from domain.dice.roll_keep.roll import RollOptions
        from domain.rulesets.l5r4e.skills import skill_roll

        table = Table()
        table.join("A", "p1")
        events = table.do(
            skill_roll,
            character="A",
            skill="Athletics",
            trait="strength",
            options=RollOptions(tn=15),
            dice=parse_faces("10,5,5"),
        )
        assert events[-1].roll.unskilled  # type: ignore[attr-defined]
        assert events[-1].roll.total == 20  # type: ignore[attr-defined]  # no explosion
        events = table.do(
            skill_roll,
            character="A",
            skill="Athletics",
            trait="strength",
            options=RollOptions(tn=15),
            dice=parse_faces("10+2,5,5,2"),
            void_skill=True,
        )
        assert events[0].use == "skill"  # type: ignore[attr-defined]
        rolled = events[-1]
        assert isinstance(rolled, DiceRolled)
        assert rolled.roll.expression == "4k3" and not rolled.roll.unskilled
        assert rolled.roll.total == 22  # the 10 explodes now
        with pytest.raises(IllegalUnderRules, match="lifts a skill from 0 to 1"):
            table.do(
                skill_roll,
                character="A",
                skill="Kenjutsu",
                trait="agility",
                options=RollOptions(),
                dice=Scripted(),
                void_skill=True,
            )

    def test_full_attack_allows_only_attacks_and_moves(self) -> None:
        table = skirmish()
        table.do(Play.choose_stance, character="Akodo Kaneka", stance="full_attack")
        with pytest.raises(IllegalUnderRules, match="only attacks and moves"):
            table.do(
                combat.take_action, character="Akodo Kaneka", kind="simple", action="draw a scroll"
            )
        events = table.do(combat.move, character="Akodo Kaneka", kind="simple")
        assert events[0].feet == 2 * 10 + 5  # type: ignore[attr-defined]

    def test_the_armoury_is_the_gms_data_and_equips_characters(self) -> None:
        from domain.rulesets.l5r4e import equipment
        from domain.rulesets.roll_keep_kit.character import Arrow

        table = Table()
        table.join("A", "p1", armour=None)
        with pytest.raises(IllegalUnderRules, match="no armoury is loaded"):
            table.do(equipment.equip, character="A", item="Yumi")
        table.do(
            equipment.load_armoury,
            weapons=[TestArchery.YUMI],
            arrows=[Arrow("Willow leaf", "2k2")],
            armours=[Armour("Light armour", 5, 3, 5)],
        )
        for item in ("Yumi", "willow leaf", "Light armour"):
            table.do(equipment.equip, character="A", item=item)
        sheet = table.state.characters["a"].sheet
        assert sheet.weapon("yumi") is not None and sheet.arrow("Willow Leaf") is not None
        assert sheet.armour == Armour("Light armour", 5, 3, 5)
        with pytest.raises(MalformedInput, match="malformed dice expression 'x'"):
            table.do(equipment.load_armoury, weapons=[Weapon("Odd", "x")])


class TestBlindAndDuelsInSkirmish:
    def test_a_blinded_simple_move_needs_athletics_against_20_or_falls(self) -> None:
        table = skirmish()
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="blinded")
        events = table.do(
            combat.move, character="Akodo Kaneka", kind="simple", dice=parse_faces("4,3,2")
        )  # Athletics 0: 3k3 unskilled, 9 < 20
        assert events[-1].condition == "prone"  # type: ignore[attr-defined]
        assert "prone" in kaneka(table).conditions

    def test_a_blinded_free_move_is_water_less_two(self) -> None:
        table = skirmish(strength=4, perception=4)  # Water 4, blinded: 2
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="blinded")
        events = table.do(combat.move, character="Akodo Kaneka", kind="free")
        assert events[0].feet == 2 * 5  # type: ignore[attr-defined]

    def test_a_duel_in_a_skirmish_goes_on_the_faster_duellists_turn(self) -> None:
        from domain.rulesets.l5r4e import duels

        table = skirmish()
        table.do(duels.begin, challenger="Bayushi Fumi", defender="Akodo Kaneka")
        table.do(Play.next_turn)  # Kaneka, the faster, passes: now it is Fumi's turn
        with pytest.raises(IllegalUnderRules, match="on Akodo Kaneka's turn"):
            table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 20))


class TestDisarmAndKnockdown:
    def test_a_disarm_hit_deals_2k1_then_an_opposed_strength_roll_disarms(self) -> None:
        table = skirmish(weapons=(KATANA,), void=3)
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Katana",
            raises=3,
            manoeuvres=["disarm"],
            void=False,
            dice=parse_faces("10+10+5,9,9,2,2,2"),
        )
        assert events[-1].damage == "2k1"  # type: ignore[attr-defined]
        # 2k1 damage: 4; then Strength 3k3 against Strength 3k3: 27 against 6
        events = table.do(
            attacks.damage, attacker="Akodo Kaneka", dice=Scripted(4, 2, 9, 9, 9, 2, 2, 2)
        )
        assert events[-1].condition == "disarmed"  # type: ignore[attr-defined]
        assert "disarmed" in fumi(table).conditions
        table.do(Play.next_turn)
        with pytest.raises(IllegalUnderRules, match="disarmed"):
            table.do(
                attacks.attack,
                attacker="Bayushi Fumi",
                target="Akodo Kaneka",
                weapon="Katana",
                dice=Scripted(*[5] * 10),
                actor="ben",
            )

    def test_a_knockdown_contest_needs_the_dice_port_and_the_gm(self) -> None:
        table = skirmish(weapons=(KATANA,))
        table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Katana",
            raises=2,
            manoeuvres=["knockdown"],
            dice=parse_faces("10+10+5,9,9,2,2,2"),
        )
        with pytest.raises(MalformedInput, match="opposed Strength roll: give the dice port"):
            table.do(attacks.damage, attacker="Akodo Kaneka", dice=parse_faces("5,5,5,5,5,5"))
        with pytest.raises(NotAllowed, match="resolve the knockdown"):
            table.do(attacks.damage, attacker="Akodo Kaneka", actor="ana", dice=Scripted(*[5] * 20))
        events = table.do(
            attacks.damage,
            attacker="Akodo Kaneka",
            dice=Scripted(5, 5, 2, 2, 2, 2, 9, 9, 9, 2, 2, 2),
        )
        assert events[-1].condition == "prone"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("option", "tn"), [("true", 20 + 10), ("false", 20)])
def test_armour_burdens_agility_skill_rolls_and_an_option_spares_attacks(
    option: str, tn: int
) -> None:
    table = Table(armour_penalty_on_attacks=option)
    table.join("Heavy", "p1", armour=Armour("Heavy armour", 10, 5, 10), weapons=(KATANA,))
    table.join("Target", "p2", armour=None)
    table.do(Play.start_combat)
    table.do(Play.roll_initiative, character="Heavy", dice=Scripted(*[9] * 9))
    table.do(Play.roll_initiative, character="Target", dice=Scripted(*[2] * 9))
    table.do(Play.start_round)
    events = table.do(
        attacks.attack, attacker="Heavy", target="Target", weapon="Katana", dice=Scripted(*[5] * 9)
    )
    assert events[-2].roll.tn == tn  # type: ignore[attr-defined]
    from domain.dice.roll_keep.roll import RollOptions
    from domain.rulesets.l5r4e.skills import skill_roll

    events = table.do(
        skill_roll,
        character="Heavy",
        skill="Athletics",
        trait="agility",
        options=RollOptions(tn=15),
        dice=Scripted(*[5] * 9),
    )
    assert events[-1].roll.tn == 25  # type: ignore[attr-defined]
