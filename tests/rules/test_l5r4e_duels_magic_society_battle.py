"""4e iaijutsu duels, magic, honour and society, mass battle, as the summary states them."""

from __future__ import annotations

import pytest

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.rulesets.l5r4e import afflictions, battle, combat, duels, magic, society, standing_bands
from domain.rulesets.l5r4e.events import (
    BattleEntry,
    BattleResultDrawn,
    BattleStatusSet,
    ConditionApplied,
    DiceRolled,
    DuelAssessed,
    DuelEnded,
    DuelFocused,
    HonourLoss,
    OpposedRollSettled,
    Revealed,
    SpellCast,
    StandingChanged,
    WoundsTaken,
)
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Skill, Spell, Weapon
from projections import project_state
from tests.replays.kit_4e import d
from tests.support import Scripted, Table

KATANA = Weapon("Katana", "3k2")


def duellists(kind: str = "first_blood") -> Table:
    table = Table()
    for name, player in (("Kakita Ryoku", "ana"), ("Mirumoto Taki", "ben")):
        table.join(name, player, armour=None, weapons=(KATANA,), skills=(Skill("Iaijutsu", 3),))
    table.do(duels.begin, challenger="Kakita Ryoku", defender="Mirumoto Taki", kind=kind)
    return table


class TestDuels:
    def test_assessment_reveals_one_thing_and_one_per_raise_and_beats_by_10(self) -> None:
        table = duellists()
        # Iaijutsu 3 + Awareness 2: 5k2 against 10 + 5 × 1 = 15 (+5 for Ryoku's raise)
        events = table.do(
            duels.assess,
            duel="duel-1",
            raises=(1, 0),
            dice=Scripted(10, 9, 5, 1, 1, 1, 7, 6, 1, 1, 1),
        )
        assessed = [e for e in events if isinstance(e, DuelAssessed)]
        assert [len(a.learned) for a in assessed] == [2, 0]  # 29 ≥ 20; 13 < 15
        assert assessed[0].learned == (("void", "2"), ("reflexes", "3"))
        assert assessed[0].focus_bonus and not assessed[1].focus_bonus
        assert [e.what for e in events if isinstance(e, Revealed)] == ["void", "reflexes"]

    def test_each_duellist_chooses_what_the_assessment_reveals(self) -> None:
        """« le duelliste peut apprendre une de ces informations + une autre par
        Augmentation prise »: Ryoku, with a raise, chooses the wound rank and the Void
        points left; what he did not choose stays hidden."""
        table = duellists()
        events = table.do(
            duels.assess,
            duel="duel-1",
            raises=(1, 0),
            challenger_learns=("wound_rank", "void_points"),
            dice=Scripted(10, 9, 5, 1, 1, 1, 7, 6, 1, 1, 1),
        )
        assessed = [e for e in events if isinstance(e, DuelAssessed)]
        assert assessed[0].learned == (("wound_rank", "Healthy"), ("void_points", "2"))
        with pytest.raises(MalformedInput, match="'courage' is not learned by an assessment"):
            duellists().do(
                duels.assess, duel="duel-1", challenger_learns=("courage",), dice=Scripted()
            )

    def test_the_assessment_total_is_recorded_and_the_duel_keeps_it(self) -> None:
        """Events carry what their fold needs: the duel keeps each recorded assessment
        total, not whatever that duellist rolled last."""
        table = duellists()
        events = table.do(
            duels.assess, duel="duel-1", dice=Scripted(10, 9, 5, 1, 1, 1, 7, 6, 1, 1, 1)
        )
        assessed = [e for e in events if isinstance(e, DuelAssessed)]
        assert [a.total for a in assessed] == [24, 13]
        table.do(
            Play.roll,
            character="Kakita Ryoku",
            expression="1k1",
            options=RollOptions(),
            dice=Scripted(4),
        )
        assert table.state.duels["duel-1"].assessed == {"kakita ryoku": 24, "mirumoto taki": 13}

    def test_focus_beaten_by_5_strikes_first_with_a_free_raise_per_further_5(self) -> None:
        table = duellists()
        table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 10))
        # Iaijutsu 3 + Void 2: 5k2; Ryoku 19 + 9 = 28 against Taki 5 + 5 = 10: margin 18
        events = table.do(
            duels.focus, duel="duel-1", dice=Scripted(10, 9, 9, 1, 1, 1, 5, 5, 1, 1, 1)
        )
        focused = events[-1]
        assert isinstance(focused, DuelFocused)
        assert (focused.first, focused.margin, focused.free_raises) == ("Kakita Ryoku", 18, 2)

    def test_within_5_the_strike_is_karmic_and_no_one_wins(self) -> None:
        table = duellists()
        table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 10))
        table.do(duels.focus, duel="duel-1", dice=Scripted(*[5] * 10))
        events = table.do(duels.strike, duel="duel-1", dice=Scripted(*[2] * 40))
        ended = events[-1]
        assert isinstance(ended, DuelEnded) and (ended.winner, ended.outcome) == (None, "karmic")

    def test_first_blood_goes_to_the_first_hit(self) -> None:
        table = duellists()
        table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 10))
        table.do(duels.focus, duel="duel-1", dice=Scripted(10, 9, 9, 1, 1, 1, 5, 5, 1, 1, 1))
        # Iaijutsu/Reflexes 6k3 with 2 free raises against 20: 9+9+9 = 27 hits
        events = table.do(duels.strike, duel="duel-1", dice=Scripted(9, 9, 9, *[2] * 20))
        ended = events[-1]
        assert isinstance(ended, DuelEnded)
        assert (ended.winner, ended.outcome) == ("Kakita Ryoku", "first_blood")
        view = project_state(table.session.state)["duels"]["duel-1"]
        assert view["phase"] == "over" and view["hits"] == ["Kakita Ryoku"]

    def test_the_second_duellist_strikes_with_the_first_blow_s_wounds(self) -> None:
        """« Le ND de ses actions est de +3 à Égratigné, +5 à Légèrement Blessé … » and
        « S'il est encore en vie, le second duellist peut aussi faire un jet »: Taki takes
        18 (Earth 2: Grazed, +5) and strikes back at TN 20 + 5."""
        table = duellists("to_the_death")
        table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 10))
        table.do(duels.focus, duel="duel-1", dice=Scripted(10, 9, 9, 1, 1, 1, 5, 5, 1, 1, 1))
        # Ryoku's 6k3 hits; 6k2 damage 9 + 9 = 18; then Taki's 6k3
        events = table.do(
            duels.strike,
            duel="duel-1",
            dice=Scripted(9, 9, 9, 1, 1, 1, 9, 9, 1, 1, 1, 1, 8, 8, 8, 1, 1, 1, *[2] * 20),
        )
        strikes = [e for e in events if isinstance(e, DiceRolled) and e.purpose == "attack"]
        assert [s.character for s in strikes] == ["Kakita Ryoku", "Mirumoto Taki"]
        second = strikes[1]
        assert [(p.source, p.tn) for p in second.parts] == [("wound penalty (Grazed)", 5)]
        assert (second.roll.tn, second.roll.total, second.roll.success) == (25, 24, False)

    def won_focus(self, table: Table) -> Table:
        """Ryoku wins the focus 28 to 10: he strikes first with 2 free raises."""
        table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 10))
        table.do(duels.focus, duel="duel-1", dice=Scripted(10, 9, 9, 1, 1, 1, 5, 5, 1, 1, 1))
        return table

    def test_the_focus_s_free_raises_pay_for_a_manoeuvre_in_the_strike(self) -> None:
        """« Toutes les Augmentations Gratuites gagnées lors de l'étape de Concentration
        s'appliquent (pour effectuer une Manoeuvre par exemple) »: one pays for a called
        shot to the arm, the other takes 5 off Taki's TN 20."""
        table = self.won_focus(duellists())
        events = table.do(
            duels.strike,
            duel="duel-1",
            manoeuvres=("called_shot:arm",),
            dice=Scripted(9, 9, 9, 1, 1, 1, 5, 5, 1, 1, 1, 1),
        )
        strike = next(e for e in events if isinstance(e, DiceRolled) and e.purpose == "attack")
        assert (strike.roll.tn, strike.roll.free_raises, strike.roll.effective_tn) == (20, 1, 15)
        assert strike.parts[0].source == "1 free raise(s) paying for called_shot:arm, TN unchanged"
        wounds = next(e for e in events if isinstance(e, WoundsTaken))
        assert wounds.source == "Kakita Ryoku's iaijutsu strike (arm)"

    def test_a_feint_in_the_strike_adds_half_the_margin_to_the_damage(self) -> None:
        """Both free raises pay for the feint: 27 against TN 20 is a margin of 7, +4 (at
        most 5 × insight rank 1) on the damage roll."""
        table = self.won_focus(duellists())
        events = table.do(
            duels.strike,
            duel="duel-1",
            manoeuvres=("feint",),
            dice=Scripted(9, 9, 9, 1, 1, 1, 5, 5, 1, 1, 1, 1),
        )
        damage = next(e for e in events if isinstance(e, DiceRolled) and e.purpose == "damage")
        assert [(p.source, p.total) for p in damage.parts] == [("feint", 4)]
        assert damage.roll.total == 5 + 5 + 4

    def test_a_manoeuvre_a_strike_cannot_resolve_is_refused(self) -> None:
        table = self.won_focus(duellists())
        with pytest.raises(IllegalUnderRules, match="'knockdown' is not resolved within"):
            table.do(duels.strike, duel="duel-1", manoeuvres=("knockdown",), dice=Scripted())
        with pytest.raises(IllegalUnderRules, match="need 3 raises; 0 called and 2 free"):
            table.do(duels.strike, duel="duel-1", manoeuvres=("called_shot:head",), dice=Scripted())

    def test_an_unskilled_strike_loses_the_focus_s_free_raises_and_the_duel_goes_on(
        self,
    ) -> None:
        """« il n'est pas possible … de bénéficier d'augmentations gratuites » on an
        unskilled roll: Ryoku, without Iaijutsu, wins the focus 18 to 2 (2 free raises)
        and strikes 3k3 against the full TN 20, the raises recorded as lost."""
        table = Table()
        table.join("Kakita Ryoku", "ana", armour=None, weapons=(KATANA,), skills=())
        table.join(
            "Mirumoto Taki", "ben", armour=None, weapons=(KATANA,), skills=(Skill("Iaijutsu", 3),)
        )
        table.do(duels.begin, challenger="Kakita Ryoku", defender="Mirumoto Taki")
        table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 7))
        focused = table.do(duels.focus, duel="duel-1", dice=Scripted(9, 9, 1, 1, 1, 1, 1))
        assert focused[-1].free_raises == 2  # type: ignore[attr-defined]
        events = table.do(duels.strike, duel="duel-1", dice=Scripted(9, 9, 9, 5, 5, 1, 1, 1, 1))
        strike = next(e for e in events if isinstance(e, DiceRolled) and e.purpose == "attack")
        assert (strike.roll.expression, strike.roll.free_raises, strike.roll.tn) == ("3k3", 0, 20)
        assert strike.parts[0].source == "2 free raise(s) of the focus lost: an unskilled strike"
        ended = events[-1]
        assert isinstance(ended, DuelEnded) and ended.winner == "Kakita Ryoku"

    @pytest.mark.parametrize(
        ("damage", "outcome", "winner", "rank"),
        [
            ((10, 10, 10, 9, 1, 1, 1, 1, 1), "death", "Kakita Ryoku", "Dead"),  # 40
            ((10, 10, 5, 10, 1, 1, 1, 1, 1), "skirmish", None, "Out"),  # 25 + 11 = 36
        ],
    )
    def test_a_duel_to_the_death_is_won_by_death_not_by_out(
        self, damage: tuple[int, ...], outcome: str, winner: str | None, rank: str
    ) -> None:
        """« Dans le cas d'un duel à mort … jusqu'à la mort de l'un d'eux »: Taki (Earth
        2: Out from 35 to 38 wounds) dies at 40 and Ryoku wins; at 36 he lies Out, alive,
        strikes nothing back, and the duel goes on as a skirmish."""
        table = self.won_focus(duellists("to_the_death"))
        events = table.do(
            duels.strike, duel="duel-1", dice=Scripted(9, 9, 9, 1, 1, 1, *damage, *[2] * 20)
        )
        strikes = [e for e in events if isinstance(e, DiceRolled) and e.purpose == "attack"]
        assert [s.character for s in strikes] == ["Kakita Ryoku"]
        ended = events[-1]
        assert isinstance(ended, DuelEnded) and (ended.outcome, ended.winner) == (outcome, winner)
        taki = table.state.characters["mirumoto taki"]
        assert table.play.ruleset.wound_rank(taki.sheet, taki.wounds).name == rank

    def test_conceding_after_the_assessment_only(self) -> None:
        table = duellists()
        with pytest.raises(IllegalUnderRules, match="once the assessment is made"):
            table.do(duels.concede, duel="duel-1", character="Mirumoto Taki", actor="ben")
        table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 10))
        events = table.do(duels.concede, duel="duel-1", character="Mirumoto Taki", actor="ben")
        assert events[-1].winner == "Kakita Ryoku"  # type: ignore[attr-defined]
        with pytest.raises(IllegalUnderRules, match="is over"):
            table.do(duels.focus, duel="duel-1", dice=Scripted())


