"""How names are compared: a character is the same whatever the case or spacing."""

from __future__ import annotations

_KEYS: dict[str, str] = {}
"""Names already keyed (a session has few, and folds look each up many times)."""


def key(name: str) -> str:
    """The key a character's name is found by: stripped and case-folded."""
    found = _KEYS.get(name)
    if found is None:
        found = name.strip().casefold()
        if len(_KEYS) < 10_000:
            _KEYS[name] = found
    return found
