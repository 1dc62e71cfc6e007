"""A GM runs a session from the shell, through the real ``kiroku`` entry point."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.e2e.conftest import KIROKU, Run

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"
KANEKA = str(SHEETS / "akodo-kaneka.json")
FUMI = str(SHEETS / "bayushi-fumi.json")
S = ("--session", "night")


@pytest.fixture
def night(kiroku: Run) -> Run:
    """A session with two characters, opened through the CLI."""
    for args in (
        ("session", "open", "--id", "night", "--gm", "sensei", "--title", "First night"),
        ("join", *S, "--sheet", KANEKA, "--player", "ana"),
        ("join", *S, "--sheet", FUMI, "--player", "ben"),
    ):
        done = kiroku(*args)
        assert done.returncode == 0, done.stderr
    return kiroku


def positions(kiroku: Run) -> int:
    return len(json.loads(kiroku("log", *S, "--json").stdout))


def test_a_gm_runs_a_combat_round_from_the_shell(night: Run) -> None:
    for args in (
        ("combat", "start", *S),
        ("initiative", *S, "--character", "Akodo Kaneka", "--faces", "9,8,7,1"),
        ("initiative", *S, "--character", "Bayushi Fumi", "--faces", "5,4,3,2", "--as", "ben"),
        ("combat", "round", *S),
        ("stance", *S, "--character", "Akodo Kaneka", "full_attack"),
    ):
        done = night(*args)
        assert done.returncode == 0, (args, done.stderr)
    attack = night(
        "roll",
        *S,
        "--character",
        "Akodo Kaneka",
        "--skill",
        "Kenjutsu",
        "--trait",
        "agility",
        "--tn",
        "20",
        "--void",
        "--faces",
        "9,8,7,3,2,1,1",
        "--json",
    )
    assert attack.returncode == 0, attack.stderr
    data = json.loads(attack.stdout)
    assert [r["type"] for r in data["recorded"]] == ["VoidPointSpent", "DiceRolled"]
    roll = data["roll"]
    # the Void point's +1k1 makes 6k3 a 7k4, which keeps the 3 too
    assert (roll["expression"], roll["total"], roll["success"]) == ("7k4", 27, True)
    assert roll["parts"] == [
        {"source": "Light armour on agility", "tn": 5},
        {"source": "Void point", "rolled": 1, "kept": 1},
    ]
    assert night("wound", *S, "--character", "Bayushi Fumi", "13").returncode == 0
    assert night("combat", "next", *S).returncode == 0
    state = json.loads(night("state", *S, "--json").stdout)
    assert state["initiative"]["current"] == "Bayushi Fumi"
    assert [e["character"] for e in state["initiative"]["order"]] == [
        "Akodo Kaneka",
        "Bayushi Fumi",
    ]
    assert state["wounds"]["Bayushi Fumi"]["rank"] == "Nicked"
    assert state["void"]["Akodo Kaneka"]["left"] == 1
    assert state["stances"]["Akodo Kaneka"] == "full_attack"
    readable = night("state", *S).stdout
    assert "Nicked, +3 TN" in readable and "Combat, round 1; turn: Bayushi Fumi" in readable


def test_honour_xp_and_a_retraction_from_the_shell(night: Run) -> None:
    assert (
        night("honour", *S, "--character", "Bayushi Fumi", "-0.3", "--reason", "lied").returncode
        == 0
    )
    assert night("xp", "award", *S, "--character", "Akodo Kaneka", "5").returncode == 0
    spent = night(
        "xp",
        "spend",
        *S,
        "--character",
        "Akodo Kaneka",
        "--emphasis",
        "Kenjutsu:Wakizashi",
        "--as",
        "ana",
    )
    assert spent.returncode == 0, spent.stderr
    assert night("retract", *S, "--last", "--reason", "wrong emphasis").returncode == 0
    state = json.loads(night("state", *S, "--json").stdout)
    assert state["standing"]["Bayushi Fumi"]["honour"] == "2.2"
    assert state["experience"]["Akodo Kaneka"]["available"] == 45
    log = json.loads(night("log", *S, "--json").stdout)
    assert log[-2]["retracted"] is True
    assert log[-2]["retraction_reason"] == "wrong emphasis"
    assert "(retracted)" in night("log", *S).stdout
    earlier = json.loads(night("state", *S, "--at", "4", "--json").stdout)
    assert earlier["experience"]["Akodo Kaneka"]["awarded"] == 0


HUGE = "x" * 100_000
"""A piece of input no table would type (a bot might send it)."""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("roll", "7k", *S, "--character", "Akodo Kaneka"), "malformed dice expression '7k'"),
        (("wound", *S, "--character", "Doji Hana", "5"), "no character 'Doji Hana'"),
        (("wound", *S, "--character", "Akodo Kaneka", "five"), "invalid int value: 'five'"),
        (("void", *S, "--character", "Akodo Kaneka", "--as", "ben"), "'ben' may not act for"),
        (("retract", *S, "1", "--reason", "no"), "opening of a session cannot be retracted"),
        (
            ("xp", "spend", *S, "--character", "Akodo Kaneka", "--void", "--trait", "agility"),
            "exactly one of",
        ),
        (("honour", *S, "--character", "Akodo Kaneka", "+4.5"), "honour would be 11.0"),
        (("stance", *S, "--character", "Akodo Kaneka", "berserk"), "stance 'berserk'"),
        (("roll", "3k3", "--session", "nowhere", "--character", "x"), "no session 'nowhere'"),
        (("join", *S, "--sheet", "/nonexistent.json", "--player", "x"), "cannot read sheet"),
        (("combat", "round", *S), "no combat is under way"),
        (("state", *S, "--at", "-1"), "--at -1: the session has positions 0 to"),
        (
            (
                "roll",
                *S,
                "--character",
                "Akodo Kaneka",
                "--skill",
                "Kenjutsuu",
                "--trait",
                "agility",
            ),
            "no skill 'Kenjutsuu'; did you mean 'Kenjutsu'? To roll it unskilled",
        ),
        (("participant", *S, "ana", "--role", "observer"), "'ana' plays Akodo Kaneka"),
        (("participant", *S, "zed", "--role", "guest"), "invalid choice: 'guest'"),
        (("flip", *S, "--character", "Akodo Kaneka", "3"), "no command 'flip'"),
        # hostile: megabytes of input, numbers of every size and sign, odd characters
        (("wound", *S, "--character", HUGE, "3"), "(100,000 characters)"),
        (("wound", *S, "--character", "Akodo Kaneka", "9" * 100_000), "(100,000 characters)"),
        (("wound", *S, "--character", "Akodo Kaneka", "-3"), "AMOUNT -3: Expected `int` >= 1"),
        (("wound", *S, "--character", "Akodo Kaneka", "\u0663"), "invalid int value"),
        (("wound", *S, "--character", "Akodo Kaneka", ""), "invalid int value: ''"),
        (("wound", *S, "--character", "  ", "3"), "no character '  '"),
        (("note", *S, HUGE), "note TEXT 'xxxx"),
        (("note", *S, "line one\nline two"), "one line of printable text"),
        (("stance", *S, "--character", "Akodo Kaneka", HUGE), "stance STANCE 'xxxx"),
        (("roll", "5k2", *S, "--character", "Akodo Kaneka", "--tn", "9" * 5000), "invalid int"),
        (("roll", "5k2", *S, "--character", "Akodo Kaneka", HUGE), "(l5r4e) takes no xxxx"),
        (("log", "--session", HUGE), "(100,000 characters) must be 1–64"),
        (("log", "--session", "night\n"), "must be 1–64"),
        (("session", "open", "--gm", "g", "--option", HUGE), "is not NAME=VALUE"),
        (("session", "open", "--gm", "g", "--ruleset", HUGE), "no ruleset 'xxxx"),
        (("join", *S, "--sheet", HUGE, "--player", "x"), "cannot read sheet 'xxxx"),
        (("join", *S, "--sheet", "/", "--player", "x"), "cannot read sheet '/'"),
        ((HUGE,), "no command 'xxxx"),
        (("join", *S, "--sheet", "/dev/zero", "--player", "x"), "is more than 1,000,000 bytes"),
        (("join", *S, "--sheet", "", "--player", "x"), "no sheet named: the path is empty"),
        (("import", "/dev/zero"), "is more than 536,870,912 bytes"),
        (("session", "open", "--gm", "g", "--option", "starting_xp=" + "9" * 5000), "0 to 10,000"),
        (("session", "open", "--gm", "g", "--option", "starting_xp=\u0664\u0660"), "0 to 10,000"),
        (("session", "open", "--id", "", "--gm", "g"), "session id '' must be"),
        (("honour", *S, "--character", "Akodo Kaneka", "\uff10.3"), "is not a number of ranks"),
        (("roll", "7x3", *S, "--character", "Akodo Kaneka"), "unexpected character 'x'"),
        (
            ("roll", "6k3", *S, "--character", "Akodo Kaneka", "--tn", "2.5"),
            "`kiroku roll --session night --help`",
        ),
        (("wound", *S, "--character", "Akodo Kaneka", "1", "--source", "a\nb"), "source 'a\\nb'"),
        (("wound", *S, "--character", "Akodo Kaneka", "1", "--source", "\x1b[2J"), "\\x1b[2J"),
        (("note", *S, "hi", "--as", ""), "--as '': the acting participant's id is blank"),
        (("log", *S, "--actor", "nobody"), "--actor 'nobody': no one of that id takes part"),
        (("log", "--session", ""), "--session '': a session id is not blank"),
        (("export", "night", "-o", ""), "-o: no file named"),
        (("join", *S, "--sheet", KANEKA, "--player", "x", "--count", "0"), "--count 0: Expected"),
        (("join", *S, "--sheet", KANEKA, "--player", "x", "--count", "10000"), "--count 10000"),
        (("join", *S, "--sheet", KANEKA, "--player", "x", "--count", "3"), "'Akodo Kaneka' is "),
        (("stance", *S, "--character", "Ronin", "defense"), "no character 'Ronin'"),
        (("clock", "advance", *S, "3"), "duration '3': give days, hours and minutes"),
        (("clock", "advance", *S, "400d"), "move the clock on by a minute to a year"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message_and_appends_nothing(
    night: Run, args: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    before = stored_rows(tmp_path)
    done = night(*args)
    assert done.returncode == 2, done.stdout
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("kiroku: error:")]
    assert len(errors) == 1 and len(errors[0]) < 1_100  # one line, however long the input
    assert done.stderr.splitlines() == errors  # and nothing else: no usage, no caret
    assert len(done.stderr) < 2_000  # an excerpt of the input, never the input
    assert stored_rows(tmp_path) == before  # not one stored byte changed


def stored_rows(tmp_path: Path) -> str:
    """A digest of every stored event row (the e2e store is tmp_path/data)."""
    with sqlite3.connect(tmp_path / "data" / "kiroku.sqlite") as raw:
        rows = raw.execute("SELECT * FROM stored_events ORDER BY rowid").fetchall()
    raw.close()
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def test_a_sheet_file_too_big_or_too_deep_is_refused(night: Run, tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1_000_001)
    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    for path, message in ((big, "is more than 1,000,000 bytes"), (deep, "nested too deep")):
        done = night("join", *S, "--sheet", str(path), "--player", "x")
        assert done.returncode == 2 and message in done.stderr, done.stderr
        assert "Traceback" not in done.stderr


def test_a_sheet_that_is_not_a_sheet_is_refused(night: Run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "X", "traits": {"stamina": "three"}, "void": 2}')
    done = night("join", *S, "--sheet", str(bad), "--player", "x")
    assert done.returncode == 2
    assert f"sheet {str(bad)!r}" in done.stderr and "Expected `int`" in done.stderr


def sheet_like_kaneka(tmp_path: Path, name: str, **changes: object) -> Path:
    sheet = {**json.loads(Path(KANEKA).read_text()), "name": name, **changes}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(sheet))
    return path


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"skills": [{"name": f"Lore {n}", "rank": 1} for n in range(101)]}, "length <= 100"),
        ({"skills": [{"name": "K" * 101, "rank": 1}]}, "length <= 100 - at `$.skills[0].name`"),
        (
            {"skills": [{"name": "Kenjutsu", "rank": 3, "emphases": ["e"] * 21}]},
            "at `$.skills[0].emphases`",
        ),
        ({"weapons": [{"name": "Katana", "damage": "3k2"}] * 51}, "at `$.weapons`"),
        ({"zeni": 10**13}, "at `$.zeni`"),
        ({"void": 10**7}, "at `$.void`"),
        ({"weapons": [{"name": "Katana", "damage": "999999k999999"}]}, "at most 20 dice"),
        ({"skills": [{"name": "Ken\njutsu", "rank": 1}]}, "sheet.skills[0].name 'Ken\\njutsu'"),
    ],
)
def test_a_sheet_holds_what_a_character_could(
    night: Run, tmp_path: Path, changes: dict[str, object], message: str
) -> None:
    before = stored_rows(tmp_path)
    sheet = sheet_like_kaneka(tmp_path, "Doji Hana", **changes)
    done = night("join", *S, "--sheet", str(sheet), "--player", "cy")
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert stored_rows(tmp_path) == before


def test_a_sheet_that_never_ends_or_has_no_writer_is_refused_at_once(
    night: Run, tmp_path: Path
) -> None:
    fifo = tmp_path / "sheet.fifo"
    os.mkfifo(fifo)  # no one writes to it: a plain open would wait for ever
    done = night("join", *S, "--sheet", str(fifo), "--player", "cy")
    assert done.returncode == 2 and f"sheet {str(fifo)!r} is empty" in done.stderr


def test_a_sheet_saved_with_a_byte_order_mark_is_read(night: Run, tmp_path: Path) -> None:
    path = sheet_like_kaneka(tmp_path, "Doji Hana")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    done = night("join", *S, "--sheet", str(path), "--player", "cy")
    assert done.returncode == 0, done.stderr
    assert "Doji Hana" in night("state", *S).stdout


def test_sessions_are_listed_and_shown(night: Run) -> None:
    listed = json.loads(night("session", "list", "--json").stdout)
    assert [s["id"] for s in listed] == ["night"]
    shown = night("session", "show", "night")
    assert "Session night (l5r4e) — GM sensei — First night" in shown.stdout


def test_export_import_and_replay_round_trip(night: Run, tmp_path: Path) -> None:
    night("wound", *S, "--character", "Akodo Kaneka", "11")
    exported = tmp_path / "night.jsonl"
    assert night("export", "night", "-o", str(exported)).returncode == 0
    replayed = json.loads(night("replay", str(exported), "--json").stdout)
    stored = json.loads(night("state", *S, "--json").stdout)
    assert {k: v for k, v in replayed.items() if k != "timeline"} == stored
    assert replayed["wounds"]["Akodo Kaneka"]["rank"] == "Nicked"
    until = json.loads(night("replay", str(exported), "--until", "3", "--json").stdout)
    assert until["wounds"]["Akodo Kaneka"]["wounds"] == 0
    # the same session cannot be imported twice into one store...
    again = night("import", str(exported))
    assert again.returncode == 2 and "already exists; nothing was imported" in again.stderr


def test_import_into_a_fresh_store_and_refuse_a_corrupt_file(kiroku: Run, tmp_path: Path) -> None:
    replays = Path(__file__).resolve().parents[2] / "replays"
    done = kiroku("import", str(replays / "combat-to-out.jsonl"))
    assert done.returncode == 0, done.stderr
    state = json.loads(kiroku("state", "--session", "combat-to-out", "--json").stdout)
    assert state["wounds"]["Bandit"]["rank"] == "Out"
    corrupt = tmp_path / "corrupt.jsonl"
    lines = (replays / "xp-insight.jsonl").read_text().splitlines()
    lines[4] = lines[4][:40]
    corrupt.write_text("\n".join(lines) + "\n")
    refused = kiroku("import", str(corrupt))
    assert refused.returncode == 2
    assert "line 5" in refused.stderr
    assert [s["id"] for s in json.loads(kiroku("session", "list", "--json").stdout)] == [
        "combat-to-out"
    ]


def test_replay_update_expected_writes_the_expected_file(kiroku: Run, tmp_path: Path) -> None:
    replays = Path(__file__).resolve().parents[2] / "replays"
    copy = tmp_path / "xp-insight.jsonl"
    copy.write_bytes((replays / "xp-insight.jsonl").read_bytes())
    assert kiroku("replay", str(copy), "--update-expected").returncode == 0
    assert (tmp_path / "xp-insight.expected.json").read_text() == (
        replays / "xp-insight.expected.json"
    ).read_text()


def test_every_command_is_logged_as_json_with_session_outcome_and_duration(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "KIROKU_DATA_DIR": str(tmp_path), "KIROKU_LOG": "info"}
    done = subprocess.run(
        [str(KIROKU), "session", "open", "--id", "logged", "--gm", "sensei"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    refused = subprocess.run(
        [str(KIROKU), "wound", "--session", "logged", "--character", "Nobody", "3"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    recorded = json.loads(done.stderr.strip().splitlines()[-1])
    assert recorded["session"] == "logged" and recorded["command"] == "open"
    assert recorded["outcome"] == "recorded" and recorded["duration_ms"] >= 0
    failed = json.loads(refused.stderr.strip().splitlines()[0])
    assert failed["command"] == "wound" and failed["outcome"] == "NotFound"


def test_a_command_logs_nothing_unless_asked(tmp_path: Path) -> None:
    """At a table a command prints its result and nothing else: no log line on stderr,
    on a pipe as on a terminal, until ``-v`` (before or after the subcommand) or
    ``KIROKU_LOG`` asks for one; ``-v`` wins over ``KIROKU_LOG=off``."""
    base = {k: v for k, v in os.environ.items() if k != "KIROKU_LOG"}
    env = {**base, "KIROKU_DATA_DIR": str(tmp_path)}

    def run(*args: str, **more: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(KIROKU), *args], capture_output=True, text=True, env={**env, **more}, timeout=60
        )

    quiet = run("session", "open", "--id", "quiet", "--gm", "sensei")
    assert quiet.returncode == 0 and quiet.stderr == ""
    assert quiet.stdout.startswith("#1 session 'quiet' opened")
    refused = run("wound", "--session", "quiet", "--character", "Nobody", "3")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1  # the refusal alone
    for args, more in [
        (("-v", "note", "--session", "quiet", "before"), {}),
        (("note", "--session", "quiet", "after", "--verbose"), {}),
        (("note", "--session", "quiet", "env"), {"KIROKU_LOG": "info"}),
        (("note", "--session", "quiet", "wins", "-v"), {"KIROKU_LOG": "off"}),
    ]:
        done = run(*args, **more)
        assert done.returncode == 0, done.stderr
        line = json.loads(done.stderr.strip().splitlines()[-1])
        assert (line["command"], line["outcome"]) == ("note", "recorded"), args
    assert run("note", "--session", "quiet", "off", KIROKU_LOG="off").stderr == ""
    assert on_a_terminal([str(KIROKU), "note", "--session", "quiet", "tty"], env) == ""
    assert "command recorded" in on_a_terminal(
        [str(KIROKU), "note", "--session", "quiet", "tty", "-v"], env
    )


def on_a_terminal(argv: list[str], env: dict[str, str]) -> str:
    """What ``argv`` writes to its stderr when that is a terminal (a pseudo-terminal)."""
    import pty

    leader, follower = pty.openpty()
    try:
        try:
            done = subprocess.run(
                argv, stdout=subprocess.PIPE, stderr=follower, env=env, timeout=60
            )
        finally:
            os.close(follower)
        assert done.returncode == 0
        said = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the terminal's other side is closed and read out
                break
            if not chunk:
                break
            said += chunk
        return said.decode(errors="replace")
    finally:
        os.close(leader)


def test_the_demo_s_suggestions_run_as_printed(tmp_path: Path) -> None:
    """``./dev demo`` leaves ``kiroku`` off the reader's PATH, so the commands it suggests
    at its end are printed as the reader can type them — through ``./dev`` as they typed
    it, or ``kiroku`` once ``.venv`` is activated — with the store it was given, and each
    runs as printed from where the demo was run."""
    dev = Path(__file__).resolve().parents[2] / "dev"
    venv = str(KIROKU.parent)
    env = {k: v for k, v in os.environ.items() if not k.startswith("KIROKU_")}
    off_path = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if p != venv)
    data = tmp_path / "my data"
    for path, typed in [(off_path, f"{dev} kiroku"), (f"{venv}{os.pathsep}{off_path}", "kiroku")]:
        here = {**env, "PATH": path}
        done = subprocess.run(
            [str(dev), "demo", "--data-dir", str(data)],
            cwd=tmp_path, env=here, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        last = done.stdout.strip().splitlines()[-1]
        assert last.startswith(f"Try: {typed} --data-dir '{data}' state --session demo-"), last
        for suggestion in last.removeprefix("Try: ").split("   |   "):
            ran = subprocess.run(
                ["bash", "-c", suggestion], cwd=tmp_path, env=here, capture_output=True, text=True,
                timeout=60,
            )  # fmt: skip
            assert ran.returncode == 0, (suggestion, ran.stderr)
    assert len(list(tmp_path.glob("demo-*.jsonl"))) == 2
    plain = {**env, "PATH": off_path}
    missing = subprocess.run(["bash", "-c", "command -v kiroku"], env=plain, capture_output=True)
    assert missing.returncode != 0 or Path(missing.stdout.decode().strip()).parent != KIROKU.parent


def test_the_main_job_runs_a_session_on_sqlite(kiroku: Run, tmp_path: Path) -> None:
    done = kiroku("demo")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "data" / "kiroku.sqlite").exists()
    assert "GM retracts event" in done.stdout and "Akodo Kaneka" in done.stdout
    sessions = json.loads(kiroku("session", "list", "--json").stdout)
    assert len(sessions) == 1 and sessions[0]["id"].startswith("demo-")


def test_a_group_of_ronin_joins_from_one_sheet_and_rolls_initiative_in_one_command(
    night: Run,
) -> None:
    for args in (
        ("join", *S, "--sheet", KANEKA, "--player", "sensei", "--count", "3", "--name", "Ronin"),
        ("combat", "start", *S),
        ("initiative", *S, "--character", "Ronin"),
    ):
        done = night(*args)
        assert done.returncode == 0, done.stderr
    log = json.loads(night("log", *S, "--json").stdout)
    events = [row["event"] for row in log]
    joined = [e for e in events if e["type"] == "CharacterJoined" and e["group"] == "Ronin"]
    assert [e["sheet"]["name"] for e in joined] == ["Ronin 1", "Ronin 2", "Ronin 3"]
    rolled = [e for e in events if e["type"] == "DiceRolled"]
    assert [e["character"] for e in rolled] == ["Ronin 1", "Ronin 2", "Ronin 3"]
    assert "Ronin 2 joins, played by sensei (one of the group Ronin)" in night("log", *S).stdout