def shugenja(**changes: object) -> Table:
    table = Table()
    table.join(
        "Isawa Aki",
        "ana",
        awareness=3,
        reflexes=3,
        school_rank=1,
        affinity="air",
        deficiency="earth",
        **{
            "spells": (
                Spell("Tempest of Air", "air", 2),
                Spell("Jade Strike", "earth", 1),
                Spell("Path to Inner Peace", "water", 1),
            ),
            **changes,
        },
    )
    return table


class TestMagic:
    def test_the_summary_s_affinity_example_air_3_at_rank_1_rolls_5k3(self) -> None:
        table = shugenja()
        events = table.do(
            magic.cast, character="Isawa Aki", spell="Tempest of Air", dice=parse_faces("9,8,7,1,1")
        )
        rolled, cast = events[-2], events[-1]
        assert isinstance(rolled, DiceRolled) and isinstance(cast, SpellCast)
        assert (rolled.roll.expression, rolled.roll.tn) == ("5k3", 15)  # level 2: 2 × 5 + 5
        assert cast.success and cast.slot == "air" and cast.casting_rounds == 2

    def test_a_deficient_element_at_rank_1_cannot_be_cast(self) -> None:
        with pytest.raises(IllegalUnderRules, match="school rank with earth is 0"):
            shugenja().do(magic.cast, character="Isawa Aki", spell="Jade Strike", dice=Scripted())

    def test_raises_cut_the_casting_time_to_one_round(self) -> None:
        table = shugenja(void=3)
        events = table.do(
            magic.cast,
            character="Isawa Aki",
            spell="Tempest of Air",
            time_raises=3,
            dice=parse_faces("10+9,10+5,9,1,1"),
        )
        assert events[-1].casting_rounds == 1  # type: ignore[attr-defined]
        assert events[-2].roll.effective_tn == 30  # type: ignore[attr-defined]

    def test_slots_run_out_then_void_slots_serve_and_a_failure_still_uses_one(self) -> None:
        table = shugenja()  # Water 2 (strength 3, perception 2), Void 2
        for _ in range(4):
            table.do(
                magic.cast,
                character="Isawa Aki",
                spell="Path to Inner Peace",
                dice=Scripted(1, 1, 1, 1),
            )
        casts = [r.event for r in table.session.events if isinstance(r.event, SpellCast)]
        assert [c.slot for c in casts] == ["water", "water", "void", "void"]
        assert not any(c.success for c in casts)
        with pytest.raises(IllegalUnderRules, match="no water spell left today"):
            table.do(
                magic.cast, character="Isawa Aki", spell="Path to Inner Peace", dice=Scripted()
            )

    def cast_tempest(self) -> Table:
        table = shugenja()
        table.do(
            magic.cast, character="Isawa Aki", spell="Tempest of Air", dice=parse_faces("9,8,7,1,1")
        )
        return table

    def test_concentration_keeps_a_spell_cast_and_no_other(self) -> None:
        """« certains sorts peuvent être maintenus »: a spell cast can be kept going; one
        never cast (or failed) cannot."""
        table = shugenja()
        with pytest.raises(IllegalUnderRules, match="has not cast Tempest of Air"):
            table.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")
        table.do(
            magic.cast, character="Isawa Aki", spell="Tempest of Air", dice=parse_faces("2,2,1,1,1")
        )  # 5 < 15: failed
        with pytest.raises(IllegalUnderRules, match="has not cast Tempest of Air"):
            table.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")

    def test_the_gm_cannot_clear_a_due_check_by_applying_concentration_again(self) -> None:
        table = self.cast_tempest()
        table.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")
        table.do(Play.take_wounds, character="Isawa Aki", amount=3, source="an arrow")
        with pytest.raises(IllegalUnderRules, match=r"check \(cause wound\) comes first"):
            table.do(
                afflictions.apply_condition,
                character="Isawa Aki",
                condition="concentrating",
                note="Tempest of Air",
            )
        assert table.state.characters["isawa aki"].concentration_due

    def test_concentration_breaks_on_a_failed_willpower_roll(self) -> None:
        """« Si le shugenja reçoit une blessure supérieure en valeur à son anneau de Terre,
        il doit faire un jet de Volonté dont le ND = 20+(5x le niveau de maîtrise du
        sort) … Le sort s'arrête si ces jets sont échoués »."""
        table = self.cast_tempest()
        table.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")
        table.do(Play.take_wounds, character="Isawa Aki", amount=3, source="an arrow")  # Earth 2
        table.do(
            magic.concentration_check, character="Isawa Aki", cause="wound", dice=parse_faces("9,8")
        )  # 17 < 20 + 5 × 2
        assert "concentrating" not in table.state.characters["isawa aki"].conditions

    def test_only_a_wound_larger_than_earth_calls_for_the_check_and_it_comes_first(self) -> None:
        table = self.cast_tempest()  # Earth 2
        table.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")
        table.do(Play.take_wounds, character="Isawa Aki", amount=2, source="a scratch")
        with pytest.raises(IllegalUnderRules, match="no wound larger than their Earth ring"):
            table.do(
                magic.concentration_check, character="Isawa Aki", cause="wound", dice=Scripted()
            )
        table.do(Play.take_wounds, character="Isawa Aki", amount=3, source="an arrow")
        with pytest.raises(IllegalUnderRules, match=r"check \(cause wound\) comes first"):
            table.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")
        events = table.do(
            magic.concentration_check,
            character="Isawa Aki",
            cause="wound",
            dice=parse_faces("10+9,10+1"),
        )  # 30 ≥ 30: it holds
        assert isinstance(events[-1], ConditionApplied)
        table.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")
        assert "concentrating" in table.state.characters["isawa aki"].conditions

    def test_spells_only_up_to_the_school_rank_with_their_element(self) -> None:
        """« le shugenja avec une affinité en Air pourra … choisir des sorts de niveau 2 »
        at rank 1 — and no higher; at rank 1 a level 3 Air spell or a level 2 Water spell
        is out of reach."""
        table = shugenja(
            spells=(
                Spell("Call upon the Wind", "air", 3),
                Spell("Reversal of Fortunes", "water", 2),
            )
        )
        for spell in ("Call upon the Wind", "Reversal of Fortunes"):
            with pytest.raises(IllegalUnderRules, match=r"spells of level [12] at most"):
                table.do(magic.cast, character="Isawa Aki", spell=spell, dice=Scripted())


