"""Campaigns over HTTP, as the shell has them (:mod:`application.campaigns`): the server's
admin opens, lists and reads campaigns; a session's GM carries a character into it and
reads a character's sheet as it stands."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import Meta
from starlette.requests import Request
from starlette.responses import Response

from adapters.http.bodies import decode_as
from adapters.http.problems import malformed
from adapters.http.server import (
    admin_only,
    body_of,
    gm_only,
    json_response,
    seat,
    server_of,
    token_of,
)
from application import campaigns
from application.rows import campaign_row, recorded_as_json
from application.service import SessionService
from domain.rulesets import MAIN


class CampaignToOpen(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A campaign to open: its id, its GM, the ruleset its sessions play, a title."""

    id: Annotated[str, Meta(min_length=1, max_length=64)]
    gm: Annotated[str, Meta(min_length=1, max_length=100)]
    ruleset: Annotated[str, Meta(max_length=64)] = MAIN
    title: Annotated[str, Meta(max_length=200)] = ""


class CarryRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A character carried into the session from the latest earlier session of its
    campaign they played: who plays them (default: as before), and the days between
    (none: their wounds are healed)."""

    character: Annotated[str, Meta(min_length=1, max_length=100)]
    player: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    days: Annotated[int, Meta(ge=0, le=campaigns.MAX_DAYS)] | None = None
    reason: Annotated[str, Meta(max_length=500)] | None = None
    hidden: bool = False


async def open_campaign(request: Request) -> Response:
    server = server_of(request)
    admin_only(server, token_of(request), "opens campaigns")
    asked = decode_as(await body_of(request), CampaignToOpen, "a campaign to open")

    def opened(service: SessionService) -> dict[str, Any]:
        made = campaigns.open_campaign(
            service,
            campaign=asked.id,
            gm=asked.gm,
            ruleset=asked.ruleset,
            title=asked.title,
            at=service.clock(),
        )
        return campaign_row(made)

    data = await server.worker.run(opened)
    return json_response(data, 201, {"Location": f"/v1/campaigns/{asked.id}"})


async def list_campaigns(request: Request) -> Response:
    server = server_of(request)
    admin_only(server, token_of(request), "lists the campaigns")

    def listed(service: SessionService) -> list[dict[str, Any]]:
        return [campaign_row(c) for c in campaigns.campaigns(service.store)]

    return json_response({"campaigns": await server.worker.run(listed)})


async def show_campaign(request: Request) -> Response:
    """The campaign, its sessions, and its read models (as ``kiroku campaign show``)."""
    campaign = request.path_params["campaign"]
    server = server_of(request)
    admin_only(server, token_of(request), "reads a campaign")

    def shown(service: SessionService) -> dict[str, Any]:
        opened = campaigns.campaign_of(service.store, campaign)
        table = campaigns.table_of(service, campaign)
        row: dict[str, Any] = campaign_row(opened) | msgspec.to_builtins(table)
        return row

    return json_response(await server.worker.run(shown))


async def carry(request: Request) -> Response:
    """``kiroku carry``: the session's GM joins a character as the campaign left them."""
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)
    body = await body_of(request)

    def carried(service: SessionService) -> dict[str, Any]:
        place = seat(server, service, sid, token)  # the token first, then the body
        gm_only(place, "carries a character over")
        asked = decode_as(body, CarryRequest, "a character to carry")
        command = campaigns.carried_join(
            service, sid, asked.character, player=asked.player, days=asked.days,
            reason=asked.reason, hidden=asked.hidden,
        )  # fmt: skip
        recorded = service.decide(sid, command, actor=place.holder.participant)
        version = service.load(sid).version
        return recorded_as_json(sid, recorded, service.ruleset(sid)) | {"version": version}

    data = await server.worker.run(carried)
    server.feeds.wake(sid)
    return json_response(data, 201)


async def show_sheet(request: Request) -> Response:
    """A character's sheet as the session stands (``kiroku sheet --json``): the GM's."""
    sid = request.path_params["session"]
    name = request.query_params.get("character")
    server = server_of(request)
    token = token_of(request)

    def sheet(service: SessionService) -> Any:
        place = seat(server, service, sid, token)  # the token first, then the query
        gm_only(place, "reads a sheet as it stands (it may hold what players do not see)")
        if not name:
            raise malformed("character=NAME: name the character whose sheet to read")
        return msgspec.to_builtins(campaigns.sheet_now(service, sid, name))

    return json_response(await server.worker.run(sheet))
