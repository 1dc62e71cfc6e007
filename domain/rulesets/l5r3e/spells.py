"""3e spells in a skirmish (« Lancer un sort »).

« lancer 1 sort nécessite [Niveau du Sort] tours complets d'incantation. Pour lancer 1
sort : 1) Déterminez l'Anneau correspondant (i.e. celui de l'élément du sort). 2)
Effectuez 1 jet d'Anneau correspondant/Rang de Maîtrise. 3) Déterminez le ND du sort
(i.e. 10 + [Niveau de Maîtrise] x 5). … Il est possible de déclarer des Augmentations
(maximum [Rang de Vide]) pour réduire le temps d'incantation de 1 tour par Augmentation
(durée minimum d'incantation : 1 tour !) » — and « Dérouler 1 parchemin est 1 Action
Simple ».

The Rang de Maîtrise rolled beside the ring is the caster's rank (the package's reading
of the Rang de Réputation: the sheet's ``school_rank``); Kuni Lingus, Fire 2 and rank 1,
rolls 3k2 for Fureur d'Osano-Wo, a level 1 Fire spell, at TN 15.
"""

from __future__ import annotations

from domain.errors import IllegalUnderRules
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Spell

BASE_TN = 10
TN_PER_LEVEL = 5


def spell_expression(sheet: CharacterSheet, spell: Spell, mastery_rank: int) -> str:
    """« Anneau correspondant/Rang de Maîtrise »: the element's ring + the rank rolled,
    the ring kept."""
    ring = sheet.ring(spell.element)
    return f"{ring + mastery_rank}k{ring}"


def spell_tn(spell: Spell) -> int:
    """« 10 + [Niveau de Maîtrise] x 5 »."""
    return BASE_TN + TN_PER_LEVEL * spell.level


def casting_turns(sheet: CharacterSheet, spell: Spell, raises: int) -> int:
    """The spell's level in full turns of casting, one less per raise called (at most the
    Void ring), never under one."""
    if raises > sheet.ring("void"):
        raise IllegalUnderRules(
            f"at most {sheet.ring('void')} raises (the Void ring) shorten a casting, not {raises}"
        )
    return max(1, spell.level - raises)
