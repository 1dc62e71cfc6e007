"""What the curated 4e replays share: the katana, heavy armour, a bushi, written faces."""

from __future__ import annotations

from domain.dice.roll_keep.faces import parse_faces
from domain.rulesets.roll_keep_kit.character import (
    Armour,
    CharacterSheet,
    Skill,
    Traits,
    Weapon,
)
from tests.support import Scripted

KATANA = Weapon("Katana", "3k2")


def pad(*faces: int) -> Scripted:
    """These faces, then 2s."""
    return Scripted(*faces, *[2] * 60)


def d(spec: str) -> Scripted:
    """The faces written in ``spec`` drawn in order, then 2s: the faces that matter are
    written, the dice a pool has beyond them show 2 (so pools may grow with insight)."""
    faces: list[int] = []
    for die in parse_faces(spec):
        faces.extend(((1,) if die.rerolled_one else ()) + die.faces)
    return Scripted(*faces, *[2] * 40)


HEAVY = Armour("Heavy armour", 10, 5, 10)


def bushi(name: str, **fields: object) -> CharacterSheet:
    base: dict[str, object] = {
        "name": name,
        "traits": Traits(3, 3, 3, 3, 3, 3, 3, 3),
        "void": 3,
        "skills": (Skill("Kenjutsu", 3), Skill("Defense", 2)),
        "weapons": (KATANA,),
    }
    base.update(fields)
    return CharacterSheet(**base)  # type: ignore[arg-type]
