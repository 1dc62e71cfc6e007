"""3e grappling (« Lutte »).

« Il s'agit d'une Attaque de corps à corps spéciale, ne pouvant être effectuée qu'à mains
nues OU avec une arme pas plus grande qu'un tanto (sauf exceptions). Cette action est
résolue comme 1 attaque à mains nues. De plus, elle ignore l'armure de la cible … Si le
jet d'attaque est réussi, les 2 protagonistes effectuent 1 jet de Force en opposition.
Lors du jet d'attaque, le personnage peut déclarer des Augmentations pour obtenir des
Augmentations Gratuites lors de son jet de Force (à raison de 1 pour 1). Le vainqueur du
jet de Force prend le contrôle de la Lutte ! A chaque tour, les protagonistes refont 1 jet
de Force en opposition. Celui qui contrôlait la Lutte, au tour précédent, bénéficie de 1
Augmentation Gratuite sur ce jet. Celui qui contrôle la Lutte peut rompre la Lutte OU
poursuivre celle-ci et infliger des dommages (correspondant à l'arme employée) à son
adversaire. »

« A tanto's size » reads as a weapon of size ``small``; the GM rules the exceptions.
"""

from __future__ import annotations

from domain.dice.roll_keep.roll import RAISE_STEP
from domain.errors import IllegalUnderRules
from domain.rulesets.l5r3e.skirmish import TN_PER_REFLEXES, attack_expression
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Weapon


def grapple_expression(sheet: CharacterSheet, weapon: Weapon | None) -> str:
    """The attack that opens a grapple: unarmed (Agility/Jiujutsu), bare hands or a
    weapon no bigger than a tanto."""
    if weapon is not None and weapon.size != "small":
        raise IllegalUnderRules(
            f"« Lutte »: bare hands or a weapon no bigger than a tanto, not {weapon.name!r}"
        )
    return attack_expression(sheet, "Jiujutsu")


def grapple_tn(target: CharacterSheet) -> int:
    """The TN to be hit without armour: « elle ignore l'armure de la cible »."""
    return target.trait("reflexes") * TN_PER_REFLEXES


def strength_expression(sheet: CharacterSheet) -> str:
    """The opposed roll of Strength: Strength rolled and kept (Strength 2: 2k2)."""
    strength = sheet.trait("strength")
    return f"{strength}k{strength}"


def strength_total(
    rolled: int, *, raises_on_attack: int = 0, controlled_before: bool = False
) -> int:
    """A Strength roll's total with its free raises at +5 each: one for each raise called
    on the attack that opened the grapple, and one for whoever held it the turn before."""
    return rolled + RAISE_STEP * (raises_on_attack + int(controlled_before))


def winner(first: str, first_total: int, second: str, second_total: int) -> str | None:
    """Who takes control: the higher total (a tie is the GM's to rule: None)."""
    if first_total == second_total:
        return None
    return first if first_total > second_total else second
