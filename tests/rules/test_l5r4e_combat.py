"""4e combat, as the summary's « Combat » pages state it, with its worked examples."""

from __future__ import annotations

import pytest

from application.rows import describe_ruleset
from domain.dice.roll_keep.faces import parse_faces
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets import load_ruleset
from domain.rulesets.l5r4e import afflictions, attacks, combat
from domain.rulesets.l5r4e.armour import armour_tn, armour_tn_total
from domain.rulesets.l5r4e.commands.fight import Attack
from domain.rulesets.l5r4e.events import AttackResolved, DiceRolled, WoundsTaken
from domain.rulesets.l5r4e.manoeuvres import CALLED_SHOT
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Armour, Skill
from tests.rules.skirmish import DAI_TSUCHI, KATANA, YUMI, cut, fumi, kaneka, skirmish
from tests.support import Table


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
        events = cut(table, "9,8,7,3,2,2,2")
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
            weapon="unarmed",
            dice=parse_faces("9,9,9,1,1,1"),
        )
        assert events[-1].damage == "3k1"  # type: ignore[attr-defined]

    def test_an_attack_naming_no_weapon_is_given_the_one_the_sheet_carries(self) -> None:
        """The sheet's weapon is the one in hand: Kaneka's katana, not his bare hands —
        written into the command before it is decided (unarmed is asked for by name)."""
        table = skirmish(skills=(Skill("Kenjutsu", 3),))
        given = table.play.ruleset.completed(
            Attack(attacker="Akodo Kaneka", target="Bayushi Fumi"), table.session
        )
        assert given.weapon == "Katana"
        unarmed = Attack(attacker="Akodo Kaneka", target="Bayushi Fumi", weapon="unarmed")
        assert table.play.ruleset.completed(unarmed, table.session) is unarmed

    def test_the_first_of_several_weapons_is_the_one_given(self) -> None:
        table = skirmish(weapons=(DAI_TSUCHI, KATANA), skills=(Skill("Heavy Weapons", 3),))
        given = table.play.ruleset.completed(
            Attack(attacker="Akodo Kaneka", target="Bayushi Fumi"), table.session
        )
        assert given.weapon == "Dai tsuchi"

    def test_the_weapon_last_attacked_with_stays_in_hand(self) -> None:
        table = skirmish(weapons=(DAI_TSUCHI, KATANA), skills=(Skill("Kenjutsu", 3),))
        cut(table, "2,2,2,2,2,2")  # the katana, named
        given = table.play.ruleset.completed(
            Attack(attacker="Akodo Kaneka", target="Bayushi Fumi"), table.session
        )
        assert given.weapon == "Katana"

    def test_a_sheet_with_no_weapon_or_a_disarmed_bushi_attacks_unarmed(self) -> None:
        bare = skirmish(weapons=())
        attack = Attack(attacker="Akodo Kaneka", target="Bayushi Fumi")
        assert bare.play.ruleset.completed(attack, bare.session).weapon == "Unarmed"
        table = skirmish()
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="disarmed")
        assert table.play.ruleset.completed(attack, table.session).weapon == "Unarmed"

    def test_a_record_naming_no_weapon_meant_the_bare_hands(self) -> None:
        """Records made before the weapon in hand was written into the command name none,
        and were decided unarmed: re-judged, they still are."""
        table = skirmish(skills=(Skill("Jiujutsu", 3),))
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            dice=parse_faces("9,9,9,1,1,1"),
        )
        assert events[-1].weapon == "Unarmed"  # type: ignore[attr-defined]

    def test_the_dead_are_not_attacked(self) -> None:
        """Past the Out band a character is Dead (:mod:`domain.rulesets.l5r4e.wounds`):
        an attack on them is refused, and nothing is recorded."""
        table = skirmish()
        table.do(Play.take_wounds, character="Bayushi Fumi", amount=200)
        before = table.session.version
        with pytest.raises(IllegalUnderRules, match="Bayushi Fumi is Dead"):
            cut(table, "9,9,9,1,1,1")
        assert table.session.version == before

    def test_a_free_raise_pays_for_a_manoeuvre_or_lowers_the_tn_never_both(self) -> None:
        """« Elles fournissent le bonus d'une augmentation, mais sans faire augmenter le
        ND. Elles peuvent aussi et à la place être utilisées pour faire baisser le ND »:
        two free raises pay for the feint, so the TN stays Fumi's 20 and a 20 is a margin
        of 0 (+0, not +5 against a TN lowered to 10); a third free raise, left over,
        takes 5 off."""
        table = skirmish(armour=None)
        events = cut(table, "9,6,5,2,2,2", free_raises=2, manoeuvres=["feint"])
        rolled, resolved = events[-2], events[-1]
        assert isinstance(rolled, DiceRolled) and isinstance(resolved, AttackResolved)
        assert (rolled.roll.effective_tn, resolved.hit, resolved.feint_bonus) == (20, True, 0)
        assert rolled.parts[0].source == "2 free raise(s) paying for feint, TN unchanged"
        table = skirmish(armour=None, void=3)
        events = cut(table, "9,6,5,2,2,2", free_raises=3, manoeuvres=["feint"])
        rolled, resolved = events[-2], events[-1]
        assert isinstance(rolled, DiceRolled) and isinstance(resolved, AttackResolved)
        assert (rolled.roll.effective_tn, resolved.feint_bonus) == (15, 3)  # 5 / 2 ↑

    def test_an_unskilled_attack_takes_no_free_raise_even_for_a_manoeuvre(self) -> None:
        """« il n'est pas possible de déclarer d'augmentations ou de bénéficier
        d'augmentations gratuites » on an unskilled roll."""
        table = skirmish(skills=(), armour=None)
        with pytest.raises(IllegalUnderRules, match="unskilled attack"):
            cut(table, "9,6,5", free_raises=2, manoeuvres=["feint"])

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
            cut(table, "9,9,9,1,1,1", raises=1, manoeuvres=["called_shot:head"])

    @pytest.mark.parametrize(
        ("called", "raises"), [("arm", 1), ("foot", 2), ("head", 3), ("eye", 4)]
    )
    def test_called_shots_cost_by_location(self, called: str, raises: int) -> None:
        victim = Table()
        victim.join("X", "p")
        cost = attacks.manoeuvre_cost(f"called_shot:{called}", victim.state.characters["x"])
        assert cost == ("called_shot", raises, called)

    @pytest.mark.parametrize("command", ["attack", "duel strike"])
    def test_the_manoeuvres_every_surface_offers_are_those_the_rules_take(
        self, command: str
    ) -> None:
        """What the API serves of a command's manoeuvres (a box each; a called shot's
        part of the body, increased damage's raises from 1 to 20) is what the rules read:
        every name with each value it offers is taken, and the rules refuse a name or an
        argument it does not offer, quoting it."""
        described = describe_ruleset(load_ruleset("l5r4e"))
        [spec] = [c for c in described["commands"] if c["name"] == command]
        [field] = [f for f in spec["fields"] if f["name"] == "manoeuvres"]
        victim = Table()
        victim.join("X", "p")
        target = victim.state.characters["x"]
        offered = []
        for name in field["values"]:
            argument = field.get("arguments", {}).get(name)
            if argument is None:
                offered.append(name)
            elif "values" in argument:
                offered += [f"{name}:{value}" for value in argument["values"]]
            else:
                low, high = argument["minimum"], argument["maximum"]
                offered += [f"{name}:{low}", f"{name}:{high}", f"{name}"]
                for beyond in (low - 1, high + 1):
                    with pytest.raises(MalformedInput, match=f"'{beyond}' is not a number"):
                        attacks.manoeuvre_cost(f"{name}:{beyond}", target)
        for text in offered:
            assert attacks.manoeuvre_cost(text, target)[0] == text.partition(":")[0]
        assert field["arguments"]["called_shot"]["values"] == list(CALLED_SHOT)
        assert field["arguments"]["increased_damage"] == {
            "minimum": 1, "maximum": 20, "default": "1"
        }  # fmt: skip
        with pytest.raises(MalformedInput, match="called shot 'tail'; choose from arm"):
            attacks.manoeuvre_cost("called_shot:tail", target)
        with pytest.raises(MalformedInput, match="'feint' takes no argument"):
            attacks.manoeuvre_cost("feint:2", target)

    def test_knockdown_costs_4_against_four_legs(self) -> None:
        table = Table()
        table.join("Horse", "gm", four_legged=True)
        assert attacks.manoeuvre_cost("knockdown", table.state.characters["horse"])[1] == 4

    def test_damage_less_armour_reduction_and_a_void_point_becomes_wounds(self) -> None:
        table = skirmish(weapons=(KATANA,))
        cut(table, "9,9,9,2,2,2")
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
        cut(table, "2,2,2,2,2,2")
        with pytest.raises(IllegalUnderRules) as refused:
            cut(table, "2,2,2,2,2,2")
        assert "has taken a complex action ('attack Bayushi Fumi') this turn" in str(refused.value)
        assert "no room for a complex action" in str(refused.value)

    def test_an_extra_attack_hit_earns_a_second_attack_in_the_same_action(self) -> None:
        table = skirmish(
            weapons=(KATANA,), void=5, stamina=5, willpower=5, skills=(Skill("Kenjutsu", 5),)
        )
        cut(table, "10+10+10+5,10+9,9,2,2,2,2,2", raises=5, manoeuvres=["extra_attack"])
        table.do(attacks.damage, attacker="Akodo Kaneka", dice=parse_faces("2,2,1,1,1,1"))
        events = cut(table, "2,2,2,2,2,2,2,2")
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
            cut(table, "2,2,2,2,2,2")

    def test_full_attack_adds_2k1(self) -> None:
        table = skirmish(weapons=(KATANA,))
        table.do(Play.choose_stance, character="Akodo Kaneka", stance="full_attack")
        events = cut(table, "2,2,2,2,2,2,2,2")
        rolled = events[-2]
        assert isinstance(rolled, DiceRolled)
        assert rolled.roll.expression == "8k4"


