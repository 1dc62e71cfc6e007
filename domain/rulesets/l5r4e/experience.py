"""4e insight and XP costs.

Rules (4e summary, « Expérience »):
- Characters start with 40 XP.
- A trait costs its next rank × 4 (Agility 3 → 4 is 16 XP); raising a trait can raise
  its ring, since a ring is the lower of its two traits.
- The Void ring costs its next rank × 6.
- A skill rank costs the new rank (rank 1 costs 1, rank 2 two more, …).
- An emphasis costs 2 XP (« Spécialisations »: one at skill rank 1, two at 3, three at
  5, four at 7, five at 9).
- Insight (« Rang de Réputation ») = rings × 10 + skill ranks; rank 2 from 150, 3 from
  175, 4 from 200, 5 from 225, and on by 25.
"""

from __future__ import annotations

import msgspec

from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.roll_keep_kit.character import MAX_RANK, CharacterSheet, Skill, parse_trait
from domain.rulesets.roll_keep_kit.purchase import Purchase, PurchasePrice

STARTING_XP = 40
INSIGHT_RANK_2 = 150
INSIGHT_STEP = 25


def insight(sheet: CharacterSheet) -> int:
    return 10 * sum(sheet.rings.values()) + sum(skill.rank for skill in sheet.skills)


def insight_rank(sheet: CharacterSheet) -> int:
    points = insight(sheet)
    if points < INSIGHT_RANK_2:
        return 1
    return 2 + (points - INSIGHT_RANK_2) // INSIGHT_STEP


def emphases_allowed(skill_rank: int) -> int:
    """One emphasis at rank 1, two at 3, three at 5, four at 7, five at 9."""
    return 0 if skill_rank < 1 else (skill_rank + 1) // 2


def price(sheet: CharacterSheet, purchase: Purchase) -> PurchasePrice:
    """The XP cost of ``purchase`` and the sheet after it."""
    who = sheet.name
    if purchase.kind == "trait":
        trait = parse_trait(purchase.name)
        new_rank = sheet.trait(trait) + 1
        if new_rank > MAX_RANK:
            raise IllegalUnderRules(f"{who}'s {trait} is already {MAX_RANK}")
        traits = msgspec.structs.replace(sheet.traits, **{trait: new_rank})
        return PurchasePrice(new_rank * 4, new_rank, msgspec.structs.replace(sheet, traits=traits))
    if purchase.kind == "void":
        new_rank = sheet.void + 1
        if new_rank > MAX_RANK:
            raise IllegalUnderRules(f"{who}'s Void is already {MAX_RANK}")
        return PurchasePrice(new_rank * 6, new_rank, msgspec.structs.replace(sheet, void=new_rank))
    if not purchase.name.strip():
        raise MalformedInput(f"a {purchase.kind} purchase needs a skill name")
    existing = sheet.skill(purchase.name)
    if purchase.kind == "skill":
        new_rank = (existing.rank if existing else 0) + 1
        if new_rank > MAX_RANK:
            raise IllegalUnderRules(f"{who}'s {existing.name if existing else ''} is already 10")
        if existing is None:
            skills = (*sheet.skills, Skill(purchase.name.strip(), 1))
        else:
            skills = tuple(
                msgspec.structs.replace(s, rank=new_rank) if s is existing else s
                for s in sheet.skills
            )
        return PurchasePrice(new_rank, new_rank, msgspec.structs.replace(sheet, skills=skills))
    # emphasis
    if existing is None or existing.rank < 1:
        raise IllegalUnderRules(f"{who} has no rank in {purchase.name!r} to take an emphasis in")
    emphasis = purchase.emphasis.strip()
    if not emphasis:
        raise MalformedInput(f"an emphasis in {existing.name!r} needs a name")
    if emphasis.casefold() in (e.casefold() for e in existing.emphases):
        raise IllegalUnderRules(f"{who} already has the emphasis {existing.name} ({emphasis})")
    allowed = emphases_allowed(existing.rank)
    if len(existing.emphases) >= allowed:
        raise IllegalUnderRules(
            f"{who} has {len(existing.emphases)} emphases in {existing.name} at rank "
            f"{existing.rank}; a new one needs rank {2 * allowed + 1}"
        )
    updated = msgspec.structs.replace(existing, emphases=(*existing.emphases, emphasis))
    skills = tuple(updated if s is existing else s for s in sheet.skills)
    return PurchasePrice(2, existing.rank, msgspec.structs.replace(sheet, skills=skills))
