"""The server at table scale (issue 32), through a real ``kiroku serve``: no request
stalls another session's, idle and half-sent connections are closed, "serving" is
printed only once a request would be answered, and a conflict the server may retry
never reaches a client that sent no If-Match. Behaviour only: the figures are in
bench/server.py."""

from __future__ import annotations

import os
import resource
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import httpx

from tests.e2e.conftest import KIROKU
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


def start(data_dir: Path, *args: str, files: int | None = None) -> subprocess.Popen[str]:
    """``kiroku serve`` as a user starts it (with at most ``files`` open files)."""

    def limited() -> None:
        if files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    env = {**os.environ, "KIROKU_DATA_DIR": str(data_dir), "KIROKU_LOG": "off"}
    env.pop("KIROKU_ADMIN_TOKEN", None)
    return subprocess.Popen(
        [str(KIROKU), "serve", "--port", "0", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, preexec_fn=limited,
    )  # fmt: skip


def address(process: subprocess.Popen[str]) -> tuple[str, str, int]:
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("kiroku: serving http://"), line
    url = line.split()[2]
    host, port = url.removeprefix("http://").rsplit(":", 1)
    return url, host, int(port)


def answering(url: str) -> None:
    """Waits for the server to answer (for the tests of something else than readiness)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url + "/v1/rulesets", timeout=30)
            return
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def stopped(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGTERM)
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
    return err


def test_serving_is_printed_once_a_request_would_be_answered(tmp_path: Path) -> None:
    process = start(tmp_path / "data")
    try:
        url, _, _ = address(process)
        # at once, no retry: before, the line came before the socket listened
        assert httpx.get(url + "/v1/rulesets", timeout=30).status_code == 200
    finally:
        stopped(process)


def test_an_idle_or_half_sent_connection_is_closed_after_the_timeout(tmp_path: Path) -> None:
    process = start(tmp_path / "data", "--idle-timeout", "1")
    try:
        url, host, port = address(process)
        answering(url)
        for sent in (b"", b"GET /v1/rulesets HTTP/1.1\r\nHost: x\r\n"):  # nothing; half a head
            with socket.create_connection((host, port)) as idle:
                idle.settimeout(60)  # far past the timeout: a hang fails, it never waits
                idle.sendall(sent)
                assert idle.recv(100) == b""  # closed by the server
        with httpx.Client(base_url=url, timeout=30) as client:  # answered, then kept alive
            assert client.get("/v1/rulesets").status_code == 200
            assert client.get("/v1/rulesets").status_code == 200
    finally:
        stopped(process)


def test_a_flood_of_idle_sockets_takes_no_readers_place(tmp_path: Path) -> None:
    """With 128 open files and 200 idle sockets (the default timeout, 10 s, not yet
    past), a reader is answered: the idle longest are closed for new ones, and the log
    holds no traceback."""
    process = start(tmp_path / "data", files=128)
    idle: list[socket.socket] = []
    try:
        url, host, port = address(process)
        answering(url)
        for _ in range(200):
            idle.append(socket.create_connection((host, port)))
        assert httpx.get(url + "/v1/rulesets", timeout=30).status_code == 200
    finally:
        for each in idle:
            each.close()
        err = stopped(process)
    assert "Traceback" not in err and len(err) < 2000, err[-2000:]
