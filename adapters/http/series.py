"""``GET /v1/sessions/{id}/series?path=wounds.*.wounds&path=void.*.left``: numbers the
views hold, read at positions spread over the session (``samples``, default 60), for a
plot of wounds or Void over the evening (:mod:`projections.series`). Each position is read
as the corrections made since read it (a wound retracted later was never taken, an
amended one is as amended), so a plot follows the record as it now stands. Past
positions are the GM's alone, as ``?at=N`` is."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from adapters.http.problems import malformed
from adapters.http.server import (
    gm_only,
    json_response,
    only_params,
    optional_number,
    seat,
    server_of,
    token_of,
)
from application.service import SessionService
from projections import project_state
from projections.series import check_path, sampled, series

MAX_PATHS = 8


async def session_series(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)

    def read(service: SessionService) -> dict[str, Any]:
        place = seat(server, service, sid, token)  # the token first, then the query
        gm_only(place, "reads a series: it reads past positions")
        only_params(request, "series", {"path", "samples"}, repeats=frozenset({"path"}))
        given = request.query_params.getlist("path")
        if not 1 <= len(given) <= MAX_PATHS:
            raise malformed(f"give 1 to {MAX_PATHS} paths (path=wounds.*.wounds)")
        paths = [check_path(p) for p in given]
        samples = optional_number(request, "samples")
        positions = sampled(place.session.version, 60 if samples is None else samples)
        frames = [  # as corrected since: a wound retracted later is no spike at its place
            (p, project_state(service.state_at(sid, p, as_corrected=True))) for p in positions
        ]
        return {"positions": positions, "series": series(frames, paths)}

    return json_response(await server.worker.read(read))
