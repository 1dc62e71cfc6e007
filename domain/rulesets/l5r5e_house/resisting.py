"""The ring of a critical's Fitness test (« Coups critiques »): « en utilisant l'anneau de
son choix au cours d'une scène narrative, ou bien l'anneau lié à sa posture dans une
scène de confrontation ».

In a confrontation's round, for a character in it, the stance's ring; else the ring
named (``kiroku resist --ring``). Where none is named and no stance binds it (a narrative
scene, or one hit in a confrontation they never entered — the Incapacitated cannot roll
its initiative, an action's check), the character's choice is read as the best one for
them, stated in the check's purpose: their highest ring, ties in the order Earth, Water,
Fire, Air, Void (Earth first, the ring the published game ties to resilience).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.names import key
from domain.rulesets.l5r5e_house.sheet import Ring
from domain.rulesets.l5r5e_house.state import FifthState, Fighter

if TYPE_CHECKING:
    from domain.rulesets.l5r5e_house.play import Play

TIES: tuple[Ring, ...] = ("earth", "water", "fire", "air", "void")


def bound_to_stance(state: FifthState, who: Fighter) -> bool:
    """Whether ``who``'s checks roll their stance's ring (« l'anneau lié à sa posture »)."""
    conf = state.confrontation
    return bool(
        conf is not None
        and conf.round
        and who.stance is not None
        and key(who.name) in conf.initiative
    )


def highest_ring(who: Fighter) -> Ring:
    """The character's highest ring, ties in :data:`TIES`' order."""
    return max(TIES, key=lambda ring: (who.sheet.rings.of(ring), -TIES.index(ring)))


def fitness_ring(play: Play, who: Fighter, given: Ring | None) -> tuple[Ring, str]:
    """The Fitness test's ring, and what the check's purpose adds when it was not named."""
    if given is not None or bound_to_stance(play.state, who):
        return play.ring_for(who, given), ""
    ring = highest_ring(who)
    return ring, f": {ring}, the highest ring, none named (« l'anneau de son choix »)"
