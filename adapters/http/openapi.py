"""The API's OpenAPI 3.1 document (``GET /openapi.json``), made from the same Structs the
server decodes with: a command body's schema is msgspec's schema of the ruleset's
command Structs, so the document cannot drift from what is accepted."""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from adapters.http import event_docs
from adapters.http import response_docs as shapes
from adapters.http.bodies import MAX_BODY, ruleset_commands
from adapters.http.problems import PROBLEM_JSON
from domain.rulesets import RULESETS
from domain.session.commands import Amend, Reinstate, Retract, Undo

SCHEMAS = "#/components/schemas/"

PROBLEM = {
    "type": "object",
    "description": "RFC 9457 problem details",
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "current_version": {"type": "integer"},
    },
    "required": ["type", "title", "status", "detail"],
}

ANY_OBJECT: dict[str, Any] = {"type": "object"}

TABLE = {
    "type": "object",
    "description": "one of the ruleset's tables, as `kiroku state` prints it",
    "properties": {
        "title": {"type": "string"},
        "columns": {"type": "array", "items": {"type": "string"}},
        "rows": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
    },
    "required": ["title", "columns", "rows"],
}
SESSION_SHOWN = {
    "type": "object",
    "properties": {
        "version": {"type": "integer", "description": "the holder's count of events"},
        "views": {"type": "object", "description": "the projections, by view name"},
        "tables": {"type": "array", "items": TABLE},
        "you": {
            "type": "object",
            "properties": {
                "participant": {"type": "string"},
                "role": {"enum": ["gm", "player", "observer"]},
            },
            "required": ["participant", "role"],
        },
    },
    "required": ["version", "views", "tables", "you"],
}
NUMBER_OR_NULL = {"type": ["number", "null"]}
ROLL_CHANCE = {
    "type": "object",
    "description": "the first roll the command would throw: its pool, TN and exact chance",
    "properties": {
        "family": {"enum": ["roll_keep", "narrative"]},
        "character": {"type": ["string", "null"]},
        "expression": {"type": "string", "description": "the pool, every part applied"},
        "base_tn": {"type": ["integer", "null"]},
        "tn": {"type": ["integer", "null"], "description": "the TN to reach, raises included"},
        "parts": {"type": "array", "items": {"type": "object"}},
        "raises": {"type": "integer"},
        "free_raises": {"type": "integer"},
        "probability": NUMBER_OR_NULL,
        "by_tn": {"type": "object", "additionalProperties": {"type": "number"}},
        "by_raises": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"raises": {"type": "integer"}, "tn": {"type": "integer"},
                               "probability": {"type": "number"}},
            },
        },
        "expected_strife": NUMBER_OR_NULL,
    },
    "required": ["family", "expression", "tn", "parts", "probability", "by_tn", "by_raises"],
}  # fmt: skip
TRIAL = {
    "type": "object",
    "description": "a command tried (dry_run=true): nothing appended",
    "properties": {
        "dry_run": {"const": True},
        "command": {"type": "string"},
        "appended": {"const": False},
        "would_record": {
            "type": "array",
            "description": "a command with no dice: the events it would record",
            "items": {"type": "object", "properties": {"type": {"type": "string"},
                                                       "summary": {"type": "string"}}},
        },
        "roll": {"anyOf": [ROLL_CHANCE, {"type": "null"}]},
    },
    "required": ["dry_run", "command", "appended", "roll"],
}  # fmt: skip
CHOICES = {
    "type": "object",
    "properties": {
        "characters": {
            "type": "object",
            "description": "name → the sheet's key (weapons, skills, …) → the names offered",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
            },
        },
    },
    "required": ["characters"],
}
SERIES = {
    "type": "object",
    "properties": {
        "positions": {"type": "array", "items": {"type": "integer"}},
        "series": {
            "type": "object",
            "description": "path → name → the value at each position (null: none there)",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": {"type": "array", "items": NUMBER_OR_NULL},
            },
        },
    },
    "required": ["positions", "series"],
}


def ref(name: str) -> dict[str, Any]:
    """A reference to one of the document's schemas."""
    return {"$ref": SCHEMAS + name}


