"""The ruleset registry: a ruleset id and its options make a :class:`Ruleset`."""

from __future__ import annotations

from collections.abc import Mapping

from domain.errors import NotFound
from domain.rulesets import l5r4e
from domain.rulesets.base import Ruleset, RulesetFactory

RULESETS: dict[str, RulesetFactory] = {l5r4e.RULESET_ID: l5r4e.build}


def load_ruleset(ruleset_id: str, options: Mapping[str, str] | None = None) -> Ruleset:
    try:
        factory = RULESETS[ruleset_id]
    except KeyError:
        raise NotFound(
            f"no ruleset {ruleset_id!r}; available: {', '.join(sorted(RULESETS))}"
        ) from None
    return factory(options or {})


__all__ = ["RULESETS", "Ruleset", "load_ruleset"]
