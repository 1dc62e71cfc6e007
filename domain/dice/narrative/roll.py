"""A narrative check: ring and skill dice thrown, some kept, the kept explosive successes
exploding, the kept dice counted against a TN.

Rules (the published 5th edition, as issue 12 states them):
- Roll as many ring dice as the ring, as many skill dice as the skill rank; keep up to
  the ring's value — at least one die, none only when Compromised (who may keep no die
  showing strife: the published « Compromis »).
- Only a kept explosive success explodes: one more die of its kind, which may be kept for
  free (beyond the limit) and, kept, may explode again.
- Successes ≥ TN succeeds; the excess are bonus successes; strife and opportunities
  count from kept dice only.

The player's choices are part of the roll: which of the first dice are kept (``keep``,
indices from 0: ring dice first, then skill dice) and whether each explosion die is
kept. Where a choice is not given, the policy of :mod:`.odds` makes it: keep what gives
the best chance at the TN, then the least strife; an explosion die is kept while it can
still matter (a success short of the TN; every success when there is no TN).
"""

import re
from collections.abc import Sequence
from typing import Literal, Protocol

import msgspec

from domain.dice.narrative.faces import SIDES, SYMBOL, Face, Kind, face
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput

MAX_RING = 10
MAX_SKILL = 10
MAX_TN = 20
EXPLOSION_BUDGET = 100
"""Explosions one roll may chain: each is a 1-in-6 at best, 100 is beyond any table."""

POOL = re.compile(r"^\s*(\d{1,2})\s*r\s*(?:(\d{1,2})\s*s)?\s*$|^\s*(\d{1,2})\s*s\s*$", re.I)


class Pool(msgspec.Struct, frozen=True):
    ring: int
    skill: int

    def __str__(self) -> str:
        return f"{self.ring}r{self.skill}s" if self.skill else f"{self.ring}r"


def parse_pool(text: str) -> Pool:
    """``3r2s``: three ring dice and two skill dice (``3r`` no skill; ``0r2s`` as ``2s``
    has no ring die to keep by, and is refused)."""
    match = POOL.match(text)
    if match is None:
        raise MalformedInput(
            f"narrative dice {text[:40]!r}: write ring then skill dice, as 3r2s (or 3r)"
        )
    if match.group(3) is not None:
        raise MalformedInput(
            f"narrative dice {text.strip()!r}: a check rolls its ring's dice too "
            f"(as 2r{match.group(3)}s)"
        )
    ring, skill = int(match.group(1)), int(match.group(2) or 0)
    if not 1 <= ring <= MAX_RING or skill > MAX_SKILL:
        raise MalformedInput(
            f"narrative dice {text.strip()!r}: 1 to {MAX_RING} ring dice and 0 to {MAX_SKILL} "
            "skill dice"
        )
    return Pool(ring, skill)


def is_narrative(text: str) -> bool:
    """Whether ``text`` is written in the narrative notation (``3r2s``), not roll & keep's."""
    return POOL.match(text) is not None


