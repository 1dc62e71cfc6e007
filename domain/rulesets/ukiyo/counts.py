"""How many manches win a conflict (« COMBIEN DE MANCHES GAGNANTES ? »), and what a
beaten side is due (« Le vainqueur ne doit pas infliger de châtiment plus grave … il est
impossible d'infliger un châtiment plus doux »), from errants-d-ukiyo-conflicts.fr.txt."""

from __future__ import annotations

from domain.rulesets.ukiyo.state import Conflict

GRAVITY_NAMES = {0: "none", 1: "minor", 2: "grave", 3: "deadly", 4: "ultimate (4)",
                 5: "ultimate (5)"}  # fmt: skip
HIGHEST_USUAL = 3
"""« ce qui équivaut normalement à trois manches gagnantes »: the gravest usual objective."""


def gravity_said(gravity: int) -> str:
    """A gravity as a line states it, by name and number: ``deadly (3)``."""
    name = GRAVITY_NAMES.get(gravity, "gravity")
    return name if name.endswith(f"({gravity})") else f"{name} ({gravity})"


def falls_at(conflict: Conflict, gravity: dict[str, int]) -> tuple[dict[str, int], list[str]]:
    """Each side's count — the manches an opponent must win to beat it — from the sides'
    objectives' gravity (by side key), and why:

    - two leads: the gravest objective of the two (« ne tenez compte que du plus
      important »);
    - extras: their threat, whatever the opponent's objective (« quel que soit votre
      objectif »); a lead against extras falls at the extras' own objective (the
      Shinsengumi must win two to capture the Tengu, who must win three);
    - a contest or a three-way duel: the gravest objective of all, extras their threat.
    """
    sides = list(conflict.sides.items())
    counts: dict[str, int] = {}
    why: list[str] = []
    gravest = max(gravity.values())
    for side_key, side in sides:
        others = [s for k, s in sides if k != side_key]
        if side.threat is not None:
            counts[side_key] = side.threat
            why.append(f"to beat {side.name}: {side.threat} (extras of threat {side.threat})")
        elif conflict.kind == "duel" and others[0].threat is not None:
            other_key = next(k for k, s in sides if k != side_key)
            counts[side_key] = gravity[other_key]
            own = counts[side_key]
            why.append(f"to beat {side.name}: {own} (the extras' own objective, "
                       f"{GRAVITY_NAMES[own]})")  # fmt: skip
        else:
            counts[side_key] = gravest
            why.append(f"to beat {side.name}: {gravest} (the gravest objective, "
                       f"{GRAVITY_NAMES[gravest]})")  # fmt: skip
    return counts, why


def wounds_for(gravity: int, magnanimous: bool) -> tuple[int, ...]:
    """The wounds a punishment of ``gravity`` may deal (« BLESSURES »): one manche none;
    two, one (none if the winner is magnanimous); three, one or two, never none; more
    than three, three."""
    if gravity <= 1:
        return (0,)
    if gravity == 2:
        return (0,) if magnanimous else (1,)
    if gravity == 3:
        return (1, 2)
    return (3,)
