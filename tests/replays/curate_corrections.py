"""The curated corrections: one replay for each kind of correction a GM makes (issue 8).

Each is played through the command Structs with every command recorded (a version 2
replay file: the events, then the records of the rulings), so the suite re-judges every
ruling in it, the corrections with their consequences included. The fight is the one of
:func:`fight`: Kaneka's katana hits Fumi (32 against TN 25: her armour TN 20, his light
armour +5 on Agility), 20 damage, a heal of 3.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.dice.source import FaceQueue
from domain.rulesets.l5r4e.commands.books import AwardExperience, Heal, SpendExperience
from domain.rulesets.l5r4e.commands.fight import Attack, Damage
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    Roll,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.session.commands import Amend, JoinCharacter, Reinstate, Retract, TakeNote
from tests.support import RecordedTable, sheet

KANEKA, FUMI = "Akodo Kaneka", "Bayushi Fumi"
ATTACK = [10, 5, 6, 9, 1, 8, 4, 1, 3]
"""6k3 with emphasis: 10+5, 6, 9, 1 rerolled into 8, 4, 1 rerolled into 3 → 15+9+8 = 32."""
DAMAGE = [10, 2, 8, 5, 1, 1, 3]
"""6k2: 10+2, 8, 5, 1, 1, 3 → 12 + 8 = 20."""


def fight(name: str) -> tuple[RecordedTable, dict[str, int]]:
    """The fight every correction here contests; the positions of its rulings."""
    t = RecordedTable(name)
    t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(KANEKA)), player="ana"))
    t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(FUMI, reflexes=2)), player="bo"))
    t.do(StartCombat())
    t.do(RollInitiative(character=KANEKA), dice=FaceQueue([9, 5, 3, 2]))
    t.do(RollInitiative(character=FUMI), dice=FaceQueue([6, 2, 2, 1]))
    t.do(StartRound())
    t.do(ChooseStance(character=KANEKA, stance="attack"), actor="ana")
    t.do(ChooseStance(character=FUMI, stance="attack"), actor="bo")
    at = {
        "attack": t.do(
            Attack(attacker=KANEKA, target=FUMI, weapon="Katana", reason="the first cut"),
            actor="ana",
            dice=FaceQueue(ATTACK),
        )[0].position,
        "damage": t.do(Damage(attacker=KANEKA), actor="ana", dice=FaceQueue(DAMAGE))[0].position,
        "heal": t.do(Heal(character=FUMI, amount=3, method="a poultice"))[0].position,
    }
    t.do(TakeNote(text="the duel of words resumes"))
    return t, at


def retracted_attack() -> RecordedTable:
    """Out of reach: the GM retracts the hit; its damage and the heal of its wounds are
    retracted with it as consequences, the note stands."""
    t, at = fight("retracted-attack")
    t.do(Retract(position=at["attack"] + 1, reason="Fumi was out of the katana's reach"))
    return t


def amended_tn() -> RecordedTable:
    """Fumi stood behind a screen: +15 to the TN turns the 32 into a miss; the damage and
    the heal no longer make sense and are dropped."""
    t, at = fight("amended-tn")
    t.do(Amend(position=at["attack"], changes={"circumstances": 15}, reason="behind a screen"))
    return t


def amended_raise() -> RecordedTable:
    """The player had called a raise for damage: the hit stands (32 against 30), the damage
    is rolled again with 7k2 — its seven dice replayed and one more drawn, a 9, so 12 + 9
    = 21 — and the heal stands (21 − 3 armour − 3 healed: 15 wounds)."""
    t, at = fight("amended-raise")
    called = {"raises": 1, "manoeuvres": ["increased_damage:1"]}
    t.do(Amend(position=at["attack"], changes=called, reason="she called it"), dice=FaceQueue([9]))
    return t


def reinstated_retraction() -> RecordedTable:
    """The GM retracts the heal (no healer, it seemed), then takes the retraction back."""
    t, at = fight("reinstated-retraction")
    t.do(Retract(position=at["heal"], reason="nobody carried a poultice"))
    t.do(Reinstate(position=at["heal"], reason="Kaneka's pack held one"))
    return t


def retracted_void() -> RecordedTable:
    """Retracting the Void point that bought +1k1 (issue 8's case): the Void point and the roll it
    bought are one ruling and are retracted together — Kaneka's only Void point is his
    again — and the later Void ring roll is re-judged on that history and stands."""
    t = RecordedTable("retracted-void")
    t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(KANEKA, void=1)), player="ana"))
    first = t.do(
        Roll(character=KANEKA, skill="Kenjutsu", trait="agility", tn=20, void=True),
        actor="ana",
        dice=FaceQueue([7, 6, 5, 4, 3, 2, 9]),
    )[0].position
    t.do(Roll(character=KANEKA, ring="void", tn=10), actor="ana", dice=FaceQueue([4]))
    t.do(Retract(position=first, reason="the roll was never called for"))
    return t


def retracted_award() -> RecordedTable:
    """An XP award retracted under the spends it paid for: the spend it alone paid for is
    dropped, the one the sheet's own XP covers stands."""
    t = RecordedTable("retracted-award")
    t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(KANEKA)), player="ana"))
    award = t.do(AwardExperience(character=KANEKA, amount=20))[0].position
    t.do(SpendExperience(character=KANEKA, void=True), actor="ana")
    t.do(SpendExperience(character=KANEKA, void=True), actor="ana")
    t.do(Retract(position=award, reason="that award was the other table's"))
    return t


CORRECTIONS: dict[str, Callable[[], RecordedTable]] = {
    "retracted-attack": retracted_attack,
    "amended-tn": amended_tn,
    "amended-raise": amended_raise,
    "reinstated-retraction": reinstated_retraction,
    "retracted-void": retracted_void,
    "retracted-award": retracted_award,
}