class NarrativeDie(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One die: its kind, its face (from 1), whether it was kept, and the die whose
    explosion threw it (its index; -1 for a die of the pool)."""

    kind: Kind
    face: int
    kept: bool
    parent: int = -1

    @property
    def shows(self) -> Face:
        return face(self.kind, self.face)


class NarrativeRoll(
    msgspec.Struct, frozen=True, kw_only=True, gc=False, tag_field="family", tag="narrative"
):
    """A resolved check: every die (the pool's, then each explosion in order), which
    were kept, and the counts of the kept dice against the TN."""

    expression: str
    ring: int
    skill: int
    dice: tuple[NarrativeDie, ...]
    successes: int
    opportunities: int
    strife: int
    tn: int | None = None
    success: bool | None = None
    bonus_successes: int = 0
    compromised: bool = False


Policy = Literal["best"]


def check_keep(pool: Pool, dice: Sequence[NarrativeDie], keep: Sequence[int], *,
               compromised: bool) -> None:  # fmt: skip
    """The keep choices are legal: indices of the pool's dice, each once, at most the ring,
    at least one unless Compromised, and no strife die when Compromised."""
    first = pool.ring + pool.skill
    if len(set(keep)) != len(keep):
        raise MalformedInput(f"keep {list(keep)}: a die is kept once")
    for index in keep:
        if not 0 <= index < first:
            raise MalformedInput(
                f"keep {list(keep)}: die {index} is not one of the {first} dice thrown (0 to "
                f"{first - 1}: ring dice first, then skill dice)"
            )
    if len(keep) > pool.ring:
        raise IllegalUnderRules(f"keep {list(keep)}: at most {pool.ring} dice (the ring's value)")
    if not keep and not compromised:
        raise IllegalUnderRules("keep at least one die (none only when Compromised)")
    if compromised:
        striving = [i for i in keep if dice[i].shows.strife]
        if striving:
            raise IllegalUnderRules(
                f"keep {list(keep)}: Compromised, one keeps no die showing strife "
                f"(die {striving[0]})"
            )


class Explode(Protocol):
    """Gives the face of the explosion a pool die's chain calls for (``root``: the pool
    die it came from)."""

    def __call__(self, kind: Kind, root: int = -1, /) -> int: ...


class ExplosionChoice(Protocol):
    """Whether to keep an explosion die: ``(die, kept successes so far, tn, compromised)``."""

    def __call__(
        self, die: NarrativeDie, successes: int, tn: int | None, compromised: bool, /
    ) -> bool: ...


def resolve_check(
    pool: Pool,
    first: Sequence[tuple[Kind, int]],
    keep: Sequence[int],
    explode: Explode,
    *,
    tn: int | None = None,
    compromised: bool = False,
    keep_explosion: ExplosionChoice | None = None,
) -> NarrativeRoll:
    """The check from its pool's faces, the keep choices, and the explosion dice drawn
    from ``explode`` as kept explosive successes call for them."""
    if tn is not None and not 0 <= tn <= MAX_TN:
        raise MalformedInput(f"TN {tn}: a narrative TN is 0 to {MAX_TN}")
    dice = [NarrativeDie(kind, number, False) for kind, number in first]
    check_keep(pool, dice, keep, compromised=compromised)
    for index in keep:
        dice[index] = msgspec.structs.replace(dice[index], kept=True)
    choose = keep_explosion or best_explosion_choice
    roots = list(range(len(dice)))
    queue = sorted(i for i in keep if dice[i].shows.explosive)
    while queue:
        if len(dice) - pool.ring - pool.skill >= EXPLOSION_BUDGET:
            raise MalformedInput(f"more than {EXPLOSION_BUDGET} explosions in one check")
        # one canonical order, the odds' own: ring explosions first, then the pool's order
        parent = min(queue, key=lambda i: (dice[i].kind != "ring", i))
        queue.remove(parent)
        kind = dice[parent].kind
        number = explode(kind, roots[parent])
        roots.append(roots[parent])
        new = NarrativeDie(kind, number, False, parent)
        successes = sum(d.shows.success for d in dice if d.kept)
        kept = choose(new, successes, tn, compromised)
        continues = getattr(explode, "continues", None)
        if continues is not None and continues(roots[parent]):
            kept = True  # the table threw this die's explosion: it was kept
        if kept and compromised and new.shows.strife:
            raise IllegalUnderRules("Compromised, one keeps no die showing strife")
        dice.append(msgspec.structs.replace(new, kept=kept))
        if kept and new.shows.explosive:
            queue.append(len(dice) - 1)
    return count(pool, tuple(dice), tn=tn, compromised=compromised)


def count(pool: Pool, dice: tuple[NarrativeDie, ...], *, tn: int | None,
          compromised: bool = False) -> NarrativeRoll:  # fmt: skip
    kept = [d.shows for d in dice if d.kept]
    successes = sum(f.success for f in kept)
    success = None if tn is None else successes >= tn
    return NarrativeRoll(
        expression=str(pool),
        ring=pool.ring,
        skill=pool.skill,
        dice=dice,
        successes=successes,
        opportunities=sum(f.opportunity for f in kept),
        strife=sum(f.strife for f in kept),
        tn=tn,
        success=success,
        bonus_successes=max(0, successes - tn) if tn is not None and success else 0,
        compromised=compromised,
    )


def counted(roll: NarrativeRoll) -> str:
    """The kept dice's counts as a table says them: "1 success, 2 opportunities, 0 strife"."""
    successes = "success" if roll.successes == 1 else "successes"
    opportunities = "opportunity" if roll.opportunities == 1 else "opportunities"
    return (
        f"{roll.successes} {successes}, {roll.opportunities} {opportunities}, {roll.strife} strife"
    )


class ExplosionSource:
    """Draws explosion faces (and the pool's) from a dice port, checking each face."""

    def __init__(self, source: DiceSource) -> None:
        self._source = source

    def __call__(self, kind: Kind, root: int = -1) -> int:
        sides = SIDES[kind]
        number = self._source.randint(1, sides)
        if not isinstance(number, int) or not 1 <= number <= sides:
            raise MalformedInput(f"a {kind} die shows 1 to {sides}, not {number!r}")
        return number


def best_explosion_choice(die: NarrativeDie, successes: int, tn: int | None,
                          compromised: bool) -> bool:  # fmt: skip
    """Keep an explosion die with a success while it can still matter: short of the TN
    (every success, with no TN); one that costs nothing (a success or an opportunity
    without strife) always; never a strife die when Compromised."""
    shows = die.shows
    if shows.strife and compromised:
        return False
    if not shows.strife and (shows.success or shows.opportunity):
        return True
    return bool(shows.success) and (tn is None or successes < tn)


def throw(pool: Pool, source: DiceSource) -> list[tuple[Kind, int]]:
    draw = ExplosionSource(source)
    return [(kind, draw(kind)) for kind in kinds_of(pool)]


def kinds_of(pool: Pool) -> list[Kind]:
    ring: list[Kind] = ["ring"] * pool.ring
    skill: list[Kind] = ["skill"] * pool.skill
    return ring + skill


def recompute(roll: NarrativeRoll) -> NarrativeRoll:
    """The roll's counts from its recorded dice (the explosions must follow kept
    explosive dice of their kind, the pool's keep be legal)."""
    pool = Pool(roll.ring, roll.skill)
    first = pool.ring + pool.skill
    if len(roll.dice) < first or [d.kind for d in roll.dice[:first]] != kinds_of(pool):
        raise MalformedInput(f"the recorded {roll.expression} does not hold its pool's dice")
    keep = [i for i in range(first) if roll.dice[i].kept]
    check_keep(pool, roll.dice[:first], keep, compromised=roll.compromised)
    for index, die in enumerate(roll.dice):
        if not 1 <= die.face <= SIDES[die.kind]:
            raise MalformedInput(f"die {index} shows {die.face}: not a {die.kind} die's face")
        if index >= first:
            parent = roll.dice[die.parent] if 0 <= die.parent < index else None
            if parent is None or not parent.kept or not parent.shows.explosive:
                raise MalformedInput(f"die {index} is no kept explosive success's explosion")
            if parent.kind != die.kind:
                raise MalformedInput(f"die {index} is not of its explosion's kind")
    parents = [d.parent for d in roll.dice[first:]]
    owed = [i for i, d in enumerate(roll.dice) if d.kept and d.shows.explosive]
    if sorted(parents) != sorted(owed):
        raise MalformedInput("each kept explosive success explodes once: the record does not")
    return count(pool, roll.dice, tn=roll.tn, compromised=roll.compromised)


def format_dice(roll: NarrativeRoll) -> str:
    """The dice as read back: ``r6*,r3,s12*>s8*`` (``*`` kept, ``>`` an explosion)."""
    bits = []
    for die in roll.dice:
        mark = "*" if die.kept else ""
        arrow = f"{die.parent}>" if die.parent >= 0 else ""
        bits.append(f"{arrow}{SYMBOL[die.kind]}{die.face}{mark}")
    return ",".join(bits)


class GivenExplosions:
    """The explosion faces written at the table, die by die: ``chains[i]`` the faces the
    pool's die ``i`` exploded into, in order."""

    def __init__(self, chains: dict[int, list[int]]) -> None:
        self._chains = {i: list(faces) for i, faces in chains.items()}

    def __call__(self, kind: Kind, root: int = -1) -> int:
        chain = self._chains.get(root)
        if not chain:
            raise MalformedInput(
                f"die {root} exploded: write the face its explosion showed after a + (as 12+8)"
            )
        number = chain.pop(0)
        if not 1 <= number <= SIDES[kind]:
            raise MalformedInput(f"a {kind} die shows 1 to {SIDES[kind]}, not {number}")
        return number

    def continues(self, root: int) -> bool:
        """Whether more explosion faces are written for the pool die ``root``'s chain."""
        return bool(self._chains.get(root))

    def check_used(self) -> None:
        left = {i: faces for i, faces in self._chains.items() if faces}
        if left:
            index = min(left)
            raise MalformedInput(
                f"die {index}: explosion faces {left[index]} given, but no kept explosive "
                "success called for them"
            )


def parse_faces(pool: Pool, spec: str) -> tuple[list[tuple[Kind, int]], GivenExplosions]:
    """``6+5,3,1/12+11+8,9``: the ring dice, a slash, the skill dice; each die's
    explosions after ``+`` in the order they came."""
    if len(spec) > 2000:
        raise MalformedInput(f"faces {spec[:30]!r}… are too long")
    ring_part, slash, skill_part = spec.partition("/")
    if not slash and pool.skill:
        raise MalformedInput(
            f"faces {spec!r}: the ring dice, a slash, the skill dice (as 5,3,1/12,9)"
        )
    first: list[tuple[Kind, int]] = []
    chains: dict[int, list[int]] = {}
    parts: tuple[tuple[Kind, str, int], ...] = (
        ("ring", ring_part, pool.ring), ("skill", skill_part, pool.skill),
    )  # fmt: skip
    for kind, part, wanted in parts:
        chunks = [c for c in part.split(",") if c.strip()] if part.strip() else []
        if len(chunks) != wanted:
            raise MalformedInput(
                f"faces {spec!r}: {len(chunks)} {kind} dice given for {pool} ({wanted} needed)"
            )
        for chunk in chunks:
            numbers = []
            for text in chunk.split("+"):
                text = text.strip()
                if not (text.isascii() and text.isdigit() and len(text) <= 2):
                    raise MalformedInput(f"faces {spec!r}: {chunk.strip()!r} is not a die's faces")
                numbers.append(int(text))
            number, *exploded = numbers
            if not 1 <= number <= SIDES[kind]:
                raise MalformedInput(
                    f"faces {spec!r}: a {kind} die shows 1 to {SIDES[kind]}, not {number}"
                )
            if exploded:
                chains[len(first)] = exploded
            first.append((kind, number))
    return first, GivenExplosions(chains)


def chosen_explosions(indices: Sequence[int], first: int) -> ExplosionChoice:
    """The player's keep of explosion dice by their index in the whole roll (the pool's
    dice from 0, each explosion after them in the order thrown)."""
    wanted = {i for i in indices if i >= first}
    counter = [first]

    def choose(die: NarrativeDie, successes: int, tn: int | None, compromised: bool) -> bool:
        index = counter[0]
        counter[0] += 1
        return index in wanted

    return choose


def check_explosion_keeps(roll: NarrativeRoll, indices: Sequence[int]) -> None:
    """Every index of a keep names a die of the roll: the pool's, or an explosion thrown."""
    for index in indices:
        if index >= len(roll.dice):
            thrown = len(roll.dice) - roll.ring - roll.skill
            raise MalformedInput(
                f"keep {list(indices)}: die {index} is not one of the {roll.ring + roll.skill} "
                f"dice thrown (0 to {roll.ring + roll.skill - 1}: ring dice first, then skill "
                f"dice) nor of its {thrown} explosion(s)"
            )
