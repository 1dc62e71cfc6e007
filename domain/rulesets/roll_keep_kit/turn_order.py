"""Turn order for the roll & keep rulesets, in the three forms their texts use.

- **One pass a round** (4e, « Jet d'initiative »): everyone acts once a round, highest
  initiative first; a character may delay to act after another, or at the end of the
  round (never into the next).
- **Kept all combat, with reversals** (3e skirmish, « Retournements de situation »):
  initiative is rolled once and kept; at the end of each round it changes — the worst
  wound penalty comes off it, and a reversal adds a die to one's own or takes it from an
  opponent's — and the next round goes in the new order.
- **Declare low to high, resolve high to low** (the house flow): the lowest initiative
  declares first, so the faster see what the slower mean to do; actions then resolve
  from the highest down.

Ties (a reading of the texts, which are silent): the higher Reflexes first, then whoever
joined the session first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from domain.names import key
from domain.rulesets.table_kit.seats import next_in


@dataclass(frozen=True)
class Place:
    """One combatant's place in the order: their initiative and its tie-breakers."""

    character: str
    initiative: int
    reflexes: int
    joined: int


def descending(places: Iterable[Place]) -> list[Place]:
    """Highest initiative first; ties to the higher Reflexes, then to who joined first."""
    return sorted(places, key=lambda p: (-p.initiative, -p.reflexes, p.joined))


def ascending(places: Iterable[Place]) -> list[Place]:
    """Lowest initiative first (the house flow's declarations): the exact reverse of
    :func:`descending`, so the fastest declares last."""
    return list(reversed(descending(places)))


def with_delays(order: Sequence[Place], delayed: Mapping[str, str | None]) -> list[Place]:
    """``order`` with each delayed character moved behind the one they wait for (by key),
    or to the end of the round when they wait for nobody there."""
    ranked = list(order)
    by_key = {key(p.character): p for p in ranked}
    for name, behind in delayed.items():
        place = by_key.get(key(name))
        if place is None:
            continue
        ranked.remove(place)
        anchor = by_key.get(key(behind)) if behind else None
        if anchor is not None and anchor in ranked:
            ranked.insert(ranked.index(anchor) + 1, place)
        else:
            ranked.append(place)
    return ranked


def next_up(order: Sequence[Place], done: Iterable[str]) -> str | None:
    """The first in ``order`` who is not ``done`` (None: the round, or phase, is over)."""
    return next_in((place.character for place in order), done)


def house_round(places: Iterable[Place]) -> tuple[list[Place], list[Place]]:
    """The house flow's two phases: who declares, in order (low to high), and whose
    actions resolve, in order (high to low)."""
    chosen = list(places)
    return ascending(chosen), descending(chosen)


def end_of_round(
    kept: Iterable[Place],
    wound_penalty: Mapping[str, int],
    reversals: Iterable[tuple[str, str, int]] = (),
) -> tuple[list[Place], list[Place]]:
    """The 3e kept initiative at the end of a round (« Blessures & Initiative »,
    « Retournements de situation »).

    ``kept`` holds each combatant's initiative as rolled once for the combat, with the
    reversals of earlier rounds in it. Each reversal ``(by, on, die)`` of this round adds
    the die to ``by``'s own (``on == by``) or takes it from the opponent ``on``'s; that
    stays for the rest of the combat. The wound penalty does not: it is the current
    worst rank's only (penalties do not add up), taken off the kept initiative each
    round anew — the text's Mirumoto Rola, 21 at Hurt (+10) is 11, and later at
    Injured (+15) is 6 (21 − 15), not 11 − 15.

    Returns the kept initiatives after this round's reversals, and the next round's
    order by kept initiative less the current penalty."""
    current = {key(p.character): p for p in kept}
    for by, on, die in reversals:
        target = current[key(on)]
        change = die if key(on) == key(by) else -die
        current[key(on)] = replace(target, initiative=target.initiative + change)
    acting = [
        replace(place, initiative=place.initiative - wound_penalty.get(name, 0))
        for name, place in current.items()
    ]
    return list(current.values()), descending(acting)
