"""Wound ladders: ranks of wounds with a TN penalty each, the last one Out.

A roll & keep ruleset builds its ladder from a sheet (4e: Earth × 5 then six of Earth ×
2; 3e: seven of Earth × 2 then Earth × 5) and reads a character's rank from it."""

import msgspec


class WoundRank(msgspec.Struct, frozen=True):
    """One step of a wound ladder: holds wounds up to ``upper_bound`` (None: no limit)."""

    name: str
    french: str
    upper_bound: int | None
    penalty: int | None
    """Added to the TN of every roll; ``None`` means the character cannot act."""


def rank_on(ladder: tuple[WoundRank, ...], wounds: int) -> WoundRank:
    """The rank ``wounds`` wounds put a character at on ``ladder``."""
    for rank in ladder:
        if rank.upper_bound is None or wounds <= rank.upper_bound:
            return rank
    return ladder[-1]


PUBLISHED_LEVELS: tuple[tuple[str, str, int], ...] = (
    ("Nicked", "Égratigné", 3),
    ("Grazed", "Légèrement blessé", 5),
    ("Hurt", "Blessé", 10),
    ("Injured", "Gravement blessé", 15),
    ("Crippled", "Impotent", 20),
    ("Down", "Épuisé", 40),
)
"""The six levels between Healthy and Out, with their TN penalties, as the published
game (3e and 4e alike) names them."""


def ladder(healthy: int, band: int, out: int) -> tuple[WoundRank, ...]:
    """Healthy (Indemne) holding ``healthy`` wounds, each published level ``band`` more,
    Out (Hors de combat, no action) ``out`` more, then Dead (Mort)."""
    bound = healthy
    ranks = [WoundRank("Healthy", "Indemne", bound, 0)]
    for name, french, penalty in PUBLISHED_LEVELS:
        bound += band
        ranks.append(WoundRank(name, french, bound, penalty))
    ranks.append(WoundRank("Out", "Hors de combat", bound + out, None))
    ranks.append(WoundRank("Dead", "Mort", None, None))
    return tuple(ranks)
