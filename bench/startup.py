"""Start-up: what a command a GM types at the table costs, each in a cold process.

``kiroku roll 5k3 --seed 1`` (a bare roll: no store, no session), ``kiroku --help``,
and the session commands of a table — ``kiroku state --session S`` (a read) and a
recorded roll, ``kiroku roll --session S --character … --faces …`` (a command that
records and signs) — on an SQLite store of two characters made for the run, against
``python -c pass`` on the same interpreter (``.venv/bin/python``), each a separate cold
process, run in interleaved rounds so the machine's noise falls on all of them alike;
one discarded warm-up run each first (so bytecode caches exist, as on a user's
machine). The environment is the user's default: no ``KIROKU_LOG`` (nothing logged),
no ``KIROKU_STORE``. The figures are median wall times and their ratio to ``python -c
pass``, the peak RSS of a few more runs (``bench/machine.py``), and the number of
modules each one imports (the lines of ``python -X importtime``), with the packages
whose imports take longest.

Target (issue 30): a session command in a cold process at most 3x ``python -c pass``
(issue 7's was ``kiroku roll 5k3`` under 4x). Beside each session command that reads a
store, its floor in the same run: the libraries it cannot do without (msgspec, sqlite3,
Ed25519; ``eventsourcing`` for a write) imported alone, with none of Kiroku's code — what
no start-up work of Kiroku's own can go below.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from bench.machine import (
    ROOT,
    Sample,
    kiroku,
    load,
    median_mb,
    median_ms,
    peak_method,
    python,
    run_child,
    spread_ms,
    verdict,
)

RUNS = 21
PEAK_RUNS = 3
TARGET = 3.0
HEAVIEST = 6
SESSION = "bench"
RECORDED = ["--character", "Akodo Kaneka", "--skill", "Kenjutsu", "--trait", "agility"]
RECORDED += ["--tn", "20", "--faces", "9,7,4,3,2,1"]
SESSION_COMMANDS = (
    "kiroku roll 5k3 --seed 1",
    "kiroku state --session S",
    "kiroku roll --session S …",
)
"""The commands held to the target: a table's, as a GM types them."""


AS_KIROKU = (
    "import sys; sys.modules['typing_extensions'] = None; import msgspec; "
    "del sys.modules['typing_extensions']; "
)
"""msgspec imported as ``kiroku`` imports it (:mod:`adapters.cli.startup`)."""
READ_FLOOR = AS_KIROKU + "import sqlite3, cryptography.hazmat.primitives.asymmetric.ed25519"
"""What a session read cannot do without, and nothing of Kiroku's: msgspec (every event
and state is a Struct), sqlite3 (the store) and Ed25519 (the tamper check of a read
verifies the latest seal's signature)."""
WRITE_FLOOR = READ_FLOOR + "; import eventsourcing.application, eventsourcing.sqlite"
"""A recording command's: the same, and the ``eventsourcing`` library that appends."""
FLOORS = {
    "kiroku state --session S": "floor: a read's libraries",
    "kiroku roll --session S …": "floor: a write's libraries",
}
"""Each session command's floor: its libraries imported alone in a cold process."""


def commands() -> dict[str, list[str]]:
    return {
        "python -c pass": [python(), "-c", "pass"],
        "kiroku roll 5k3 --seed 1": [kiroku(), "roll", "5k3", "--seed", "1"],
        "kiroku --help": [kiroku(), "--help"],
        "kiroku state --session S": [kiroku(), "state", "--session", SESSION],
        "kiroku roll --session S …": [kiroku(), "roll", "--session", SESSION, *RECORDED],
        "floor: a read's libraries": [python(), "-c", READ_FLOOR],
        "floor: a write's libraries": [python(), "-c", WRITE_FLOOR],
    }


