"""Projections: read models rebuilt from a session's events, as of any position."""

from __future__ import annotations

from typing import Any

from domain.events import Recorded
from domain.session.state import SessionState, fold
from projections import timeline as timeline_module
from projections import views

VIEWS = {
    "session": views.session,
    "characters": views.characters,
    "initiative": views.initiative,
    "wounds": views.wounds,
    "experience": views.experience,
    "void": views.void,
    "stances": views.stances,
    "standing": views.standing,
    "armour": views.armour,
    "conditions": views.conditions,
    "actions": views.actions,
    "spells": views.spells,
    "duels": views.duels,
    "battle": views.battle,
    "society": views.society,
}
PROJECTIONS = (*VIEWS, "timeline")


def project_state(state: SessionState) -> dict[str, Any]:
    return {name: view(state) for name, view in VIEWS.items()}


def project(
    events: list[Recorded], until: int | None = None, *, with_timeline: bool = True
) -> dict[str, Any]:
    """Every projection of ``events`` as of ``until``, keyed by projection name."""
    result = project_state(fold(events, until))
    if with_timeline:
        result["timeline"] = timeline_module.timeline(events, until)
    return result
