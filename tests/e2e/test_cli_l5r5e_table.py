"""The 5e confrontations' issue 31 points through the real entry point: Compromised in
full, Attendre's named action, a check's dice in ``--json``, a sheet's strife and Void
points, a critical met with no ring named. Each refusal exits 2, quotes what it refuses,
and appends nothing."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.conftest import Run, ok, seated

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "replays" / "sheets"
RYOKU = ("--character", "Kakita Ryoku")
DAINI = ("--character", "Mirumoto Daini")


def count(kiroku: Run, session: str) -> int:
    return len(ok(kiroku, "log", "--session", session))


def refused(kiroku: Run, session: str, said: str, *args: str) -> None:
    before = count(kiroku, session)
    done = kiroku(*args, "--session", session)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert count(kiroku, session) == before


def confrontation(kiroku: Run, kind: str, *, ryoku_strife: int = 0) -> tuple[str, str]:
    """Ryoku (initiative 7) and Daini (5), round 1 begun; Ryoku given strife first."""
    s = seated(kiroku, kind, ("kakita-ryoku-5e", "ana"), ("mirumoto-daini-5e", "ben"),
               ruleset="l5r5e-house")  # fmt: skip
    ok(kiroku, "confront", "start", kind, *s)
    if ryoku_strife:
        ok(kiroku, "strife", str(ryoku_strife), *RYOKU, *s)
    skill = ("8,1", "9") if kind == "duel" else ("", "")  # Meditation; no Tactics
    ok(kiroku, "initiative", *s, *RYOKU, "--ring", "fire", "--keep", "0,1", "--faces",
       ",".join(filter(None, ("5,3,1", skill[0]))))  # fmt: skip
    ok(kiroku, "initiative", *s, *DAINI, "--ring", "water", "--keep", "0", "--faces",
       ",".join(filter(None, ("5,4,1", skill[1]))))  # fmt: skip
    ok(kiroku, "prepare", *s, *DAINI, "--weapon", "Katana")
    ok(kiroku, "confront", "round", *s)
    return s


def test_compromised_vigilance_is_1_and_a_compromised_duellist_bids_nothing(kiroku: Run) -> None:
    s = confrontation(kiroku, "duel", ryoku_strife=9)  # composure 8
    state = ok(kiroku, "state", *s)
    assert state["fighters"]["Kakita Ryoku"]["compromised"]
    assert state["characters"]["Kakita Ryoku"]["vigilance"] == 1
    refused(kiroku, "duel", "--bid 'Kakita Ryoku=1': Kakita Ryoku is Compromised",
            "stare", "--bid", "Kakita Ryoku=1", "--bid", "Mirumoto Daini=0")  # fmt: skip
    done = ok(kiroku, "stare", *s, "--bid", "Mirumoto Daini=1")
    assert "Kakita Ryoku bids 0" in done["recorded"][0]["summary"]


def test_a_surprised_compromised_character_s_initiative_starts_at_1(kiroku: Run) -> None:
    s = seated(kiroku, "sk", ("kakita-ryoku-5e", "ana"), ruleset="l5r5e-house")
    ok(kiroku, "confront", "start", "skirmish", *s)
    ok(kiroku, "strife", "9", *RYOKU, *s)
    done = ok(kiroku, "initiative", *s, *RYOKU, "--ring", "air", "--surprised", "--keep", "0,1",
              "--faces", "5,5,1")  # fmt: skip
    assert "initiative 3 (vigilance 1)" in done["recorded"][-1]["summary"]


def test_attendre_names_its_action_and_only_it_is_taken(kiroku: Run) -> None:
    s = confrontation(kiroku, "skirmish")
    refused(kiroku, "skirmish", "name the action held", "wait", *RYOKU, "Daini moves")
    ok(kiroku, "wait", *s, *RYOKU, "Daini moves", "--action", "strike", "--as", "ana")
    refused(kiroku, "skirmish", "Kakita Ryoku holds « Frapper »", "breathe", *RYOKU)
    ok(kiroku, "confront", "next", *s)
    ok(kiroku, "strike", *s, *RYOKU, "--target", "Mirumoto Daini", "--faces", "5,5,1,9,1,1")
    assert ok(kiroku, "state", *s)["confrontation"]["waiting"] == []


def test_the_water_stance_s_movement_stays_apart_from_the_held_action(kiroku: Run) -> None:
    s = confrontation(kiroku, "skirmish")
    ok(kiroku, "place", *s, *DAINI, "2")
    ok(kiroku, "stance", "water", *s, *RYOKU)
    ok(kiroku, "wait", *s, *RYOKU, "Daini attacks", "--action", "strike")
    ok(kiroku, "manoeuvre", "1", *s, *RYOKU)
    state = ok(kiroku, "state", *s)
    assert state["fighters"]["Kakita Ryoku"]["band"] == 1
    assert state["confrontation"]["waiting"] == ["Kakita Ryoku"]


def test_a_check_s_json_lists_its_dice_keep_and_tn(kiroku: Run) -> None:
    s = seated(kiroku, "n", ("kakita-ryoku-5e", "ana"), ruleset="l5r5e-house")
    done = ok(kiroku, "check", *s, *RYOKU, "--skill", "Fitness", "--ring", "earth", "--tn", "2",
              "--faces", "5,4,9")  # fmt: skip
    (roll,) = done["rolls"]
    assert [(d["kind"], d["face"], d["kept"]) for d in roll["dice"]] == [
        ("ring", 5, True), ("ring", 4, False), ("skill", 9, True),
    ]  # fmt: skip
    assert (roll["tn"], roll["success"], roll["skill"], roll["ring"]) == (
        2,
        True,
        "Fitness",
        "earth",
    )


def test_a_sheet_states_strife_and_void_points(kiroku: Run, tmp_path: Path) -> None:
    sheet = json.loads((SHEETS / "kakita-ryoku-5e.json").read_text(encoding="utf-8"))
    path = tmp_path / "ryoku.json"
    path.write_text(json.dumps(sheet | {"strife": 9, "void_points": 1}), encoding="utf-8")
    ok(kiroku, "session", "open", "--id", "n", "--gm", "sensei", "--ruleset", "l5r5e-house")
    ok(kiroku, "join", "--session", "n", "--sheet", str(path), "--player", "ana")
    fighter = ok(kiroku, "state", "--session", "n")["fighters"]["Kakita Ryoku"]
    assert (fighter["strife"], fighter["compromised"], fighter["void_points"]) == (9, True, 1)
    path.write_text(json.dumps(sheet | {"name": "Kakita Sora", "void_points": 5}), encoding="utf-8")
    done = kiroku("join", "--session", "n", "--sheet", str(path), "--player", "ben")
    assert done.returncode == 2 and "void_points 5 above its Void ring" in done.stderr


def test_a_critical_is_met_with_no_ring_named(kiroku: Run) -> None:
    s = seated(kiroku, "n", ("kakita-ryoku-5e", "ana"), ruleset="l5r5e-house")
    ok(kiroku, "hit", *s, *RYOKU, "--critical", "4", "--source", "a fall")
    done = ok(kiroku, "resist", *s, *RYOKU, "--faces", "5,5,1,1", "--as", "ana")
    assert done["rolls"][0]["ring"] == "fire"
    assert "fire, the highest ring, none named" in done["rolls"][0]["purpose"]


def test_the_help_says_each_new_option(kiroku: Run) -> None:
    wait = kiroku("wait", "--ruleset", "l5r5e-house", "--help").stdout
    assert "--action" in wait and "never a move" in wait
    resist = kiroku("resist", "--ruleset", "l5r5e-house", "--help").stdout
    assert "none named: the highest ring" in " ".join(resist.split())


def test_the_default_keep_keeps_the_free_opportunities(kiroku: Run) -> None:
    """Issue 30's Ronin at the shell: no --keep, r6 r3 r2 s5 s3 and a blank explosion."""
    s = seated(kiroku, "n", ("kakita-ryoku-5e", "ana"), ruleset="l5r5e-house")
    done = ok(kiroku, "check", *s, *RYOKU, "--skill", "Meditation", "--ring", "fire",
              "--faces", "6,3,2,5,3,1")  # fmt: skip
    assert done["rolls"][0]["kept"] == [0, 1, 3]
