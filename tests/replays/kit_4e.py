"""What the curated replays share: the katana, heavy armour, a bushi, written faces, a join."""

from __future__ import annotations

import msgspec

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.source import FaceQueue
from domain.rulesets.roll_keep_kit.character import (
    Armour,
    CharacterSheet,
    Skill,
    Traits,
    Weapon,
)
from domain.session.commands import JoinCharacter
from tests.support import RecordedTable, Scripted

KATANA = Weapon("Katana", "3k2")

Curated = RecordedTable
"""A curated session: its commands recorded, written as a version 2 replay."""


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


def no_dice() -> FaceQueue:
    """No faces: for a command that throws dice only sometimes (a night's rest rolls
    only for the starving), where this time it throws none."""
    return FaceQueue([])


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


def join(sheet: CharacterSheet, player: str) -> JoinCharacter:
    """The command that brings ``sheet`` into the session, played by ``player``."""
    return JoinCharacter(sheet=msgspec.to_builtins(sheet), player=player)
