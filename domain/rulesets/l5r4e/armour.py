"""The armour TN, with every part it is made of (4e « Valeur de ND d'armure »).

« ND = Réflexes × 5 + 5 (+ bonus d'armure) (+ bonus circonstanciels) ». Then:
- Defense stance (Air): + Air ring + Defense skill; Full Defense (Earth): + half the
  Defense/Reflexes roll, rounded up; Full Attack (Fire): −10.
- A Void point declared at the start of the round: +10 for that round.
- Guard: the protected +10, the guard −5, until the guard's next turn.
- Prone: −10 against melee. Blinded: Reflexes + 5 instead of × 5 + 5. Grappled or
  stunned: 5 (+ armour).

The summary's example: Reflexes 3 → 20, heavy armour +10 → 30, Air stance with Air 3 and
Defense 4 → 37, a Void point → 47.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.rulesets.l5r4e.records import key
from domain.rulesets.roll_keep_kit.modifiers import Part

if TYPE_CHECKING:
    from domain.rulesets.l5r4e.fold import FourEState
    from domain.rulesets.l5r4e.records import CharacterState


def armour_tn(state: FourEState, who: CharacterState, *, melee: bool = True) -> list[Part]:
    """The parts of ``who``'s armour TN; their ``total`` fields add up to it."""
    sheet = who.sheet
    reflexes = sheet.trait("reflexes")
    conditions = who.conditions
    if "stunned" in conditions or "grappled" in conditions:
        parts = [Part(source="stunned or grappled", total=5)]
    elif "blinded" in conditions:
        parts = [Part(source="blinded: Reflexes + 5", total=reflexes + 5)]
    else:
        parts = [Part(source="Reflexes × 5 + 5", total=reflexes * 5 + 5)]
    if sheet.armour is not None and sheet.armour.tn_bonus:
        parts.append(Part(source=sheet.armour.name, total=sheet.armour.tn_bonus))
    if who.stance == "defense":
        bonus = sheet.ring("air") + sheet.skill_rank("Defense")
        parts.append(Part(source="Defense stance: Air + Defense", total=bonus))
    elif who.stance == "full_defense" and who.full_defense_bonus:
        parts.append(Part(source="Full Defense roll, halved", total=who.full_defense_bonus))
    elif who.stance == "full_attack":
        parts.append(Part(source="Full Attack stance", total=-10))
    combat = state.combat
    if combat is not None and who.armour_void_round == combat.round and combat.round > 0:
        parts.append(Part(source="Void point this round", total=10))
    for other in state.characters.values():
        if other.guarding is not None and key(other.guarding) == key(who.name):
            parts.append(Part(source=f"guarded by {other.name}", total=10))
    if who.guarding is not None:
        parts.append(Part(source=f"guarding {who.guarding}", total=-5))
    if melee and "prone" in conditions:
        parts.append(Part(source="prone, against melee", total=-10))
    return parts


def armour_tn_total(state: FourEState, who: CharacterState, *, melee: bool = True) -> int:
    return max(0, sum(part.total for part in armour_tn(state, who, melee=melee)))
