"""What a 4e event follows from, for ``kiroku why`` (issue 8).

A damage roll is made for a hit: « avec un résultat de 24, il réussit à l'atteindre. Il
doit maintenant faire un Jet de Dommages » (l5r-4e-rules-summary.fr.txt, Jet d'Attaque),
the dice « pour calculer les dommages d'une attaque réussie » (Jet de Dommages). The
damage ruling's roll follows the latest hit of its attacker that still counts; its
wounds are in the same ruling as its roll. The Void point a roll spends is in the
roll's own ruling.
"""

from __future__ import annotations

from domain.events import Event
from domain.rulesets.base import Follows
from domain.rulesets.roll_keep_kit.events import DiceRolled


def follows(event: Event) -> Follows | None:
    if isinstance(event, DiceRolled) and event.purpose == "damage" and event.character:
        return Follows("AttackResolved", {"attacker": event.character, "hit": True})
    return None
