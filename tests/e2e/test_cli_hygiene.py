"""The command line as a shell tool: what it imports, its version, its options, pipes."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import msgspec
import pytest

from adapters.cli.main import CLOSED_PIPE, CORE_WORDS, build_parser, handler, ruleset_parser
from adapters.replay_file import read_replay, write_replay
from domain.events import EventRetracted
from domain.rulesets import load_ruleset
from domain.rulesets.l5r4e.commands.books import ChangeHonour
from domain.rulesets.l5r4e.commands.table import Roll
from domain.session.commands import JoinCharacter, Retract
from projections.timeline import describe, ruleset_of, timeline
from tests.e2e.conftest import KIROKU, Run
from tests.support import RecordedTable, Scripted, sheet

#: What a store command needs and a dice command must not pay for.
STORE_AND_LOGGING = ("adapters.store", "eventsourcing", "sqlite3", "structlog", "asyncio")


def modules_after(argv: list[str], tmp_path: Path) -> set[str]:
    """The modules loaded once ``main(argv)`` has run, in a fresh interpreter."""
    script = (
        "import json, sys\n"
        "from adapters.cli.main import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {**os.environ, "KIROKU_DATA_DIR": str(tmp_path / "data"), "KIROKU_LOG": "off"}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def loaded(modules: set[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


@pytest.mark.parametrize(
    "argv",
    [["roll", "5k3", "--seed", "1"], ["odds", "8k4", "--tn", "30"], ["--help"]],
    ids=["roll", "odds", "help"],
)
def test_dice_and_help_import_neither_the_store_nor_structlog_nor_asyncio(
    argv: list[str], tmp_path: Path
) -> None:
    modules = modules_after(argv, tmp_path)
    assert [name for name in STORE_AND_LOGGING if loaded(modules, name)] == []


def test_a_bare_roll_imports_neither_the_codec_nor_the_exact_odds(tmp_path: Path) -> None:
    """A roll at the table starts cold every time: it loads what rolling needs, not the
    event codec (which only a command that reads a file needs) nor the odds' tables."""
    modules = modules_after(["roll", "5k3", "--seed", "1"], tmp_path)
    unwanted = [
        "adapters.codec",
        "domain.dice.roll_keep.odds",
        "domain.dice.narrative.odds",
        "typing_extensions",  # msgspec on typing alone: adapters.cli.startup
        "dataclasses",  # the specs and the dice's terms are Structs: no inspect either
        "inspect",
    ]
    assert [name for name in unwanted if loaded(modules, name)] == []
    odds = modules_after(["odds", "8k4", "--tn", "30"], tmp_path)
    assert loaded(odds, "domain.dice.roll_keep.odds")  # the other side: odds do load them


def test_the_one_subcommand_parsed_is_the_whole_parser_s(tmp_path: Path) -> None:
    """``kiroku WORD …`` builds WORD's parser alone (start-up), and it is the very parser
    the whole one holds: the same help, the same defaults, word by word."""

    def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                return dict(action.choices)
        return {}

    whole = subparsers(build_parser())
    assert set(whole) == CORE_WORDS
    for word in sorted(CORE_WORDS):
        alone = subparsers(build_parser(only=word))
        assert list(alone) == [word]
        assert alone[word].format_help() == whole[word].format_help(), word
        assert shape(alone[word]) == shape(whole[word]), word


def shape(parser: argparse.ArgumentParser) -> list[object]:
    """A parser's defaults and each argument's options, destination and default, with
    its subcommands' in turn."""
    found: list[object] = [sorted(parser._defaults.items(), key=str)]
    for action in parser._actions:
        found.append((action.option_strings, action.dest, repr(action.default)))
        if isinstance(action, argparse._SubParsersAction):
            found += [(name, shape(sub)) for name, sub in action.choices.items()]
    return found


