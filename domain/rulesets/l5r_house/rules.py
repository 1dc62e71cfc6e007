"""The house combat flow's rules as functions (``../shared/rules/house-combat-flow.fr.txt``,
« Déroulement détaillé d'un combat - Vide - Augmentations »).

- « Phase d'Initiative »: « un jet de dé simple (1g1), avec relance des 10, avec
  possibilité d'usage de vide (le 2nd dé est effectif pendant [rang de vide] tours) mais
  sans augmentation. Au résultat s'additionne le rang de réflexe » — with a katana (the
  Kenjutsu skill) its rank added, a long weapon +1k0, less the wound malus at the time of
  the roll (« quelqu'un à -2, faisant un score total de 8 d'initiative en aura une de
  6 »); « Le jet d'initiative reste effectif sur toute la durée de la phase de combat ».
- « L'Attaque … (agilité + compétence liée à l'arme)g(agilité) »; damage « (force +
  propriété en dés jetés de l'arme)g(propriété en dés gardés de l'arme) ».
- « L'Assaut … 2 augmentations gratuites utilisables soit pour réduire de 5 le ND de
  l'adversaire …, soit pour avoir 1g0 de plus en dommages … son ND est réduit de 15,
  avec pour minimum 5+ armure. »
- « Full Defence … son ND passe durant tout le tour à : ND actuel + (agilité +
  défense)g(défense) ».
- « Augmentations »: « jusqu'à [rang de Vide] augmentation par action, les augmentations
  gratuites ne comptent pas »; +5 TN each; damage +1k0 each; called shots « jambes (2
  aug.), bras (2 aug.), torse (3 aug.), tête - décapitation (4 aug.), rasage de moustache
  (5 aug.) »; « Désarmement : nécessite 3 augmentations » and an opposed roll.

Readings where the text is silent (the package docstring lists them all): the TN to be
hit is Reflexes × 5 + 5 + armour (the Assault's floor, « 5+ armure », is that TN's own
base); a long weapon is one whose size is ``large``; « le 2nd dé » of a Void point on
initiative is the lowest die kept, whose value comes off once the Void ring's rounds
are over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from domain.errors import IllegalUnderRules
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Weapon
from domain.rulesets.roll_keep_kit.deciding import BARE_HANDS as BARE_HANDS
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.wounds import WoundRank, ladder

if TYPE_CHECKING:  # the events import this module's vocabulary
    from domain.rulesets.l5r_house.events import TnRuled

CalledShot = Literal["legs", "arms", "torso", "head", "moustache"]
CALLED_SHOTS: dict[CalledShot, tuple[str, int]] = {
    "legs": ("jambes", 2),
    "arms": ("bras", 2),
    "torso": ("torse", 3),
    "head": ("tête - décapitation", 4),
    "moustache": ("rasage de moustache", 5),
}
DISARM = 3
ASSAULT_FREE_RAISES = 2
ASSAULT_TN = 15
VOID_TN = 10
RAISE_STEP = 5

Action = Literal["attack", "assault", "full_defence", "simple_and_complex"]
ACTIONS: tuple[Action, ...] = ("attack", "assault", "full_defence", "simple_and_complex")
NO_ROLL: tuple[Action, ...] = ("simple_and_complex",)
"""The actions that may call for no roll (« une action simple … et une action complexe
(prier, se déplacer en courant …) »): done without one, each succeeds."""
FRENCH: dict[Action, str] = {
    "attack": "Attaque",
    "assault": "Assaut",
    "full_defence": "Défense totale",
    "simple_and_complex": "une action simple et une complexe",
}


def initiative_parts(sheet: CharacterSheet, weapon: Weapon | None) -> list[Part]:
    """What the 1k1 gets: Reflexes, the Kenjutsu rank with a katana, +1k0 with a long
    weapon (a yari, a naginata)."""
    parts = [Part(source="Réflexes", total=sheet.trait("reflexes"))]
    if (
        weapon is not None
        and weapon.skill.casefold() == "kenjutsu"
        and sheet.skill_rank("Kenjutsu")
    ):
        parts.append(Part(source=f"Kenjutsu ({weapon.name})", total=sheet.skill_rank("Kenjutsu")))
    if weapon is not None and weapon.size == "large":
        parts.append(Part(source=f"arme longue ({weapon.name})", rolled=1))
    return parts


def wound_ladder(sheet: CharacterSheet) -> tuple[WoundRank, ...]:
    """The published game's ladder (the text names none): Healthy Earth × 5, then each
    level Earth × 2, Out the last, then Dead."""
    earth = sheet.ring("earth")
    return ladder(healthy=earth * 5, band=earth * 2, out=earth * 2)


LEVEL_MALUS = (0, 1, 2, 3, 4, 5, 6)
"""Option ``wound_malus=levels`` (the default): each wounded level one more point of
malus (Égratigné 1 … Épuisé 6), the scale of the text's « quelqu'un à -2 »."""


def malus(rank_index: int, rank: WoundRank, *, levels: bool) -> int:
    """The malus of the ``rank_index``-th level (0: Healthy)."""
    if rank.penalty is None:
        return LEVEL_MALUS[-1] if levels else 40
    return LEVEL_MALUS[rank_index] if levels else rank.penalty


def attack_expression(sheet: CharacterSheet, weapon: Weapon) -> str:
    """« (agilité + compétence liée à l'arme)g(agilité) »."""
    agility = sheet.trait("agility")
    return f"{agility + sheet.skill_rank(weapon.skill)}k{agility}"


def defence_expression(sheet: CharacterSheet) -> str:
    """« (agilité + défense)g(défense) » (with no Defense, no die is kept: nothing is
    rolled and the TN stays as it is)."""
    defense = sheet.skill_rank("Defense")
    return f"{sheet.trait('agility') + defense}k{defense}"


def base_tn(sheet: CharacterSheet, ruling: TnRuled | None = None) -> list[Part]:
    """Reflexes × 5 + 5 (or the GM's base in its place), the armour's bonus, and a GM's
    modifier for a circumstance (:func:`ruled_parts`)."""
    base, modifier = ruled_parts(ruling)
    parts = [base or Part(source="Réflexes × 5 + 5", tn=sheet.trait("reflexes") * 5 + 5)]
    if sheet.armour is not None:
        parts.append(Part(source=sheet.armour.name, tn=sheet.armour.tn_bonus))
    return parts + ([modifier] if modifier else [])


RULED = ("base du MJ (", "MJ (")
"""How the parts a GM's ruling gives a TN to be hit begin."""

RULING_SAID = 60
"""How much of a ruling's reason a TN part names (the whole is on its event)."""


def ruled_parts(ruling: TnRuled | None) -> tuple[Part | None, Part | None]:
    """The GM's ruling on a TN to be hit as parts: its base, in place of « Réflexes × 5
    + 5 », and its modifier (each None where the ruling gives none). The text gives the
    TN no circumstance and no other base (« ND actuel »): both are the GM's, each named
    with the ruling's reason."""
    if ruling is None:
        return None, None
    why = (ruling.reason or "")[:RULING_SAID]
    base = None if ruling.base is None else Part(source=f"base du MJ ({why})", tn=ruling.base)
    modifier = Part(source=f"MJ ({why})", tn=ruling.modifier) if ruling.modifier else None
    return base, modifier


def assault_part(sheet: CharacterSheet, tn_so_far: int) -> Part:
    """« son ND est réduit de 15, avec pour minimum 5+ armure »."""
    floor = 5 + (sheet.armour.tn_bonus if sheet.armour is not None else 0)
    cut = min(ASSAULT_TN, max(0, tn_so_far - floor))
    return Part(source="Assaut (ND −15, minimum 5 + armure)", tn=-cut)


def raises_for(
    *, extra_damage: int, called_shot: CalledShot | None, disarm: bool, free_for_uses: int
) -> int:
    """The raises the uses cost, less the free raises that pay for them."""
    cost = extra_damage + (CALLED_SHOTS[called_shot][1] if called_shot else 0)
    cost += DISARM if disarm else 0
    return max(0, cost - free_for_uses)


def check_raises(sheet: CharacterSheet, raises: int) -> None:
    """« Vous pouvez employer jusqu'à [rang de Vide] augmentation par action »."""
    void = sheet.ring("void")
    if raises > void:
        raise IllegalUnderRules(
            f"{sheet.name} may call at most {void} raises (« jusqu'à [rang de Vide] "
            f"augmentation par action »), not {raises}"
        )
