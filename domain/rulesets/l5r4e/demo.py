"""The 4th edition's demonstration scene (``kiroku demo``): a duel-sized skirmish played
through the same commands as any session — initiative, stances, a Void point on armour
and one on a roll, attacks and their damage, wounds, a GM's retraction, XP awarded and
spent, honour lost. Which attacks hit is the seeded dice's; the scene follows them."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.rulesets.base import DemoTable
from domain.rulesets.l5r4e.commands.books import (
    AwardExperience,
    ChangeHonour,
    SpendExperience,
    SpendVoid,
    TakeWounds,
)
from domain.rulesets.l5r4e.commands.fight import Attack, Damage
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    EndCombat,
    NextTurn,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.rulesets.l5r4e.events import AttackResolved
from domain.rulesets.l5r4e.state import FourEState
from domain.rulesets.roll_keep_kit.character import Armour, CharacterSheet, Skill, Traits, Weapon
from domain.session.commands import JoinCharacter, Retract

KANEKA = CharacterSheet(
    name="Akodo Kaneka",
    clan="Lion",
    school="Akodo Bushi",
    traits=Traits(3, 2, 3, 2, 3, 2, 3, 2),
    void=2,
    skills=(Skill("Kenjutsu", 3, ("Katana",), True), Skill("Defense", 2, (), True)),
    honour=65,
    glory=10,
    status=10,
    armour=Armour("Light armour", 5, 3, 5),
    weapons=(Weapon("Katana", "3k2"),),
)
FUMI = CharacterSheet(
    name="Bayushi Fumi",
    clan="Scorpion",
    school="Bayushi Bushi",
    traits=Traits(2, 2, 3, 3, 2, 2, 3, 3),
    void=2,
    skills=(Skill("Kenjutsu", 3, (), True), Skill("Sincerity", 2, ("Deceit",), True)),
    honour=25,
    glory=10,
    status=10,
    weapons=(Weapon("Katana", "3k2"),),
)


def _attack(table: DemoTable, attacker: str, target: CharacterSheet, *, void: bool) -> None:
    """The 4e attack (Kenjutsu/Agility against the armour TN) and, on a hit, its damage."""
    attack = Attack(attacker=attacker, target=target.name, weapon="Katana", void=void)
    resolved = table.decide(attack, dice=True)[-1].event
    assert isinstance(resolved, AttackResolved)
    if resolved.hit:
        table.decide(Damage(attacker=attacker), dice=True)


def _order(table: DemoTable) -> list[str]:
    state: FourEState = table.table()
    combat = state.combat
    return [] if combat is None else [entry.character for entry in combat.order()]


def _sheet(sheet: CharacterSheet) -> dict[str, Any]:
    raw: dict[str, Any] = msgspec.to_builtins(sheet)
    return raw


def demo_scene(table: DemoTable) -> None:
    """Two rounds of a skirmish between Kaneka (ana's) and Fumi (ben's), then the books."""
    for sheet, player in ((KANEKA, "ana"), (FUMI, "ben")):
        table.decide(JoinCharacter(sheet=_sheet(sheet), player=player))
    table.decide(StartCombat())
    for name in (KANEKA.name, FUMI.name):
        table.decide(RollInitiative(character=name), dice=True)
    for number in (1, 2):
        table.decide(StartRound())
        if number == 2:
            table.decide(SpendVoid(character=KANEKA.name, use="armour"))
        for name, stance in (
            (KANEKA.name, "defense" if number == 2 else "attack"),
            (FUMI.name, "attack"),
        ):
            table.decide(ChooseStance(character=name, stance=stance))
        for name in _order(table):
            target = FUMI if name == KANEKA.name else KANEKA
            if not (number == 2 and name == KANEKA.name):  # in the Defense stance
                _attack(table, name, target, void=number == 2)
            table.decide(NextTurn())
    table.decide(TakeWounds(character=KANEKA.name, amount=4, source="a fall"))
    table.decide(Retract(last=True, reason="contested: Kaneka made the Athletics roll after all"))
    table.decide(EndCombat())
    for name in (KANEKA.name, FUMI.name):
        table.decide(AwardExperience(character=name, amount=4, reason="survived the skirmish"))
    table.decide(SpendExperience(character=KANEKA.name, skill="Kenjutsu"), actor="ana")
    table.decide(ChangeHonour(character=FUMI.name, delta=-3, reason="lied to the magistrate"))