def test_a_store_command_does_import_them(tmp_path: Path) -> None:
    """The other side of the test above, so that it cannot pass by looking at nothing: a
    command that writes, asked to log what it wrote (``-v``)."""
    argv = ["session", "open", "--id", "night", "--gm", "sensei", "-v"]
    modules = modules_after(argv, tmp_path)
    assert [name for name in STORE_AND_LOGGING if loaded(modules, name)] == list(STORE_AND_LOGGING)


def test_a_command_that_writes_unasked_to_log_never_imports_structlog(tmp_path: Path) -> None:
    """Logging is off by default: a recording command does not pay for structlog."""
    modules = modules_after(["session", "open", "--id", "night", "--gm", "sensei"], tmp_path)
    assert loaded(modules, "eventsourcing") and loaded(modules, "adapters.store")
    assert [name for name in ("structlog", "asyncio") if loaded(modules, name)] == []


def _leaves(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every runnable subcommand, by its words: (("roll",), parser), (("xp", "award"), …)."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _leaves(sub, (*path, name))
    return found or [(path, parser)]


LEAVES = _leaves(build_parser()) + _leaves(ruleset_parser(load_ruleset("l5r4e").command_types))


def test_every_subcommand_names_a_handler_that_exists() -> None:
    assert len(LEAVES) > 70
    for words, parser in LEAVES:
        target = parser.get_default("handler")
        assert isinstance(target, str), words
        assert callable(handler(target)), (words, target)


def test_version_prints_the_package_version(kiroku: Run) -> None:
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    number = tomllib.loads(pyproject.read_text())["project"]["version"]
    done = kiroku("--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, f"kiroku {number}\n", "")


#: The subcommands that never open the store.
STORELESS = {("odds",), ("replay",), ("rules",)}


@pytest.mark.parametrize("words", [w for w, _ in LEAVES if w not in STORELESS], ids=" ".join)
def test_every_store_subcommand_takes_data_dir_after_it_too(words: tuple[str, ...]) -> None:
    parser = dict(LEAVES)[words]
    assert "--data-dir" in parser._option_string_actions


def test_data_dir_after_the_subcommand_wins_and_its_absence_keeps_the_one_before() -> None:
    parser = build_parser()
    assert parser.parse_args(["--data-dir", "a", "session", "list"]).data_dir == "a"
    assert parser.parse_args(["session", "list", "--data-dir", "b"]).data_dir == "b"
    assert parser.parse_args(["--data-dir", "a", "log", "--data-dir", "b"]).data_dir == "b"
    assert parser.parse_args(["state"]).data_dir is None


def test_data_dir_before_or_after_the_subcommand_reaches_the_same_store(
    kiroku: Run, tmp_path: Path
) -> None:
    elsewhere = str(tmp_path / "elsewhere")
    sheet = str(Path(__file__).resolve().parents[2] / "replays" / "sheets" / "akodo-kaneka.json")
    writes: list[tuple[str, ...]] = [
        ("session", "open", "--id", "away", "--gm", "sensei", "--data-dir", elsewhere),
        ("--data-dir", elsewhere, "join", "--session", "away", "--sheet", sheet, "--player", "a"),
        ("wound", "--session", "away", "--character", "Akodo Kaneka", "3", "--data-dir", elsewhere),
    ]
    for args in writes:
        done = kiroku(*args)
        assert done.returncode == 0, (args, done.stderr)
    lists: list[tuple[str, ...]] = [
        ("--data-dir", elsewhere, "session", "list", "--json"),
        ("session", "list", "--json", "--data-dir", elsewhere),
    ]
    for args in lists:
        assert [s["id"] for s in json.loads(kiroku(*args).stdout)] == ["away"]
    log = kiroku("log", "--session", "away", "--json", "--data-dir", elsewhere)
    assert [row["type"] for row in json.loads(log.stdout)][-1] == "WoundsTaken"
    assert json.loads(kiroku("session", "list", "--json").stdout) == []  # $KIROKU_DATA_DIR
    assert (tmp_path / "elsewhere" / "kiroku.sqlite").exists()


@pytest.fixture
def long_session(kiroku: Run, tmp_path: Path) -> str:
    """A session of 304 events whose log (≈ 150 kB) is far more than a pipe holds (64 kB
    on Linux): 300 honour changes with long reasons, a hidden GM roll at 294 and, at 304,
    the retraction of event 5. Its replay file is ``tmp_path / "long.jsonl"``."""
    table = RecordedTable("long")
    table.do(JoinCharacter(sheet=msgspec.to_builtins(sheet("Akodo Kaneka")), player="ana"))
    ruling = "a long-winded ruling, " * 20  # ≈ 440 characters: a reason is at most 500
    for i in range(300):
        delta = 1 if i % 2 == 0 else -1
        table.do(ChangeHonour(character="Akodo Kaneka", delta=delta, reason=f"{i}: {ruling}"))
        if i == 290:
            table.do(Roll(expression="1k1", hidden=True), dice=Scripted(5))
    table.do(Retract(position=5, reason="misheard"))
    assert len(table.events) == 304
    replay = tmp_path / "long.jsonl"
    write_replay(replay, table.events, table.records)
    done = kiroku("import", str(replay))
    assert done.returncode == 0, done.stderr
    return "long"


@pytest.mark.parametrize("unbuffered", ["", "1"], ids=["buffered", "PYTHONUNBUFFERED"])
@pytest.mark.parametrize(
    "args",
    [("log", "--session", "long", "--limit", "0"), ("export", "long")],
    ids=["log", "export"],
)
def test_a_reader_that_stops_after_one_line_ends_kiroku_quietly(
    long_session: str, tmp_path: Path, args: tuple[str, ...], unbuffered: str
) -> None:
    """``kiroku log --session long | head -1``: no traceback, no BrokenPipeError."""
    env = {
        **os.environ,
        "KIROKU_DATA_DIR": str(tmp_path / "data"),
        "KIROKU_LOG": "off",
        "PYTHONUNBUFFERED": unbuffered,
    }
    with subprocess.Popen(
        [str(KIROKU), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()
        errors = process.stderr.read().decode()
        status = process.wait(timeout=60)
    assert first.strip()
    assert errors == ""
    assert status == CLOSED_PIPE == 141


def test_a_command_started_with_stdout_closed_refuses_in_one_line(tmp_path: Path) -> None:
    """``kiroku roll 5k3 >&-``: Python has no sys.stdout at all, and print() would skip
    it silently — a roll nobody sees, a ruling recorded whose position nobody is told.
    Like ``echo hi >&-``, it is refused (exit 2, one line on stderr), before anything."""
    env = {**os.environ, "KIROKU_DATA_DIR": str(tmp_path / "data"), "KIROKU_LOG": "off"}
    done = subprocess.run(
        ["sh", "-c", '"$0" roll 5k3 --seed 1 >&-', str(KIROKU)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr == "kiroku: error: standard output is closed: there is nowhere to print to\n"


HERS = [295, 296, 297]
"""Her 294th to 296th events: the GM's 295 to 297 (the hidden roll at 294 has no number)."""
LOG_PAGES = [
    # (the options, viewed by the GM?, as of, the positions shown)
    ([], True, None, range(255, 305)),
    (["--as", "ana"], False, None, [p for p in range(254, 305) if p != 294]),  # her last 50
    (["--after", "3", "--limit", "2"], True, None, [4, 5]),
    (["--at", "100", "--after", "4", "--limit", "1"], True, 100, [5]),
    (["--at", "100", "--limit", "3"], True, 100, [98, 99, 100]),
    (["--after", "290", "--limit", "6", "--as", "ana"], False, None, [291, 292, 293, *HERS]),
    (["--after", "304"], True, None, []),
]


@pytest.mark.parametrize(("options", "gm", "at", "positions"), LOG_PAGES)
def test_log_pages_are_the_whole_timelines_rows_for_those_events(
    long_session: str,
    kiroku: Run,
    tmp_path: Path,
    options: list[str],
    gm: bool,
    at: int | None,
    positions: list[int],
) -> None:
    _, events = read_replay(tmp_path / "long.jsonl")
    whole = timeline(events, at, viewer_is_gm=gm)
    done = kiroku("log", "--session", "long", "--json", *options)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    expected = [row for row in whole if row["position"] in positions]
    recorded = {r.position: r.event for r in events}
    if not gm:  # a player reads the GM's 295 as her 294: the hidden roll has no number
        public = [r["position"] for r in whole]
        theirs = {p: n for n, p in enumerate(public, 1)}
        for row in rows:
            row["position"] = public[row["position"] - 1]
        assert all(theirs[p] == p - (p > 294) for p in positions)
    for row, want in zip(rows, expected, strict=True):
        # the log's row is the timeline's, with the event whole, and a retraction's
        # summary naming what it took back
        assert row.pop("event") == msgspec.json.decode(
            msgspec.json.encode(recorded[row["position"]])
        )
        if want["type"] == "EventRetracted":
            assert row["summary"].startswith(want["summary"] + ": ")
            row["summary"] = want["summary"]
    assert rows == expected


def test_log_pages_mark_retractions_only_as_of_their_position(
    long_session: str, kiroku: Run
) -> None:
    page = json.loads(kiroku("log", "--session", "long", "--json", "--after", "4").stdout)
    assert page[0]["retracted"] and page[0]["retraction_reason"] == "misheard"
    earlier = kiroku("log", "--session", "long", "--json", "--after", "4", "--at", "10")
    assert not json.loads(earlier.stdout)[0]["retracted"]
    text = kiroku("log", "--session", "long", "--after", "3", "--limit", "2").stdout
    assert [line[:3] for line in text.splitlines()] == ["#4 ", "#5 "]
    assert text.splitlines()[1].endswith("(retracted)")


def test_log_limit_0_prints_the_whole_timeline_in_its_json_shape(
    long_session: str, kiroku: Run, tmp_path: Path
) -> None:
    _, events = read_replay(tmp_path / "long.jsonl")
    done = kiroku("log", "--session", "long", "--json", "--limit", "0")
    rows = timeline(events)
    recorded = {r.position: r.event for r in events}
    for row in rows:
        event = recorded[row["position"]]
        if isinstance(event, EventRetracted):
            row["summary"] += f": {describe(recorded[event.position], ruleset_of(events))}"
        row["event"] = msgspec.to_builtins(event)
    assert done.stdout == json.dumps(rows, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--after", "305"], "--after 305: the session has positions 0 to 304"),
        (["--limit", "-1"], "--limit -1: give a number of events, or 0 for all"),
    ],
)
def test_log_refuses_a_page_outside_the_session(
    long_session: str, kiroku: Run, options: list[str], message: str
) -> None:
    done = kiroku("log", "--session", "long", *options)
    assert (done.returncode, done.stdout) == (2, "")
    assert message in done.stderr


def run_main(script: str, argv: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``script`` (which calls ``main(ARGV)``), in a fresh interpreter on the test's store."""
    env = {**os.environ, "KIROKU_DATA_DIR": str(tmp_path / "data"), "KIROKU_LOG": "off"}
    return subprocess.run(
        [sys.executable, "-c", script.replace("ARGV", repr(argv))],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
    )


COUNT_WRITES = """
import json, sys
from adapters.cli.main import main

class Counter:
    def __init__(self):
        self.sizes = []
    def write(self, text):
        self.sizes.append(len(text))
        return len(text)
    def flush(self):
        pass

counter = Counter()
real, sys.stdout = sys.stdout, counter
status = main(ARGV)
sys.stdout = real
print(json.dumps([status, counter.sizes]))
"""


@pytest.mark.parametrize("json_output", [False, True], ids=["text", "json"])
def test_log_prints_as_it_goes(long_session: str, tmp_path: Path, json_output: bool) -> None:
    argv = ["log", "--session", "long", "--limit", "0"] + (["--json"] if json_output else [])
    done = run_main(COUNT_WRITES, argv, tmp_path)
    status, sizes = json.loads(done.stdout)
    assert status == 0, done.stderr
    assert sum(sizes) > 150_000
    assert max(sizes) < sum(sizes) / 100  # a row at a time, never the whole output


REFUSE_TIMELINE = """
import sys
import projections.timeline

def refuse(*args, **kwargs):
    raise SystemExit("the timeline was computed")

projections.timeline.timeline = refuse
from adapters.cli.main import main
sys.exit(main(ARGV))
"""


def test_replay_as_a_table_does_not_compute_the_timeline_it_does_not_print(
    long_session: str, kiroku: Run, tmp_path: Path
) -> None:
    replay = str(tmp_path / "long.jsonl")
    table = run_main(REFUSE_TIMELINE, ["replay", replay], tmp_path)
    assert table.returncode == 0, table.stderr
    assert table.stdout == kiroku("state", "--session", "long").stdout
    # the other side, so that the test above cannot pass by patching nothing:
    as_json = run_main(REFUSE_TIMELINE, ["replay", replay, "--json"], tmp_path)
    assert "the timeline was computed" in as_json.stderr


def test_the_core_words_are_the_core_parser_s() -> None:
    from adapters.cli.main import CORE_WORDS

    assert {words[0] for words, _ in _leaves(build_parser())} == CORE_WORDS


@pytest.mark.parametrize(
    "argv",
    [
        ["state", "--session", "night", "--json"],
        ["log", "--session", "night"],
        ["session", "list"],
        ["session", "show", "night"],
    ],
    ids=["state", "log", "session list", "session show"],
)
def test_a_command_that_only_reads_imports_neither_the_library_nor_structlog(
    argv: list[str], tmp_path: Path
) -> None:
    """Reading goes straight to SQLite: the library that writes, and the logging of the
    commands that write, are for the commands that write."""
    data = tmp_path / "data"
    env = {**os.environ, "KIROKU_DATA_DIR": str(data), "KIROKU_LOG": "off"}
    opened = subprocess.run(
        [KIROKU, "session", "open", "--id", "night", "--gm", "sensei"], env=env, capture_output=True
    )
    assert opened.returncode == 0, opened.stderr
    modules = modules_after(argv, tmp_path)
    assert loaded(modules, "adapters.store")
    assert [
        name
        for name in ("eventsourcing", "structlog", "asyncio", "typing_extensions")
        if loaded(modules, name)
    ] == []
    deciders = ("play", "combat", "magic", "society", "contests", "attacks", "duels")
    assert [d for d in deciders if loaded(modules, f"domain.rulesets.l5r4e.{d}")] == []


def test_a_msgspec_that_needs_typing_extensions_is_imported_the_ordinary_way(
    tmp_path: Path,
) -> None:
    """The start-up hides ``typing_extensions`` from msgspec's first import only: a msgspec
    that cannot do without it is left to import later with it, and nothing breaks."""
    fake = tmp_path / "msgspec"
    fake.mkdir()
    (fake / "__init__.py").write_text("from typing_extensions import get_type_hints as used\n")
    startup = Path(__file__).parents[2] / "adapters" / "cli" / "startup.py"
    script = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('startup', {str(startup)!r})\n"
        "startup = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(startup)\n"
        "startup.msgspec_on_typing_alone()\n"
        "assert 'msgspec' not in sys.modules and 'typing_extensions' not in sys.modules\n"
        "import msgspec\n"
        "print(msgspec.used.__module__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "typing_extensions"
