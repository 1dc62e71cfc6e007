"""The rows a server keeps already encoded (:mod:`adapters.http.rows`) read exactly as
rows built afresh: for the GM and for a player, by pages and by stream, through hidden
rulings, a reveal that changes the GM's note on what it shows, a correction, a retraction,
a closing and a reopening."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from starlette.testclient import TestClient

from adapters.http.app import create_app
from adapters.http.rows import RowCache
from adapters.http.streams import Item
from adapters.store import StoreConfig
from tests.support import sheet

ADMIN = "kiroku-4dm1n.Tok3n-of-mine"
NIGHT = "/v1/sessions/night"
GM = {"Authorization": f"Bearer {ADMIN}"}

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")


def pages(client: TestClient, headers: dict[str, str]) -> list[dict[str, Any]]:
    """Every event the holder may read, in pages of 3 (so pages begin inside the kept)."""
    events: list[dict[str, Any]] = []
    after = "0"
    while True:
        page = client.get(f"{NIGHT}/events", params={"after": after, "limit": 3}, headers=headers)
        assert page.status_code == 200, page.text
        got = page.json()
        events += got["events"]
        if not got["events"]:
            return events
        after = got["next"]


def streamed(client: TestClient, headers: dict[str, str]) -> bytes:
    """The whole stream of a closed session (it ends after the closing)."""
    with client.stream("GET", f"{NIGHT}/stream?after=0", headers=headers) as answer:
        return b"".join(answer.iter_bytes())


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two servers on one store: one keeping rows, one building every row afresh."""
    config = StoreConfig(data_dir=tmp_path)
    keeping = create_app(config, admin=ADMIN)
    fresh = create_app(config, admin=ADMIN, row_cache=0)
    with TestClient(keeping) as kept, TestClient(fresh) as built:
        yield kept, built


def test_kept_rows_read_as_rows_built_afresh_for_the_gm_and_a_player(
    apps: tuple[TestClient, TestClient],
) -> None:
    kept, built = apps

    def send(body: dict[str, Any]) -> int:
        done = kept.post(f"{NIGHT}/commands", json=body, headers=GM)
        assert done.status_code == 201, done.text
        position: int = done.json()["recorded"][0]["position"]
        return position

    assert kept.post("/v1/sessions", json={"id": "night", "gm": "sensei"}, headers=GM).is_success
    kaneka = msgspec.to_builtins(sheet())
    send({"command": "join", "sheet": kaneka, "player": "ana"})
    issued = kept.post(f"{NIGHT}/tokens", json={"participant": "ana"}, headers=GM)
    ana = {"Authorization": f"Bearer {issued.json()['token']}"}

    def same() -> None:
        for headers in (GM, ana):
            assert pages(kept, headers) == pages(built, headers)

    send({"command": "note", "text": "the inn is quiet"})
    poison = send({"command": "wound", "character": "Akodo Kaneka", "amount": 7,
                   "source": "poison", "hidden": True})  # fmt: skip
    send({"command": "note", "text": "the tea was poisoned", "hidden": True})
    note = send({"command": "note", "text": "a storm"})
    same()  # kept now, the hidden wound's row saying nothing of a reveal
    rows = kept.app.state.server.worker.rows  # type: ignore[attr-defined]
    assert isinstance(rows, RowCache) and rows.sessions["night"].items
    send({"command": "reveal", "position": poison, "reason": "she feels it now"})
    same()  # the GM's row of the wound now says when it was revealed
    gm_rows = pages(kept, GM)
    assert gm_rows[poison - 1]["revealed_at"] == poison + 3
    for path, body in (("/retract", {"position": note, "reason": "no storm"}),
                       ("/amend", {"position": poison, "changes": {"amount": 5}, "reason": "less"}),
                       ("/undo", {"reason": "seven after all"})):  # fmt: skip
        done = kept.post(NIGHT + path, json=body, headers=GM)
        assert done.status_code == 201, done.text
    send({"command": "note", "text": "after the amendment"})
    same()
    send({"command": "close", "reason": "good night"})
    for headers in (GM, ana):
        assert streamed(kept, headers) == streamed(built, headers)
    send({"command": "reopen"})
    send({"command": "note", "text": "again"})
    same()  # the closing's row no longer ends a stream


def test_the_kept_rows_are_bounded_and_follow_on_without_a_gap() -> None:
    item = Item(1, b'{"position":1,"type":"x"}')
    cache = RowCache(budget=1000)
    cache.keep("a", "m", [Item(p, item.data) for p in range(1, 4)], version=3)
    cache.keep("a", "m", [Item(5, item.data)], version=5)  # a gap: not kept
    assert [i.position for i in cache.sessions["a"].items] == [1, 2, 3]
    cache.keep("b", "m", [Item(p, item.data) for p in range(1, 10)], version=9)
    assert "a" not in cache.sessions  # the least recently read went first
    assert cache.size <= cache.budget and len(cache.sessions["b"].items) < 9
