"""The server at table scale (issue 32), through a real ``kiroku serve``: no request
stalls another session's, idle and half-sent connections are closed, "serving" is
printed only once a request would be answered, and a conflict the server may retry
never reaches a client that sent no If-Match. Behaviour only: the figures are in
bench/server.py."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx

from tests.e2e.server import Served, served

HEAVY = {"expression": "8r8s", "table": "true"}  # seconds of one core on 5e


def open_sessions(server: Served) -> None:
    for sid, ruleset in (("dojo", "l5r5e-house"), ("night", "l5r4e")):
        done = server.post("/v1/sessions", {"id": sid, "gm": "sensei", "ruleset": ruleset})
        assert done.status_code == 201, done.text


def test_a_costly_odds_table_stalls_no_read_of_another_session(tmp_path: Path) -> None:
    """While one observer's odds table is computed, another session's reads are
    answered: they complete before it does (an ordering, not a time)."""
    with served(tmp_path / "data") as server:
        open_sessions(server)
        answered: list[httpx.Response] = []

        def ask() -> None:
            with server.as_token(server.admin) as client:
                client.timeout = httpx.Timeout(120)
                answered.append(client.get("/v1/sessions/dojo/odds", params=HEAVY))

        asking = threading.Thread(target=ask)
        asking.start()
        time.sleep(0.3)  # lets the odds reach the server (not a measure)
        reads_meanwhile = 0
        while asking.is_alive() and reads_meanwhile < 5:
            assert server.get("/v1/sessions/night").status_code == 200
            if asking.is_alive():
                reads_meanwhile += 1
        asking.join(timeout=120)
        assert reads_meanwhile == 5  # on the store's thread: none, the odds held it
        [odds] = answered
        assert odds.status_code == 200, odds.text
        assert set(odds.json()["table"]) == {"1", "2", "3", "4", "5", "6"}
        again = server.get("/v1/sessions/dojo/odds", params=HEAVY)  # from the cache
        assert again.json() == odds.json()
