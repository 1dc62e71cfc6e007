"""Projections: read models rebuilt from a session's events, as of any position.

The core's views (the session) come first, then the session's ruleset's own; a ruleset
view named like a core view adds its fields to it.
"""

from __future__ import annotations

from typing import Any

from domain.events import Recorded
from domain.session.state import SessionState, fold
from projections import timeline as timeline_module


def session(state: SessionState) -> dict[str, Any]:
    """The session as opened, where its stream stands, and its in-game clock: the
    minutes the GM has moved the story on since it began; a fork says where it came
    from, a session imported without command records that it is unverified."""
    opened = state.opened
    if opened is None:
        return {}
    view: dict[str, Any] = {
        "id": opened.session,
        "ruleset": opened.ruleset,
        "options": dict(opened.options),
        "campaign": opened.campaign,
        "gm": opened.gm,
        "title": opened.title,
        "position": state.position,
        "clock": state.clock,
    }
    if state.forked is not None:  # only a fork says so: an opened session's view is as it was
        view["forked_from"] = {"session": state.forked[0], "position": state.forked[1]}
    if state.unverified is not None:  # only an import without command records says so
        position, imported = state.unverified
        view["unverified"] = {
            "position": position,
            "file": imported.file,
            "events": imported.events,
            "by": imported.actor,
            "at": imported.at.isoformat(),
            "why": "imported without the record of its commands: those events were never re-judged",
        }
    return view


CORE_VIEWS = {"session": session}


def project_state(state: SessionState) -> dict[str, Any]:
    """The core views, then the session's ruleset's own."""
    result: dict[str, Any] = {name: view(state) for name, view in CORE_VIEWS.items()}
    if state.ruleset is None:
        return result
    for name, view in state.ruleset.views.items():
        value = view(state.table)
        core = result.get(name)
        result[name] = core | value if isinstance(core, dict) and isinstance(value, dict) else value
    return result


def project(
    events: list[Recorded], until: int | None = None, *, with_timeline: bool = True
) -> dict[str, Any]:
    """Every projection of ``events`` as of ``until``, keyed by projection name."""
    result = project_state(fold(events, until))
    if with_timeline:
        result["timeline"] = timeline_module.timeline(events, until)
    return result