class TestCastingInCombat:
    """« Il s'agit à chaque fois d'une action complexe pendant laquelle le shugenja ne
    peut rien faire d'autre »; « Se concentrer prend une Action Simple »."""

    def fight(self) -> Table:
        table = shugenja()
        table.join("Ronin", "ben", armour=None)
        table.do(Play.start_combat)
        table.do(Play.roll_initiative, character="Isawa Aki", dice=parse_faces("9,9,9,9"))
        table.do(Play.roll_initiative, character="Ronin", dice=parse_faces("1,1,1,1"))
        table.do(Play.start_round)
        table.do(Play.choose_stance, character="Isawa Aki", stance="attack")
        table.do(Play.choose_stance, character="Ronin", stance="attack")
        return table

    def test_a_cast_is_the_caster_s_complex_action_on_their_turn(self) -> None:
        table = self.fight()
        events = table.do(
            magic.cast,
            character="Isawa Aki",
            spell="Path to Inner Peace",
            dice=parse_faces("7,6,2"),
        )
        assert (events[0].kind, events[0].action) == ("complex", "cast Path to Inner Peace")  # type: ignore[attr-defined]
        with pytest.raises(IllegalUnderRules, match="casting Path to Inner Peace through round 1"):
            table.do(combat.take_action, character="Isawa Aki", kind="free", action="shout")
        table.do(Play.next_turn)
        with pytest.raises(IllegalUnderRules, match="not Isawa Aki's turn"):
            table.do(
                magic.cast, character="Isawa Aki", spell="Path to Inner Peace", dice=Scripted()
            )

    def test_a_two_round_cast_ties_the_caster_up_for_both_rounds(self) -> None:
        table = self.fight()
        table.do(magic.cast, character="Isawa Aki", spell="Tempest of Air", dice=d("9,8,7,2,2"))
        table.do(Play.next_turn)
        table.do(Play.next_turn, actor="ben")
        table.do(Play.start_round)
        table.do(Play.choose_stance, character="Isawa Aki", stance="attack")
        with pytest.raises(IllegalUnderRules, match="casting Tempest of Air through round 2"):
            table.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")
        table.do(Play.next_turn)
        table.do(Play.next_turn, actor="ben")
        table.do(Play.start_round)
        table.do(Play.choose_stance, character="Isawa Aki", stance="attack")
        events = table.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")
        assert (events[0].kind, events[0].action) == ("simple", "concentrate on Tempest of Air")  # type: ignore[attr-defined]

    def test_no_cast_in_full_defense(self) -> None:
        table = self.fight()
        table.do(Play.choose_stance, character="Isawa Aki", stance="full_defense")
        with pytest.raises(IllegalUnderRules, match="Full Defense: free actions only"):
            table.do(
                magic.cast, character="Isawa Aki", spell="Path to Inner Peace", dice=Scripted()
            )

    def test_an_unknown_spell_is_not_found(self) -> None:
        with pytest.raises(NotFound, match="does not know the spell 'Fireball'"):
            shugenja().do(magic.cast, character="Isawa Aki", spell="Fireball", dice=Scripted())


