"""4e opposed and cooperative rolls, the TN ladder, the second attempt, healing and Void."""

from __future__ import annotations

import pytest

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e import afflictions, contests, recovery
from domain.rulesets.l5r4e.events import (
    ConditionApplied,
    DiceRolled,
    OpposedRollSettled,
    VoidPointsRegained,
    WeaponDestroyed,
    WoundsHealed,
)
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Skill
from tests.support import Scripted, Table


def test_the_tn_ladder() -> None:
    assert [contests.tn_for(d) for d in ("easy", "average", "very hard", "impossible")] == [
        10,
        15,
        30,
        60,
    ]
    with pytest.raises(MalformedInput, match="difficulty 'hard'"):
        contests.tn_for("hard")


class TestOpposed:
    def test_ties_are_rolled_again_and_every_roll_recorded(self) -> None:
        table = Table()
        table.join("A", "p1")
        table.join("B", "p2", strength=3)
        # Strength 3 each: 3k3; first round 5+5+5 against 5+5+5, then 9,9,9 against 1,1,1
        events = table.do(
            contests.oppose,
            contest="disarm",
            effect="disarm",
            first=contests.Side("A", trait="strength"),
            second=contests.Side("B", trait="strength"),
            dice=Scripted(5, 5, 5, 5, 5, 5, 9, 9, 9, 1, 1, 1),
        )
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        settled = next(e for e in events if isinstance(e, OpposedRollSettled))
        assert len(rolls) == 4
        assert (settled.winner, settled.totals, settled.ties) == ("A", (27, 3), 1)
        assert isinstance(events[-1], ConditionApplied)
        assert events[-1].condition == "disarmed"

    def test_a_metal_blade_destroys_a_wooden_one(self) -> None:
        """« Une arme de métal désarmant une arme de bois la détruit »: the bo is gone
        from B's sheet, not dropped."""
        from domain.rulesets.roll_keep_kit.character import Weapon

        table = Table()
        table.join("A", "p1")
        table.join("B", "p2", weapons=(Weapon("Bo", "1k2", "Staves", material="wood"),))
        events = table.do(
            contests.oppose,
            contest="disarm",
            effect="disarm",
            first=contests.Side("A", trait="strength"),
            second=contests.Side("B", trait="strength"),
            dice=Scripted(9, 9, 9, 1, 1, 1),
        )
        destroyed = events[-1]
        assert isinstance(destroyed, WeaponDestroyed)
        assert (destroyed.character, destroyed.weapon, destroyed.by) == ("B", "Bo", "A")
        b = table.state.characters["b"]
        assert b.sheet.weapons == () and "disarmed" not in b.conditions

    def test_resisting_intimidation_adds_the_honour_rank(self) -> None:
        table = Table()
        table.join("Bully", "p1", skills=(Skill("Intimidation", 2),))
        table.join("Samurai", "p2", honour=65, skills=(Skill("Etiquette", 1),))
        events = table.do(
            contests.oppose,
            contest="intimidation",
            first=contests.Side("Bully", "Intimidation", "awareness"),
            second=contests.Side("Samurai", "Etiquette", "awareness", add_honour=True),
            dice=Scripted(*[5] * 20),
        )
        resist = [e for e in events if isinstance(e, DiceRolled)][1]
        assert resist.parts[0].total == 6 and resist.parts[0].source == "honour rank"


class TestCooperative:
    def test_the_master_carpenter_s_35_with_workers_of_4_and_5_is_44(self) -> None:
        table = Table()
        table.join("Master", "p1", intelligence=3, skills=(Skill("Craft: Carpentry", 6),))
        table.join("Worker 1", "p2", skills=(Skill("Craft: Carpentry", 4),))
        table.join("Worker 2", "p3", skills=(Skill("Craft: Carpentry", 5),))
        events = table.do(
            contests.lead_roll,
            leader="Master",
            followers=["Worker 1", "Worker 2"],
            skill="Craft: Carpentry",
            trait="intelligence",
            dice=parse_faces("10+9,10+4,2,2,2,2,2,2,2"),
        )  # 19 + 16 = 35
        rolled = events[-1]
        assert isinstance(rolled, DiceRolled)
        assert rolled.roll.total == 35 + 9 == 44

    def test_the_leader_is_whoever_has_the_highest_rank(self) -> None:
        table = Table()
        table.join("Low", "p1", skills=(Skill("Athletics", 2),))
        table.join("High", "p2", skills=(Skill("Athletics", 4),))
        with pytest.raises(IllegalUnderRules, match="High has the highest Athletics"):
            table.do(
                contests.lead_roll,
                leader="Low",
                followers=["High"],
                skill="Athletics",
                trait="strength",
                dice=Scripted(),
            )

    def test_the_leader_s_rank_adds_to_each_follower(self) -> None:
        table = Table()
        table.join("Climber", "p1", skills=(Skill("Athletics", 4),))
        table.join("A", "p2")
        table.join("B", "p3")
        events = table.do(
            contests.follow_rolls,
            leader="Climber",
            followers=["A", "B"],
            skill="Athletics",
            trait="strength",
            dice=Scripted(*[4] * 10),
        )
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        assert [r.roll.total for r in rolls] == [12 + 4, 12 + 4]


