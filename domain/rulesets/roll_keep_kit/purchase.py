"""What XP buys (4e « Expérience »): a trait, the Void ring, a skill rank or an emphasis."""

from dataclasses import dataclass
from typing import Literal

import msgspec

from domain.rulesets.roll_keep_kit.character import CharacterSheet, Skill

PurchaseKind = Literal["trait", "void", "skill", "emphasis"]
PURCHASE_KINDS: tuple[PurchaseKind, ...] = ("trait", "void", "skill", "emphasis")


class Purchase(msgspec.Struct, frozen=True):
    kind: PurchaseKind
    name: str = ""
    emphasis: str = ""


@dataclass(frozen=True)
class PurchasePrice:
    """What a purchase costs, the rank it reaches, and the sheet after it."""

    cost: int
    new_rank: int
    sheet: CharacterSheet


def bought(
    sheet: CharacterSheet, kind: PurchaseKind, name: str, emphasis: str, new_rank: int
) -> CharacterSheet | None:
    """The sheet after a recorded purchase, from what the purchase recorded (the rank it
    reached), never from a price: a later change to the prices cannot rewrite a past
    sheet. ``None`` when the sheet cannot follow — the purchase stood on an earlier one
    that was retracted (a trait, Void or skill not one rank below, an emphasis on a skill
    the character no longer has) — and the GM must retract this one too."""
    if kind == "trait":
        trait = name.casefold()
        if getattr(sheet.traits, trait, None) != new_rank - 1:
            return None
        traits = msgspec.structs.replace(sheet.traits, **{trait: new_rank})
        return msgspec.structs.replace(sheet, traits=traits)
    if kind == "void":
        return msgspec.structs.replace(sheet, void=new_rank) if sheet.void == new_rank - 1 else None
    existing = sheet.skill(name)
    if kind == "skill":
        if existing is None:
            if new_rank != 1:
                return None
            return msgspec.structs.replace(sheet, skills=(*sheet.skills, Skill(name, 1)))
        if existing.rank != new_rank - 1:
            return None
        skills = tuple(
            msgspec.structs.replace(s, rank=new_rank) if s is existing else s for s in sheet.skills
        )
        return msgspec.structs.replace(sheet, skills=skills)
    if existing is None or emphasis.casefold() in (e.casefold() for e in existing.emphases):
        return None
    updated = msgspec.structs.replace(existing, emphases=(*existing.emphases, emphasis))
    return msgspec.structs.replace(
        sheet, skills=tuple(updated if s is existing else s for s in sheet.skills)
    )
