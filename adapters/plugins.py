"""Rulesets from outside the package: ``KIROKU_RULESETS=ID=MODULE[,ID=MODULE…]``.

A ruleset is a Python package whose ``build(options)`` makes a
:class:`domain.rulesets.base.Ruleset`; naming it here registers it beside the built-in
ones (:data:`domain.rulesets.RULESETS`) for this process."""

from __future__ import annotations

import os
from collections.abc import Mapping

from domain.errors import MalformedInput
from domain.rulesets import register

VARIABLE = "KIROKU_RULESETS"


def register_plugins(environ: Mapping[str, str] | None = None) -> list[str]:
    """Register the rulesets named in ``$KIROKU_RULESETS``; their ids."""
    text = (os.environ if environ is None else environ).get(VARIABLE, "")
    ids = []
    for entry in filter(None, (e.strip() for e in text.split(","))):
        ruleset_id, sep, module = entry.partition("=")
        if not sep or not ruleset_id.strip() or not module.strip():
            raise MalformedInput(f"{VARIABLE}: {entry!r} is not ID=MODULE")
        register(ruleset_id.strip(), module.strip())
        ids.append(ruleset_id.strip())
    return ids
