"""Changing a session over HTTP: opening one, its commands, the GM's corrections and
forks, and its tokens — each as the token's holder, refused (with nothing appended) when
the holder may not, the rules refuse, or the body cannot be read."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Awaitable, Callable
from typing import Annotated, Any
from urllib.parse import quote, urlsplit

import msgspec
from msgspec import Meta
from starlette.requests import Request
from starlette.responses import Response

from adapters.access import MAX_NOTE, role_of
from adapters.http import streams
from adapters.http.auth import forbidden
from adapters.http.bodies import decode_as, ruleset_commands
from adapters.http.reads import session_epoch
from adapters.http.server import (
    Seat,
    Server,
    admin_only,
    body_of,
    flag,
    gm_only,
    if_match,
    json_response,
    seat,
    server_of,
    token_of,
)
from application.campaigns import carried_before_reveal
from application.correction_reports import report_of
from application.rows import recorded_as_json
from application.service import (
    RETRIES,
    IdempotencyRequest,
    Repeated,
    SessionService,
    VersionConflict,
)
from application.trials import tried
from domain.commands import Command
from domain.dice.given import given_faces
from domain.errors import MalformedInput, excerpt
from domain.events import Recorded
from domain.rulesets import MAIN
from domain.session.commands import Amend, Reinstate, Retract, Undo
from domain.session.screen import for_players


class SessionToOpen(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A session to open: its id (one is made if none is given), its GM and ruleset."""

    id: str | None = None
    gm: str
    ruleset: str = MAIN
    options: dict[str, str] = {}
    campaign: str = ""
    title: str = ""


class ForkRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A what-if: a new session as this one stood at a position."""

    id: str
    at: int
    reason: str


class TokenRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A token for a participant of the session (the GM, a player, an observer)."""

    participant: str
    note: Annotated[
        str, Meta(max_length=MAX_NOTE, description="one printable line, kept with the token")
    ] = ""


def recorded_json(
    server: Server, service: SessionService, place: Seat, recorded: list[Recorded]
) -> dict[str, Any]:
    """What a command recorded, as ``kiroku … --json`` prints it, with each event's
    cursor and the session's version after it — in the holder's own numbering."""

    sid = place.session.opened.session
    session = service.load(sid)
    ruleset = session.ruleset
    if not place.is_gm:  # what a secret weighed on is read behind the screen
        session = service.seen_by(sid, place.holder.participant)
        recorded = [for_players(r) for r in recorded]
    warnings = ruleset.warnings([r.event for r in recorded], session.state.table)
    if place.is_gm:
        warnings += carried_before_reveal(service, sid, recorded)
    data = recorded_as_json(sid, recorded, ruleset) | {"warnings": warnings}
    mark = session_epoch(session)
    if place.is_gm:
        number: Callable[[int], int] = lambda position: position  # noqa: E731
        version = recorded[-1].position if recorded else session.version
    else:
        sight = server.worker.sight(service, session)
        number = sight.ordinal
        version = sight.ordinal(recorded[-1].position) if recorded else sight.count
    for row in data["recorded"]:
        row["position"] = number(row["position"])
        row["cursor"] = streams.cursor(mark, row["position"])
    for roll in data["rolls"]:  # data["roll"] is the last of them, renumbered with it
        roll["position"] = number(roll["position"])
    data["version"] = version
    return data


def dice_of(command: Command, faces: str | None) -> Any:
    """The faces thrown at the table, read as the shell reads ``--faces``; else the
    server's dice."""
    if command.spec.dice == "none" and faces is None:
        return None
    if faces is None:
        return random.SystemRandom()
    return given_faces(command.spec, faces)


