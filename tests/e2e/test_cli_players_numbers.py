"""A player reads the log, ``show`` and ``why`` at the shell numbered as they count —
the 1st, the 2nd, … of the events they may see — exactly as the API numbers them, so a
gap, a count or a number never says that the GM ruled in secret (issue 28, item 1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Run, ok, runner
from tests.e2e.server import served
from tests.e2e.test_cli_session import S

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"
FUMI = "Bayushi Fumi"


def behind_the_screen(fought: Run) -> None:
    """The fight (the note at 16), then a hidden wound on Fumi, an open note, the
    bandits' note retracted, the wound revealed, and a last note."""
    ok(fought, "wound", *S, "--character", FUMI, "4", "--source", "poison", "--hidden")
    ok(fought, "note", *S, "dawn comes")
    ok(fought, "retract", *S, "16", "--reason", "they stayed")
    ok(fought, "reveal", *S, "17")
    ok(fought, "note", *S, "the road north")


def numbers(rows: list[dict[str, Any]]) -> list[tuple[int, str, list[tuple[int, str]]]]:
    return [
        (r["position"], r["type"], [(x["position"], x["type"]) for x in r.get("revealed") or ()])
        for r in rows
    ]


def test_a_player_s_log_and_show_are_numbered_as_the_api_numbers_them(
    fought: Run, tmp_path: Path
) -> None:
    behind_the_screen(fought)
    theirs = ok(fought, "log", *S, "--limit", "0", "--as", "ana")
    assert [r["position"] for r in theirs] == list(range(1, len(theirs) + 1))
    assert len(theirs) < len(ok(fought, "log", *S, "--limit", "0"))
    with served(tmp_path / "data") as server:
        token = server.post("/v1/sessions/night/tokens", {"participant": "ana"}).json()["token"]
        ana = server.as_token(token)
        api = ana.get("/v1/sessions/night/events?limit=1000").json()["events"]
        assert numbers(theirs) == numbers(api)
        for row in theirs:
            number = row["position"]
            cli = ok(fought, "show", *S, str(number), "--as", "ana")
            http = ana.get(f"/v1/sessions/night/events/{number}").json()
            for name in ("position", "type", "summary", "retracted_by", "revises", "revised_by"):
                assert cli.get(name) == http.get(name), (number, name)
            assert (cli["command"] or {}).get("positions") == (http["command"] or {}).get(
                "positions"
            ), number
            assert [(f["event"], f["follows"]) for f in cli["follows"]] == [
                (f["event"], f["follows"]) for f in http["follows"]
            ], number
            why = ok(fought, "why", *S, str(number), "--as", "ana")
            assert why["position"] == number
            assert all(1 <= e["position"] <= len(theirs) for e in why["events"])
    retraction = next(r for r in theirs if r["type"] == "EventRetracted")
    assert retraction["summary"].startswith("GM retracts event 16: note: the bandits flee")
    refused = fought("show", *S, str(len(theirs) + 1), "--as", "ana")
    assert refused.returncode == 2
    assert f"you may see events 1 to {len(theirs)}" in refused.stderr
    for option in ("--at", "--after"):  # her numbers, refused past her count, naming it
        past = fought("log", *S, option, str(len(theirs) + 1), "--as", "ana")
        assert past.returncode == 2 and past.stdout == ""
        assert f"{option} {len(theirs) + 1}: you may see events 1 to {len(theirs)}" in past.stderr


def evening(kiroku: Run, session: str, *, secret: bool) -> None:
    here = ("--session", session)
    ok(kiroku, "session", "open", "--id", session, "--gm", "sensei")
    ok(kiroku, "join", *here, "--sheet", str(SHEETS / "akodo-kaneka.json"), "--player", "ana")
    ok(kiroku, "note", *here, "the tea is served")
    if secret:
        ok(kiroku, "note", *here, "the tea is poisoned", "--hidden")
        ok(kiroku, "roll", "5k3", *here, "--hidden", "--seed", "1")
    ok(kiroku, "note", *here, "the guests leave")
    ok(kiroku, "retract", *here, "3", "--reason", "no tea after all")
    ok(kiroku, "note", *here, "night falls")


