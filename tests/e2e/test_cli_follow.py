"""``kiroku log --follow``: a subscriber on the command line catches up from the store,
then follows live — every event once, in order, with no gap — and resumes from a
position; a player's follow never shows the GM's hidden rolls. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import KIROKU, Run, ok, runner

S = ("--session", "night")


class Follower:
    """``kiroku log --follow --json`` in its own process, its lines read as they come."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        env = {**os.environ, "KIROKU_DATA_DIR": str(tmp_path / "data"), "KIROKU_LOG": "off"}
        self.process = subprocess.Popen(
            [str(KIROKU), "log", "--follow", "--json", *args], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def take(self, count: int, timeout: float = 20) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        got: list[dict[str, Any]] = []
        while len(got) < count:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{len(got)} of {count} events came: {got}")
            try:
                got.append(json.loads(self.lines.get(timeout=left)))
            except queue.Empty:
                continue
        return got

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=20)

    def nothing_more(self, wait: float = 1.0) -> bool:
        time.sleep(wait)
        return self.lines.empty()


def note(kiroku: Run, store: tuple[str, ...], text: str, *more: str) -> None:
    ok(kiroku, "note", *S, *store, text, *more)


@pytest.mark.slow
def test_it_catches_up_then_follows_every_event_once_in_order(
    tmp_path: Path, store_args: tuple[str, ...]
) -> None:
    kiroku = runner(tmp_path)
    ok(kiroku, "session", "open", "--id", "night", "--gm", "sensei", *store_args)
    for n in range(3):
        note(kiroku, store_args, f"before {n}")
    follower = Follower(tmp_path, *S, *store_args, "--limit", "0")
    caught_up = follower.take(4)
    for n in range(6):
        note(kiroku, store_args, f"live {n}")
    live = follower.take(6)
    assert [row["position"] for row in caught_up + live] == list(range(1, 11))
    assert [row["event"]["text"] for row in live] == [f"live {n}" for n in range(6)]
    assert follower.nothing_more()
    assert follower.stop() == 0


def test_it_resumes_after_a_position(tmp_path: Path, store_args: tuple[str, ...]) -> None:
    kiroku = runner(tmp_path)
    ok(kiroku, "session", "open", "--id", "night", "--gm", "sensei", *store_args)
    for n in range(5):
        note(kiroku, store_args, f"n{n}")
    follower = Follower(tmp_path, *S, *store_args, "--after", "4")
    assert [row["position"] for row in follower.take(2)] == [5, 6]
    note(kiroku, store_args, "n5")
    assert follower.take(1)[0]["position"] == 7
    assert follower.stop() == 0


def test_a_player_following_never_sees_a_hidden_roll(tmp_path: Path) -> None:
    kiroku = runner(tmp_path)
    ok(kiroku, "session", "open", "--id", "night", "--gm", "sensei")
    ok(kiroku, "participant", *S, "ana", "--role", "player")
    follower = Follower(tmp_path, *S, "--as", "ana", "--limit", "0")
    assert [row["position"] for row in follower.take(2)] == [1, 2]
    ok(kiroku, "roll", "5k3", *S, "--hidden", "--seed", "1")
    note(kiroku, (), "the GM's open note")
    [row] = follower.take(1)
    assert row["position"] == 3 and row["event"]["text"] == "the GM's open note"  # her 3rd
    assert follower.nothing_more()
    assert follower.stop() == 0


def test_follow_reads_on_from_now_so_not_as_of_a_position(kiroku: Run) -> None:
    ok(kiroku, "session", "open", "--id", "night", "--gm", "sensei")
    done = kiroku("log", *S, "--follow", "--at", "1")
    assert done.returncode == 2 and "--follow" in done.stderr