async def open_session(request: Request) -> Response:
    server = server_of(request)
    admin_only(server, token_of(request), "opens sessions")
    opening = decode_as(await body_of(request), SessionToOpen, "a session to open")

    def opened(service: SessionService) -> dict[str, Any]:
        sid = opening.id if opening.id is not None else f"s-{random.getrandbits(32):08x}"
        recorded = service.open(
            session_id=sid,
            ruleset=opening.ruleset,
            gm=opening.gm,
            options=opening.options,
            campaign=opening.campaign,
            title=opening.title,
        )
        return recorded_as_json(sid, recorded, service.ruleset(sid)) | {"version": 1}

    data = await server.worker.run(opened)
    return json_response(data, 201, {"Location": f"/v1/sessions/{data['session']}"})


async def post_command(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)
    body = await body_of(request)

    def ruleset_of(service: SessionService) -> tuple[str, str]:
        place = seat(server, service, sid, token)
        if place.holder.role == "observer":
            raise forbidden(f"{place.holder.participant!r} observes: an observer sends no command")
        return place.session.opened.ruleset, place.holder.token

    ruleset_id, holder = await server.worker.run(ruleset_of)  # the token first, then the rest
    trying = flag(request, "dry_run")
    expected = if_match(request)
    key = request.headers.get("idempotency-key")
    if key is not None and not 1 <= len(key) <= 200:
        raise MalformedInput(f"Idempotency-Key {excerpt(key)}: give 1 to 200 characters")
    (server.limits.take_trial if trying else server.limits.take_command)(holder)
    bodies = ruleset_commands(ruleset_id)
    command, faces = bodies.decode(body)
    dice = dice_of(command, faces)
    if trying:

        def trial(service: SessionService) -> dict[str, Any]:
            place = seat(server, service, sid, token)
            return tried(service, place.session, place.holder.participant, command, dice)

        return json_response(await server.worker.run(trial))
    asked = (
        None
        if key is None
        else IdempotencyRequest(key=key, digest=hashlib.sha256(body).hexdigest())
    )

    def decided(service: SessionService) -> tuple[dict[str, Any], bool]:
        place = seat(server, service, sid, token)
        at = expected
        repeat = asked is not None and (
            service.store.request(sid, place.holder.participant, asked.key) is not None
        )
        theirs = expected is not None and not place.is_gm and not repeat
        if repeat:
            at = None  # a repeat is answered as it was, whatever came since
        for _ in range(RETRIES):
            if theirs:  # If-Match counts what they see: only what they see may conflict
                session = service.load(sid)
                count = server.worker.sight(service, session).count
                if expected != count:
                    raise VersionConflict(expected, count)  # type: ignore[arg-type]
                at = session.version
            try:
                recorded = service.decide(
                    sid,
                    command,
                    actor=place.holder.participant,
                    dice=dice,
                    expected=at,
                    request=asked,
                )
            except Repeated as repeat:
                return recorded_json(server, service, place, repeat.recorded), True
            except VersionConflict:
                if not theirs:
                    raise
                continue  # the GM's secret came first: unseen, it is no conflict of theirs
            return recorded_json(server, service, place, recorded), False
        raise VersionConflict(expected, server.worker.sight(service, place.session).count)  # type: ignore[arg-type]

    data, repeated = await server.worker.run(decided)
    server.feeds.wake(sid)
    headers = {"ETag": f'"{data["version"]}"'}
    if repeated:
        headers["Idempotent-Replayed"] = "true"
    return json_response(data, 200 if repeated else 201, headers)


def correction_route(kind: type[Command]) -> Callable[[Request], Awaitable[Response]]:
    async def correct(request: Request) -> Response:
        sid = request.path_params["session"]
        server = server_of(request)
        token = token_of(request)
        body = await body_of(request)

        def corrected(service: SessionService) -> dict[str, Any]:
            place = seat(server, service, sid, token)  # the token first, then the request
            gm_only(place, "corrects a ruling")
            command = decode_as(body, kind, kind.spec.name)
            dry_run = flag(request, "dry_run")
            expected = if_match(request)
            server.limits.take_command(place.holder.token)
            if expected is not None and expected != place.session.version:
                raise VersionConflict(expected, place.session.version)
            report = report_of(
                service, sid, command, place.session.ruleset, dry_run=dry_run,
                actor=place.holder.participant, expected=expected,
            )  # fmt: skip
            if dry_run:  # what it was previewed against: If-Match it to make what was seen
                report["version"] = place.session.version
            return report

        data = await server.worker.run(corrected)
        server.feeds.wake(sid)
        return json_response(data, 200 if flag(request, "dry_run") else 201)

    return correct


