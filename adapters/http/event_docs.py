"""The events as the HTTP documents describe them: every ruleset's event schemas
(:mod:`application.event_schemas`) as components of a document (``{ruleset}.event.NAME``,
``{ruleset}.Event`` one of them, ``Event`` any ruleset's), and the shapes that hold one —
an event's row as the pages and the streams give it, a page, one event shown whole, a
ruleset's event catalog. The OpenAPI document (:mod:`adapters.http.openapi`) and the
AsyncAPI one (:mod:`adapters.http.asyncapi`) share them, so both reference the same
schemas the catalog serves."""

from __future__ import annotations

from functools import cache
from typing import Any

from application.event_schemas import event_components
from domain.rulesets import RULESETS


@cache
def event_schemas(root: str) -> dict[str, Any]:
    """Every ruleset's event components under ``root`` (``#/components/schemas/``):
    ``{ruleset}.event.NAME`` each type and what it nests, ``{ruleset}.Event`` one of a
    ruleset's types, and ``Event`` one of any ruleset's (a session's ruleset says which)."""
    components: dict[str, Any] = {}
    per_ruleset = []
    for ruleset_id in sorted(RULESETS):
        try:
            refs, found = event_components(ruleset_id, f"{root}{ruleset_id}.event.")
        except Exception:  # a plug-in that does not load is left out, as `kiroku rules` says
            continue
        components.update({f"{ruleset_id}.event.{name}": s for name, s in found.items()})
        components[f"{ruleset_id}.Event"] = {
            "description": f"an event of a {ruleset_id} session (its `type` says which)",
            "oneOf": [{"$ref": refs[name]} for name in sorted(refs)],
        }
        per_ruleset.append({"$ref": f"{root}{ruleset_id}.Event"})
    components["Event"] = {
        "description": "an event as recorded, of the session's ruleset (GET "
        "/v1/rulesets/{id}/events gives each ruleset's schema)",
        "anyOf": per_ruleset,
    }
    return components


def event_row(root: str) -> dict[str, Any]:
    """An event's row, as a page and the streams give it (``adapters.http.reads``)."""
    return {
        "type": "object",
        "description": "one event: its number (the holder's count), type, log line, who "
        "recorded it, when and why, and the event whole",
        "properties": {
            "position": {"type": "integer", "description": "the holder's count"},
            "type": {"type": "string", "description": "the event's type (its `type`)"},
            "summary": {"type": "string", "description": "its line in the log"},
            "actor": {"type": "string"},
            "at": {"type": "string", "description": "when the command was given (ISO 8601)"},
            "reason": {"type": ["string", "null"]},
            "event": {"$ref": root + "Event"},
            "hidden": {"const": True, "description": "the GM's row of a ruling given hidden"},
            "revealed_at": {"type": "integer", "description": "the reveal's position"},
            "dropped_because": {"type": "string", "description": "a consequence's retraction"},
            "revealed": {
                "type": "array",
                "description": "a player's reveal: the revealed events' rows",
                "items": {"$ref": root + "EventRow"},
            },
        },
        "required": ["position", "type", "summary", "actor", "at", "reason", "event"],
    }


def page(root: str) -> dict[str, Any]:
    """A page of events (``GET …/events``)."""
    return {
        "type": "object",
        "properties": {
            "events": {
                "type": "array",
                "items": {
                    "allOf": [
                        {"$ref": root + "EventRow"},
                        {
                            "type": "object",
                            "properties": {"cursor": {"type": "string"}},
                            "required": ["cursor"],
                        },
                    ]
                },
            },
            "next": {"type": "string", "description": "the cursor to read on from"},
            "head": {"type": "integer", "description": "the holder's count of events"},
        },
        "required": ["events", "next", "head"],
    }


def shown_event(root: str) -> dict[str, Any]:
    """One event whole (``GET …/events/{position}``, ``kiroku show --json``)."""
    array = {"type": "array"}
    return {
        "type": "object",
        "properties": {
            "position": {"type": "integer"},
            "type": {"type": "string"},
            "summary": {"type": "string"},
            "actor": {"type": "string"},
            "at": {"type": "string"},
            "reason": {"type": ["string", "null"]},
            "retracted": {"type": "boolean"},
            "event": {"$ref": root + "Event"},
            "command": {"type": ["object", "null"], "description": "the record of its command"},
            "explanation": array,
            "follows": array | {"description": "what its ruling followed from"},
            "used_by": array | {"description": "the later events whose rulings used it"},
            "used_by_unrecorded": {"type": "integer"},
        },
        "required": ["position", "type", "summary", "event", "command", "follows", "used_by"],
    }


EVENT_CATALOG = {
    "type": "object",
    "description": "the core's event types and the ruleset's, and their JSON Schema",
    "properties": {
        "ruleset": {"type": "string"},
        "core": {"type": "array", "items": {"type": "string"}},
        "events": {"type": "array", "items": {"type": "string"}},
        "schema": {
            "type": "object",
            "description": "a JSON Schema (2020-12) of any event of the ruleset's sessions: "
            "one of its types, each under $defs by its `type`",
        },
    },
    "required": ["ruleset", "core", "events", "schema"],
}
