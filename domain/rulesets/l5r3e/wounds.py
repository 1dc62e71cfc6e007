"""3e wound levels and their TN penalties.

Rule (« Blessures »): « Chaque personnage possède 8 niveaux de blessures. Chacun des 7
premiers niveaux contient [Rang de Terre] x 2 points de blessures. Le 8ème en contient
[Rang de Terre] x 5. … Lorsque les dommages subis excède le capital du niveau courant,
on passe au suivant. Chaque niveau de blessures atteint entraîne un malus au ND … Ces
malus ne sont pas cumulatifs ! Appliquez uniquement le plus sévère. »

The text names two levels and their penalties — Blessé +10 (the fourth: Mirumoto Rola,
Earth 2, 13 wounds) and Gravement Blessé +15 — and the rest follow the published game:
Indemne, Égratigné +3, Légèrement blessé +5, Blessé +10, Gravement blessé +15,
Impotent +20, Épuisé +40, then the eighth, Hors de combat, where the character cannot
act. The eighth full is death: the three ronin example's 38 wounds on an Earth 2 ronin
(7 × 4 + 10 = 38, the eighth level filled, not exceeded) is « tuant net son adversaire »,
so Hors de combat holds one wound less than Earth × 5 and Mort begins at the full ladder.
"""

from __future__ import annotations

from domain.rulesets.roll_keep_kit.character import CharacterSheet
from domain.rulesets.roll_keep_kit.wounds import WoundRank, ladder


def wound_ladder(sheet: CharacterSheet) -> tuple[WoundRank, ...]:
    """The 3e ladder for ``sheet``: the first seven levels (Healthy and the six the
    published game names) of Earth × 2 each, Out until the eighth's Earth × 5 is full,
    then Dead."""
    earth = sheet.ring("earth")
    return ladder(healthy=earth * 2, band=earth * 2, out=earth * 5 - 1)
