"""A hidden change carried over stays hidden (issue 28, item 1): twin campaigns whose first
sessions differ only by what the GM kept from the players — a hidden wound, XP award and
honour loss — carry Akodo Kaneka into their second session, where ana reads the same on
every read path (the state and its tables, the log, the event, the stream's page, the
shell's log and show), in both twins and in a third session carried from the second; the
GM reads the sheet as it is, and it is what the rules decide on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Run, ok, runner
from tests.e2e.server import served
from tests.e2e.test_cli_unverified import without_times

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"
KANEKA = "Akodo Kaneka"


def step(kiroku: Run, *args: str) -> str:
    done = kiroku(*args)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


ONE, TWO, THREE = (("--session", s) for s in ("winter-1", "winter-2", "winter-3"))


def winter_one(where: Path, *, secret: bool) -> Run:
    """Campaign 'winter', its three sessions opened. Session 1: Kaneka takes 5 wounds and
    earns 4 XP in the open (and, ``secret``, 9 wounds, 7 XP and −1.5 honour behind the
    screen), then it closes; Kaneka is carried into session 2 with no day between."""
    kiroku = runner(where)
    step(kiroku, "campaign", "open", "--id", "winter", "--gm", "sensei")
    for sid in ("winter-1", "winter-2", "winter-3"):
        step(kiroku, "session", "open", "--id", sid, "--gm", "sensei", "--campaign", "winter")
    one = ONE
    step(kiroku, "join", *one, "--sheet", str(SHEETS / "akodo-kaneka.json"), "--player", "ana")
    step(kiroku, "wound", *one, "--character", KANEKA, "5", "--source", "a thrown knife")
    step(kiroku, "xp", "award", *one, "--character", KANEKA, "4")
    if secret:
        step(kiroku, "wound", *one, "--character", KANEKA, "9", "--source", "poison", "--hidden")
        step(kiroku, "xp", "award", *one, "--character", KANEKA, "7", "--hidden")
        step(kiroku, "honour", *one, "--character", KANEKA, "-1.5", "--reason", "a lie", "--hidden")
    step(kiroku, "close", *one)
    step(kiroku, "carry", *TWO, "--character", KANEKA, "--days", "0")
    return kiroku


def campaign(where: Path, *, secret: bool) -> Run:
    """:func:`winter_one`; then ana notes something in session 2, which closes, and
    Kaneka is carried into session 3."""
    kiroku = winter_one(where, secret=secret)
    two, three = TWO, THREE
    step(kiroku, "note", *two, "the snow falls", "--character", KANEKA, "--as", "ana")
    step(kiroku, "close", *two)
    step(kiroku, "carry", *three, "--character", KANEKA, "--days", "0")
    return kiroku


def anas_reading(where: Path, kiroku: Run) -> dict[str, Any]:
    """Everything ana may read of sessions 2 and 3, without what differs between two runs
    of the same play (times)."""
    read: dict[str, Any] = {}
    for sid in ("winter-2", "winter-3"):
        shell = {
            "log": [
                without_times(json.loads(line))
                for line in step(
                    kiroku, "log", "--session", sid, "--as", "ana", "--json"
                ).splitlines()
            ],
            "show": without_times(ok(kiroku, "show", "--session", sid, "1", "--as", "ana")),
        }
        read[sid] = {"shell": shell}
    with served(where / "data") as server:
        for sid in ("winter-2", "winter-3"):
            path = f"/v1/sessions/{sid}"
            made = server.post(f"{path}/tokens", {"participant": "ana"})
            assert made.status_code == 201, made.text
            ana = server.as_token(made.json()["token"])
            session = ana.get(path).json()
            session.pop("you", None)
            read[sid] |= {
                "session": without_times(session),
                "events": without_times(ana.get(f"{path}/events", params={"limit": 100}).json()),
                "joined": without_times(ana.get(f"{path}/events/2").json()),
            }
    return read


@pytest.mark.slow
def test_a_hidden_change_carried_over_stays_hidden_from_the_players(tmp_path: Path) -> None:
    plain = campaign(tmp_path / "plain", secret=False)
    secret = campaign(tmp_path / "secret", secret=True)
    assert anas_reading(tmp_path / "secret", secret) == anas_reading(tmp_path / "plain", plain)

    for sid in ("winter-2", "winter-3"):  # the GM's sheet is the whole one, and it counts
        state = ok(secret, "state", "--session", sid)
        assert state["wounds"][KANEKA]["wounds"] == 14
        assert state["experience"][KANEKA]["available"] == 40 + 4 + 7
        assert ok(plain, "state", "--session", sid)["wounds"][KANEKA]["wounds"] == 5
        assert secret("verify", "--session", sid).returncode == 0
    roll = ("roll", "--session", "winter-3", "--character", KANEKA, "--skill", "Kenjutsu",
            "--trait", "agility", "--tn", "15", "--faces", "7,6,5,4,3,2",
            "--as", "ana")  # fmt: skip
    at = str(ok(secret, *roll)["recorded"][0]["position"])
    gm_roll = ok(secret, "show", "--session", "winter-3", at)["event"]
    ana_roll = ok(secret, "show", "--session", "winter-3", at, "--as", "ana")["event"]
    assert gm_roll["roll"] == ana_roll["roll"]  # the same dice and outcome
    assert gm_roll["roll"]["tn"] == 15 + 5 + 3  # light armour, and the 14 wounds: Nicked, +3
    assert [p["source"] for p in ana_roll["parts"]] == ["Light armour on agility",
                                                          "behind the GM's screen"]  # fmt: skip
    assert ok(plain, *roll)["rolls"][0]["tn"] == 15 + 5
    assert secret("verify", "--session", "winter-3").returncode == 0


def test_the_gm_reveals_a_carried_sheet_and_the_players_read_it_whole(tmp_path: Path) -> None:
    """« the players of this session read that one, until the GM reveals the joining »
    (:class:`domain.events.Carried`): in winter-2 the GM reveals Kaneka's carried joining;
    from the reveal on, ana's state is the GM's (14 wounds, 51 XP), the reveal brings her
    the joining as it is, what she was sent before stays as sent, and a sheet carried on
    from there needs no screen. The hidden rulings of winter-1 stay hidden there."""
    kiroku = winter_one(tmp_path, secret=True)
    one, two, three = ONE, TWO, THREE
    with served(tmp_path / "data") as server:
        made = server.post("/v1/sessions/winter-2/tokens", {"participant": "ana"})
        ana = server.as_token(made.json()["token"])
        before = ana.get("/v1/sessions/winter-2").json()["views"]
        assert before["wounds"][KANEKA]["wounds"] == 5
        sent = without_times(ana.get("/v1/sessions/winter-2/events/2").json())

        said = kiroku("reveal", *two, "2", "--reason", "the poison shows")
        assert said.returncode == 0, said.stderr
        again = kiroku("reveal", *two, "2")
        assert again.returncode == 2 and "the sheet at 2 was revealed at 3 already" in again.stderr

        gm = server.get("/v1/sessions/winter-2").json()["views"]
        theirs = ana.get("/v1/sessions/winter-2").json()["views"]
        for view in ("wounds", "experience", "characters"):
            assert theirs[view] == gm[view], view
        assert theirs["wounds"][KANEKA]["wounds"] == 14
        assert without_times(ana.get("/v1/sessions/winter-2/events/2").json()) == sent
        events = ana.get("/v1/sessions/winter-2/events", params={"limit": 100}).json()
        [reveal] = [e for e in events["events"] if e["type"] == "RulingRevealed"]
        [joined] = reveal["revealed"]
        gm_joined = server.get("/v1/sessions/winter-2/events/2").json()["event"]
        assert joined["event"]["sheet"] == gm_joined["sheet"]  # the sheet as it is
    assert kiroku("verify", *two).returncode == 0
    assert "poison" not in step(kiroku, "log", *one, "--as", "ana")  # still hidden there
    step(kiroku, "close", *two)
    step(kiroku, "carry", *three, "--character", KANEKA, "--days", "0")
    carried = ok(kiroku, "show", *three, "2")["event"]["carried"]
    assert carried["shown"] is None  # what she saw of it in winter-2 is the sheet itself


def test_a_reveal_where_the_sheet_came_from_tells_the_gm_where_it_was_carried(
    tmp_path: Path,
) -> None:
    """The poison revealed in winter-1 after Kaneka was carried into winter-2: ana still
    reads the sheet she was shown there (the carried joining is fixed as recorded), and
    the GM is told so, with the command that shows her the sheet as it is — on the shell
    and over HTTP; once winter-2's joining is revealed, a reveal says nothing more."""
    kiroku = winter_one(tmp_path, secret=True)
    one, two = ONE, TWO
    step(kiroku, "reopen", *one)
    wounds = ok(kiroku, "log", *one)
    poison = next(e["position"] for e in wounds if "poison" in e["summary"])
    done = kiroku("reveal", *one, str(poison), "--reason", "the poison shows")
    assert done.returncode == 0, done.stderr
    hint = "kiroku reveal --session winter-2 2"
    assert f"session 'winter-2' carried {KANEKA} from here at" in done.stderr
    assert hint in done.stderr
    with served(tmp_path / "data") as server:
        made = server.post("/v1/sessions/winter-2/tokens", {"participant": "ana"})
        ana = server.as_token(made.json()["token"])
        assert ana.get("/v1/sessions/winter-2").json()["views"]["wounds"][KANEKA]["wounds"] == 5
        xp = next(e["position"] for e in wounds if "7 XP" in e["summary"])
        body = {"command": "reveal", "position": xp, "reason": "the XP shows"}
        made = server.post("/v1/sessions/winter-1/commands", body)
        assert made.status_code == 201, made.text
        assert any(hint in w for w in made.json()["warnings"])
    step(kiroku, "reveal", *two, "2")
    again = ok(kiroku, "reveal", *one, str(poison + 2))  # the honour loss
    assert again["warnings"] == []


def test_a_reveal_named_by_a_revision_s_position_warns_too(tmp_path: Path) -> None:
    """The poison amended in winter-1 after the carry, then revealed by its revision's
    position: the revision stands in the poison's place, before the carry, so the GM is
    warned as for the poison itself — and told the sheet shown as it is carries what
    else is still kept."""
    kiroku = winter_one(tmp_path, secret=True)
    step(kiroku, "reopen", *ONE)
    poison = next(e["position"] for e in ok(kiroku, "log", *ONE) if "poison" in e["summary"])
    amended = ok(kiroku, "amend", str(poison), *ONE, "--reason", "less poison", "--amount", "8")
    revision = amended["revised"][0]["revision"]["first"]
    done = kiroku("reveal", *ONE, str(revision), "--reason", "the poison shows")
    assert done.returncode == 0, done.stderr
    assert "kiroku reveal --session winter-2 2" in done.stderr
    assert "with whatever else is still kept from them here" in done.stderr