def problems(*statuses: int) -> dict[str, Any]:
    content = {PROBLEM_JSON: {"schema": {"$ref": SCHEMAS + "Problem"}}}
    return {str(s): {"description": "a problem", "content": content} for s in statuses}


RETRY_AFTER = {
    "Retry-After": {"description": "seconds to wait before asking again", "schema": {
        "type": "string", "pattern": "^[0-9]+$"}},
}  # fmt: skip

ODDS_BUSY = {
    "503": {
        "description": "`/problems/odds-busy`: the odds are still being computed (a table "
        "can take seconds of a core) or too many other questions wait; ask again after "
        "`Retry-After` seconds, the answer is kept meanwhile. Or `/problems/store-unavailable`: "
        "the store failed.",
        "headers": RETRY_AFTER,
        "content": {
            PROBLEM_JSON: {
                "schema": {
                    "allOf": [
                        {"$ref": SCHEMAS + "Problem"},
                        {
                            "properties": {
                                "type": {
                                    "enum": ["/problems/odds-busy", "/problems/store-unavailable"]
                                }
                            }
                        },
                    ]
                }
            }
        },
    }
}
"""The odds' own 503: what the server answers while it computes them away from the store."""


def ok(description: str, schema: dict[str, Any] | None = None, status: int = 200) -> dict[str, Any]:
    return {
        str(status): {
            "description": description,
            "content": {"application/json": {"schema": schema or ANY_OBJECT}},
        }
    }


WHOLE = 10**12 - 1
"""The largest whole number a query or path takes (12 digits: the server reads no more)."""


def query(
    name: str, description: str, kind: str = "string", *, required: bool = False, **bounds: Any
) -> dict[str, Any]:
    """A query parameter; an integer one is a whole number (0 up, as the server reads it)
    unless ``bounds`` say more."""
    schema: dict[str, Any] = {"type": kind}
    if kind == "integer":
        schema |= {"minimum": 0, "maximum": WHOLE}
    schema |= bounds
    return {"name": name, "in": "query", "required": required, "description": description,
            "schema": schema}  # fmt: skip


CURSOR: dict[str, Any] = {"pattern": r"^\s*(.*\.)?[0-9]{1,12}\s*$", "minLength": 1}
"""A cursor as the server reads it: EPOCH.N, or a bare position N."""


SESSION = {"name": "session", "in": "path", "required": True, "schema": {"type": "string"}}
IF_MATCH = {
    "name": "If-Match",
    "in": "header",
    "required": False,
    "description": "the session's version the request was made against: 409 if it moved "
    '(12, or the ETag "12" as the reads give it)',
    "schema": {"type": "string", "pattern": r'^\s*(W/)?("[0-9]{1,12}"|[0-9]{1,12})\s*$'},
}
IDEMPOTENCY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "a repeat returns the first result and appends nothing; "
    "the same key with another body is 422",
    "schema": {"type": "string", "minLength": 1, "maxLength": 200},
}


SERIES_PATH = {
    "name": "path",
    "in": "query",
    "required": True,
    "description": "a leaf of the views, * for every key at one level (wounds.*.wounds); 1 to 8",
    "schema": {"type": "array", "items": {"type": "string"}},
    "style": "form",
    "explode": True,
}


def body(ref: str) -> dict[str, Any]:
    return {
        "required": True,
        "description": f"JSON, at most {MAX_BODY} bytes",
        "content": {"application/json": {"schema": {"$ref": SCHEMAS + ref}}},
    }


