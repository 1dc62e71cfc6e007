"""What the server keeps per session is kept only for tokens that held, and bounded."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from adapters.http.app import create_app
from adapters.http.server import Recent
from adapters.store import StoreConfig

ADMIN = "kiroku-4dm1n.Tok3n-of-mine"

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")


def forged(session: str) -> str:
    return f"kiroku.{base64.urlsafe_b64encode(session.encode()).decode().rstrip('=')}.forged"


def test_a_recent_dict_forgets_the_least_recently_used() -> None:
    kept: Recent[int] = Recent(3)
    for n in range(5):
        kept[str(n)] = n
    assert list(kept) == ["2", "3", "4"]
    assert kept.use("2") == 2 and kept.use("0") is None
    kept["5"] = 5
    assert list(kept) == ["4", "2", "5"]


def test_forged_tokens_fill_no_cache(tmp_path: Path) -> None:
    app = create_app(StoreConfig(data_dir=tmp_path), admin=ADMIN)
    with TestClient(app, client=("10.0.0.1", 1)) as client:
        opened = client.post("/v1/sessions", json={"id": "night", "gm": "sensei"},
                             headers={"Authorization": f"Bearer {ADMIN}"})  # fmt: skip
        assert opened.status_code == 201
        worker = app.state.server.worker
        for n in range(20):
            sid = "night" if n % 2 else f"nope-{n}"
            answer = client.get(f"/v1/sessions/{sid}",
                                headers={"Authorization": f"Bearer {forged(sid)}"})  # fmt: skip
            assert answer.status_code in (401, 429)
        assert worker.held_sessions() == set()
        issued = client.post("/v1/sessions/night/tokens", json={"participant": "sensei"},
                             headers={"Authorization": f"Bearer {ADMIN}"})  # fmt: skip
        token = issued.json()["token"]
        other = TestClient(app, client=("10.0.0.2", 1))  # another client: not held back
        answer = other.get("/v1/sessions/night", headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200
        assert worker.held_sessions() == {"night"}  # kept once a token of it held