class TestSociety:
    @pytest.mark.parametrize(
        ("tenths", "band"),
        [
            (15, "Dog without honour"),
            (35, "Untrustworthy"),
            (45, "What is expected"),
            (65, "Exceptional"),
            (80, "A soul beyond reproach"),
            (100, "The strength of a thousand ancestors"),
        ],
    )
    def test_honour_bands(self, tenths: int, band: str) -> None:
        assert standing_bands.honour_band(tenths) == band

    def test_taint_bands_and_money(self) -> None:
        assert standing_bands.taint_band(25) == "Active corruption"
        assert standing_bands.money(287) == {"koku": 5, "bu": 3, "zeni": 7}

    def test_perceiving_honour_against_30(self) -> None:
        table = Table()
        table.join("Kitsuki", "p1", awareness=3, skills=(Skill("Lore: Bushido", 3),))
        table.join("Suspect", "p2", honour=35)
        events = table.do(
            society.perceive_honour,
            character="Kitsuki",
            target="Suspect",
            dice=parse_faces("10+9,8,5,1,1,1"),
        )
        assert events[-2].roll.tn == 30  # type: ignore[attr-defined]
        assert events[-1] == Revealed(
            actor=events[-1].actor,
            at=events[-1].at,
            character="Kitsuki",
            about="Suspect",
            what="honour rank",
            value="3",
        )

    def test_heraldry_is_50_less_5_per_glory_rank(self) -> None:
        table = Table()
        table.join("Herald", "p1", skills=(Skill("Lore: Heraldry", 5),))
        table.join("Famous", "p2", glory=60, clan="Lion")
        events = table.do(
            society.recognise, character="Herald", target="Famous", dice=Scripted(*[2] * 9)
        )
        assert events[-1].roll.tn == 20  # type: ignore[attr-defined]

    def test_jade_adds_10_against_the_taint_and_a_failure_gains_it(self) -> None:
        table = Table()
        table.join("Hiruma", "p1")
        events = table.do(
            society.resist_taint,
            character="Hiruma",
            tn=25,
            taint=3,
            jade=True,
            dice=parse_faces("5,4"),
        )  # 9 + 10 < 25
        assert events[-2].roll.total == 19  # type: ignore[attr-defined]
        assert isinstance(events[-1], StandingChanged) and events[-1].delta == 3

    def test_fear_willpower_plus_honour_rank_and_fleeing_at_15_short(self) -> None:
        table = Table()
        table.join("Scared", "p1", willpower=2, honour=20)
        events = table.do(society.fear, character="Scared", rank=4, dice=parse_faces("2,1"))
        # 3 + 2 (honour rank) = 5 against 25: short by 20
        assert [e.condition for e in events if isinstance(e, ConditionApplied)] == [
            "afraid",
            "fleeing",
        ]
        assert table.state.characters["scared"].conditions["afraid"].level == 4

    def test_a_degrading_skill_costs_honour_from_the_gms_table_or_ruling(self) -> None:
        table = Table()
        table.join("Bully", "p1", honour=45, skills=(Skill("Intimidation", 2),))
        with pytest.raises(IllegalUnderRules, match="give the loss in tenths, or load"):
            table.do(
                society.degrading_roll,
                character="Bully",
                skill="Intimidation",
                trait="willpower",
                dice=Scripted(),
            )
        table.do(
            society.load_honour_table, rows=[HonourLoss("degrading skill: Intimidation", 4, 3)]
        )
        events = table.do(
            society.degrading_roll,
            character="Bully",
            skill="Intimidation",
            trait="willpower",
            dice=Scripted(*[5] * 6),
        )
        assert isinstance(events[0], StandingChanged) and events[0].delta == -3

    def test_money_cannot_go_below_nothing(self) -> None:
        table = Table()
        table.join("Ronin", "p1", zeni=12)
        table.do(society.change_money, character="Ronin", bu=-1)
        with pytest.raises(IllegalUnderRules, match="has 0 koku 0 bu 2 zeni"):
            table.do(society.change_money, character="Ronin", zeni=-3)


