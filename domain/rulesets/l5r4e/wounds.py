"""4e wound ranks and their TN penalties.

Rule (4e summary, « Points de blessures »): « une échelle de huit états : le premier
palier, Indemne, correspond à un nombre de blessures calculé par Rang de Terre x5. Les
points de blessures des paliers suivants sont calculés par Rang de Terre x2 ». The TN of
every action rises by +3 at Nicked (Égratigné), +5 at Grazed (Légèrement blessé), +10
at Hurt (Blessé), +15 at Injured (Gravement blessé), +20 at Crippled (Impotent) and +40
at Down (Épuisé); at Out (Hors de combat) the character cannot act. Out is the eighth
state and has its band of Earth × 2 like the six before it.

Beyond it the summary says nothing; Kiroku follows the published game: a character who
takes more wounds than the Out band holds is Dead (Mort) — the death a duel « à mort »
is fought to. Healing can bring Out back; nothing brings Dead back but a retraction.
"""

from __future__ import annotations

from domain.rulesets.roll_keep_kit.character import CharacterSheet
from domain.rulesets.roll_keep_kit.wounds import WoundRank, ladder


def wound_ladder(sheet: CharacterSheet) -> tuple[WoundRank, ...]:
    """Healthy of Earth × 5, the six levels and Out of Earth × 2 each, then Dead."""
    earth = sheet.ring("earth")
    return ladder(healthy=earth * 5, band=earth * 2, out=earth * 2)
