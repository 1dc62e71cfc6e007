"""How names are compared: a character is the same whatever the case or spacing."""

from __future__ import annotations

from domain.errors import MalformedInput

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


MAX_NAME = 100
"""A name or id (a character, a player, a GM, a participant) is at most this long."""


def check_name(text: str, what: str) -> str:
    """``text`` as a name: not blank, at most :data:`MAX_NAME` characters, and nothing
    unprintable in it (a newline or a control character would forge a line of the log,
    or make an id that no later command can type)."""
    if not text.strip():
        raise MalformedInput(f"{what} is blank")
    if len(text) > MAX_NAME:
        raise MalformedInput(
            f"{what} {text[:30]!r}… is {len(text):,} characters (at most {MAX_NAME})"
        )
    if not text.isprintable():
        raise MalformedInput(f"{what} {text!r} has a control character in it")
    return text
