"""The 3e skirmish's modifiers to an attack's TN and to initiative (« Modificateurs »).

Each circumstance is a kit :class:`Part` with its source, so an attack records why its TN
is what it is:

- « Cible à terre : Attaques au corps à corps : -10 au ND. Attaques à distance : +10 ».
- « Attaque de flanc : -2 au ND des attaques de corps à corps lorsque l'adversaire est
  pris en tenaille. »
- « Manier 2 armes : +5 au ND de TOUS les jets d'attaques. »
- « Obscurité : Eclairage limité : corps à corps +5, distance +10. Noir total : corps à
  corps +20, distance IMPOSSIBLES ! »
- « Position basse : +2 au ND » ; « Position surélevée : -2 au ND ».
- « Terrain accidenté : +5 à +15 suivant la situation » (the GM says how much).
- « Utilisation de la main non directrice : +5 au ND des jets d'attaques. »
- « Surpris : -20 à l'Initiative ! » for the round of the surprise only.

Hurt and the rest: the attacker's own worst wound penalty adds to the TN of what they do
(« Blessures »), as Mirumoto Rola's +10 in the text's Assault example.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.roll_keep_kit.modifiers import Part

Circumstance = Literal[
    "prone_target",
    "flanking",
    "two_weapons",
    "dim_light",
    "darkness",
    "low_ground",
    "high_ground",
    "rough_terrain",
    "off_hand",
]
CIRCUMSTANCES: tuple[Circumstance, ...] = (
    "prone_target",
    "flanking",
    "two_weapons",
    "dim_light",
    "darkness",
    "low_ground",
    "high_ground",
    "rough_terrain",
    "off_hand",
)

_MELEE_AND_RANGED: dict[Circumstance, tuple[str, int | None, int | None]] = {
    "prone_target": ("Cible à terre", -10, 10),
    "flanking": ("Attaque de flanc", -2, None),
    "two_weapons": ("Manier 2 armes", 5, 5),
    "dim_light": ("Eclairage limité", 5, 10),
    "darkness": ("Noir total", 20, None),
    "low_ground": ("Position basse", 2, 2),
    "high_ground": ("Position surélevée", -2, -2),
    "off_hand": ("Main non directrice", 5, 5),
}
"""Each circumstance: its source, then its TN change in melee and at range (None: it does
not apply there — flanking is a melee matter; a ranged attack in total darkness is
impossible, which :func:`attack_parts` refuses)."""

ROUGH_TERRAIN = (5, 15)
SURPRISE = -20


def attack_parts(
    circumstances: Iterable[Circumstance],
    *,
    ranged: bool,
    rough_terrain: int = 0,
    wound_penalty: int = 0,
) -> list[Part]:
    """The parts of an attack's TN: each circumstance as the table prices it for a melee
    or a ranged attack, the GM's rough-terrain figure (5 to 15), and the attacker's
    wound penalty."""
    parts = []
    seen = set()
    for circumstance in circumstances:
        if circumstance in seen:
            raise MalformedInput(f"circumstance {circumstance!r} is given twice")
        seen.add(circumstance)
        if circumstance == "rough_terrain":
            continue
        source, melee, at_range = _MELEE_AND_RANGED[circumstance]
        if ranged and circumstance == "darkness":
            raise IllegalUnderRules("« Noir total : Attaques à distance : IMPOSSIBLES ! »")
        change = at_range if ranged else melee
        if change is not None:
            parts.append(Part(source=source, tn=change))
    if "rough_terrain" in seen or rough_terrain:
        low, high = ROUGH_TERRAIN
        if not low <= rough_terrain <= high:
            raise MalformedInput(
                f"rough terrain {rough_terrain}: « +5 à +15 suivant la situation »"
            )
        parts.append(Part(source="Terrain accidenté", tn=rough_terrain))
    if wound_penalty:
        parts.append(Part(source="Blessures", tn=wound_penalty))
    return parts


def surprised(initiative: int) -> int:
    """« Surpris : -20 à l'Initiative ! » for the round of the surprise: Bayushi Fumi's 22
    is 2 and Mirumoto Rola's 20 is 0 that round, and their own again after it."""
    return initiative + SURPRISE
