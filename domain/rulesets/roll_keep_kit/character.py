"""A character sheet: rings and traits, skills, Void, standing, armour and weapons.

Rules (4e summary, « Terminologie »): each ring but Void pairs two traits, and a ring is
worth the lower of its two — Earth = min(Stamina, Willpower), Air = min(Reflexes,
Awareness), Water = min(Strength, Perception), Fire = min(Agility, Intelligence). Void
is a ring of its own. Skills have ranks, may be school skills, and carry emphases.
"""

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from domain.dice.roll_keep.expression import parse_pool
from domain.errors import MalformedInput

Trait = Literal[
    "stamina", "willpower", "reflexes", "awareness", "strength", "perception", "agility",
    "intelligence",
]  # fmt: skip
Ring = Literal["earth", "air", "water", "fire", "void"]

TRAITS: tuple[Trait, ...] = (
    "stamina", "willpower", "reflexes", "awareness", "strength", "perception", "agility",
    "intelligence",
)  # fmt: skip
RINGS: tuple[Ring, ...] = ("earth", "air", "water", "fire", "void")
RING_TRAITS: dict[Ring, tuple[Trait, Trait]] = {
    "earth": ("stamina", "willpower"),
    "air": ("reflexes", "awareness"),
    "water": ("strength", "perception"),
    "fire": ("agility", "intelligence"),
}
MAX_RANK = 10

# Bounds on what a sheet file may hold, declared on its types so that every reader of a
# sheet (a file joined, a replay line, a stored event) refuses the same: a sheet is a
# person's character, and none has a thousand skills or a name of megabytes.
Label = Annotated[str, Meta(max_length=100)]
"""A skill's, weapon's, arrow's, spell's or armour's name, a clan, a school, an emphasis."""
Number = Annotated[int, Meta(ge=-1_000_000, le=1_000_000)]
"""Any number on a sheet, before the rules check it (:func:`check_sheet`)."""
MAX_XP = 100_000
"""The most XP (or wounds) a sheet may hold."""
MAX_SKILLS = 100
MAX_EMPHASES = 20
MAX_WEAPONS = 50
MAX_SPELLS = 200
MAX_KEYWORDS = 10


