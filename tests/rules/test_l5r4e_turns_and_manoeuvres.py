"""4e combat, continued: turns and delays, Void and equipment, blindness and duels in a
skirmish, disarm and knockdown, and armour on skill rolls."""

from __future__ import annotations

import msgspec
import pytest

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed
from domain.rulesets.l5r4e import afflictions, attacks, combat
from domain.rulesets.l5r4e.armour import armour_tn_total
from domain.rulesets.l5r4e.commands.table import NextTurn, RollInitiative, StartRound
from domain.rulesets.l5r4e.events import DiceRolled, FullDefenseRolled, WeaponDestroyed
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Armour, Weapon
from domain.rulesets.roll_keep_kit.table_commands import StartCombat, TakeWounds
from domain.session.commands import JoinCharacter, Retract
from tests.rules.skirmish import KATANA, YUMI, cut, fumi, kaneka, skirmish
from tests.support import RecordedTable, Scripted, Table, sheet


def out(table: Table, name: str) -> int:
    """The wounds that leave ``name`` Out (not Dead)."""
    character = table.state.characters[name.lower()]
    rank = table.play.ruleset.wound_rank
    return next(w for w in range(1, 200) if rank(character.sheet, w).name == "Out")


class TestTurns:
    def test_two_simple_actions_or_one_complex(self) -> None:
        table = skirmish()
        table.do(combat.take_action, character="Akodo Kaneka", kind="simple", action="draw")
        table.do(combat.move, character="Akodo Kaneka", kind="free")
        events = table.do(combat.move, character="Akodo Kaneka", kind="simple")
        assert events[0].feet == 20  # type: ignore[attr-defined]  # Water 2 × 10
        with pytest.raises(
            IllegalUnderRules,
            match=r"has taken a simple action \(.draw.\) and a simple action \(.move.\) this turn",
        ):
            table.do(combat.take_action, character="Akodo Kaneka", kind="simple", action="talk")
        with pytest.raises(IllegalUnderRules, match="already made a free move"):
            table.do(combat.move, character="Akodo Kaneka", kind="free")

    def test_an_out_characters_turn_passes_by_itself(self) -> None:
        """« Hors de combat »: Out cannot act. When Kaneka passes, Fumi's turn comes and
        passes in the same batch, saying why; nobody is left to act this round."""
        table = skirmish()
        table.do(Play.take_wounds, character="Bayushi Fumi", amount=out(table, "Bayushi Fumi"))
        passed = table.do(Play.next_turn)
        assert [(e.character, e.skipped) for e in passed] == [  # type: ignore[attr-defined]
            ("Akodo Kaneka", None),
            ("Bayushi Fumi", "Out"),
        ]
        assert table.state.combat.current() is None  # type: ignore[union-attr]
        assert (
            table.play.ruleset.describe(passed[1])
            == "Bayushi Fumi's turn is skipped: Out, cannot act"
        )

    def test_a_round_that_opens_on_someone_who_cannot_act_goes_to_the_next(self) -> None:
        table = skirmish()
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="stunned")
        table.do(Play.next_turn)
        table.do(Play.next_turn)
        begun = table.do(Play.start_round)
        assert [getattr(e, "skipped", None) for e in begun] == [None, "stunned"]
        assert table.state.combat.current() == "Bayushi Fumi"  # type: ignore[union-attr]

    def test_the_gm_may_still_let_one_at_out_act_once_for_a_void_point(self) -> None:
        table = skirmish()
        table.do(Play.take_wounds, character="Bayushi Fumi", amount=out(table, "Bayushi Fumi"))
        table.do(Play.next_turn)
        events = table.do(
            Play.roll,
            character="Bayushi Fumi",
            expression="2k2",
            options=RollOptions(),
            dice=Scripted(5, 5),
            void_free_action=True,
        )
        assert events[0].use == "free_action"  # type: ignore[attr-defined]

    def test_retracting_the_blow_that_put_them_out_gives_the_turn_back(self) -> None:
        """A correction carries its consequences: the turn passed by itself because of
        the wounds is decided again without them, and the turn is Fumi's again."""
        table = RecordedTable()
        for name, player in (("Akodo Kaneka", "ana"), ("Bayushi Fumi", "ben")):
            table.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(name)), player=player))
        table.do(StartCombat())
        table.do(RollInitiative(character="Akodo Kaneka"), dice=Scripted(9, 9, 9, 9))
        table.do(RollInitiative(character="Bayushi Fumi"), dice=Scripted(2, 2, 2, 2))
        table.do(StartRound())
        (blow,) = table.do(TakeWounds(character="Bayushi Fumi", amount=36, source="katana"))
        assert len(table.do(NextTurn())) == 2  # Kaneka passes, Fumi (Out) is skipped
        assert table.session.table.combat.current() is None
        table.do(Retract(position=blow.position, reason="the blow was parried"))
        assert table.session.table.combat.current() == "Bayushi Fumi"
        skips = [r for r in table.events if getattr(r.event, "skipped", None)]
        assert [r.position in table.session.state.retracted for r in skips] == [True]

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

    def test_full_defense_holds_until_the_defender_s_next_turn(self) -> None:
        """« Le résultat est divisé par deux (arrondi au supérieur) et rajouté au ND
        d'Armure, jusqu'au tour suivant »: Fumi's 21 gives +11 against everyone who
        attacks her after it, through the next round's start, whatever stance she then
        takes — and ends when her next turn comes."""
        table = skirmish()
        table.do(Play.choose_stance, character="Bayushi Fumi", stance="full_defense")
        table.do(Play.next_turn)  # Kaneka's turn passes: Fumi's begins
        table.do(combat.full_defense, character="Bayushi Fumi", dice=parse_faces("9,7,5,2,1"))
        assert armour_tn_total(table.state, fumi(table)) == 20 + 11
        with pytest.raises(IllegalUnderRules, match="already rolled Full Defense this turn"):
            table.do(combat.full_defense, character="Bayushi Fumi", dice=parse_faces("9,9,9,9,9"))
        table.do(Play.next_turn, actor="ben")  # her own turn passing does not end it
        assert armour_tn_total(table.state, fumi(table)) == 31
        table.do(Play.start_round)  # round 2: Kaneka acts first
        table.do(Play.choose_stance, character="Bayushi Fumi", stance="attack")
        assert armour_tn_total(table.state, fumi(table)) == 31  # Kaneka attacks TN 31
        table.do(Play.next_turn)  # Fumi's next turn begins: the bonus is spent
        assert armour_tn_total(table.state, fumi(table)) == 20

    def test_a_guard_holds_until_the_guard_s_next_turn(self) -> None:
        """« augmente jusqu'à son prochain tour le ND d'Armure de la cible de +10, tandis
        que le sien baisse de -5 »: Kaneka guards Fumi on his turn; she is at 30 through
        the rest of the round and the next round's start, until his turn comes again."""
        table = skirmish()
        table.do(combat.guard, character="Akodo Kaneka", protected="Bayushi Fumi")
        table.do(Play.next_turn)  # his turn passes: the guard holds
        assert armour_tn_total(table.state, fumi(table)) == 30
        assert armour_tn_total(table.state, kaneka(table)) == 25 - 5
        table.do(Play.next_turn, actor="ben")
        table.do(Play.start_round)  # round 2: Kaneka first — his turn has come
        assert armour_tn_total(table.state, fumi(table)) == 20
        assert armour_tn_total(table.state, kaneka(table)) == 25

    def test_a_guard_lasts_into_the_next_round_until_the_guard_s_turn(self) -> None:
        """Fumi, second in order, guards Kaneka: he keeps +10 when round 2 starts and
        acts first, and loses it when Fumi's turn comes."""
        table = skirmish()
        table.do(Play.next_turn)
        table.do(combat.guard, character="Bayushi Fumi", protected="Akodo Kaneka", actor="ben")
        table.do(Play.next_turn, actor="ben")
        table.do(Play.start_round)
        assert armour_tn_total(table.state, kaneka(table)) == 25 + 10
        table.do(Play.next_turn)
        assert armour_tn_total(table.state, kaneka(table)) == 25

    def test_a_guard_ended_by_the_guard_s_turn_stays_ended_when_they_delay(self) -> None:
        """Kaneka's turn comes in round 2: the guard ends, and delaying (or trading
        initiative) does not bring it back — his turn has come."""
        for after in ("delay", "swap"):
            table = skirmish()
            table.do(combat.guard, character="Akodo Kaneka", protected="Bayushi Fumi")
            table.do(Play.next_turn)
            table.do(Play.next_turn, actor="ben")
            table.do(Play.start_round)
            assert armour_tn_total(table.state, fumi(table)) == 20
            if after == "delay":
                table.do(combat.delay, character="Akodo Kaneka")
            else:
                table.do(combat.swap_initiative, character="Akodo Kaneka", other="Bayushi Fumi")
            assert armour_tn_total(table.state, fumi(table)) == 20, after

    def test_full_defense_ended_by_the_defender_s_turn_stays_ended_when_they_delay(
        self,
    ) -> None:
        table = skirmish()
        table.do(Play.choose_stance, character="Bayushi Fumi", stance="full_defense")
        table.do(Play.next_turn)
        table.do(combat.full_defense, character="Bayushi Fumi", dice=parse_faces("9,7,5,2,1"))
        table.do(Play.next_turn, actor="ben")
        table.do(Play.start_round)
        assert armour_tn_total(table.state, fumi(table)) == 31  # before her turn: it holds
        table.do(Play.next_turn)  # Kaneka passes; Fumi's turn comes
        table.do(combat.delay, character="Bayushi Fumi", actor="ben")
        assert armour_tn_total(table.state, fumi(table)) == 20

    @pytest.mark.parametrize("condition", ["grappled", "stunned"])
    def test_grappled_or_stunned_is_5_plus_armour_and_nothing_else(self, condition: str) -> None:
        """« Empoigné : ND réduit à 5 + bonus d'armure »; « Étourdi : … ND pour être
        touché passe à 5 + bonus d'armure »: the Defense stance, a Void point, a guard
        over him and being prone no longer add to it."""
        table = skirmish()
        table.do(combat.void_armour, character="Akodo Kaneka")
        table.do(Play.choose_stance, character="Akodo Kaneka", stance="defense")
        table.do(Play.next_turn)
        table.do(combat.guard, character="Bayushi Fumi", protected="Akodo Kaneka", actor="ben")
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="prone")
        assert armour_tn_total(table.state, kaneka(table)) == 20 + 5 + 4 + 10 + 10 - 10
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition=condition)
        assert armour_tn_total(table.state, kaneka(table)) == 5 + 5  # light armour +5

    def test_stances_and_conditions(self) -> None:
        table = skirmish()
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="dazed")
        with pytest.raises(IllegalUnderRules, match="dazed: only defense or full_defense"):
            table.do(Play.choose_stance, character="Akodo Kaneka", stance="attack")
        table.do(afflictions.apply_condition, character="Bayushi Fumi", condition="mounted")
        with pytest.raises(IllegalUnderRules, match="mounted: no Full Attack"):
            table.do(Play.choose_stance, character="Bayushi Fumi", stance="full_attack")

    def test_no_full_attack_when_fatigued_or_down(self) -> None:
        """« Un personnage épuisé ne peut se mettre en posture de Full Attack »: under
        « Fatigué » in the summary, and « Épuisé » is the Down wound rank too — both are
        barred; Crippled, one rank above, is not."""
        table = skirmish()
        table.do(
            afflictions.apply_condition, character="Akodo Kaneka", condition="fatigued", level=1
        )
        with pytest.raises(IllegalUnderRules, match="fatigued: no Full Attack"):
            table.do(Play.choose_stance, character="Akodo Kaneka", stance="full_attack")
        table.do(Play.take_wounds, character="Bayushi Fumi", amount=31, source="a fall")  # Down
        with pytest.raises(IllegalUnderRules, match=r"Bayushi Fumi is Down \(Épuisé\)"):
            table.do(
                Play.choose_stance, character="Bayushi Fumi", stance="full_attack", actor="ben"
            )
        table.do(Play.heal, character="Bayushi Fumi", amount=1, method="a breath")  # Crippled
        table.do(Play.choose_stance, character="Bayushi Fumi", stance="full_attack", actor="ben")

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
            dice=parse_faces("9"),
        )  # Earth 2k2, dazed −3k0: 1k1; 9 < 20
        events = table.do(
            afflictions.recover,
            character="Akodo Kaneka",
            condition="dazed",
            dice=parse_faces("10+6"),
        )  # 16 ≥ 15
        assert events[-2].roll.tn == 15  # type: ignore[attr-defined]
        assert "dazed" not in kaneka(table).conditions

    def test_the_recovery_roll_carries_what_weighs_on_every_action(self) -> None:
        """« Le ND de ses actions est de … +10 à Blessé », « Hébété : -3g0 à toutes ses
        actions »: Kaneka (Earth 2) with 20 wounds is Hurt, so shaking off the daze is his
        Earth 2k2 less 3k0 — 1k1 — against 20 + 10."""
        table = skirmish()
        table.do(Play.take_wounds, character="Akodo Kaneka", amount=20, source="a blow")
        table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="dazed")
        events = table.do(
            afflictions.recover, character="Akodo Kaneka", condition="dazed", dice=parse_faces("9")
        )
        rolled = events[0]
        assert isinstance(rolled, DiceRolled)
        assert [(p.source, p.tn, p.rolled) for p in rolled.parts] == [
            ("wound penalty (Hurt)", 10, 0),
            ("dazed", 0, -3),
        ]
        assert (rolled.roll.expression, rolled.roll.tn, rolled.roll.success) == ("1k1", 30, False)
        assert "dazed" in kaneka(table).conditions


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
            weapons=[YUMI],
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
        events = cut(table, "10+10+5,9,9,2,2,2", raises=3, manoeuvres=["disarm"], void=False)
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

    def bo_fight(self, kaneka_weapon: Weapon) -> Table:
        """Fumi carries a katana and a bo and has just attacked with the bo; Kaneka
        disarms her in round 2 with ``kaneka_weapon`` (3 raises, then 27 against 6)."""
        bo = Weapon("Bo", "1k2", "Kenjutsu", material="wood")
        table = Table()
        table.join("Akodo Kaneka", "ana", weapons=(KATANA, kaneka_weapon), void=3)
        table.join("Bayushi Fumi", "ben", weapons=(KATANA, bo), armour=None)
        table.do(Play.start_combat)
        table.do(Play.roll_initiative, character="Akodo Kaneka", dice=Scripted(10, 9, 9, 2, 2))
        table.do(Play.roll_initiative, character="Bayushi Fumi", dice=Scripted(5, 3, 2, 1, 1))
        table.do(Play.start_round)
        table.do(Play.next_turn)
        table.do(
            attacks.attack,
            attacker="Bayushi Fumi",
            target="Akodo Kaneka",
            weapon="Bo",
            dice=Scripted(*[2] * 10),
            actor="ben",
        )
        table.do(Play.next_turn, actor="ben")
        table.do(Play.start_round)
        table.do(
            attacks.attack,
            attacker="Akodo Kaneka",
            target="Bayushi Fumi",
            weapon=kaneka_weapon.name,
            raises=3,
            manoeuvres=["disarm"],
            dice=Scripted(10, 10, 5, 9, 9, 2, 2, 2, 2),
        )
        table.do(attacks.damage, attacker="Akodo Kaneka", dice=Scripted(4, 2, 9, 9, 9, 2, 2, 2))
        return table

    def test_the_metal_blade_used_destroys_the_wooden_weapon_in_hand(self) -> None:
        """« Une arme de métal désarmant une arme de bois la détruit »: the weapons that
        count are the ones used — Kaneka's katana, Fumi's bo, not her katana listed
        first — and the bo is gone from her sheet."""
        table = self.bo_fight(Weapon("Wakizashi", "2k2"))
        events = [r.event for r in table.session.events]
        assert isinstance(events[-1], WeaponDestroyed) and events[-1].weapon == "Bo"
        assert [w.name for w in fumi(table).sheet.weapons] == ["Katana"]

    def test_a_wooden_weapon_disarming_a_wooden_one_does_not_destroy_it(self) -> None:
        """Kaneka's bokken (wood) against Fumi's bo: she drops it, it lies there, and
        she picks it up with a simple action on her turn (« Elle devra dépenser une
        action simple pour la ramasser »)."""
        table = self.bo_fight(Weapon("Bokken", "1k2", material="wood"))
        assert fumi(table).conditions["disarmed"].note == "Bo dropped, disarmed by Akodo Kaneka"
        assert [w.name for w in fumi(table).sheet.weapons] == ["Katana", "Bo"]
        with pytest.raises(IllegalUnderRules, match="not Bayushi Fumi's turn"):
            table.do(combat.pick_up, character="Bayushi Fumi", actor="ben")
        table.do(Play.next_turn)
        events = table.do(combat.pick_up, character="Bayushi Fumi", actor="ben")
        assert (events[0].kind, events[0].action) == ("simple", "pick up a weapon")  # type: ignore[attr-defined]
        assert "disarmed" not in fumi(table).conditions
        with pytest.raises(IllegalUnderRules, match="has dropped no weapon"):
            table.do(combat.pick_up, character="Bayushi Fumi", actor="ben")

    def test_a_knockdown_contest_needs_the_dice_port_and_the_gm(self) -> None:
        table = skirmish(weapons=(KATANA,))
        cut(table, "10+10+5,9,9,2,2,2", raises=2, manoeuvres=["knockdown"])
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
