"""The ruleset registry: the one place that names rulesets (DESIGN principle 3).

Each entry maps a ruleset id to the module whose ``build(options)`` makes it; modules
are imported when a session of that ruleset is first opened or read, so the core has no
import of any ruleset and a new ruleset is one package plus one line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache

from domain.errors import IllegalUnderRules, NotFound
from domain.rulesets.base import Core, Ruleset, RulesetFactory, Table, View

RULESETS: dict[str, str] = {
    "l5r4e": "domain.rulesets.l5r4e.ruleset",
    "l5r3e": "domain.rulesets.l5r3e.ruleset",
    "l5r-house": "domain.rulesets.l5r_house.ruleset",
    "l5r5e-house": "domain.rulesets.l5r5e_house.ruleset",
    "ukiyo": "domain.rulesets.ukiyo.ruleset",
}

MAIN = "l5r4e"
"""The main ruleset (the 4th edition, DESIGN's main one): what a session or a campaign
opened without naming one plays, on every surface, and whose dice rules a roll outside
any session follows."""

BUILT_IN: tuple[str, ...] = tuple(RULESETS)
"""The rulesets Kiroku ships (a plug-in's or a test's, registered later, are not among
them): what its catalogs describe."""


def register(ruleset_id: str, module: str) -> None:
    """Add a ruleset (a tests' or a plug-in's) under ``ruleset_id``."""
    RULESETS[ruleset_id] = module
    _factory.cache_clear()


@cache
def _factory(ruleset_id: str) -> RulesetFactory:
    try:
        module = RULESETS[ruleset_id]
    except KeyError:
        raise NotFound(
            f"no ruleset {ruleset_id!r}; available: {', '.join(sorted(RULESETS))}"
        ) from None
    try:
        build: RulesetFactory = importlib.import_module(module).build
    except (ImportError, AttributeError) as error:
        raise NotFound(f"ruleset {ruleset_id!r}: no build() in {module!r} ({error})") from None
    return build


def lacks(session_id: str, ruleset_id: str, command: str) -> IllegalUnderRules:
    """The refusal of a command the session's ruleset does not have."""
    return IllegalUnderRules(
        f"session {session_id!r} is played under {ruleset_id!r}, which has no command "
        f"{command!r}; `kiroku rules {ruleset_id}` lists its commands"
    )


def load_ruleset(ruleset_id: str, options: Mapping[str, str] | None = None) -> Ruleset:
    """The ruleset ``ruleset_id`` bound to ``options`` (each checked by the ruleset)."""
    return _factory(ruleset_id)(options or {})


__all__ = [
    "BUILT_IN", "RULESETS", "Core", "Ruleset", "RulesetFactory", "Table", "View", "lacks",
    "load_ruleset",
    "register",
]  # fmt: skip