TABLE = [
    BattleEntry(engagement="engaged", status=s, low=1, high=30, glory=2, wounds=5)
    for s in ("winning", "held", "losing")
]


class TestBattle:
    def battle_table(self) -> Table:
        table = Table()
        table.join("Akodo General", "p1", perception=3, skills=(Skill("Battle", 4),))
        table.join("Enemy General", "gm", perception=3, skills=(Skill("Battle", 2),))
        table.do(battle.begin, name="Beiden Pass", armies=(500, 480), table=TABLE)
        table.do(battle.next_turn)
        return table

    def test_one_turn_per_250_in_the_larger_army(self) -> None:
        table = self.battle_table()
        assert project_state(table.session.state)["battle"]["turns"] == 2

    def test_engagement_moves_one_step_a_turn(self) -> None:
        table = self.battle_table()
        table.do(battle.declare, character="Akodo General", engagement="reserve")
        table.do(battle.next_turn)
        with pytest.raises(IllegalUnderRules, match="one step a turn"):
            table.do(battle.declare, character="Akodo General", engagement="engaged")

    @pytest.mark.parametrize(
        ("ours", "status"), [((9, 9, 9, 9, 9, 9, 9), "winning"), ((5, 5, 1, 1, 1, 1, 1), "losing")]
    )
    def test_the_commanders_contest_sets_the_status(
        self, ours: tuple[int, ...], status: str
    ) -> None:
        table = self.battle_table()
        events = table.do(
            battle.commanders,
            ours="Akodo General",
            theirs="Enemy General",
            dice=Scripted(*ours, 4, 4, 4, 1, 1),
        )
        assert isinstance(events[-1], BattleStatusSet) and events[-1].status == status

    def test_a_tie_the_free_raises_make_is_rolled_again(self) -> None:
        """« En cas d'égalité, on recommence »: 15 + a free raise against 20 is a tie, so
        both roll again (32 against 15: winning) — not an army held on a margin of 0."""
        table = self.battle_table()
        events = table.do(
            battle.commanders,
            ours="Akodo General",
            theirs="Enemy General",
            our_free_raises=1,
            dice=Scripted(5, 5, 5, 1, 1, 1, 1, 9, 9, 2, 1, 1, 9, 9, 9, 1, 1, 1, 1, 5, 5, 5, 1, 1),
        )
        settled = next(e for e in events if isinstance(e, OpposedRollSettled))
        assert (settled.totals, settled.ties) == ((32, 15), 1)
        assert isinstance(events[-1], BattleStatusSet)
        assert (events[-1].status, events[-1].margin) == ("winning", 17)

    def test_a_win_by_5_or_less_holds_the_army(self) -> None:
        table = self.battle_table()
        events = table.do(
            battle.commanders,
            ours="Akodo General",
            theirs="Enemy General",
            dice=Scripted(8, 8, 7, 1, 1, 1, 1, 9, 9, 2, 1, 1),
        )
        assert isinstance(events[-1], BattleStatusSet)
        assert (events[-1].status, events[-1].margin) == ("held", 3)

    def test_a_character_draws_1d10_plus_water_plus_battle_in_the_table(self) -> None:
        table = self.battle_table()
        table.do(battle.declare, character="Akodo General", engagement="engaged")
        table.do(
            battle.commanders,
            ours="Akodo General",
            theirs="Enemy General",
            dice=Scripted(9, 9, 9, 9, 9, 9, 9, 1, 1, 1, 1, 1),
        )
        events = table.do(battle.draw, character="Akodo General", dice=Scripted(10))
        drawn = next(e for e in events if isinstance(e, BattleResultDrawn))
        assert drawn.result == 10 + 3 + 4  # 1d10 does not explode; Water 3, Battle 4
        assert table.state.characters["akodo general"].wounds == 5

    def test_no_table_no_battle(self) -> None:
        table = Table()
        with pytest.raises(MalformedInput, match="mass-battle table"):
            table.do(battle.begin, name="x", armies=(10, 10), table=[])


