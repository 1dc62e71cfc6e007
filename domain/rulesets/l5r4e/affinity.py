"""A shugenja's school rank with each element (4e « Affinités et déficiences »).

« L'affinité avec un élément se traduit par le fait qu'on considère que le shugenja a un
Rang d'École de +1 avec les sorts concernant cet élément. La déficience fonctionne
inversement, avec un malus de -1 en Rang d'École pour l'élément opposé » — the opposite
elements being Water and Fire, Air and Earth. The same rank bounds the spells chosen:
« pourra dès la création de personnage choisir des sorts de niveau 2, correspondant donc
au rang d'école que son affinité lui procure avec cet élément ».
"""

from __future__ import annotations

from domain.rulesets.roll_keep_kit.character import CharacterSheet, Ring, Spell

OPPOSITES: dict[Ring, Ring] = {"water": "fire", "fire": "water", "air": "earth", "earth": "air"}


def effective_rank(sheet: CharacterSheet, element: Ring) -> int:
    """The school rank with ``element``: +1 with the affinity, −1 with the deficiency."""
    rank = sheet.school_rank
    if sheet.affinity == element:
        rank += 1
    if sheet.deficiency == element:
        rank -= 1
    return max(0, rank)


def out_of_reach(sheet: CharacterSheet) -> list[Spell]:
    """The sheet's spells above the school rank with their element."""
    return [s for s in sheet.spells if s.level > effective_rank(sheet, s.element)]
