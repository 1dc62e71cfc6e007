"""3e raises in a skirmish (« Augmentations », « Augmentations Gratuites »).

Rules:
- « il n'est pas possible de déclarer plus d'Augmentations que son Rang de Vide OU de
  Compétence, le plus élevé des 2 ; chaque Augmentation déclarée accroît le ND de
  l'action de +5 ».
- What raises buy on an attack: « Attaque supplémentaire » (two attack rolls against the
  same foe, 4 raises each, both must hit or both miss); « Coup ciblé » (the GM's call);
  « Désarmement » (3 raises, then an opposed roll); « Dommages supplémentaires » (1 raise
  +1k0 to the weapon's damage, 2 raises +1k1 — and so on, as the three ronin example
  reads it: Bayushi Fumi's five raises, two free and three called, add 3k2 to his katana's
  damage, so each pair of raises is +1k1 and an odd one +1k0); « Feinte » (1 raise, no
  damage, a free
  raise on the next attack against the same foe before one's next turn); « Garde » (+5 to
  a protected ally's TN against the target per raise); « Renversement » (3 raises, the
  attack against (Earth + Rang de Réputation) × 5 of the target).
- « Les Augmentations Gratuites ne modifient pas le ND … le personnage peut … les utiliser
  pour accroître le résultat de ses jets. Chaque Augmentation Gratuite ainsi utilisée
  ajoute +5 au résultat du jet. »
"""

from __future__ import annotations

from typing import Literal

from domain.dice.roll_keep.roll import RAISE_STEP
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.roll_keep_kit.character import CharacterSheet
from domain.rulesets.roll_keep_kit.modifiers import Part

Manoeuvre = Literal[
    "extra_attack", "called_shot", "disarm", "extra_damage", "feint", "guard", "knockdown"
]
MANOEUVRES: tuple[Manoeuvre, ...] = (
    "extra_attack",
    "called_shot",
    "disarm",
    "extra_damage",
    "feint",
    "guard",
    "knockdown",
)
FIXED_COST: dict[Manoeuvre, int] = {"extra_attack": 4, "disarm": 3, "feint": 1, "knockdown": 3}
"""The raises a manoeuvre needs, where the text fixes them (the others take what is
called: extra damage 1 or 2, guard any, a called shot what the GM says)."""
FRENCH: dict[Manoeuvre, str] = {
    "extra_attack": "Attaque supplémentaire",
    "called_shot": "Coup ciblé",
    "disarm": "Désarmement",
    "extra_damage": "Dommages supplémentaires",
    "feint": "Feinte",
    "guard": "Garde",
    "knockdown": "Renversement",
}


def most_raises(sheet: CharacterSheet, skill: str | None) -> int:
    """The most raises a roll may call: the higher of the Void ring and the skill's rank."""
    return max(sheet.ring("void"), sheet.skill_rank(skill) if skill else 0)


def called_raises(
    sheet: CharacterSheet, skill: str | None, manoeuvre: Manoeuvre | None, raises: int
) -> list[Part]:
    """The TN parts of ``raises`` called for ``manoeuvre`` (+5 each), refused past the
    limit or short of what the manoeuvre needs."""
    if raises < 0:
        raise MalformedInput(f"{raises} raises: a number of raises is not negative")
    limit = most_raises(sheet, skill)
    if raises > limit:
        raise IllegalUnderRules(
            f"{sheet.name} may call at most {limit} raises (the higher of Void and "
            f"{skill or 'the skill'}), not {raises}"
        )
    if manoeuvre is not None:
        need = FIXED_COST.get(manoeuvre)
        if need is not None and raises != need:
            plural = "s" if need > 1 else ""
            raise IllegalUnderRules(
                f"« {FRENCH[manoeuvre]} » takes {need} raise{plural}, not {raises}"
            )
    if not raises:
        return []
    plural = "s" if raises > 1 else ""
    source = f"{raises} raise{plural}" + (f" ({FRENCH[manoeuvre]})" if manoeuvre else "")
    return [Part(source=source, tn=RAISE_STEP * raises)]


def extra_damage(raises: int) -> Part:
    """« 1 Augmentation accroît la VD de l'arme utilisée de +1g0. 2 … de +1g1. » Past
    two, as the three ronin example counts them (five raises: +3k2), a pair is +1k1 and
    an odd one +1k0: raises called and free raises spent on damage alike."""
    if raises < 1:
        raise IllegalUnderRules("« Dommages supplémentaires » takes at least 1 raise")
    return Part(source="Dommages supplémentaires", rolled=(raises + 1) // 2, kept=raises // 2)


def free_raises_on_total(count: int, source: str) -> Part:
    """Free raises spent on the roll itself: +5 to its total each, the TN unchanged (the
    Assault's two: « Il ajoute donc +10 au résultat de son jet d'attaque ! »)."""
    return Part(source=source, total=RAISE_STEP * count)


def knockdown_tn(target: CharacterSheet, reputation_rank: int) -> int:
    """« Comparez le jet d'attaque du personnage au [Rang de Terre + Rang de Réputation]
    (de la cible) x 5 »."""
    return (target.ring("earth") + reputation_rank) * 5