class Traits(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    stamina: Number
    willpower: Number
    reflexes: Number
    awareness: Number
    strength: Number
    perception: Number
    agility: Number
    intelligence: Number


class Skill(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: Label
    rank: Number
    emphases: Annotated[tuple[Label, ...], Meta(max_length=MAX_EMPHASES)] = ()
    school: bool = False


WeaponKind = Literal["melee", "bow", "thrown"]
WeaponSize = Literal["small", "medium", "large"]


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A weapon and its damage roll (« valeur de dommages », e.g. katana 3k2).

    A bow's ``damage`` is empty: its ``strength`` is rolled with the arrow's damage, and
    ``range_m`` is its range (4e « Kyujutsu »: dai-kyu 150 m, han-kyu 30 m, yumi 75 m).
    ``keywords`` may hold ``peasant`` or ``samurai`` (« Armes : mots clefs »)."""

    name: Label
    damage: Label = ""
    skill: Label = "Kenjutsu"
    kind: WeaponKind = "melee"
    size: WeaponSize = "medium"
    material: Literal["metal", "wood"] = "metal"
    keywords: Annotated[tuple[Label, ...], Meta(max_length=MAX_KEYWORDS)] = ()
    strength: Number = 0
    range_m: Number = 0


class Arrow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An arrow and its damage (« Feuille de Sauge » 2k2)."""

    name: Label
    damage: Label


class Spell(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A spell a shugenja knows: its element and its level (« Niveau de sort »)."""

    name: Label
    element: Ring
    level: Number


class Armour(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Armour: its bonus to the armour TN, its damage reduction, and the TN it adds to
    Agility and Reflexes skill rolls (4e « Armures »: light +5/−3/+5, heavy +10/−5/+10)."""

    name: Label
    tn_bonus: Number
    reduction: Number
    skill_penalty: Number = 0


class CharacterSheet(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A character as they join a session; XP spends later change it, event by event."""

    name: Label
    traits: Traits
    void: Number
    skills: Annotated[tuple[Skill, ...], Meta(max_length=MAX_SKILLS)] = ()
    honour: Number = 0
    """Tenths of a rank: 35 is honour 3.5 (see :mod:`domain.rulesets.roll_keep_kit.standing`)."""
    glory: Number = 0
    status: Number = 0
    taint: Number = 0
    armour: Armour | None = None
    weapons: Annotated[tuple[Weapon, ...], Meta(max_length=MAX_WEAPONS)] = ()
    arrows: Annotated[tuple[Arrow, ...], Meta(max_length=MAX_WEAPONS)] = ()
    clan: Label = ""
    school: Label = ""
    school_rank: Number = 1
    affinity: Ring | None = None
    deficiency: Ring | None = None
    spells: Annotated[tuple[Spell, ...], Meta(max_length=MAX_SPELLS)] = ()
    zeni: Annotated[int, Meta(le=10**12)] = 0
    four_legged: bool = False
    samurai: bool = True
    """Of the samurai caste (the default: most characters are); a peasant, a merchant,
    an eta is not — and « Quiconque maniant une arme ayant le mot clef “samurai” mais ne
    l'étant pas se rend coupable d'un crime passible d'une exécution immédiate »."""
    xp: Annotated[int, Meta(ge=0, le=MAX_XP)] | None = None
    """XP not yet spent as they join (None: the session's starting XP, as a new character
    has). A sheet carried from an earlier session says what it left them."""
    wounds: Annotated[int, Meta(ge=0, le=MAX_XP)] = 0
    """Wounds they join with: none, unless the GM carries them from an earlier session."""
    void_spent: Annotated[int, Meta(ge=0, le=100)] = 0
    """Void points spent and not yet regained as they join: none, unless they join the
    same day an earlier session left them short."""

    def trait(self, name: Trait) -> int:
        value: int = getattr(self.traits, name)
        return value

    def ring(self, name: Ring) -> int:
        if name == "void":
            return self.void
        first, second = RING_TRAITS[name]
        return min(self.trait(first), self.trait(second))

    @property
    def rings(self) -> dict[Ring, int]:
        return {ring: self.ring(ring) for ring in RINGS}

    def skill(self, name: str) -> Skill | None:
        wanted = name.casefold()
        for skill in self.skills:
            if skill.name.casefold() == wanted:
                return skill
        return None

    def skill_rank(self, name: str) -> int:
        skill = self.skill(name)
        return 0 if skill is None else skill.rank

    def weapon(self, name: str) -> Weapon | None:
        wanted = name.casefold()
        return next((w for w in self.weapons if w.name.casefold() == wanted), None)

    def arrow(self, name: str) -> Arrow | None:
        wanted = name.casefold()
        return next((a for a in self.arrows if a.name.casefold() == wanted), None)

    def spell(self, name: str) -> Spell | None:
        wanted = name.casefold()
        return next((s for s in self.spells if s.name.casefold() == wanted), None)


def check_sheet(sheet: CharacterSheet) -> None:
    """Refuse a sheet no table could play: empty name, ranks out of 1–10, duplicate skills."""
    where = f"character {sheet.name!r}"
    if not sheet.name.strip():
        raise MalformedInput("a character needs a name")
    for trait in TRAITS:
        value = sheet.trait(trait)
        if not 1 <= value <= MAX_RANK:
            raise MalformedInput(f"{where}: {trait} {value} is not between 1 and {MAX_RANK}")
    if not 1 <= sheet.void <= MAX_RANK:
        raise MalformedInput(f"{where}: void {sheet.void} is not between 1 and {MAX_RANK}")
    if sheet.void_spent > sheet.void:
        raise MalformedInput(
            f"{where}: void_spent {sheet.void_spent} is more than the Void ring ({sheet.void})"
        )
    seen: set[str] = set()
    for skill in sheet.skills:
        if not skill.name.strip():
            raise MalformedInput(f"{where}: a skill needs a name")
        if skill.name.casefold() in seen:
            raise MalformedInput(f"{where}: skill {skill.name!r} is listed twice")
        seen.add(skill.name.casefold())
        if not 0 <= skill.rank <= MAX_RANK:
            raise MalformedInput(
                f"{where}: skill {skill.name!r} rank {skill.rank} is not between 0 and {MAX_RANK}"
            )
    for standing in ("honour", "glory", "taint"):
        value = getattr(sheet, standing)
        if not 0 <= value <= 10 * MAX_RANK:
            raise MalformedInput(f"{where}: {standing} {value / 10} is not between 0 and 10")
    if not -10 * MAX_RANK <= sheet.status <= 10 * MAX_RANK:
        raise MalformedInput(f"{where}: status {sheet.status / 10} is not between -10 and 10")
    if (
        sheet.armour is not None
        and min(sheet.armour.tn_bonus, sheet.armour.reduction, sheet.armour.skill_penalty) < 0
    ):
        raise MalformedInput(f"{where}: armour {sheet.armour.name!r} has a negative value")
    if not 0 <= sheet.school_rank <= MAX_RANK:
        raise MalformedInput(f"{where}: school rank {sheet.school_rank} is not between 0 and 10")
    for spell in sheet.spells:
        if not 1 <= spell.level <= 6:
            raise MalformedInput(f"{where}: spell {spell.name!r} level {spell.level} is not 1–6")
    if sheet.zeni < 0:
        raise MalformedInput(f"{where}: {sheet.zeni} zeni is negative")
    for weapon in sheet.weapons:
        if weapon.damage:
            check_damage(weapon.damage, f"{where}: weapon {weapon.name!r}")
    for arrow in sheet.arrows:
        check_damage(arrow.damage, f"{where}: arrow {arrow.name!r}")


MAX_DAMAGE_DICE = 20
MAX_DAMAGE_BONUS = 100


def check_damage(damage: str, what: str) -> None:
    """A weapon's or an arrow's damage: a pool (``3k2``, ``0k1``, ``2k2+1``) of at most
    :data:`MAX_DAMAGE_DICE` dice rolled and kept and a bonus within ±100 — so that
    Strength, raises and Void added to it stay a roll the dice can throw. A sheet with
    ``999999k999999`` would join, and every damage roll of that weapon be refused."""
    try:
        pool = parse_pool(damage)
    except MalformedInput as error:
        raise MalformedInput(f"{what} damage {damage!r}: {error}") from None
    if not (
        pool.rolled <= MAX_DAMAGE_DICE
        and pool.kept <= MAX_DAMAGE_DICE
        and abs(pool.modifier) <= MAX_DAMAGE_BONUS
    ):
        raise MalformedInput(
            f"{what} damage {damage!r}: at most {MAX_DAMAGE_DICE} dice rolled and kept, "
            f"and a bonus within ±{MAX_DAMAGE_BONUS}"
        )


def parse_trait(text: str) -> Trait:
    name = text.strip().casefold()
    for trait in TRAITS:
        if trait == name:
            return trait
    raise MalformedInput(f"{text!r} is not a trait; choose from {', '.join(TRAITS)}")


def parse_ring(text: str) -> Ring:
    name = text.strip().casefold()
    for ring in RINGS:
        if ring == name:
            return ring
    raise MalformedInput(f"{text!r} is not a ring; choose from {', '.join(RINGS)}")
