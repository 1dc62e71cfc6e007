"""The API under hostile requests, through a real ``kiroku serve``: a body nested a
thousand deep, a store that fails under it, strangers with forged tokens, values at the
edges of the OpenAPI document. Each is a clear problem (never a traceback, never a 500),
nothing is appended, the connection stays usable, and no player learns of a hidden
ruling from any of them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Run, runner
from tests.e2e.server import Served, served
from tests.e2e.test_http_roles import NIGHT, table

FORGED = "kiroku.bmlnaHQ.forged"  # names session "night", issued by no one


@pytest.fixture
def night(tmp_path: Path) -> Iterator[tuple[Served, dict[str, str], Run]]:
    kiroku = runner(tmp_path)
    tokens = table(kiroku)
    with served(tmp_path / "data") as server:
        yield server, tokens, kiroku


def nested(depth: int, leaf: str = "1") -> Any:
    """JSON text nested ``depth`` objects deep."""
    return '{"a":' * depth + leaf + "}" * depth


def test_a_body_nested_a_thousand_deep_is_a_400_quoting_it_and_appends_nothing(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, _, _ = night
    before = server.get(NIGHT).json()["version"]
    deep = nested(1000)
    bodies = {
        NIGHT + "/amend": f'{{"position": 2, "reason": "x", "changes": {deep}}}',
        NIGHT + "/commands": f'{{"command": "join", "player": "ana", "sheet": {deep}}}',
        NIGHT + "/fork": f'{{"id": "f", "at": 1, "reason": {deep}}}',
        "/v1/sessions": f'{{"id": "d", "gm": "g", "options": {deep}}}',
        "/v1/campaigns": f'{{"id": "c", "gm": "g", "title": {deep}}}',
        NIGHT + "/tokens": f'{{"participant": {deep}}}',
    }
    for path, body in bodies.items():
        assert len(body) < 16 * 1024
        answer = server.post(path, body, headers={"Content-Type": "application/json"})
        assert answer.status_code == 400, (path, answer.text)
        assert answer.headers["content-type"] == "application/problem+json"
        detail = answer.json()["detail"]
        assert " deep " in detail and "at most 32" in detail, detail
        assert "nested 100" in detail and len(detail) < 400, detail  # a short excerpt
    assert server.get(NIGHT).json()["version"] == before
    shallow = nested(20, '"x"')  # as deep as a body may be: read, and refused for its fields
    body = f'{{"position": 2, "reason": "x", "changes": {shallow}}}'
    answer = server.post(NIGHT + "/amend", body)
    assert answer.status_code in (400, 422) and "nested" not in answer.json()["detail"]
    server.stop()
    assert "Traceback" not in server.stderr


def test_a_deep_body_with_a_forged_token_is_401_before_it_is_read(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, _, _ = night
    with server.as_token(FORGED) as stranger:
        body = f'{{"position": 2, "reason": "x", "changes": {nested(1000)}}}'
        assert stranger.post(NIGHT + "/amend", content=body).status_code == 401
        body = f'{{"command": "join", "player": "ana", "sheet": {nested(1000)}}}'
        assert stranger.post(NIGHT + "/commands", content=body).status_code == 401
