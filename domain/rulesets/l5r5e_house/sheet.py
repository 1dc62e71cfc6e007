"""The 5e character sheet the house confrontations read (the published game's facts
where the text leans on them): five rings, skills by rank, honour, glory, status, the
school rank, weapons (skill, range, base damage, deadliness) and armour (resistance)."""

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from domain.errors import MalformedInput
from domain.names import key

Ring = Literal["air", "earth", "fire", "water", "void"]
RINGS: tuple[Ring, ...] = ("air", "earth", "fire", "water", "void")
Label = Annotated[str, Meta(min_length=1, max_length=100)]
Rank = Annotated[int, Meta(ge=0, le=10)]
RingValue = Annotated[int, Meta(ge=1, le=10)]
Standing = Annotated[int, Meta(ge=0, le=100)]


class Rings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    air: RingValue
    earth: RingValue
    fire: RingValue
    water: RingValue
    void: RingValue

    def of(self, ring: Ring) -> int:
        value: int = getattr(self, ring)
        return value


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A weapon: the skill it is used with, its range (bands 0–5), its base damage and
    its deadliness (« Dangerosité »)."""

    name: Label
    skill: Label = "Martial Arts [Melee]"
    range: tuple[Annotated[int, Meta(ge=0, le=5)], Annotated[int, Meta(ge=0, le=5)]] = (0, 1)
    damage: Annotated[int, Meta(ge=0, le=20)] = 3
    deadliness: Annotated[int, Meta(ge=0, le=20)] = 5


class Armour(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Label
    resistance: Annotated[int, Meta(ge=0, le=20)]


class Disadvantage(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A disadvantage of the sheet, with its ring (the published game's): the scars a
    critical leaves (« Scarred », « Maimed ») are written here and stay."""

    name: Label
    ring: Ring


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Label
    rank: Rank


class FifthSheet(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A character as they join a 5e session."""

    name: Label
    rings: Rings
    skills: Annotated[tuple[Skill, ...], Meta(max_length=60)] = ()
    honour: Standing = 50
    glory: Standing = 50
    status: Standing = 30
    school_rank: Annotated[int, Meta(ge=1, le=6)] = 1
    weapons: Annotated[tuple[Weapon, ...], Meta(max_length=20)] = ()
    armour: Armour | None = None
    endurance_bonus: Annotated[int, Meta(ge=-10, le=10)] = 0
    """What the character's advantages, techniques or items add to endurance (the
    published game has them; the text's example has an endurance of 7, which 2 × (Earth
    + Fire) alone never gives)."""
    composure_bonus: Annotated[int, Meta(ge=-10, le=10)] = 0
    fatigue: Annotated[int, Meta(ge=0, le=1000)] = 0
    """Fatigue they join with: none, unless the GM carries it from an earlier session."""
    strife: Annotated[int, Meta(ge=0, le=1000)] = 0
    """Strife they join with (« Conflit »): none, unless the GM states what an earlier
    scene left them (above composure, they join Compromised)."""
    void_points: Annotated[int, Meta(ge=0, le=10)] | None = None
    """Void points they join with, at most the Void ring; none stated: as many as the
    Void ring (a character joins with their Void full, as the engine always read it)."""
    criticals: Annotated[tuple[tuple[int, Label], ...], Meta(max_length=100)] = ()
    """The criticals they suffered in earlier sessions (severity, result): what the
    published game calls its lasting injuries stays with the character."""
    disadvantages: Annotated[tuple[Disadvantage, ...], Meta(max_length=60)] = ()
    """Disadvantages, the scars of earlier criticals among them (carried over)."""

    def skill_rank(self, name: str) -> int:
        wanted = key(name)
        return next((s.rank for s in self.skills if key(s.name) == wanted), 0)

    def weapon(self, name: str) -> Weapon | None:
        wanted = key(name)
        return next((w for w in self.weapons if key(w.name) == wanted), None)


def check_fifth_sheet(sheet: object) -> None:
    if not isinstance(sheet, FifthSheet):
        raise MalformedInput(f"an l5r5e-house sheet, not {type(sheet).__name__}")
    names = [key(s.name) for s in sheet.skills]
    if len(names) != len(set(names)):
        raise MalformedInput(f"sheet of {sheet.name!r}: a skill is listed twice")
    weapons = [key(w.name) for w in sheet.weapons]
    if len(weapons) != len(set(weapons)):
        raise MalformedInput(f"sheet of {sheet.name!r}: a weapon is listed twice")
    if sheet.void_points is not None and sheet.void_points > sheet.rings.void:
        raise MalformedInput(
            f"sheet of {sheet.name!r}: void_points {sheet.void_points} above its Void ring "
            f"{sheet.rings.void} (the most Void points a character holds)"
        )
    for weapon in sheet.weapons:
        if weapon.range[0] > weapon.range[1]:
            raise MalformedInput(f"sheet of {sheet.name!r}: {weapon.name}'s range {weapon.range}")
