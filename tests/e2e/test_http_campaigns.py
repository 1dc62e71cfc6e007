"""Campaigns over HTTP, through a real ``kiroku serve``: a front end opens a campaign, plays
a session of it, carries a character into the next, reads their sheet and the
campaign's XP table; a forged carry and bad bodies are problems with nothing appended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e.server import served

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"
KANEKA = "Akodo Kaneka"


def command(server: Any, session: str, body: dict[str, Any]) -> Any:
    done = server.post(f"/v1/sessions/{session}/commands", body)
    assert done.status_code == 201, done.text
    return done.json()


def test_a_campaign_driven_over_http(tmp_path: Path) -> None:
    with served(tmp_path / "data") as server:
        opened = server.post("/v1/campaigns", {"id": "winter", "gm": "sensei"})
        assert opened.status_code == 201 and opened.headers["Location"] == "/v1/campaigns/winter"
        for sid in ("w1", "w2"):
            done = server.post("/v1/sessions", {"id": sid, "gm": "sensei", "campaign": "winter"})
            assert done.status_code == 201, done.text
        sheet = json.loads((SHEETS / "akodo-kaneka.json").read_text())
        command(server, "w1", {"command": "join", "sheet": sheet, "player": "ana"})
        command(server, "w1", {"command": "xp award", "character": KANEKA, "amount": 8})
        command(server, "w1", {"command": "wound", "character": KANEKA, "amount": 20})
        command(server, "w1", {"command": "clock advance", "minutes": 90})

        carried = server.post("/v1/sessions/w2/carry", {"character": KANEKA, "days": 1})
        assert carried.status_code == 201, carried.text
        assert carried.json()["version"] == 2
        now = server.get("/v1/sessions/w2/sheet", params={"character": KANEKA}).json()
        assert (now["xp"], now["wounds"]) == (48, 13)  # 20 wounds less a night's 2 × 3 + 1
        joined = server.get("/v1/sessions/w2/events/2").json()["event"]
        assert joined["carried"] == {"session": "w1", "position": 5, "days": 1, "shown": None}

        table = server.get("/v1/campaigns/winter").json()
        assert table["sessions"] == ["w1", "w2"]
        assert [(r["session"], r["xp_awarded"]) for r in table["rows"]] == [("w1", 8), ("w2", 0)]
        listed = server.get("/v1/campaigns").json()["campaigns"]
        assert [c["id"] for c in listed] == ["winter"]
        assert server.get("/v1/sessions/w1").json()["views"]["session"]["clock"] == 90

        forged = {"command": "join", "sheet": now | {"xp": 999}, "player": "ana",
                  "carried": {"session": "w1", "position": 5}}  # fmt: skip
        refused = server.post("/v1/sessions/w2/commands", forged)
        assert refused.status_code == 422 and "is not the one session 'w1' left" in refused.text
        for path, body, status in (
            ("/v1/campaigns", {"id": "winter", "gm": "sensei"}, 422),
            ("/v1/campaigns", {"id": "Winter Court", "gm": "sensei"}, 400),
            ("/v1/campaigns", {"id": "x", "gm": "sensei", "mood": "grim"}, 400),
            ("/v1/sessions", {"id": "w3", "gm": "sensei", "campaign": "summer"}, 404),
            ("/v1/sessions/w2/carry", {"character": "Hida Tsuneo"}, 404),
            ("/v1/sessions/w2/carry", {"character": KANEKA, "days": -1}, 400),
        ):
            done = server.post(path, body)
            assert done.status_code == status, (path, body, done.text)
            assert done.headers["content-type"].startswith("application/problem+json")
        megabyte = {"command": "note", "text": "x" * 1_000_000}  # a note of 1 MB
        assert server.post("/v1/sessions/w2/commands", megabyte).status_code == 413
        assert server.get("/v1/campaigns/summer").status_code == 404
        assert server.get("/v1/sessions/w2/sheet").status_code == 400
        assert server.get("/v1/sessions/w2").json()["version"] == 2  # nothing appended
        token = server.post("/v1/sessions/w2/tokens", {"participant": "ana"}).json()["token"]
        player = server.as_token(token)
        theirs = player.get("/v1/sessions/w2/events/2").json()
        assert theirs["event"]["carried"] == {"session": "w1", "days": 1}  # no GM count
        assert "carried from session w1 (1 day later)" in theirs["summary"]
        assert player.get("/v1/sessions/w2/sheet", params={"character": KANEKA}).status_code == 403
        assert player.post("/v1/sessions/w2/carry", json={"character": KANEKA}).status_code == 403
        assert player.get("/v1/campaigns").status_code == 403