def test_to_the_death_both_standing_after_the_strikes_turns_into_a_skirmish() -> None:
    table = duellists(kind="to_the_death")
    table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 10))
    table.do(duels.focus, duel="duel-1", dice=Scripted(10, 9, 9, 1, 1, 1, 5, 5, 1, 1, 1))
    # Ryoku hits for 6k2 = 4 + 3 (7 wounds: both stand), Taki hits back for 7 as well
    events = table.do(
        duels.strike,
        duel="duel-1",
        dice=Scripted(9, 9, 9, 2, 2, 2, 4, 3, 1, 1, 1, 1, 9, 9, 9, 2, 2, 2, 4, 3, 1, 1, 1, 1),
    )
    ended = events[-1]
    assert isinstance(ended, DuelEnded)
    assert (ended.winner, ended.outcome) == (None, "skirmish")


def test_to_the_death_a_strike_that_leaves_the_other_out_wins() -> None:
    table = duellists(kind="to_the_death")
    table.do(duels.assess, duel="duel-1", dice=Scripted(*[5] * 10))
    table.do(duels.focus, duel="duel-1", dice=Scripted(10, 9, 9, 1, 1, 1, 5, 5, 1, 1, 1))
    events = table.do(
        duels.strike,
        duel="duel-1",
        dice=Scripted(9, 9, 9, 2, 2, 2, 10, 10, 10, 10, 9, 10, 10, 10, 9, 1, 1, 1, 1),
    )
    ended = events[-1]
    assert isinstance(ended, DuelEnded)
    assert (ended.winner, ended.outcome) == ("Kakita Ryoku", "death")
