"""A ruleset's options, declared as data and read and checked the one way.

Each option a ruleset takes is an :class:`~domain.rulesets.base.Option`: what it does,
its default, and, when it takes one of a closed set, every value it takes — so that a
surface offers a closed option as a choice (``GET /v1/rulesets/{id}``, ``kiroku rules ID
--json``, the console's form that opens a session) from the declaration itself, never
from its help's wording. A ruleset reads them through :class:`Options`: a closed option
with :meth:`Options.choice`, which refuses a value outside the declared set, an open one
(a number, a list) with :meth:`Options.text`, which it then reads itself; either refuses
to read an option declared the other way, so the values a ruleset checks are those it
declares."""

from __future__ import annotations

from collections.abc import Mapping

from domain.errors import MalformedInput, excerpt
from domain.rulesets.base import Option


def boolean(help: str, default: str = "true") -> Option:
    """An option that is true or false."""
    return Option(help, default, ("true", "false"))


class Options:
    """The options a session was opened with, for a ruleset that declares ``known``."""

    def __init__(self, ruleset_id: str, given: Mapping[str, str], known: Mapping[str, Option]):
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise MalformedInput(
                f"ruleset {ruleset_id!r} has no option {unknown[0]!r}; options: {', '.join(known)}"
            )
        self._given = given
        self._known = known

    def choice(self, name: str, default: str | None = None) -> str:
        """Option ``name``: one of its declared values (its declared default unless
        ``default`` says otherwise: one that follows from another option)."""
        option = self._known[name]
        if not option.values:
            raise TypeError(f"option {name!r} declares no values: read it with text()")
        value = self._given.get(name, option.default if default is None else default)
        if value not in option.values:
            raise MalformedInput(
                f"option {name}={excerpt(value)} is not {' or '.join(option.values)}"
            )
        return value

    def text(self, name: str) -> str:
        """Option ``name`` as given (the ruleset reads it), or its declared default."""
        option = self._known[name]
        if option.values:
            raise TypeError(f"option {name!r} takes one of its values: read it with choice()")
        return self._given.get(name, option.default)
