"""The story's clock: in-game time the GM moves on (``kiroku clock advance 2h``).

A session counts the in-game minutes since it began (:class:`ClockAdvanced` events, each
the GM's); rules that count hours or days read them as their text says (4e: a worn-out
character's hours awake, « toutes les deux heures »). The clock never moves by itself,
and never reads the wall clock: a session recorded tonight replays the same tomorrow.
"""

from __future__ import annotations

import re

from domain.errors import MalformedInput, excerpt

MAX_MINUTES = 366 * 24 * 60
"""The most the clock moves on in one command: a year."""

_DURATION = re.compile(r"(?:([0-9]{1,6})d)?(?:([0-9]{1,6})h)?(?:([0-9]{1,6})m(?:in)?)?")


def parse_duration(text: str) -> int:
    """``"2h"`` → 120 minutes; days, hours and minutes in that order (``1d6h``, ``90m``,
    ``1h30m``), each with its unit, from a minute to a year."""
    match = _DURATION.fullmatch(text.strip().lower().replace(" ", ""))
    if not text.strip() or match is None or not any(match.groups()):
        raise MalformedInput(
            f"duration {excerpt(text)}: give days, hours and minutes with their units, as in "
            "2h, 30m, 1d6h or 1h30m"
        )
    days, hours, minutes = (int(part or 0) for part in match.groups())
    total = (days * 24 + hours) * 60 + minutes
    if not 1 <= total <= MAX_MINUTES:
        raise MalformedInput(f"duration {excerpt(text)}: move the clock on by a minute to a year")
    return total


def format_duration(minutes: int) -> str:
    """120 → ``"2h"``, 1830 → ``"1d6h30m"``, 0 → ``"0m"``."""
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    text = (
        (f"{days}d" if days else "") + (f"{hours}h" if hours else "") + (f"{mins}m" if mins else "")
    )
    return text or "0m"