def schema_of(kind: type[Any], name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    (ref,), found = msgspec.json.schema_components((kind,), ref_template=SCHEMAS + "{name}")
    return ref, found


@cache
def document() -> dict[str, Any]:
    from adapters.http.campaigns import CampaignToOpen, CarryRequest
    from adapters.http.writes import ForkRequest, SessionToOpen, TokenRequest

    components: dict[str, Any] = {"Problem": PROBLEM}
    components |= event_docs.event_schemas(SCHEMAS)  # every ruleset's events, as catalogued
    components["EventRow"] = event_docs.event_row(SCHEMAS)
    components["EventPage"] = event_docs.page(SCHEMAS)
    components["ShownEvent"] = event_docs.shown_event(SCHEMAS)
    components["EventCatalog"] = event_docs.EVENT_CATALOG
    command_refs = []
    for ruleset_id in sorted(RULESETS):
        try:
            tagged = ruleset_commands(ruleset_id).tagged
        except Exception:  # a plug-in that does not load is left out, as `kiroku rules` says
            continue
        refs, found = msgspec.json.schema_components(
            tagged, ref_template=SCHEMAS + ruleset_id + ".{name}"
        )
        components.update({f"{ruleset_id}.{name}": s for name, s in found.items()})
        components[f"{ruleset_id}.Command"] = {
            "description": f"a command of a {ruleset_id} session",
            "oneOf": list(refs),
            "discriminator": {"propertyName": "command"},
        }
        command_refs.append({"$ref": f"{SCHEMAS}{ruleset_id}.Command"})
    components["Command"] = {
        "description": "one of the session's ruleset's commands, named by its words in `command`",
        "anyOf": command_refs,
    }
    for kind in (Retract, Undo, Amend, Reinstate, ForkRequest, SessionToOpen, TokenRequest,
                 CampaignToOpen, CarryRequest):  # fmt: skip
        _, found = schema_of(kind, kind.__name__)
        components.update(found)

    def correction(kind: type[Any], what: str) -> dict[str, Any]:
        return {
            "post": {
                "summary": what,
                "parameters": [SESSION, IF_MATCH,
                               query("dry_run", "preview: record nothing", "boolean")],
                "requestBody": body(kind.__name__),
                "responses": ok("the correction's report", shapes.CORRECTION)
                | ok("recorded", shapes.CORRECTION, status=201)
                | problems(400, 403, 404, 409, 413, 422),
            }
        }  # fmt: skip

    s = "/v1/sessions/{session}"
    paths: dict[str, Any] = {
        "/v1/sessions": {
            "get": {
                "summary": "the sessions in the store",
                "responses": ok("the sessions", shapes.SESSIONS),
            },
            "post": {
                "summary": "open a session",
                "requestBody": body("SessionToOpen"),
                "responses": ok("opened", shapes.RECORDED, status=201) | problems(400, 413, 422),
            },
        },
        "/v1/rulesets": {
            "get": {
                "summary": "the rulesets a session may be opened with (no token needed)",
                "security": [],
                "responses": ok("each ruleset's id and title", shapes.RULESETS),
            }
        },
        "/v1/rulesets/{ruleset}": {
            "get": {
                "summary": "a ruleset's options and commands, each field with its type, "
                "bounds, default and help (`kiroku rules ID --json`; no token needed)",
                "security": [],
                "parameters": [
                    {
                        "name": "ruleset",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    }
                ],
                "responses": ok("the ruleset", shapes.RULESET) | problems(404),
            }
        },
        "/v1/rulesets/{ruleset}/events": {
            "get": {
                "summary": "the JSON Schema of every event a session under the ruleset records, "
                "the core's and the ruleset's (docs/catalog/event-schemas.json; no token needed)",
                "security": [],
                "parameters": [
                    {
                        "name": "ruleset",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    }
                ],
                "responses": ok("the event types and their schema", ref("EventCatalog"))
                | problems(404),
            }
        },
        s: {
            "get": {
                "summary": "the session's projections (the views), now or at a position, "
                "and the ruleset's tables of them (title, columns, rows: `kiroku state`)",
                "parameters": [SESSION, query("at", "a position (the GM's)", "integer")],
                "responses": ok("the views, the tables and the version", SESSION_SHOWN)
                | problems(400, 403, 404),
            }
        },
        s + "/commands": {
            "post": {
                "summary": "a command, decided and recorded; with dry_run=true, decided "
                "and not recorded: the events it would record (a command with no dice), "
                "or its first roll's pool, TN with its parts and exact chance, by TN and "
                "by raises (`roll`)",
                "parameters": [
                    SESSION,
                    IF_MATCH,
                    IDEMPOTENCY,
                    query("dry_run", "try it: record nothing", "boolean"),
                ],
                "requestBody": body("Command"),
                "responses": ok("what it recorded", shapes.RECORDED, status=201)
                | ok(
                    "a repeat of an Idempotency-Key: the first result; or a dry run (below)",
                    {"anyOf": [TRIAL, shapes.RECORDED]},
                )
                | problems(400, 403, 404, 409, 413, 422),
            }
        },
        s + "/retract": correction(Retract, "retract a ruling, whole"),
        s + "/undo": correction(Undo, "retract the latest ruling that counts"),
        s + "/amend": correction(Amend, "give a ruling other inputs"),
        s + "/reinstate": correction(Reinstate, "take a retraction back"),
        s + "/fork": {
            "post": {
                "summary": "a what-if: a new session as this one stood at a position (a GM "
                "forking with this session's token is given a `token` for the fork)",
                "parameters": [SESSION],
                "requestBody": body("ForkRequest"),
                "responses": ok("forked", shapes.FORKED, status=201) | problems(400, 404, 413, 422),
            }
        },
        s + "/series": {
            "get": {
                "summary": "numbers the views hold, at positions spread over the session, for a "
                "plot (the GM's alone)",
                "parameters": [
                    SESSION,
                    SERIES_PATH,
                    query(
                        "samples",
                        "2 to 200 positions (default 60)",
                        "integer",
                        minimum=2,
                        maximum=200,
                    ),
                ],
                "responses": ok("the positions, and each path's values at them", SERIES)
                | problems(400, 403, 404),
            }
        },
        s + "/choices": {
            "get": {
                "summary": "each character's closed choices, read off the sheets as the "
                "holder sees them (a player's without the GM's secrets): a sheet's weapons, "
                "spells, techniques… by name, its skills, traits, rings… by key",
                "parameters": [SESSION],
                "responses": ok("the characters' choices", CHOICES) | problems(404),
            }
        },
        s + "/events": {
            "get": {
                "summary": "a page of events after a cursor (each as the stream sends it: "
                "position, type, summary, actor, at, reason, event; the GM's rows of a ruling "
                "given hidden add hidden: true and, once revealed, revealed_at; a player's "
                "reveal holds the revealed events in revealed)",
                "parameters": [
                    SESSION,
                    query("after", "a cursor (EPOCH.N) or a position", **CURSOR),
                    query("limit", "1 to 1000 (default 100)", "integer", minimum=1, maximum=1000),
                ],
                "responses": ok("the page, and the cursor to read on from", ref("EventPage"))
                | problems(400, 404, 410),
            }
        },
        s + "/events/{position}": {
            "get": {
                "summary": "one event whole, as `kiroku show` prints it",
                "parameters": [
                    SESSION,
                    {
                        "name": "position",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "integer", "minimum": 0, "maximum": WHOLE},
                    },
                ],
                "responses": ok("the event", ref("ShownEvent")) | problems(400, 404),
            }
        },
        s + "/diff": {
            "get": {
                "summary": "what changed in every projection between two positions",
                "parameters": [
                    SESSION,
                    query("from", "a position (default: the head)", "integer"),
                    query("to", "a position (default: the head)", "integer"),
                ],
                "responses": ok("the changes", shapes.DIFF) | problems(400, 404),
            }
        },
        s + "/odds": {
            "get": {
                "summary": "the chance of a roll under the session's ruleset",
                "parameters": [
                    SESSION,
                    query("expression", "a roll, as 6k3", required=True, minLength=1),
                    query("tn", "the TN", "integer"),
                    query("table", "the chance at every TN", "boolean"),
                    query("unskilled", "10s do not explode", "boolean"),
                    query("emphasis", "reroll 1s once", "boolean"),
                ],
                "responses": ok("the chance") | problems(400, 404) | ODDS_BUSY,
            }
        },
        s + "/stream": {
            "get": {
                "summary": "the session's events as Server-Sent Events, caught up then live",
                "parameters": [
                    SESSION,
                    query("after", "a cursor or a position", **CURSOR),
                    query("access_token", "the token, for a browser's EventSource"),
                    {
                        "name": "Last-Event-ID",
                        "in": "header",
                        "required": False,
                        "schema": {"type": "string"},
                    },
                ],
                "responses": {
                    "200": {"description": "an event stream", "content": {"text/event-stream": {}}}
                }
                | problems(400, 404, 410),
            }
        },
    }
    paths[s + "/tokens"] = {
        "post": {
            "summary": "issue a token for a participant (the GM's): shown once, with the "
            "link their phone opens (`link`: on `kiroku serve --public-url`, else the address "
            "it listens on or was reached at), its QR code as SVG (`link_qr`) and whether a "
            "phone could reach it (`reachable`: false for a loopback address)",
            "parameters": [SESSION],
            "requestBody": body("TokenRequest"),
            "responses": ok("the token", shapes.TOKEN_ISSUED, status=201)
            | problems(400, 401, 403, 404),
        },
        "get": {
            "summary": "every token of the session: id, holder, issued, revoked (the GM's)",
            "parameters": [SESSION],
            "responses": ok("the tokens", shapes.TOKENS) | problems(401, 403, 404),
        },
    }
    paths[s + "/tokens/{token}"] = {
        "delete": {
            "summary": "revoke a token (the GM's)",
            "parameters": [SESSION, {"name": "token", "in": "path", "required": True,
                                     "schema": {"type": "string"}}],
            "responses": ok("revoked", shapes.REVOKED) | problems(401, 403, 404),
        }
    }  # fmt: skip
    paths |= campaign_paths(s)
    for path in paths.values():
        for operation in path.values():
            if operation.get("security") == []:  # no token, so no refusal of one
                continue
            operation["responses"] = problems(401, 403, 429, 503) | operation["responses"]
    return {
        "openapi": "3.1.0",
        "security": [{"bearer": []}],
        "info": {
            "title": "Kiroku",
            "version": "1",
            "description": "A Legend of the Five Rings session engine: every ruling an "
            "immutable event. The WebSocket at /v1/sessions/{session}/ws?after=CURSOR "
            "sends the same events as the stream, one JSON text message each: both are "
            "described, with the WebSocket's refusals and close codes, in the AsyncAPI "
            "document at /asyncapi.json; each event type's JSON Schema is at "
            "/v1/rulesets/{id}/events.",
        },
        "paths": paths,
        "components": {
            "schemas": components,
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "a session token (kiroku session token issue) or the "
                    "server's admin token; the stream and WebSocket also take "
                    "?access_token=",
                }
            },
        },
    }


