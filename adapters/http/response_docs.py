"""The shapes of the API's answers as ``/openapi.json`` types them (beside the events'
own, :mod:`adapters.http.event_docs`): what a command or an opening recorded, the
sessions, campaigns and rulesets as listed, the tokens, a fork, a diff. Each names the
fields the server always gives as required (:mod:`application.rows`,
:mod:`adapters.http.writes`) and leaves the rest open, so a field added is no break."""

from __future__ import annotations

from typing import Any

STRING = {"type": "string"}
INTEGER = {"type": "integer"}
OBJECTS = {"type": "array", "items": {"type": "object"}}


def _object(properties: dict[str, Any], *required: str, about: str = "") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    schema["required"] = list(required) if required else list(properties)
    if about:
        schema["description"] = about
    return schema


RECORDED = _object(
    {
        "session": STRING,
        "recorded": {
            "type": "array",
            "description": "each event recorded: its number (the holder's), type and log "
            "line, and its cursor (a command's)",
            "items": _object(
                {"position": INTEGER, "type": STRING, "summary": STRING, "cursor": STRING},
                "position",
                "type",
                "summary",
            ),
        },
        "rolls": {
            "type": "array",
            "items": {"type": "object"},
            "description": "each roll, in `kiroku roll --json`'s shape",
        },
        "roll": {"type": "object", "description": "the last of the rolls"},
        "warnings": {"type": "array", "items": STRING},
        "version": {"type": "integer", "description": "the holder's count of events after it"},
    },
    "session",
    "recorded",
    "rolls",
    "version",
    about="what was recorded, as `kiroku … --json` prints it",
)

SESSION_ROW = _object(
    {
        "id": STRING,
        "ruleset": STRING,
        "gm": STRING,
        "campaign": STRING,
        "title": STRING,
        "opened": STRING,
    }
)
SESSIONS = _object({"sessions": {"type": "array", "items": SESSION_ROW}})

CAMPAIGN_ROW = _object(
    {"id": STRING, "ruleset": STRING, "gm": STRING, "title": STRING, "opened": STRING,
     "sessions": INTEGER},
    "id", "ruleset", "gm", "title", "opened",
)  # fmt: skip
CAMPAIGNS = _object({"campaigns": {"type": "array", "items": CAMPAIGN_ROW}})

RULESETS = _object(
    {
        "rulesets": {
            "type": "array",
            "items": _object(
                {"id": STRING, "title": STRING, "main": {"const": True}, "error": STRING},
                "id",
                "title",
            ),
        }
    }
)
RULESET = _object(
    {
        "id": STRING,
        "title": STRING,
        "options": {"type": "object", "description": "each option by name: help, default, values"},
        "readings": {"type": "array"},
        "commands": OBJECTS,
        "core_commands": OBJECTS,
        "phases": {"type": "array", "items": _object({"id": STRING, "title": STRING})},
    },
    about="`kiroku rules ID --json`: the options and every command with its fields",
)

TOKEN_ISSUED = _object(
    {"session": STRING, "token": {"type": "string", "description": "shown once"},
     "id": STRING, "participant": STRING, "role": {"enum": ["gm", "player", "observer"]},
     "link": STRING, "link_qr": {"type": "string", "description": "SVG"},
     "reachable": {"type": "boolean"}},
)  # fmt: skip
TOKENS = _object(
    {
        "tokens": {
            "type": "array",
            "items": _object(
                {"token": STRING, "participant": STRING, "issued_by": STRING,
                 "issued_at": STRING, "note": STRING, "revoked": {"type": "boolean"},
                 "revoked_by": STRING, "revoked_at": STRING},
                "token", "participant", "issued_by", "issued_at", "revoked",
            ),
        }
    }
)  # fmt: skip
REVOKED = _object({"revoked": STRING, "participant": STRING})

FORKED = _object(
    {"session": STRING, "origin": _object({"session": STRING, "position": INTEGER}),
     "events": INTEGER, "token": {"type": "string", "description": "a GM's, for the fork"}},
    "session", "origin", "events",
)  # fmt: skip

DIFF = _object({"from": INTEGER, "to": INTEGER, "changes": OBJECTS})

RANGE = {"type": ["object", "null"], "description": "a ruling's first and last position"}
CORRECTION = _object(
    {
        "dry_run": {"type": "boolean"},
        "correction": {"type": "string", "description": "retract, undo, amend or reinstate"},
        "ruling": RANGE,
        "taken_back": RANGE,
        "recorded": {"type": "array", "items": INTEGER, "description": "none in a dry run"},
        "events": {
            "type": "array",
            "items": _object({"position": INTEGER, "type": STRING, "summary": STRING}),
        },
        "revised": OBJECTS,
        "dropped": OBJECTS,
        "reinstated": {"type": "array", "items": INTEGER},
        "changes": {"type": "array", "description": "a dry run's changes to the projections"},
        "version": {"type": "integer", "description": "a dry run's: send it as If-Match"},
    },
    "dry_run",
    "correction",
    "ruling",
    "taken_back",
    "recorded",
    "events",
    "revised",
    "dropped",
    about="the correction's report, as `kiroku retract … --json` prints it",
)