def table_environment(data_dir: Path) -> dict[str, str]:
    """A user's shell with its store in ``data_dir``: nothing logged, no other store, and
    Python's bytecode caches written as by default (a CI or sandbox shell may export
    ``PYTHONDONTWRITEBYTECODE``, which would have every run compile every module again:
    a cost no user's second command pays)."""
    unset = ("KIROKU_LOG", "KIROKU_STORE", "KIROKU_SESSION", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    return env | {"KIROKU_DATA_DIR": str(data_dir)}


def seat_the_table(env: Mapping[str, str]) -> None:
    """The session the session commands run on: opened, two characters joined."""
    sheets = ROOT / "replays" / "sheets"
    run_child([kiroku(), "session", "open", "--id", SESSION, "--gm", "sensei"], peak=False, env=env)
    for sheet, player in (("akodo-kaneka", "ana"), ("bayushi-fumi", "ben")):
        run_child(
            [kiroku(), "join", "--session", SESSION, "--sheet", str(sheets / f"{sheet}.json"),
             "--player", player],
            peak=False, env=env,
        )  # fmt: skip


def imports(
    argv: Sequence[str], env: Mapping[str, str] | None = None
) -> tuple[int, list[tuple[int, str]]]:
    """How many modules a command imports, and the packages whose modules took longest
    (their own microseconds summed, as ``-X importtime`` measures them, i.e. inflated)."""
    if argv[0] == python():
        traced = [python(), "-X", "importtime", *argv[1:]]
    else:  # a console script: run the same file under the same interpreter
        traced = [python(), "-X", "importtime", *argv]
    done = subprocess.run(traced, capture_output=True, check=True, env=env)
    count, packages = 0, Counter[str]()
    for line in done.stderr.decode().splitlines():
        if not line.startswith("import time:") or "imported package" in line:
            continue
        count += 1
        own, _, name = line.removeprefix("import time:").split("|")
        packages[name.strip().split(".")[0]] += int(own)
    return count, [(us, name) for name, us in packages.most_common(HEAVIEST)]


def run() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="kiroku-startup-") as folder:
        yield from _run(table_environment(Path(folder) / "data"))


def _run(env: Mapping[str, str]) -> Iterator[str]:
    yield f"startup: before: {load()}"
    seat_the_table(env)
    argvs = commands()
    for argv in argvs.values():
        run_child(argv, peak=False, env=env)  # warm-up: bytecode caches written, not counted
    timed: dict[str, list[Sample]] = {name: [] for name in argvs}
    for _ in range(RUNS):
        for name, argv in argvs.items():
            timed[name].append(run_child(argv, peak=False, env=env))
    peaks = {
        name: [run_child(argv, env=env) for _ in range(PEAK_RUNS)] for name, argv in argvs.items()
    }
    yield (
        f"startup: {RUNS} cold runs each, interleaved, medians; peak of {PEAK_RUNS} more runs "
        f"({peak_method()})"
    )
    baseline = median_ms(timed["python -c pass"])
    for name, argv in argvs.items():
        count, _ = imports(argv, env)
        ms = median_ms(timed[name])
        yield (
            f"startup: {name:<26} {ms:6.1f} ms ({spread_ms(timed[name])}) "
            f"{ms / baseline:4.1f}x python -c pass; {median_mb(peaks[name]):5.1f} MB peak; "
            f"{count} modules imported"
        )
    for name in SESSION_COMMANDS:
        ratio = median_ms(timed[name]) / baseline
        floor = FLOORS.get(name)
        beside = ""
        if floor is not None:
            alone = median_ms(timed[floor]) / baseline
            beside = f" (its libraries alone: {alone:.1f}x; Kiroku's part: {ratio - alone:.1f}x)"
        yield (
            f"startup: {name}: {ratio:.1f}x python -c pass <= {TARGET:.0f}x "
            f"{verdict(ratio <= TARGET)}{beside}"
        )
    for name in SESSION_COMMANDS:
        _, heaviest = imports(argvs[name], env)
        listed = ", ".join(f"{package} {us / 1000:.0f} ms" for us, package in heaviest)
        yield f"startup: {name}'s imports by package (own time under -X importtime): {listed}"
    yield f"startup: after: {load()}"


if __name__ == "__main__":
    for line in run():
        print(line, flush=True)