class TestArchery:
    YUMI = YUMI

    def bow_table(self, strength: int = 3, **options: str) -> Table:
        from domain.rulesets.roll_keep_kit.character import Arrow

        return skirmish(
            options,
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
        """« -1g0 par tranche de 15m au delà »: 31 m past the yumi's 75 is two complete
        bands, −2k0 (6k3 → 4k3); 14 m past it is none."""
        table = self.bow_table()
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Yumi",
            arrow="Willow leaf",
            range_m=106,
            dice=parse_faces("9,9,9,2"),
        )
        rolled = events[-2]
        assert isinstance(rolled, DiceRolled) and rolled.roll.expression == "4k3"
        assert ("31 m past the range", -2) in [(p.source, p.rolled) for p in rolled.parts]
        table = self.bow_table()
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Yumi",
            arrow="Willow leaf",
            range_m=89,
            dice=parse_faces("9,9,9,2,2,2"),
        )
        assert events[-2].roll.expression == "6k3"  # type: ignore[attr-defined]
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

    def test_the_begun_band_reading_is_an_option(self) -> None:
        """``range_bands=begun``: every band begun counts — 31 m past is three, −3k0."""
        table = self.bow_table(range_bands="begun")
        events = table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon="Yumi",
            arrow="Willow leaf",
            range_m=106,
            dice=parse_faces("9,9,9"),
        )
        assert events[-2].roll.expression == "3k3"  # type: ignore[attr-defined]

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
