"""School techniques and advantages that change initiative or the TN to be hit, as data.

The text (« Exceptions ») lists no rule for them all: « Prenez simplement en compte ses
modificateurs en tenant compte des éventuelles conditions. » Each entry of
:data:`TECHNIQUES` is one such modifier set — extra initiative dice, a bonus to the kept
initiative, a bonus to every attack roll, a bonus to the TN to be hit under a condition,
the Combat Reflexes swap or the immunity to it — each amount a multiple of something on
the sheet. A character has the ones its sheet lists (``techniques``, by name); the
ruleset applies each where its condition holds and records it as a part of the roll or
the TN, with the technique's name as its source.

To add a technique: one more :class:`Technique` in :data:`TECHNIQUES`, built from the
amounts and conditions below; a new kind of effect is one more field here and one more
place in :mod:`domain.rulesets.l5r3e.table` that reads it. The four the text gives:

- « La Voie du Scorpion » (Bayushi Bushi 1): « [Rang de Maîtrise] dés supplémentaires
  lors de ses jets d'Initiative », « immunisé aux effets de l'Avantage Réflexes de
  Combat », « +5 à son ND pour être touché contre les attaques des adversaires possédant
  un score d'Initiative inférieur au sien ».
- « La Voie de la Grue » (Kakita Bushi 1): « [Rang de Iaijutsu] x 2 à son score
  d'Initiative » — after any swap: Kakita Bill's 15 (Akodo Bob took his 20) is 23.
- « La Technique du Daisho » (Mirumoto Bushi 1): « ajoute son rang de Feu au résultat de
  tous ses jets d'attaque », and with katana and wakizashi both « ne subit pas la
  pénalité du à l'usage de 2 armes ET ajoute + [5 + Rang de Maîtrise] à son ND pour être
  touché ».
- « Réflexes de Combat » (an advantage): « échanger son score Initiative, juste après le
  jet, avec celui immédiatement supérieur ».

The Rang de Maîtrise is the sheet's ``school_rank`` (the package's reading).
"""

from typing import Literal

import msgspec

from domain.errors import MalformedInput
from domain.names import key
from domain.rulesets.roll_keep_kit.character import CharacterSheet

Source = Literal["fixed", "school_rank", "skill", "ring"]
TnCondition = Literal["always", "attacker_slower", "two_weapons"]


class Amount(msgspec.Struct, frozen=True, kw_only=True):
    """``plus`` + ``times`` × the sheet's value of ``source`` (``name`` says which skill
    or ring): « [Rang de Iaijutsu] x 2 » is ``Amount(source="skill", name="Iaijutsu",
    times=2)``."""

    source: Source = "fixed"
    name: str = ""
    times: int = 1
    plus: int = 0

    def of(self, sheet: CharacterSheet) -> int:
        if self.source == "school_rank":
            value = sheet.school_rank
        elif self.source == "skill":
            value = sheet.skill_rank(self.name)
        elif self.source == "ring":
            value = sheet.ring(self.name)  # type: ignore[arg-type]
        else:
            value = 0
        return self.plus + self.times * value


class Technique(msgspec.Struct, frozen=True, kw_only=True):
    """One technique's or advantage's effects in a skirmish (each may be absent)."""

    name: str
    initiative_dice: Amount | None = None
    """Dice rolled (not kept) more on the initiative roll."""
    initiative_bonus: Amount | None = None
    """Added to the kept initiative after the roll and any swap."""
    attack_bonus: Amount | None = None
    """Added to the total of every attack roll."""
    tn_bonus: Amount | None = None
    tn_condition: TnCondition = "always"
    swaps_up: bool = False
    """May swap the rolled initiative with the next higher one, right after the rolls."""
    immune_to_swaps: bool = False
    """No one may take this character's initiative by a swap of :attr:`swaps_up`."""
    two_weapons_free: bool = False
    """Fighting with two weapons costs this character nothing (« ne subit pas la
    pénalité du à l'usage de 2 armes »)."""


TECHNIQUES: tuple[Technique, ...] = (
    Technique(
        name="La Voie du Scorpion",
        initiative_dice=Amount(source="school_rank"),
        tn_bonus=Amount(plus=5, times=0),
        tn_condition="attacker_slower",
        immune_to_swaps=True,
    ),
    Technique(
        name="La Voie de la Grue",
        initiative_bonus=Amount(source="skill", name="Iaijutsu", times=2),
    ),
    Technique(
        name="La Technique du Daisho",
        attack_bonus=Amount(source="ring", name="fire"),
        tn_bonus=Amount(source="school_rank", plus=5),
        tn_condition="two_weapons",
        two_weapons_free=True,
    ),
    Technique(name="Réflexes de Combat", swaps_up=True),
)
"""The techniques and advantages a 3e sheet may list, by name."""

_BY_KEY = {key(t.name): t for t in TECHNIQUES}


def technique(name: str) -> Technique:
    """The technique called ``name`` (case and spacing aside), or a refusal listing them."""
    found = _BY_KEY.get(key(name))
    if found is None:
        raise MalformedInput(
            f"no technique {name!r} in the l5r3e catalogue; known: "
            + ", ".join(t.name for t in TECHNIQUES)
        )
    return found


def techniques_of(names: tuple[str, ...]) -> tuple[Technique, ...]:
    return tuple(technique(name) for name in names)
