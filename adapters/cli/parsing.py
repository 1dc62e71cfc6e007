"""The command line's argparse, made to refuse like every other refusal: one line on
stderr naming what was wrong and where the usage is, exit 2 — not argparse's usage
block of up to a dozen lines before it."""

from __future__ import annotations

import argparse
import sys

from domain.errors import MalformedInput, shortened


class Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line (the usage is a ``--help`` away,
    named in the line)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"kiroku: error: {shortened(message)} (`{self.prog} --help`)\n")
        raise SystemExit(2)


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
