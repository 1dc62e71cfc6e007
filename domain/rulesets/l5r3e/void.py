"""3e Void points in a skirmish (« Points de Vide »).

« Seul les Humains peuvent dépenser leurs points de Vide ! » Each use, its price and what
it buys:

- on a roll, « 1 SEUL point de Vide par jet », one of +1k1, +1 free raise, or +1 skill
  rank (« ne confère EN AUCUN CAS de Capacité de Maîtrise ») — never on damage;
- « Augmentation du ND »: 1 point, +10 to the TN to be hit until one's next turn;
- « Célérité »: 2 points before the initiative roll, +1k1 on it (Mirumoto Rola's 5k4);
- « Coup ultime »: at Down or Out, 3 points for one last action at +30 TN — 5 if dead;
- « Echange d'Initiative »: 1 point each, right after the rolls, two swap their results;
- « Encouragement »: 2 points give an ally acting now 1 point to spend at once, never more
  such points than the ally's own Void ring — several companions may each encourage one
  action (each once), as the cap counts points received, not givers (the one acting's
  own point and the encouraged ones are spent on one roll: Fumi's 8g5);
- « Gain de 1 action »: 2 points, one more action this round, not an attack;
- « Persévérance »: 1 point, no wound penalty on one roll;
- « Réduction des blessures »: once a round, 1 point, −10 to one attack's damage.
"""

from __future__ import annotations

from typing import Literal

from domain.dice.roll_keep.roll import RAISE_STEP
from domain.errors import IllegalUnderRules
from domain.rulesets.roll_keep_kit.modifiers import Part

VoidUse = Literal[
    "roll_dice",
    "roll_free_raise",
    "roll_skill_rank",
    "armour",
    "celerity",
    "final_strike",
    "initiative_swap",
    "encouragement",
    "extra_action",
    "perseverance",
    "reduce_damage",
]

PRICE: dict[VoidUse, int] = {
    "roll_dice": 1,
    "roll_free_raise": 1,
    "roll_skill_rank": 1,
    "armour": 1,
    "celerity": 2,
    "final_strike": 3,
    "initiative_swap": 1,
    "encouragement": 2,
    "extra_action": 2,
    "perseverance": 1,
    "reduce_damage": 1,
}
FINAL_STRIKE_DEAD = 5
ON_A_ROLL: tuple[VoidUse, ...] = ("roll_dice", "roll_free_raise", "roll_skill_rank")
ARMOUR_TN = 10
FINAL_STRIKE_TN = 30
DAMAGE_REDUCTION = 10


def price(use: VoidUse, *, dead: bool = False) -> int:
    """The points a use costs (« Coup ultime » costs 5 once the character is dead)."""
    if use == "final_strike" and dead:
        return FINAL_STRIKE_DEAD
    return PRICE[use]


def check_spend(
    use: VoidUse,
    *,
    human: bool,
    left: int,
    dead: bool = False,
    on_damage: bool = False,
    already_on_this_roll: bool = False,
    reduced_this_round: bool = False,
) -> int:
    """The points ``use`` costs now, or a refusal that quotes the rule."""
    if not human:
        raise IllegalUnderRules("« Seul les Humains peuvent dépenser leurs points de Vide ! »")
    if use in ON_A_ROLL:
        if on_damage:
            raise IllegalUnderRules(
                "« NE PEUT PAS ETRE UTILISE POUR AUGMENTER UN JET DE DOMMAGES ! »"
            )
        if already_on_this_roll:
            raise IllegalUnderRules("« 1 SEUL point de Vide par jet ! »")
    if use == "reduce_damage" and reduced_this_round:
        raise IllegalUnderRules("« 1 fois par round, uniquement » may Void reduce wounds by 10")
    cost = price(use, dead=dead)
    if cost > left:
        raise IllegalUnderRules(f"this costs {cost} Void points and {left} are left")
    return cost


def on_roll(use: VoidUse) -> Part:
    """What one point buys on a roll: +1k1, a free raise (+5 on the total), or a skill
    rank (+1 die rolled: the roll is then no longer unskilled)."""
    if use == "roll_dice":
        return Part(source="Void point", rolled=1, kept=1)
    if use == "roll_free_raise":
        return Part(source="Void point (free raise)", total=RAISE_STEP)
    if use == "roll_skill_rank":
        return Part(source="Void point (skill rank)", rolled=1)
    raise IllegalUnderRules(f"{use!r} is not spent on a roll")


def encouragement_allowed(received_so_far: int, void_ring: int) -> bool:
    """« Un même personnage ne peut pas recevoir ainsi plus de points de Vide
    supplémentaires que son propre Rang de Vide ! »"""
    return received_so_far < void_ring


def reduced_damage(damage: int) -> int:
    """« réduire les dommages subis lors de 1 attaque de 10 »: Rola's 15 becomes 5."""
    return max(0, damage - DAMAGE_REDUCTION)
