"""What a 4e ruling used (issue 8: "a command that used an earlier event names it"):
the events ``kiroku why`` and ``kiroku show`` name behind a roll's parts, an attack's
armour TN, a damage roll and a duel's strike (:mod:`domain.rulesets.l5r4e.links`)."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec

from domain.dice.roll_keep.roll import RollOptions
from domain.rulesets.base import Follows
from domain.rulesets.l5r4e import afflictions, combat
from domain.rulesets.l5r4e.events import AttackResolved, DuelStruck
from domain.rulesets.l5r4e.links import explain_armour, follows
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.events import DiceRolled
from domain.rulesets.roll_keep_kit.modifiers import Part
from tests.rules.skirmish import skirmish
from tests.support import Scripted

AT = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
FUMI, KANEKA = "Bayushi Fumi", "Akodo Kaneka"


def attack_on(target: str, armour_tn: int) -> AttackResolved:
    return AttackResolved(
        actor="sensei",
        at=AT,
        attacker=KANEKA if target == FUMI else FUMI,
        target=target,
        weapon="Katana",
        hit=False,
        armour_tn=armour_tn,
        total=12,
    )


def roll_by(character: str, purpose: str, *parts: Part) -> DiceRolled:
    """A roll of ``character``'s as recorded with these parts."""
    [rolled] = skirmish().do(
        Play.roll,
        character=character,
        expression="5k3",
        options=RollOptions(),
        dice=Scripted(*[5] * 5),
    )
    assert isinstance(rolled, DiceRolled)
    return msgspec.structs.replace(rolled, purpose=purpose, parts=parts)


class TestAnAttackUsedTheArmourTNAsItStood:
    """« Valeur de ND d'armure »: the stance, the Void point declared this round, a guard."""

    def test_the_defense_stance_and_the_void_point_spent_on_armour(self) -> None:
        table = skirmish()
        table.do(combat.void_armour, character=FUMI)
        table.do(Play.choose_stance, character=FUMI, stance="defense")
        # Fumi: Reflexes 3 → 20, Air 2 + Defense 2 → 24, the Void point → 34
        used = follows(attack_on(FUMI, 34), table.state)
        assert used == (
            Follows("StanceChosen", {"character": FUMI, "stance": "defense"}, "the Defense stance"),
            Follows(
                "VoidPointSpent",
                {"character": FUMI, "use": "armour"},
                "the Void point spent on armour this round",
            ),
        )
        assert explain_armour(attack_on(FUMI, 34), table.state) == [
            "armour TN 34 of Bayushi Fumi:",
            "  +20 Reflexes × 5 + 5",
            "  +4 Defense stance: Air + Defense",
            "  +10 Void point this round",
        ]

    def test_a_guard_over_the_target_and_the_guard_s_own_cost(self) -> None:
        table = skirmish()
        table.do(combat.guard, character=KANEKA, protected=FUMI)
        guard = Follows(
            "GuardTaken", {"character": KANEKA, "protected": FUMI}, "Akodo Kaneka's guard"
        )
        assert follows(attack_on(FUMI, 30), table.state) == (guard,)
        # Kaneka: Reflexes 3 → 20, light armour +5, guarding −5
        assert follows(attack_on(KANEKA, 20), table.state) == (guard,)

    def test_a_condition_the_armour_tn_reads(self) -> None:
        table = skirmish()
        table.do(afflictions.apply_condition, character=FUMI, condition="stunned")
        stunned = Follows(
            "ConditionApplied", {"character": FUMI, "condition": "stunned"}, "the stunned condition"
        )
        assert follows(attack_on(FUMI, 5), table.state) == (stunned,)

    def test_parts_that_no_longer_add_up_name_nothing(self) -> None:
        """A recorded armour TN the rules as they are would not give (an edited file, a
        rule changed since) is not explained by parts that do not make it."""
        table = skirmish()
        table.do(combat.void_armour, character=FUMI)
        assert follows(attack_on(FUMI, 25), table.state) == ()
        assert explain_armour(attack_on(FUMI, 25), table.state) == [
            "armour TN 25 (its parts no longer add up under these rules)"
        ]

    def test_without_the_state_it_was_decided_on_the_armour_names_nothing(self) -> None:
        assert follows(attack_on(FUMI, 20), None) == ()
        assert explain_armour(attack_on(FUMI, 20), None) == []


class TestARollUsedItsSituation:
    def test_a_damage_roll_follows_its_attacker_s_latest_hit(self) -> None:
        assert follows(roll_by(KANEKA, "damage"), None) == (
            Follows(
                "AttackResolved",
                {"attacker": KANEKA, "hit": True},
                "the hit it rolls damage for",
                bound=True,  # for that hit: taken away, the damage goes with it
            ),
        )

    def test_the_full_attack_stance_and_last_round_s_center(self) -> None:
        table = skirmish()
        rolled = roll_by(
            KANEKA,
            "attack",
            Part(source="Full Attack stance", rolled=2, kept=1),
            Part(source="Center stance, last round", rolled=1, kept=1, total=2),
        )
        assert [f.fields["stance"] for f in follows(rolled, table.state)] == [
            "full_attack",
            "center",
        ]

    def test_conditions_and_not_the_wound_penalty(self) -> None:
        """« Effets conditionnels »: dazed −3k0, fear −XkX, mounted +1k0 each came from a
        condition applied; a wound penalty comes from every wound taken, so names none."""
        table = skirmish()
        table.do(afflictions.apply_condition, character=KANEKA, condition="mounted")
        rolled = roll_by(
            KANEKA,
            "attack",
            Part(source="wound penalty (Nicked)", tn=3),
            Part(source="dazed", rolled=-3),
            Part(source="fear rank 2", rolled=-2, kept=-2),
            Part(source="mounted or high ground", rolled=1),
        )
        assert [f.fields["condition"] for f in follows(rolled, table.state)] == [
            "dazed",
            "afraid",
            "mounted",
        ]


def test_a_duel_strike_follows_its_focus() -> None:
    """« le duelliste ayant remporté le duel de Concentration fait un jet de Iaijutsu »."""
    struck = DuelStruck(actor="sensei", at=AT, duel="at dawn", character=KANEKA, hit=True)
    assert follows(struck, None) == (
        Follows("DuelFocused", {"duel": "at dawn"}, "the duel's focus", bound=True),
    )
