"""Kiroku's one error taxonomy (DESIGN principle 4).

Every error a command or a parser raises is a :class:`KirokuError`, which is a
``ValueError`` so callers that only know Python's conventions still catch it. The four
kinds below say *why* the input was refused; each message quotes the offending input.
"""

from __future__ import annotations

import re


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


EXCERPT = 200
"""The most characters of one piece of input an error message quotes (a file's path whole,
not a name of megabytes)."""
MAX_MESSAGE = 1_000
ROOM = 40
"""What a message leaves of :data:`MAX_MESSAGE` for what frames it (``kiroku: error: ``)."""
"""The longest error message shown: one line a person reads, whatever the input was."""

_LONG_QUOTE = re.compile(
    rf"(?<![\w])'((?:[^'\\\n]|\\.){{{EXCERPT + 1},}})'(?![\w])"
    rf'|(?<![\w])"((?:[^"\\\n]|\\.){{{EXCERPT + 1},}})"(?![\w])'
)
"""A quoted piece of input (as ``repr`` quotes it) too long to show whole; a quote mark
inside a word (the GM's) opens nothing."""


def excerpt(text: object) -> str:
    """A piece of input quoted for a message: whole when short, else its start, ``…`` and
    its length."""
    whole = str(text)
    if len(whole) <= EXCERPT:
        return repr(whole)
    return f"{whole[:EXCERPT]!r}… ({len(whole):,} characters)"


def shortened(message: str) -> str:
    """An error message fit to show: every quoted piece of input longer than
    :data:`EXCERPT` cut to its start (``…`` and its length), anything unprintable in it
    escaped (one line, no terminal escape), and the whole at most :data:`MAX_MESSAGE`
    characters. Whoever words a message quotes the input; this keeps
    a hostile input (a name of megabytes) from becoming megabytes on a terminal or in a
    log."""

    def cut(found: re.Match[str]) -> str:
        inner = found.group(1) if found.group(1) is not None else found.group(2)
        mark = "'" if found.group(1) is not None else '"'
        return f"{mark}{inner[:EXCERPT]}{mark}… ({len(inner):,} characters)"

    short = _LONG_QUOTE.sub(cut, message)
    if not short.isprintable():  # a newline or an escape in the input would forge a line
        short = "".join(c if c.isprintable() else repr(c)[1:-1] for c in short)
    if len(short) > MAX_MESSAGE - ROOM:
        short = f"{short[: MAX_MESSAGE - ROOM - 40]}… ({len(message):,} characters in all)"
    return short
