"""How names are compared: a character is the same whatever the case or spacing."""

from __future__ import annotations


def key(name: str) -> str:
    """The key a character's name is found by: stripped and case-folded."""
    return name.strip().casefold()
