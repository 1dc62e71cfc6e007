"""What a front end builds its forms from: ``GET /v1/rulesets`` (what ``kiroku rules``
lists) and ``GET /v1/rulesets/{ruleset}`` (what ``kiroku rules ID --json`` prints: the
options a session may be opened with, and every command with each field's name, type,
bounds, default and help). The rules are no secret: these need no token."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from adapters.http.problems import not_found
from adapters.http.server import json_response
from application import rows
from domain.errors import excerpt
from domain.rulesets import RULESETS, load_ruleset


async def list_rulesets(request: Request) -> Response:
    return json_response({"rulesets": rows.list_rulesets()})


async def show_ruleset(request: Request) -> Response:
    name = request.path_params["ruleset"]
    if name not in RULESETS:
        raise not_found(f"no ruleset {excerpt(name)}: GET /v1/rulesets lists them")
    return json_response(rows.describe_ruleset(load_ruleset(name)))
