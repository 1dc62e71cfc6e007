"""The seats at a table, as every ruleset's fold keeps them: a character is kept under
their name as the core compares names (:func:`domain.names.key`), numbered in the order
they joined (the last tie-breaker of every turn order), and a round goes to the first in
its order who has not yet acted."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from domain.events import CharacterJoined
from domain.names import key

S = TypeVar("S")


def seat(
    seats: dict[str, S], event: CharacterJoined[Any], make: Callable[..., S], **more: Any
) -> S:
    """The character ``event`` joins seated: ``make(name, player, sheet, joined, **more)``
    kept under their name, ``joined`` the number who joined before them."""
    sheet = event.sheet
    seated = make(name=sheet.name, player=event.player, sheet=sheet, joined=len(seats), **more)
    seats[key(sheet.name)] = seated
    return seated


def next_in(order: Iterable[str], done: Iterable[str]) -> str | None:
    """The first in ``order`` who is not ``done`` (None: the round, or the phase, is over)."""
    finished = {key(name) for name in done}
    return next((name for name in order if key(name) not in finished), None)
