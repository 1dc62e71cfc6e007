"""What a front end builds its forms from: ``GET /v1/rulesets`` (what ``kiroku rules``
lists) and ``GET /v1/rulesets/{ruleset}`` (what ``kiroku rules ID --json`` prints: the
options a session may be opened with, and every command with each field's name, type,
bounds, default and help); and ``GET /v1/rulesets/{ruleset}/events``, the JSON Schema of
every event a session under it records (:mod:`application.event_schemas`). The rules are
no secret: these need no token."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from adapters.http.problems import not_found
from adapters.http.server import json_response
from application import rows
from application.event_schemas import event_catalog
from domain.errors import excerpt
from domain.rulesets import RULESETS, load_ruleset


async def list_rulesets(request: Request) -> Response:
    return json_response({"rulesets": rows.list_rulesets()})


def _known(request: Request) -> str:
    name = request.path_params["ruleset"]
    if name not in RULESETS:
        raise not_found(f"no ruleset {excerpt(name)}: GET /v1/rulesets lists them")
    return str(name)


async def show_ruleset(request: Request) -> Response:
    return json_response(rows.describe_ruleset(load_ruleset(_known(request))))


async def show_events(request: Request) -> Response:
    """The core's event types and the ruleset's, and the JSON Schema of them all."""
    return json_response(event_catalog(_known(request)))