CORRECTION_ROUTES = {
    "retract": correction_route(Retract),
    "undo": correction_route(Undo),
    "amend": correction_route(Amend),
    "reinstate": correction_route(Reinstate),
}


async def fork(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)
    body = await body_of(request)

    def forked(service: SessionService) -> dict[str, Any]:
        place = seat(server, service, sid, token)
        gm_only(place, "forks a session")
        asked = decode_as(body, ForkRequest, "a fork")
        recorded = service.fork(
            sid, asked.at, asked.id, reason=asked.reason, actor=place.holder.participant
        )
        data: dict[str, Any] = {
            "session": asked.id,
            "origin": {"session": sid, "position": asked.at},
            "events": len(recorded),
        }
        if place.holder.token != "admin":  # a GM with this session's token: one for the fork
            gm = place.holder.participant
            made = server.worker.access(service, asked.id).issue(
                service.load(asked.id), gm, gm, service.clock(), f"the GM's, forking {sid}"
            )
            data["token"] = made.secret
        return data

    data = await server.worker.run(forked)
    return json_response(data, 201, {"Location": f"/v1/sessions/{data['session']}"})


def player_link(base: str, sid: str, token: str) -> dict[str, Any]:
    """The link a player opens on their phone (the console at ``base``, their session,
    their token), its QR code as SVG (made here by segno: no network, nothing fetched),
    and whether a phone could reach it (a loopback address is this machine's alone)."""
    import segno

    link = f"{base}/#/s/{quote(sid, safe='')}?token={quote(token, safe='')}"
    host = urlsplit(base).hostname or ""
    loopback = host == "localhost" or host.startswith("127.") or host == "::1"
    svg = segno.make(link, error="m").svg_inline(scale=4, border=2, title=f"{sid}: a link")
    return {"link": link, "link_qr": svg, "reachable": not loopback}


async def issue_token(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)
    body = await body_of(request)

    def issued(service: SessionService) -> dict[str, Any]:
        place = seat(server, service, sid, token)
        gm_only(place, "issues tokens")
        asked = decode_as(body, TokenRequest, "a token request")
        access = server.worker.access(service, sid)
        made = access.issue(
            place.session, asked.participant, place.holder.participant, service.clock(),
            asked.note,
        )  # fmt: skip
        return {
            "session": sid,
            "token": made.secret,
            "id": made.id,
            "participant": made.participant,
            "role": role_of(place.session, made.participant),
        }

    issued_now = await server.worker.run(issued)
    base = server.public_url or str(request.base_url).rstrip("/")
    return json_response(issued_now | player_link(base, sid, issued_now["token"]), 201)


async def list_tokens(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)

    def listed(service: SessionService) -> list[dict[str, object]]:
        place = seat(server, service, sid, token)
        gm_only(place, "lists tokens")
        return server.worker.access(service, sid).listed()

    return json_response({"tokens": await server.worker.run(listed)})


async def revoke_token(request: Request) -> Response:
    sid = request.path_params["session"]
    token_id = str(request.path_params["token"])
    server = server_of(request)
    token = token_of(request)

    def revoked(service: SessionService) -> dict[str, Any]:
        place = seat(server, service, sid, token)
        gm_only(place, "revokes tokens")
        issued = server.worker.access(service, sid).revoke(
            token_id, place.holder.participant, service.clock()
        )
        return {"revoked": issued.token, "participant": issued.participant}

    return json_response(await server.worker.run(revoked))
