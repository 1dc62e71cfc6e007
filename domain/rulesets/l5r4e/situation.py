"""The situational parts the 4e rules add to a character's roll.

Sources, all from the 4e summary:
- « Points de blessures »: the wound rank's penalty to the TN of every action.
- « Armures »: light armour +5, heavy +10 to the TN of skill rolls on Agility or Reflexes
  (the armour's ``skill_penalty``; the summary applies it to every such skill roll,
  attacks included, and so does Kiroku unless ``armour_penalty_on_attacks=false``).
- « Postures »: Full Attack +2k1 to attack; Center: the next round, +1k1 and the Void
  ring to one roll (the character chooses which: ``--center``).
- « Effets conditionnels »: fasting and fatigue add to skill, trait and spell TNs; dazed
  −3k0 and fear −XkX to every action; prone −2k0 to attacks with small and medium
  weapons; blinded −3k3 ranged, −1k1 melee; mounted or high ground +1k0 to attacks.
  (Shooting into or from melee depends on the target too: see the attack command.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.rulesets.base import Follows
from domain.rulesets.l5r4e.armour import condition_applied, stance_chosen
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.rolls import RollContext

if TYPE_CHECKING:
    from domain.rulesets.l5r4e.state import FourEState
    from domain.rulesets.l5r4e.state_records import CharacterState

CENTER = "Center stance, last round"
FULL_ATTACK = "Full Attack stance"
CONDITION_PARTS = {
    "dazed": "dazed",
    "fear rank": "afraid",
    "fasting, day": "fasting",
    "fatigued, day": "fatigued",
    "blinded, ranged": "blinded",
    "blinded, melee": "blinded",
    "prone": "prone",
}
"""The situational parts a condition gives, by the start of their source, and the
condition (« Effets conditionnels »)."""

SKILL_ROLLS = ("skill", "trait", "spell", "attack", "opposed", "defense", "healing")
ACTIONS = ("skill", "trait", "ring", "spell", "attack", "opposed", "defense", "healing", "other")


def situation(state: FourEState, who: CharacterState, context: RollContext) -> list[Part]:
    parts: list[Part] = []
    purpose = context.purpose
    ruleset = state.ruleset
    assert ruleset is not None
    if purpose != "damage":
        parts += wound_penalty(state, who)
    armour = who.sheet.armour
    on_attacks = ruleset.options.get("armour_penalty_on_attacks", "true") == "true"
    if (
        armour is not None
        and armour.skill_penalty
        and purpose in SKILL_ROLLS
        and context.trait in ("agility", "reflexes")
        and (on_attacks or purpose != "attack")
    ):
        parts.append(Part(source=f"{armour.name} on {context.trait}", tn=armour.skill_penalty))
    conditions = who.conditions
    if purpose in SKILL_ROLLS:
        fasting = conditions.get("fasting")
        if fasting is not None and fasting.level >= 2:
            parts.append(Part(source=f"fasting, day {fasting.level}", tn=5 * (fasting.level - 1)))
        fatigue = conditions.get("fatigued")
        if fatigue is not None:
            parts.append(
                Part(source=f"fatigued, day {fatigue.level}", tn=5 * max(1, fatigue.level))
            )
    if purpose in ACTIONS:
        if "dazed" in conditions:
            parts.append(Part(source="dazed", rolled=-3))
        afraid = conditions.get("afraid")
        if afraid is not None and afraid.level:
            parts.append(
                Part(source=f"fear rank {afraid.level}", rolled=-afraid.level, kept=-afraid.level)
            )
    if purpose == "attack":
        parts.extend(_attack_parts(who, context))
    if context.use_center:
        parts.append(Part(source=CENTER, rolled=1, kept=1, total=who.sheet.void))
    return parts


def wound_penalty(state: FourEState, who: CharacterState) -> list[Part]:
    """« Le ND de ses actions est de +3 à Égratigné, +5 à Légèrement Blessé, +10 à Blessé,
    +15 à Gravement Blessé, +20 à Impotent et +40 à Épuisé » (Points de blessures)."""
    ruleset = state.ruleset
    assert ruleset is not None
    rank = ruleset.wound_rank(who.sheet, who.wounds)
    if not rank.penalty:
        return []
    return [Part(source=f"wound penalty ({rank.name})", tn=rank.penalty)]


def _attack_parts(who: CharacterState, context: RollContext) -> list[Part]:
    parts: list[Part] = []
    conditions = who.conditions
    if who.stance == "full_attack":
        parts.append(Part(source=FULL_ATTACK, rolled=2, kept=1))
    if "mounted" in conditions or "high_ground" in conditions:
        parts.append(Part(source="mounted or high ground", rolled=1))
    if "blinded" in conditions:
        if context.ranged:
            parts.append(Part(source="blinded, ranged", rolled=-3, kept=-3))
        else:
            parts.append(Part(source="blinded, melee", rolled=-1, kept=-1))
    weapon = context.weapon
    if "prone" in conditions and weapon is not None and weapon.size in ("small", "medium"):
        parts.append(Part(source="prone", rolled=-2))
    return parts


def part_origin(part: Part, who: CharacterState) -> Follows | None:
    """The event a recorded situational part of ``who``'s roll came from, where one did:
    the stance chosen (Full Attack this round, Center the round before) or the condition
    applied. A wound penalty comes from every wound taken, so it names none."""
    name, source = who.name, part.source
    if source == CENTER:
        return stance_chosen(name, "center", "last round's Center stance")
    if source == FULL_ATTACK:
        return stance_chosen(name, "full_attack")
    if source == "mounted or high ground":
        condition = "mounted" if "mounted" in who.conditions else "high_ground"
    else:
        condition = next(
            (held for start, held in CONDITION_PARTS.items() if source.startswith(start)), ""
        )
    return condition_applied(name, condition) if condition else None
