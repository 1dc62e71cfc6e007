"""The 3e skirmish's basic rolls: initiative, attack, damage, the TN to be hit, dodging.

Rules (« Règles de base », « Manoeuvres avancées »):
- « Initiative : Lors du 1er tour UNIQUEMENT, chaque protagoniste effectue un jet de
  Réflexes/Rang de Réputation » — Reflexes + rank rolled, Reflexes kept — « POUR TOUT LE
  RESTE DU COMBAT ».
- « Agilité/Compétence d'Arme, s'il s'agit de 1 Attaque au Corps à Corps, avec une arme ;
  Agilité/Jiujutsu, … à mains nues ; Réflexes/Compétence d'Arme, s'il s'agit de 1 Attaque
  à Distance. »
- « Ce ND est égal à [Rang de Réflexes] (de la cible) x 5 » — armour adds its bonus to it.
- « lance [X + Rang de Force] dés, conserve Y dés » for a weapon of VD XgY.
- « Esquive : 1 jet d'Agilité/Défense … ajoute le résultat obtenu à son ND pour être
  touché ».

X/Y is « lancez X + Y, conservez X » (the text's preliminary note), as in 4e.
"""

from __future__ import annotations

from domain.rulesets.roll_keep_kit.character import CharacterSheet, Weapon
from domain.rulesets.roll_keep_kit.deciding import weapon_damage

TN_PER_REFLEXES = 5


def reputation_rank(sheet: CharacterSheet) -> int:
    """The Rang de Réputation: the sheet's rank (a reading: see the package docstring)."""
    return sheet.school_rank


def initiative_expression(sheet: CharacterSheet) -> str:
    """« Réflexes/Rang de Réputation »: Bayushi Fumi, Reflexes 2 and rank 1, rolls 3k2."""
    reflexes = sheet.trait("reflexes")
    return f"{reflexes + reputation_rank(sheet)}k{reflexes}"


def attack_expression(sheet: CharacterSheet, skill: str, *, ranged: bool = False) -> str:
    """Agility (Reflexes at range) + the skill's rank rolled, the trait kept: Bayushi
    Fumi, Agility 3 and Kenjutsu 3, rolls 6k3. Unarmed is the skill Jiujutsu."""
    trait = sheet.trait("reflexes" if ranged else "agility")
    return f"{trait + sheet.skill_rank(skill)}k{trait}"


def tn_to_be_hit(sheet: CharacterSheet, *, dodge: int = 0) -> int:
    """« [Rang de Réflexes] x 5 », plus the armour's bonus and a Dodge roll's total:
    Mirumoto Rola, Reflexes 3, is hit at 15; Bayushi Fumi, Reflexes 2, dodging 18, at 28."""
    armour = sheet.armour.tn_bonus if sheet.armour is not None else 0
    return sheet.trait("reflexes") * TN_PER_REFLEXES + armour + dodge


def damage_expression(sheet: CharacterSheet, weapon: Weapon) -> str:
    """The weapon's XgY with Strength added to the dice rolled: a katana (3k2) in the
    hands of Strength 2 rolls 5k2 (the kit's :func:`weapon_damage`)."""
    return weapon_damage(sheet, weapon)


def dodge_expression(sheet: CharacterSheet) -> str:
    """« 1 jet d'Agilité/Défense »: Agility 3 and Defense 3 roll 6k3."""
    agility = sheet.trait("agility")
    return f"{agility + sheet.skill_rank('Defense')}k{agility}"