def without_times(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows as a player reads them, less when each was recorded (and the session's id)."""
    text = json.dumps(rows).replace("twin", "one")
    found: list[dict[str, Any]] = json.loads(text)
    for row in found:
        row.pop("at")
        row["event"].pop("at")
        row["event"].pop("opened_at", None)
    return found


def test_twin_sessions_that_differ_by_hidden_rulings_read_alike_to_a_player(
    tmp_path: Path,
) -> None:
    """Noninterference at the shell: one session with two hidden rulings, its twin
    without; ana's log of each, and each of her events shown, are the same."""
    kiroku = runner(tmp_path)
    evening(kiroku, "one", secret=True)
    evening(kiroku, "twin", secret=False)
    logs = [
        ok(kiroku, "log", "--session", name, "--limit", "0", "--as", "ana")
        for name in ("one", "twin")
    ]
    assert without_times(logs[0]) == without_times(logs[1])
    for number in range(1, len(logs[0]) + 1):
        shown = [
            ok(kiroku, "show", "--session", name, str(number), "--as", "ana")
            for name in ("one", "twin")
        ]
        for row in shown:
            row.pop("recorded", None)
            if row.get("command"):
                row["command"].pop("at", None)
        assert without_times([shown[0]]) == without_times([shown[1]]), number


def secret_fight(kiroku: Run, *, hidden_damage: bool = False) -> None:
    """The corrections' fight with the GM's hidden rolls before and inside it (or, with
    ``hidden_damage``, the damage itself behind the screen), then its note — no heal."""
    from tests.e2e.test_cli_corrections import FIGHT, fight

    *set_up, attack, damage, _heal, note = FIGHT
    if hidden_damage:
        damage = (*[a for a in damage if a not in ("--as", "ana")], "--hidden")
    fight(
        kiroku,
        (
            *set_up,
            ("roll", "5k3", *S, "--seed", "1", "--hidden"),
            ("note", *S, "ambush ahead", "--hidden"),
            attack,
            ("roll", "3k2", *S, "--seed", "2", "--hidden"),
            damage,
            note,
        ),
    )


def test_why_s_text_says_what_its_json_says_in_the_player_s_numbers(tmp_path: Path) -> None:
    kiroku = runner(tmp_path)
    secret_fight(kiroku)
    rows = ok(kiroku, "log", *S, "--limit", "0", "--as", "ana")
    damage = next(
        r["position"] for r in rows if r["summary"].startswith("Akodo Kaneka rolls Katana damage")
    )
    found = ok(kiroku, "why", *S, str(damage), "--as", "ana")
    [link] = found["follows"]
    assert link["ruling"] == [link["follows"] - 2, link["follows"]]  # the attack's three events
    text = kiroku("why", *S, str(damage), "--as", "ana").stdout
    assert (
        f"event {link['event']} follows from event {link['follows']}, the hit it rolls damage "
        f"for (the ruling at {link['ruling'][0]}–{link['ruling'][1]})" in text
    ), text
    assert f"→ #{damage} " in text and "which gave events " + f"{damage}–{damage + 1}" in text


def test_a_ruling_s_span_counts_the_events_a_player_may_see_of_it(tmp_path: Path) -> None:
    """The fight with its damage behind the screen, then the attack amended into a miss:
    the correction drops the hidden damage too. Ana reads the correction's events she
    may see, numbered as she counts, and its span is theirs — first to last — whichever
    of its events are kept from her."""
    kiroku = runner(tmp_path)
    secret_fight(kiroku, hidden_damage=True)
    ok(kiroku, "amend", "12", *S, "--reason", "fog", "--circumstances", "15")
    rows = ok(kiroku, "log", *S, "--limit", "0", "--as", "ana")
    heading = next(r["position"] for r in rows if r["type"] == "RulingsCorrected")
    retractions = [r["position"] for r in rows[heading:] if r["type"] == "EventRetracted"]
    assert retractions == list(range(heading + 1, heading + 1 + len(retractions)))
    shown = ok(kiroku, "show", *S, str(heading), "--as", "ana")
    assert shown["command"]["positions"] == [heading, retractions[-1]]  # its own events
    assert "changes" in shown["command"]["inputs"]  # the ruling amended is hers to know
