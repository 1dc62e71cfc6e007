"""A character's skill, trait or ring roll, built from the sheet (4e « Règle de base »).

Trait (or ring) + skill rolled, trait kept; rank 0 is unskilled. A Void point may lift a
skill from 0 to 1 for the roll (« Augmenter temporairement son niveau dans une compétence
de 0 à 1 »), or add +1k1 — one point a roll, and one a round in combat. An emphasis
applies only to a skill the character has one in.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from datetime import datetime

import msgspec

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.roll import RollOptions
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e.events import Event, RollPurpose
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import CharacterSheet
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.rolls import roll_spec

Dice = DiceSource | Sequence[Die]


def require_skill(sheet: CharacterSheet, skill: str, unskilled_flag: str) -> None:
    """A skill the character lacks is rolled only when asked for (``unskilled_flag``:
    the option that says so): a typo would otherwise roll unskilled, silently. The
    closest skill on the sheet is suggested."""
    if sheet.skill(skill) is not None:
        return
    names = [s.name for s in sheet.skills]
    close = difflib.get_close_matches(skill, names, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else "."
    raise IllegalUnderRules(
        f"{sheet.name} has no skill {skill!r}{hint} To roll it unskilled, say {unskilled_flag}"
    )


def skill_roll(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    dice: Dice,
    options: RollOptions,
    skill: str | None = None,
    trait: str | None = None,
    ring: str | None = None,
    void_skill: bool = False,
    purpose: RollPurpose | None = None,
    label: str | None = None,
    use_center: bool = False,
    hidden: bool = False,
    reason: str | None = None,
    extra_parts: Sequence[Part] = (),
    void_free_action: bool = False,
) -> list[Event]:
    who = session.acting_for(actor, character)
    spec = roll_spec(who.sheet, skill=skill, trait=trait, ring=ring, emphasis=options.emphasis)
    parts = list(extra_parts)
    events: list[Event] = []
    unskilled = spec.unskilled or options.unskilled
    if void_skill:
        if skill is None or who.sheet.skill_rank(skill) > 0:
            raise IllegalUnderRules(
                f"a Void point lifts a skill from 0 to 1: {who.name} has {skill!r} at "
                f"{who.sheet.skill_rank(skill or '')}"
            )
        if options.void:
            raise MalformedInput("one Void point a roll: either +1k1 or skill 0 → 1")
        events += session.void_events(actor, at, who, f"{skill} 0 → 1 for the roll", "skill")
        parts.append(Part(source="Void point: skill 0 → 1", rolled=1))
        unskilled = False
    events += session.roll(
        actor=actor,
        at=at,
        expression=spec.expression,
        options=msgspec.structs.replace(options, unskilled=unskilled),
        dice=dice,
        character=who.name,
        purpose=purpose or spec.purpose,
        label=label or spec.label,
        hidden=hidden,
        reason=reason,
        parts=parts,
        trait=spec.trait,
        use_center=use_center,
        void_free_action=void_free_action,
    )
    return events
