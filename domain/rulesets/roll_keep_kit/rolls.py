"""Which dice a character throws for a skill, a trait or a ring.

Rules (4e summary):
- « Règle de base du jet de dés »: X = trait (or ring) + skill, Y = trait (or ring).
- « Jet de compétence non-maîtrisée »: without the skill (rank 0) the roll is the trait
  alone, unskilled (10s do not explode, no raises).
- « Spécialisations »: an emphasis rerolls 1s only on a skill the character has an
  emphasis in.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Weapon, parse_ring, parse_trait
from domain.rulesets.roll_keep_kit.events import RollPurpose


@dataclass(frozen=True)
class RollContext:
    """What a ruleset needs to know about a roll to add its situational parts."""

    purpose: RollPurpose
    trait: str | None = None
    weapon: Weapon | None = None
    ranged: bool = False
    use_center: bool = False


@dataclass(frozen=True)
class RollSpec:
    expression: str
    unskilled: bool
    purpose: RollPurpose
    label: str
    trait: str | None = None


def roll_spec(
    sheet: CharacterSheet,
    *,
    skill: str | None = None,
    trait: str | None = None,
    ring: str | None = None,
    emphasis: bool = False,
) -> RollSpec:
    """The roll for a skill + trait, a trait alone, a ring alone, or a skill + ring
    (« Méditation + Vide », « Cérémonie du Thé + Vide »)."""
    if ring is not None and trait is not None:
        raise MalformedInput("a roll uses a ring or a trait, not both")
    trait_name: str | None = None
    kind: RollPurpose
    if ring is not None:
        ring_name = parse_ring(ring)
        kind, name, value = "ring", str(ring_name), sheet.ring(ring_name)
    elif trait is not None:
        trait_value = parse_trait(trait)
        kind, name, value = "trait", str(trait_value), sheet.trait(trait_value)
        trait_name = name
    else:
        raise MalformedInput("name the trait the roll uses (--trait), or a ring (--ring)")
    if skill is None:
        if emphasis:
            raise IllegalUnderRules(f"an emphasis applies to a skill roll, not a {kind} roll")
        return RollSpec(f"{value}k{value}", False, kind, name.capitalize(), trait_name)
    owned = sheet.skill(skill)
    rank = 0 if owned is None else owned.rank
    label = f"{owned.name if owned else skill.strip()}/{name.capitalize()}"
    if emphasis and (owned is None or not owned.emphases):
        raise IllegalUnderRules(f"{sheet.name} has no emphasis in {skill!r}")
    return RollSpec(f"{value + rank}k{value}", rank == 0, "skill", label, trait_name)
