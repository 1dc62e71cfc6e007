"""3e manoeuvres and the actions a turn holds (« Manoeuvres "Avancées" », « Actions »).

Rules:
- « Lors de son tour d'Initiative, chaque personnage choisit 1 Manoeuvre dont les effets
  … perdureront jusqu'à son prochain tour d'Initiative … S'il ne le fait pas, il adopte
  automatiquement celle d'Attaque ».
- « en 1 tour, un personnage ne peut que : Courir OU Effectuer 1 Action Simple ET 1 des
  actions suivantes : Action Complexe, Actions Simple supplémentaire, Attaque à distance,
  Attaque au corps à Corps, Concentration, Déplacement, Se lever, Utiliser 1 faculté
  spéciale. Parler ne compte pas comme une action. »
- Assaut: « 2 Augmentations Gratuites lors de chaque jet d'Attaque au corps à corps,
  UNIQUEMENT pour accroître le résultat de ces jets OU booster ses jets de dommages …
  TOUS ses adversaires bénéficient de 3 Augmentations Gratuites … lors de chacun de leurs
  jets d'attaque contre lui ! » — and no complex action, ranged attack, run or special
  ability; never mounted.
- « Actions "Avancées" » combine more for a price (a move with a melee attack for one
  raise, free in Assault; a complex action with half a move for one raise; standing up
  and attacking in Assault for two; several simple actions): :func:`check_turn` holds
  the turn and prices the complex action with half a move, the attack prices its own.
- Esquive: « Les seules actions permises … Action simple, Déplacement (de la moitié de
  son Mouvement UNIQUEMENT !), Parler » (and « Se lever », which the text's list ends
  with); its roll counts against [Rang de Réputation] foes the character knows of; it
  may be taken just before a combat the character sees coming; never mounted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from domain.errors import IllegalUnderRules

Manoeuvre = Literal["attack", "assault", "dodge"]
MANOEUVRES: tuple[Manoeuvre, ...] = ("attack", "assault", "dodge")
FRENCH: dict[Manoeuvre, str] = {"attack": "Attaque", "assault": "Assaut", "dodge": "Esquive"}

Action = Literal[
    "simple",
    "complex",
    "ranged_attack",
    "melee_attack",
    "concentration",
    "move",
    "half_move",
    "stand_up",
    "special_ability",
    "run",
]
FRENCH_ACTIONS: dict[Action, str] = {
    "simple": "Action Simple",
    "complex": "Action Complexe",
    "ranged_attack": "Attaque à distance",
    "melee_attack": "Attaque au corps à corps",
    "concentration": "Concentration",
    "move": "Déplacement",
    "half_move": "demi-Déplacement",
    "stand_up": "Se lever",
    "special_ability": "Utiliser 1 faculté spéciale",
    "run": "Courir",
}
_DODGE_FORBIDS: frozenset[Action] = frozenset(
    ("complex", "ranged_attack", "melee_attack", "concentration", "move", "special_ability", "run")
)
FORBIDDEN: dict[Manoeuvre, frozenset[Action]] = {
    "attack": frozenset(),
    "assault": frozenset(("complex", "ranged_attack", "run", "special_ability")),
    "dodge": _DODGE_FORBIDS,
}
ASSAULT_FREE_RAISES = 2
AGAINST_ASSAULT = 3


def check_choice(manoeuvre: Manoeuvre, *, mounted: bool, who: str = "") -> None:
    """« Il est IMPOSSIBLE de choisir cette Manoeuvre lorsque l'on chevauche une monture »
    (Assault and Dodge alike; :mod:`.mounts`)."""
    if mounted and manoeuvre != "attack":
        rider = f"{who} is mounted: " if who else ""
        raise IllegalUnderRules(
            f"manoeuvre {manoeuvre!r}: {rider}« {FRENCH[manoeuvre]} » cannot be chosen on "
            "horseback (« Il est IMPOSSIBLE de choisir cette Manoeuvre lorsque l'on chevauche "
            "une monture. »; `kiroku dismount` first)"
        )


def check_bans(manoeuvre: Manoeuvre, actions: Sequence[Action]) -> None:
    """None of ``actions`` is one ``manoeuvre`` forbids (an extra action bought with Void
    included)."""
    for action in actions:
        if action in FORBIDDEN[manoeuvre]:
            raise IllegalUnderRules(
                f"« {FRENCH[manoeuvre]} » allows no « {FRENCH_ACTIONS[action]} »"
            )


MAX_SIMPLE = 5
"""« combiner plus de 2 Actions simples, dans la limite du raisonnable »: five at most
(the GM's reasonable limit, a reading)."""


def check_turn(manoeuvre: Manoeuvre, actions: Sequence[Action]) -> int:
    """A turn's actions: running alone; one simple action and one other; or, in the
    text's « Actions "Avancées" », several simple actions, or a complex action with half a
    move (as the other, for a raise on its skill roll) — none its manoeuvre forbids.
    Returns the raises the combinations cost (1 for a complex action with half a move)."""
    check_bans(manoeuvre, actions)
    if "run" in actions and len(actions) > 1:
        raise IllegalUnderRules("« Courir » is the whole turn: nothing else with it")
    others = [a for a in actions if a != "simple"]
    raises = 0
    if "complex" in others and "half_move" in others:
        others.remove("half_move")  # « 1 Action complexe avec 1 demi-Déplacement »
        raises = 1
    simple = len(actions) - len(others) - raises
    if len(others) > 1 or (others and simple > 1) or simple > MAX_SIMPLE:
        raise IllegalUnderRules(
            "a turn is one simple action and one other action (or a complex action with "
            f"half a move), or up to {MAX_SIMPLE} simple actions"
        )
    return raises


def free_raises(attacker: Manoeuvre, target: Manoeuvre, *, melee: bool) -> int:
    """The free raises on an attack roll: the attacker's Assault gives 2 in melee, and a
    target in Assault gives every attacker 3 (the grappling example: Kuni Lingus, in
    Assault against Rola in Assault, has 2 + 3)."""
    own = ASSAULT_FREE_RAISES if attacker == "assault" and melee else 0
    return own + (AGAINST_ASSAULT if target == "assault" else 0)


def dodge_counts(foes_dodged_so_far: int, reputation_rank: int, *, known: bool) -> bool:
    """« Ce bonus ne s'applique néanmoins QUE contre [Rang de Réputation] adversaires
    connus du personnage »."""
    return known and foes_dodged_so_far < reputation_rank
