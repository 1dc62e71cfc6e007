"""Rulesets from outside the package: ``KIROKU_RULESETS=ID=MODULE[,ID=MODULE…]``.

A ruleset is a Python package whose ``build(options)`` makes a
:class:`domain.rulesets.base.Ruleset`; naming it here registers it beside the built-in
ones (:data:`domain.rulesets.RULESETS`) for this process."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from domain.errors import MalformedInput
from domain.rulesets import register

VARIABLE = "KIROKU_RULESETS"
DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
IDENTIFIER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def register_plugins(environ: Mapping[str, str] | None = None) -> list[str]:
    """Register the rulesets named in ``$KIROKU_RULESETS``; their ids."""
    text = (os.environ if environ is None else environ).get(VARIABLE, "")
    ids = []
    for entry in filter(None, (e.strip() for e in text.split(","))):
        ruleset_id, sep, module = (part.strip() for part in entry.partition("="))
        if not sep or not ruleset_id or not module:
            raise MalformedInput(f"{VARIABLE}: {entry!r} is not ID=MODULE")
        if not DOTTED.fullmatch(module) or not IDENTIFIER.fullmatch(ruleset_id):
            raise MalformedInput(
                f"{VARIABLE}: {entry!r}: the id is letters, digits, '-' or '_', and the "
                "module a dotted name to import (as in my_rules.ruleset)"
            )
        register(ruleset_id, module)
        ids.append(ruleset_id)
    return ids
