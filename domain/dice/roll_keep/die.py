"""One ten-sided die as it was rolled: every face, explosions and an emphasis reroll.

Rules (4e summary):
- « Sur un résultat de 10, le dé “explose” » — a 10 is rolled again and added, again on
  each further 10 (10, 10, 4 is one die worth 24).
- « Jet de compétence non-maîtrisée » — unskilled, 10s do not explode.
- « Spécialisations » — with an emphasis, a die showing 1 is rerolled once and the new
  result stands (it may explode, and a second 1 stays).
"""

import msgspec

from domain.dice.source import DiceSource, FaceQueue, RollBudgetExceeded
from domain.errors import MalformedInput

SIDES = 10

__all__ = ["SIDES", "DiceSource", "Die", "FaceBudget", "FaceQueue", "RollBudgetExceeded"]


class Die(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """The faces that count for one die, in roll order, and whether a 1 was rerolled first.

    Encoded as a pair, ``[[10, 3], true]``: a long session holds hundreds of thousands of
    dice, and the pair halves what they weigh in a replay file and in the store."""

    faces: tuple[int, ...]
    rerolled_one: bool = False

    @property
    def value(self) -> int:
        return sum(self.faces)

    def spec(self) -> str:
        """This die in ``--faces`` notation: ``10+7``, ``1r10+3``."""
        body = "+".join(str(face) for face in self.faces)
        return f"1r{body}" if self.rerolled_one else body


class FaceBudget:
    """Counts faces drawn for one roll and stops a runaway source (a rigged all-10s RNG)."""

    def __init__(self, source: DiceSource, limit: int) -> None:
        self._source = source
        self._limit = limit
        self._drawn = 0

    def draw(self) -> int:
        self._drawn += 1
        if self._drawn > self._limit:
            raise RollBudgetExceeded(
                f"roll budget exceeded: more than {self._limit} faces drawn for one roll"
            )
        face = self._source.randint(1, SIDES)
        if not isinstance(face, int) or not 1 <= face <= SIDES:
            raise MalformedInput(f"dice source returned {face!r}, not a face from 1 to {SIDES}")
        return face


def roll_die(budget: FaceBudget, *, explodes: bool, emphasis: bool) -> Die:
    """Roll one die: reroll a first 1 under emphasis, then explode while it shows 10."""
    rerolled_one = False
    face = budget.draw()
    if emphasis and face == 1:
        rerolled_one = True
        face = budget.draw()
    faces = [face]
    while explodes and face == SIDES:
        face = budget.draw()
        faces.append(face)
    return Die(tuple(faces), rerolled_one)


def check_die(die: Die, index: int, *, explodes: bool, emphasis: bool) -> None:
    """Refuse recorded faces that these rules could not have produced."""
    faces = die.faces
    if (
        faces
        and all(1 <= face <= SIDES for face in faces)
        and (emphasis or not die.rerolled_one)
        and (
            all(face == SIDES for face in faces[:-1]) and faces[-1] != SIDES
            if explodes
            else len(faces) == 1
        )
        and not (emphasis and not die.rerolled_one and faces[0] == 1)
    ):
        return
    _explain_bad_die(die, index, explodes=explodes, emphasis=emphasis)


def _explain_bad_die(die: Die, index: int, *, explodes: bool, emphasis: bool) -> None:
    """Say exactly what is wrong with a die :func:`check_die` refused."""
    where = f"die {index + 1} ({die.spec()!r})"
    if not die.faces:
        raise MalformedInput(f"{where} has no faces")
    for face in die.faces:
        if not 1 <= face <= SIDES:
            raise MalformedInput(f"{where}: face {face} is not between 1 and {SIDES}")
    if die.rerolled_one and not emphasis:
        raise MalformedInput(f"{where}: a 1 is rerolled only with an emphasis")
    if explodes:
        *chain, last = die.faces
        if any(face != SIDES for face in chain):
            raise MalformedInput(f"{where}: only a 10 explodes into another face")
        if last == SIDES:
            raise MalformedInput(f"{where}: a 10 explodes, so it needs the face it exploded into")
    elif len(die.faces) > 1:
        raise MalformedInput(f"{where}: 10s do not explode on an unskilled roll")
    raise MalformedInput(f"{where}: with an emphasis a 1 is rerolled (write it '1r…')")
