"""A JSON body's members given twice, refused (issue 31): JSON decoders keep the last of
two members of the same name and drop the first without a word, as argparse kept the last
of an option given twice (``{"void": "roll_free_raise", "void": "roll_dice"}``). A field
that takes several values takes them as a list, once — the declaration the shell reads
too (:func:`domain.commands.repeats`): the command line's option given once for each.

The check reads the raw bytes once (at most :data:`adapters.http.bodies.MAX_BODY` of
them), after the body has decoded: an object's keys at every depth, each compared as the
text it decodes to (``"\\u0076oid"`` is ``"void"``)."""

from __future__ import annotations

import re

import msgspec

_TOKENS = re.compile(rb'"(?:[^"\\]|\\[\s\S])*"|[\[\]{}:]')
"""A whole string, a bracket or a colon: a string just before a colon is a member's name."""


def repeated_member(body: bytes) -> str | None:
    """The first member name an object of ``body`` (decoded JSON) gives twice, or None."""
    objects: list[set[str] | None] = []  # each open object's names; None: an array
    previous = b""
    for found in _TOKENS.finditer(body):
        token = found.group()
        if token == b":":
            names = objects[-1] if objects else None
            if names is not None and previous:
                name = msgspec.json.decode(previous, type=str)
                if name in names:
                    return name
                names.add(name)
        elif token in (b"{", b"["):
            objects.append(set() if token == b"{" else None)
        elif token in (b"}", b"]") and objects:
            objects.pop()
        previous = token if token.startswith(b'"') else b""
    return None


def given_twice(name: str) -> str:
    """Why a body with ``name`` twice is refused."""
    return (
        f"member {name!r} is given twice: each member once (a field that takes several "
        "takes them as one list)"
    )
