"""A ruleset's options read and checked the one way: each is one of its values, and a
name the ruleset does not take is refused, naming those it does."""

from __future__ import annotations

from collections.abc import Mapping

from domain.errors import MalformedInput, excerpt


class Options:
    """The options a session was opened with, for a ruleset whose options are ``known``."""

    def __init__(self, ruleset_id: str, given: Mapping[str, str], known: Mapping[str, str]):
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise MalformedInput(
                f"ruleset {ruleset_id!r} has no option {unknown[0]!r}; options: {', '.join(known)}"
            )
        self._given = given

    def choice(self, name: str, values: tuple[str, ...], default: str | None = None) -> str:
        """Option ``name``: one of ``values`` (the first is the default unless one is
        given)."""
        value = self._given.get(name, default if default is not None else values[0])
        if value not in values:
            raise MalformedInput(f"option {name}={excerpt(value)} is not {' or '.join(values)}")
        return value

    def text(self, name: str, default: str) -> str:
        """Option ``name`` as given (the ruleset reads it), or ``default``."""
        return self._given.get(name, default)
