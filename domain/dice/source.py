"""The randomness port every dice family draws from (DESIGN principle 2).

A dice source is anything with ``random.Random.randint``'s signature: a seeded
``random.Random`` for reproducible sessions, or :class:`FaceQueue`, the faces rolled at
the table, drawn in order. Each family (``roll_keep``; ``narrative`` and ``two_d6`` to
come) asks it for the faces its own dice have and records every one.
"""

from __future__ import annotations

from typing import Protocol

from domain.errors import KirokuError, MalformedInput


class DiceSource(Protocol):
    """The randomness port: anything with ``random.Random.randint``'s signature."""

    def randint(self, a: int, b: int, /) -> int: ...


class FaceQueue:
    """A dice port that shows faces rolled at the table, in order — for a command that
    throws several rolls (an opposed roll, a duel's strike) from one list of faces."""

    def __init__(self, faces: list[int]) -> None:
        self._faces = list(faces)
        self._given = list(faces)

    def randint(self, a: int, b: int, /) -> int:
        if not self._faces:
            shown = ",".join(map(str, self._given[:20])) + ("…" if len(self._given) > 20 else "")
            raise MalformedInput(
                f"the {len(self._given)} faces given ({shown}) ran out: the rolls need more"
            )
        return self._faces.pop(0)

    @property
    def left(self) -> list[int]:
        """The faces given that no roll has drawn (yet)."""
        return list(self._faces)


class TableFaces(FaceQueue):
    """The faces a player typed at the table for one command: each must be rolled — a
    face left over is a mistake to say, never one to drop silently."""


class RollBudgetExceeded(KirokuError):
    """A roll asked the dice source for more faces than any honest roll needs."""


class RecordingSource:
    """A dice port that keeps every face it hands out, in order: what a command drew, so
    that its ruling can be explained and decided again with the very same dice
    (``FaceQueue(drawn)``)."""

    def __init__(self, source: DiceSource) -> None:
        self._source = source
        self.drawn: list[int] = []

    def randint(self, a: int, b: int, /) -> int:
        face = self._source.randint(a, b)
        self.drawn.append(face)
        return face