def test_a_second_investigation_attempt_at_plus_15_once() -> None:
    table = Table()
    table.join("Kitsuki", "p1", skills=(Skill("Investigation", 3),))
    table.do(
        Play.roll,
        character="Kitsuki",
        expression="5k2",
        options=RollOptions(tn=20),
        dice=parse_faces("3,3,2,2,2"),
        label="Investigation/Perception",
        purpose="skill",
    )
    events = table.do(contests.second_attempt, character="Kitsuki", dice=parse_faces("9,9,1,1,1"))
    again = events[-1]
    assert isinstance(again, DiceRolled) and again.roll.tn == 35 and again.base_tn == 20
    with pytest.raises(IllegalUnderRules, match="only one second attempt"):
        table.do(contests.second_attempt, character="Kitsuki", dice=Scripted())
    table.do(
        Play.roll,
        character="Kitsuki",
        expression="2k2",
        options=RollOptions(tn=5),
        dice=parse_faces("3,3"),
        label="Etiquette/Awareness",
        purpose="skill",
    )
    with pytest.raises(IllegalUnderRules, match="not a failed Investigation"):
        table.do(contests.second_attempt, character="Kitsuki", dice=Scripted())


class TestRecovery:
    def test_natural_healing_is_stamina_times_2_plus_insight_rank(self) -> None:
        table = Table()
        table.join("A", "p1", stamina=3)
        table.do(Play.take_wounds, character="A", amount=20)
        table.do(Play.spend_void, character="A", purpose="x")
        events = table.do(recovery.rest, character="A")
        healed = next(e for e in events if isinstance(e, WoundsHealed))
        assert healed.amount == 3 * 2 + 1
        assert any(isinstance(e, VoidPointsRegained) for e in events)

    def test_fasting_stops_void_coming_back_with_sleep(self) -> None:
        table = Table()
        table.join("A", "p1")
        table.do(Play.spend_void, character="A", purpose="x")
        table.do(afflictions.apply_condition, character="A", condition="fasting", level=1)
        events = table.do(recovery.rest, character="A")
        assert not any(isinstance(e, VoidPointsRegained) for e in events)

    def test_medicine_needs_training_a_kit_and_once_a_day(self) -> None:
        table = Table()
        table.join("Healer", "p1", intelligence=3, skills=(Skill("Medicine", 2),))
        table.join("Patient", "p2")
        table.do(Play.take_wounds, character="Patient", amount=30)
        with pytest.raises(IllegalUnderRules, match="no medicine kit"):
            table.do(recovery.medicine, healer="Healer", patient="Patient", dice=Scripted())
        table.do(recovery.give_kit, character="Healer")
        # Medicine 2 + Intelligence 3: 5k3, one raise (TN 20); heals 2k1
        events = table.do(
            recovery.medicine,
            healer="Healer",
            patient="Patient",
            raises=1,
            dice=Scripted(9, 8, 7, 1, 1, 6, 4),
        )
        healed = events[-1]
        assert isinstance(healed, WoundsHealed) and healed.amount == 6
        assert table.state.characters["healer"].kit_uses == 9
        with pytest.raises(IllegalUnderRules, match="already been treated"):
            table.do(recovery.medicine, healer="Healer", patient="Patient", dice=Scripted())
        table.do(recovery.rest, character="Patient")
        table.do(recovery.medicine, healer="Healer", patient="Patient", dice=Scripted(*[1] * 9))

    @pytest.mark.parametrize(("rank", "regained"), [(1, 1), (3, 2), (7, 3)])
    def test_meditation_restores_by_rank(self, rank: int, regained: int) -> None:
        table = Table()
        table.join("Monk", "p1", void=4, skills=(Skill("Meditation", rank),))
        for _ in range(4):
            table.do(Play.spend_void, character="Monk", purpose="x")
        events = table.do(recovery.meditate, character="Monk", dice=Scripted(*[9] * 12))
        assert events[-1].amount == regained  # type: ignore[attr-defined]

    def test_tea_ceremony_tn_grows_with_participants_and_caps_at_five(self) -> None:
        table = Table()
        table.join("Host", "p1", skills=(Skill("Tea Ceremony", 5),))
        for name in ("B", "C", "D", "E", "F"):
            table.join(name, "p")
        for name in ("Host", "B", "C"):
            table.do(Play.spend_void, character=name, purpose="x")
        events = table.do(
            recovery.tea_ceremony,
            leader="Host",
            participants=["B", "C", "D"],
            dice=Scripted(10, 9, 10, 9, *[5] * 10),
        )
        roll = next(e for e in events if isinstance(e, DiceRolled))
        assert roll.roll.tn == 15 + 5 * 2
        assert [e.amount for e in events if isinstance(e, VoidPointsRegained)] == [1, 1, 1]
        with pytest.raises(IllegalUnderRules, match="at most 5"):
            table.do(
                recovery.tea_ceremony,
                leader="Host",
                participants=["B", "C", "D", "E", "F"],
                dice=Scripted(),
            )


def test_an_out_character_may_act_once_for_a_void_point_if_the_gm_allows() -> None:
    table = Table()
    table.join("A", "p1")
    table.do(Play.take_wounds, character="A", amount=40)
    with pytest.raises(IllegalUnderRules, match="cannot act"):
        table.do(
            Play.roll,
            character="A",
            expression="2k2",
            options=RollOptions(),
            dice=Scripted(5, 5),
        )
    events = table.do(
        Play.roll,
        character="A",
        expression="2k2",
        options=RollOptions(),
        dice=Scripted(5, 5),
        void_free_action=True,
    )
    assert events[0].use == "free_action"  # type: ignore[attr-defined]
