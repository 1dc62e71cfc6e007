"""The armour TN, with every part it is made of (4e « Valeur de ND d'armure »).

« ND = Réflexes × 5 + 5 (+ bonus d'armure) (+ bonus circonstanciels) ». Then:
- Defense stance (Air): + Air ring + Defense skill; Full Attack (Fire): −10.
- Full Defense (Earth): + half the Defense/Reflexes roll, rounded up, « jusqu'au tour
  suivant »: until the defender's next turn begins, whatever stance they take when the
  next round starts (:func:`~domain.rulesets.l5r4e.state_records.until_next_turn`).
- A Void point declared at the start of the round: +10 for that round.
- Guard: the protected +10, the guard −5, « jusqu'à son prochain tour »: until the
  guard's next turn begins.
- Prone: −10 against melee. Blinded: Reflexes + 5 instead of × 5 + 5.
- Grappled (« ND réduit à 5 + bonus d'armure ») or stunned (« passe à 5 + bonus
  d'armure »): 5 + the armour, and nothing else — no stance, Full Defense, Void point
  or guard on top, and no prone.

The summary's example: Reflexes 3 → 20, heavy armour +10 → 30, Air stance with Air 3 and
Defense 4 → 37, a Void point → 47.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.rulesets.base import Follows
from domain.rulesets.l5r4e.state_records import key, until_next_turn
from domain.rulesets.roll_keep_kit.modifiers import Part

if TYPE_CHECKING:
    from domain.rulesets.l5r4e.state import FourEState
    from domain.rulesets.l5r4e.state_records import CharacterState


def armour_tn(state: FourEState, who: CharacterState, *, melee: bool = True) -> list[Part]:
    """The parts of ``who``'s armour TN; their ``total`` fields add up to it."""
    return [part for part, _ in armour_parts(state, who, melee=melee)]


def armour_parts(
    state: FourEState, who: CharacterState, *, melee: bool = True
) -> list[tuple[Part, Follows | None]]:
    """Each part of ``who``'s armour TN with the event it came from, where one did: the
    stance chosen, the Full Defense roll, the Void point spent this round, the guard
    taken, the condition applied (``kiroku why`` names them)."""
    name = who.name
    sheet = who.sheet
    reflexes = sheet.trait("reflexes")
    conditions = who.conditions
    parts: list[tuple[Part, Follows | None]]
    held = next((c for c in ("stunned", "grappled") if c in conditions), None)
    if held is not None:
        parts = [(Part(source="stunned or grappled", total=5), condition_applied(name, held))]
    elif "blinded" in conditions:
        blinded = Part(source="blinded: Reflexes + 5", total=reflexes + 5)
        parts = [(blinded, condition_applied(name, "blinded"))]
    else:
        parts = [(Part(source="Reflexes × 5 + 5", total=reflexes * 5 + 5), None)]
    if sheet.armour is not None and sheet.armour.tn_bonus:
        parts.append((Part(source=sheet.armour.name, total=sheet.armour.tn_bonus), None))
    if held is not None:
        return parts
    if who.stance == "defense":
        bonus = sheet.ring("air") + sheet.skill_rank("Defense")
        parts.append(
            (
                Part(source="Defense stance: Air + Defense", total=bonus),
                stance_chosen(name, "defense"),
            )
        )
    elif who.stance == "full_attack":
        parts.append(
            (Part(source="Full Attack stance", total=-10), stance_chosen(name, "full_attack"))
        )
    combat = state.combat
    if who.full_defense_bonus and until_next_turn(combat, who, who.full_defense_round):
        rolled = Follows("FullDefenseRolled", {"character": name}, "the Full Defense roll")
        parts.append(
            (Part(source="Full Defense roll, halved", total=who.full_defense_bonus), rolled)
        )
    if combat is not None and who.armour_void_round == combat.round and combat.round > 0:
        spent = Follows(
            "VoidPointSpent",
            {"character": name, "use": "armour"},
            "the Void point spent on armour this round",
        )
        parts.append((Part(source="Void point this round", total=10), spent))
    for other in state.characters.values():
        if (
            other.guarding is not None
            and key(other.guarding) == key(name)
            and until_next_turn(combat, other, other.guard_round)
        ):
            guard = Follows(
                "GuardTaken",
                {"character": other.name, "protected": other.guarding},
                f"{other.name}'s guard",
            )
            parts.append((Part(source=f"guarded by {other.name}", total=10), guard))
    if who.guarding is not None and until_next_turn(combat, who, who.guard_round):
        guarding = Follows(
            "GuardTaken", {"character": name, "protected": who.guarding}, f"{name}'s guard"
        )
        parts.append((Part(source=f"guarding {who.guarding}", total=-5), guarding))
    if melee and "prone" in conditions:
        parts.append(
            (Part(source="prone, against melee", total=-10), condition_applied(name, "prone"))
        )
    return parts


def stance_chosen(name: str, stance: str, why: str = "") -> Follows:
    """The choice of ``stance`` by ``name`` a part came from (``kiroku why``)."""
    named = stance.replace("_", " ").title()
    chosen = {"character": name, "stance": stance}
    return Follows("StanceChosen", chosen, why or f"the {named} stance")


def condition_applied(name: str, condition: str) -> Follows:
    """The ruling that applied ``condition`` to ``name``, which a part came from."""
    return Follows(
        "ConditionApplied",
        {"character": name, "condition": condition},
        f"the {condition} condition",
    )


def armour_tn_total(state: FourEState, who: CharacterState, *, melee: bool = True) -> int:
    return max(0, sum(part.total for part in armour_tn(state, who, melee=melee)))