def campaign_paths(s: str) -> dict[str, Any]:
    """The campaigns' paths (:mod:`adapters.http.campaigns`)."""
    campaign = {"name": "campaign", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "/v1/campaigns": {
            "get": {"summary": "the campaigns in the store (the admin's)",
                    "responses": ok("the campaigns", shapes.CAMPAIGNS) | problems(403)},
            "post": {
                "summary": "open a campaign (the admin's)",
                "requestBody": body("CampaignToOpen"),
                "responses": ok("opened", shapes.CAMPAIGN_ROW, status=201)
                | problems(400, 403, 413, 422),
            },
        },
        "/v1/campaigns/{campaign}": {
            "get": {
                "summary": "a campaign, its sessions, and XP, insight and standing per session "
                "and character, as `kiroku campaign show --json`",
                "parameters": [campaign],
                "responses": ok("the campaign") | problems(400, 403, 404),
            }
        },
        s + "/carry": {
            "post": {
                "summary": "join a character as the latest earlier session of the campaign "
                "left them (the GM's), as `kiroku carry`",
                "parameters": [SESSION],
                "requestBody": body("CarryRequest"),
                "responses": ok("what it recorded", shapes.RECORDED, status=201)
                | problems(400, 403, 404, 409, 413, 422),
            }
        },
        s + "/sheet": {
            "get": {
                "summary": "a character's sheet as it stands, a sheet file (the GM's)",
                "parameters": [SESSION, query("character", "the character's name",
                                              required=True, minLength=1)],
                "responses": ok("the sheet") | problems(400, 403, 404),
            }
        },
    }  # fmt: skip
