"""Projections: read models rebuilt from a session's events, as of any position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.events import Recorded
from domain.session.state import SessionState, fold
from projections import l5r4e, views
from projections import timeline as timeline_module

VIEWS = {
    "session": views.session,
    "characters": views.characters,
    "initiative": views.initiative,
    "wounds": views.wounds,
    "experience": views.experience,
    "void": views.void,
    "stances": views.stances,
    "standing": views.standing,
}
#: Each ruleset's own read models, beside the core ones.
RULESET_VIEWS: dict[str, dict[str, Callable[[SessionState], Any]]] = {"l5r4e": l5r4e.VIEWS}


def project_state(state: SessionState) -> dict[str, Any]:
    """The core views, then the session's ruleset's own."""
    result = {name: view(state) for name, view in VIEWS.items()}
    ruleset = state.ruleset.id if state.ruleset is not None else ""
    for name, view in RULESET_VIEWS.get(ruleset, {}).items():
        result[name] = view(state)
    return result


def project(
    events: list[Recorded], until: int | None = None, *, with_timeline: bool = True
) -> dict[str, Any]:
    """Every projection of ``events`` as of ``until``, keyed by projection name."""
    result = project_state(fold(events, until))
    if with_timeline:
        result["timeline"] = timeline_module.timeline(events, until)
    return result
