"""Kiroku's one error taxonomy (DESIGN principle 4).

Every error a command or a parser raises is a :class:`KirokuError`, which is a
``ValueError`` so callers that only know Python's conventions still catch it. The four
kinds below say *why* the input was refused; each message quotes the offending input.
"""

from __future__ import annotations


class KirokuError(ValueError):
    """Root of every error Kiroku raises on purpose."""


class MalformedInput(KirokuError):
    """The input could not be read at all: a bad dice expression, a corrupt line, a bad body."""


class IllegalUnderRules(KirokuError):
    """The input is well formed but the ruleset forbids it now (too many raises, no Void left)."""


class NotFound(KirokuError):
    """The input names something that does not exist (a session, a character, an event)."""


class NotAllowed(KirokuError):
    """The actor may not do this (a player retracting a GM's ruling)."""


class ConcurrencyConflict(KirokuError):
    """Another writer appended to the same session first; nothing of this command was kept."""


def quoted(text: object) -> str:
    """Quote a piece of user input for an error message, escaping what needs it."""
    return repr(str(text))
