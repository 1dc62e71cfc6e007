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
from domain.rulesets.roll_keep_kit.wounds import WoundRank

_STEPS: tuple[tuple[str, str, int | None], ...] = (
    ("Nicked", "Égratigné", 3),
    ("Grazed", "Légèrement blessé", 5),
    ("Hurt", "Blessé", 10),
    ("Injured", "Gravement blessé", 15),
    ("Crippled", "Impotent", 20),
    ("Down", "Épuisé", 40),
)


def wound_ladder(sheet: CharacterSheet) -> tuple[WoundRank, ...]:
    earth = sheet.ring("earth")
    bound = earth * 5
    ladder = [WoundRank("Healthy", "Indemne", bound, 0)]
    for name, french, penalty in _STEPS:
        bound += earth * 2
        ladder.append(WoundRank(name, french, bound, penalty))
    ladder.append(WoundRank("Out", "Hors de combat", bound + earth * 2, None))
    ladder.append(WoundRank("Dead", "Mort", None, None))
    return tuple(ladder)
