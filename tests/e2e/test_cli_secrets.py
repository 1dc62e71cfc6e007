"""Behind the screen at the shell (the README's example): any command given ``--hidden``
by the GM stays out of what a player reads until ``kiroku reveal``; ``kiroku close``
stops the session taking commands until ``kiroku reopen``; bad input exits 2 with
nothing appended."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from tests.e2e.conftest import KIROKU, Run, ok, seated
from tests.e2e.server import served

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"
S = ("--session", "secret")


def positions(kiroku: Run, *reader: str) -> list[int]:
    return [row["position"] for row in ok(kiroku, "log", *S, "--limit", "0", *reader)]


@pytest.mark.slow
def test_a_hidden_wound_and_whisper_reach_ana_only_once_revealed(kiroku: Run) -> None:
    seated(kiroku, "secret", ("akodo-kaneka", "ana"))
    wound = ok(kiroku, "wound", *S, "--character", "Akodo Kaneka", "7", "--source", "poison",
               "--hidden")  # fmt: skip
    ok(kiroku, "note", *S, "the tea was poisoned", "--hidden")
    assert positions(kiroku, "--as", "ana") == [1, 2]
    assert positions(kiroku) == [1, 2, 3, 4]
    hidden = kiroku("show", *S, "3", "--as", "ana")  # ana counts two events: no third
    assert hidden.returncode == 2 and "event 3: you may see events 1 to 2" in hidden.stderr
    record = ok(kiroku, "show", *S, "3")["command"]
    assert record["inputs"]["hidden"] is True and wound["recorded"][0]["position"] == 3

    refused = kiroku("note", *S, "mine", "--character", "Akodo Kaneka", "--hidden", "--as", "ana")
    assert refused.returncode == 2 and "only the GM" in refused.stderr
    for bad, said in (("2", "event 2 is not hidden"), ("99", "no event at position 99")):
        done = kiroku("reveal", *S, bad)
        assert done.returncode == 2 and said in done.stderr
    assert positions(kiroku) == [1, 2, 3, 4]

    ok(kiroku, "reveal", *S, "3", "--reason", "she feels it now")
    assert positions(kiroku, "--as", "ana") == [1, 2, 3]  # the wound read inside the reveal
    [reveal] = ok(kiroku, "log", *S, "--as", "ana", "--kind", "RulingRevealed")
    assert [(r["position"], r["type"]) for r in reveal["revealed"]] == [(3, "WoundsTaken")]
    again = kiroku("reveal", *S, "3")
    assert again.returncode == 2 and "revealed at 5 already" in again.stderr

    ok(kiroku, "close", *S, "--reason", "end of the evening")
    late = kiroku("note", *S, "one more thing")
    assert late.returncode == 2 and "is closed" in late.stderr
    assert kiroku("undo", *S, "--reason", "oops").returncode == 2
    assert positions(kiroku) == [1, 2, 3, 4, 5, 6]
    ok(kiroku, "reopen", *S)
    ok(kiroku, "note", *S, "one more thing")
    assert positions(kiroku)[-1] == 8


def test_log_follow_ends_after_the_sessions_closing(kiroku: Run) -> None:
    ok(kiroku, "session", "open", "--id", "secret", "--gm", "sensei")
    ok(kiroku, "note", *S, "last scene")
    ok(kiroku, "close", *S)
    done = kiroku("log", *S, "--follow", "--json")  # ends by itself: nothing more comes
    assert done.returncode == 0
    assert [json.loads(line)["type"] for line in done.stdout.splitlines()][-1] == "SessionClosed"


def test_a_player_following_reads_a_revealed_ruling_after_its_reveal(
    kiroku: Run, tmp_path: Path
) -> None:
    seated(kiroku, "secret", ("akodo-kaneka", "ana"))
    env = {**os.environ, "KIROKU_DATA_DIR": str(tmp_path / "data"), "KIROKU_LOG": "off"}
    follower = subprocess.Popen(
        [str(KIROKU), "log", *S, "--follow", "--as", "ana", "--json"],
        stdout=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        time.sleep(1.0)
        ok(kiroku, "note", *S, "the tea was poisoned", "--hidden")
        ok(kiroku, "reveal", *S, "3")
        ok(kiroku, "close", *S)
        out, _ = follower.communicate(timeout=30)  # the closing ends it
    finally:
        follower.kill()
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["position"], r["type"]) for r in rows] == [
        (1, "SessionOpened"), (2, "CharacterJoined"), (3, "RulingRevealed"),
        (4, "SessionClosed"),
    ]  # fmt: skip  # her numbers: the note has none of its own, it is read in the reveal
    assert [(r["position"], r["type"]) for r in rows[2]["revealed"]] == [(3, "NoteTaken")]


def test_a_hidden_ruling_amended_then_revealed_reads_as_amended(
    kiroku: Run, tmp_path: Path
) -> None:
    """A hidden poison of 9 amended to 6, then revealed: ana reads, inside the reveal, the
    wound, the amendment with what it revised (not « no other ruling changed »), its
    retraction and the revision — on the shell's log and the API's events alike."""
    seated(kiroku, "secret", ("akodo-kaneka", "ana"))
    ok(kiroku, "wound", *S, "--character", "Akodo Kaneka", "9", "--source", "poison", "--hidden")
    ok(kiroku, "amend", "3", *S, "--reason", "less poison", "--amount", "6")
    ok(kiroku, "reveal", *S, "3", "--reason", "the poison shows")
    gm = kiroku("log", *S).stdout
    assert "GM reveals to the players what was kept from them at 3 — the poison shows" in gm
    [reveal] = [r for r in ok(kiroku, "log", *S, "--as", "ana") if r.get("revealed")]
    assert reveal["summary"] == "GM reveals what was kept from the players"
    said = [r["summary"] for r in reveal["revealed"]]
    assert said == [
        "Akodo Kaneka takes 9 wounds from poison",
        "GM amends the ruling at 3 (1 revised)",
        "GM retracts it",
        "Akodo Kaneka takes 6 wounds from poison",
    ]
    heading = reveal["revealed"][1]["event"]
    assert heading["ruling"] == 3 and heading["revised"] == [[3, 3, 1]]
    with served(tmp_path / "data") as server:
        made = server.post("/v1/sessions/secret/tokens", {"participant": "ana"})
        ana = server.as_token(made.json()["token"])
        events = ana.get("/v1/sessions/secret/events", params={"limit": 100}).json()["events"]
        [shown] = [e for e in events if e["type"] == "RulingRevealed"]
        assert [r["summary"] for r in shown["revealed"]] == said
