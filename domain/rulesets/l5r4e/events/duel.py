"""Iaijutsu duels (4e « Duel de iaijutsu »): assessment, focus, strike."""

from typing import Literal

from domain.events import Event

DuelKind = Literal["first_blood", "to_the_death"]


class DuelBegan(Event, frozen=True, kw_only=True):
    duel: str
    challenger: str
    defender: str
    kind: DuelKind = "first_blood"


class DuelAssessed(Event, frozen=True, kw_only=True):
    """An assessment roll's meaning: what was learned, and +1k1 on focus for beating the
    other's assessment by 10 or more."""

    duel: str
    character: str
    success: bool
    learned: tuple[tuple[str, str], ...] = ()
    focus_bonus: bool = False
    total: int | None = None
    """The assessment roll's total, which the fold keeps; ``None`` in events recorded
    before it was (their total is the duellist's roll recorded just before them)."""


class DuelConceded(Event, frozen=True, kw_only=True):
    duel: str
    character: str


class DuelFocused(Event, frozen=True, kw_only=True):
    """The focus contest: who strikes first (beat the other by 5 or more) and the free
    raises (one per further 5); no one — a karmic strike."""

    duel: str
    first: str | None
    margin: int
    free_raises: int = 0


class DuelStruck(Event, frozen=True, kw_only=True):
    duel: str
    character: str
    hit: bool


class DuelEnded(Event, frozen=True, kw_only=True):
    duel: str
    winner: str | None
    outcome: Literal["conceded", "first_blood", "karmic", "death", "skirmish", "stopped"]
