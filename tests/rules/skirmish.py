"""A skirmish between two 4e bushi, shared by the combat tests."""

from __future__ import annotations

from typing import Any

from domain.dice.roll_keep.faces import parse_faces
from domain.events import Event
from domain.rulesets.l5r4e import attacks
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Weapon
from tests.support import Scripted, Table

KATANA = Weapon("Katana", "3k2")
DAI_TSUCHI = Weapon("Dai tsuchi", "5k2", "Heavy Weapons", size="large")
YUMI = Weapon("Yumi", skill="Kyujutsu", kind="bow", strength=3, range_m=75, size="large")


def skirmish(options: dict[str, str] | None = None, **attacker: Any) -> Table:
    """Two bushi in round 1; Kaneka (initiative 30) acts first, Fumi (10, no armour)
    second. Kaneka's Kenjutsu has a Katana emphasis: his 1s are rerolled (``1r…``).
    ``options``: the session's ruleset options."""
    table = Table(**(options or {}))
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


def cut(table: Table, faces: str, **more: Any) -> list[Event]:
    """Kaneka's katana at Fumi (Kenjutsu/Agility against her armour TN), thrown with the
    ``faces`` given: the attack most of the combat tests make, with their own options
    (``raises``, ``manoeuvres``, ``void``, …)."""
    return table.do(
        attacks.attack,
        attacker="Akodo Kaneka",
        target="Bayushi Fumi",
        weapon="Katana",
        dice=parse_faces(faces),
        **more,
    )
