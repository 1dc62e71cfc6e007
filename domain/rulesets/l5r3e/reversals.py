"""3e reversals of fortune (« Retournements de Situation »).

« A la fin de chaque round de combat, les protagonistes qui n'ont subi AUCUNE blessure
(N.B. : les blessures auto-infligées ne comptent pas !) durant ce round peuvent lancer 1
dé (N.B. : NE RELANCEZ PAS UN EVENTUEL 10 sur ce jet !) Le résultat de ce jet peut être
(au choix) : ajouté au score d'Initiative du personnage ; soustrait au score
d'Initiative d'un adversaire contre lequel le personnage a réussit 1 jet d'attaque OU
auquel il a infligé des blessures, durant ce round. »

The die then moves the kept initiative (``roll_keep_kit.turn_order.end_of_round``).
"""

from __future__ import annotations

from collections.abc import Collection

from domain.errors import IllegalUnderRules, MalformedInput
from domain.names import key

SIDES = 10


def check_reversal(
    by: str,
    on: str,
    die: int,
    *,
    wounded_by_others: bool,
    hit_or_wounded: Collection[str],
) -> tuple[str, str, int]:
    """A reversal as :func:`end_of_round` takes it, or a refusal quoting the rule."""
    if wounded_by_others:
        raise IllegalUnderRules(
            f"{by} took wounds this round: « les protagonistes qui n'ont subi AUCUNE "
            "blessure » roll for a reversal"
        )
    if not 1 <= die <= SIDES:
        raise MalformedInput(f"a reversal is one die that does not explode: 1 to 10, not {die}")
    if key(on) != key(by) and key(on) not in {key(name) for name in hit_or_wounded}:
        raise IllegalUnderRules(
            f"{by} neither hit nor wounded {on} this round: the die comes off only such a foe"
        )
    return by, on, die
