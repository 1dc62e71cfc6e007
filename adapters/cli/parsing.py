"""The command line's argparse, made to refuse like every other refusal: one line on
stderr naming what was wrong and where the usage is, exit 2 — not argparse's usage
block of up to a dozen lines before it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from domain.errors import MalformedInput, shortened

REPEATABLE = (
    argparse._AppendAction,
    argparse._AppendConstAction,
    argparse._ExtendAction,
    argparse._CountAction,
)
"""The actions an option may be given again for: each time adds one (a field that is a
tuple, ``--option NAME=VALUE``). Every other option is given once (issue 31)."""


class Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line (the usage is a ``--help`` away,
    named in the line), takes an option only by its whole name (``--as`` is never
    ``--as-corrected`` cut short: a GM's audit must mean what it says), refuses an option
    given twice unless it is declared to repeat (:data:`REPEATABLE`: ``--void
    roll_free_raise --void roll_dice`` kept the last and dropped the other without a
    word), and says which subcommand's parser met an argument it does not take
    (``unknown_in``: its prog, as ``kiroku campaign open``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        self.hint: str = kwargs.pop("hint", "")
        """What the help it names needs besides the words (a ruleset's command's:
        ``--session night1``)."""
        self._given: dict[argparse.Action, list[str]] = {}
        """Each option given so far in the parse under way, with what followed it."""
        super().__init__(*args, **kwargs)

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        """argparse reads an option's values here each time it is given: the second time
        of one that does not repeat is refused, quoting both."""
        if action.option_strings and not isinstance(action, REPEATABLE):
            before = self._given.get(action)
            if before is not None:
                self.error(_given_twice(action, before, arg_strings))
            self._given[action] = list(arg_strings)
        return super()._get_values(action, arg_strings)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._given = {}
        parsed, extra = super().parse_known_args(args, namespace)
        if extra and not getattr(parsed, "unknown_in", None):
            parsed.unknown_in = self.prog  # the innermost subcommand's, met first
            parsed.unknown_help = self.help_call
        return parsed, extra

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"kiroku: error: {shortened(message)} (`{self.help_call}`)\n")
        raise SystemExit(2)

    @property
    def help_call(self) -> str:
        """The command that shows this parser's help (``kiroku attack --session S --help``)."""
        return f"{self.prog} {self.hint} --help" if self.hint else f"{self.prog} --help"


def _given_twice(action: argparse.Action, first: list[str], then: list[str]) -> str:
    """``--void given twice ('roll_free_raise', then 'roll_dice'): …``."""
    option = max(action.option_strings, key=len)
    said = ""
    if first or then:
        said = f" ({' '.join(map(repr, first)) or 'alone'}, then {' '.join(map(repr, then))})"
    return f"{option} given twice{said}: it is taken once, and nothing was recorded"


def ruleset_options(pairs: list[str]) -> dict[str, str]:
    """``--option NAME=VALUE``, repeated: a ruleset's options (the ruleset checks them)."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise MalformedInput(f"option {pair!r} is not NAME=VALUE")
        if name.strip() in options:
            raise MalformedInput(f"option {name.strip()!r} is given twice")
        options[name.strip()] = value.strip()
    return options
