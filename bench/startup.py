"""Start-up: what a short command costs before it does anything.

``kiroku roll 5k3 --seed 1`` (a bare roll: no store, no session) and ``kiroku --help``
against ``python -c pass`` on the same interpreter (``.venv/bin/python``), each a
separate cold process, run in interleaved rounds so the machine's noise falls on all
three alike; one discarded warm-up run each first (so bytecode caches exist, as on a
user's machine). The figures are median wall times and their ratio to ``python -c
pass``, the peak RSS of a few more runs (``bench/machine.py``), and the number of
modules each one imports (the lines of ``python -X importtime``), with the packages
whose imports take longest.

Target (issue 7): ``kiroku roll 5k3`` under 4x ``python -c pass``.
"""

from __future__ import annotations

import subprocess
from collections import Counter
from collections.abc import Iterator, Sequence

from bench.machine import (
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
TARGET = 4.0
HEAVIEST = 6


def commands() -> dict[str, list[str]]:
    return {
        "python -c pass": [python(), "-c", "pass"],
        "kiroku roll 5k3 --seed 1": [kiroku(), "roll", "5k3", "--seed", "1"],
        "kiroku --help": [kiroku(), "--help"],
    }


def imports(argv: Sequence[str]) -> tuple[int, list[tuple[int, str]]]:
    """How many modules a command imports, and the packages whose modules took longest
    (their own microseconds summed, as ``-X importtime`` measures them, i.e. inflated)."""
    if argv[0] == python():
        traced = [python(), "-X", "importtime", *argv[1:]]
    else:  # a console script: run the same file under the same interpreter
        traced = [python(), "-X", "importtime", *argv]
    done = subprocess.run(traced, capture_output=True, check=True)
    count, packages = 0, Counter[str]()
    for line in done.stderr.decode().splitlines():
        if not line.startswith("import time:") or "imported package" in line:
            continue
        count += 1
        own, _, name = line.removeprefix("import time:").split("|")
        packages[name.strip().split(".")[0]] += int(own)
    return count, [(us, name) for name, us in packages.most_common(HEAVIEST)]


def run() -> Iterator[str]:
    yield f"startup: before: {load()}"
    argvs = commands()
    for argv in argvs.values():
        run_child(argv, peak=False)  # warm-up: bytecode caches written, not counted
    timed: dict[str, list[Sample]] = {name: [] for name in argvs}
    for _ in range(RUNS):
        for name, argv in argvs.items():
            timed[name].append(run_child(argv, peak=False))
    peaks = {name: [run_child(argv) for _ in range(PEAK_RUNS)] for name, argv in argvs.items()}
    yield (
        f"startup: {RUNS} cold runs each, interleaved, medians; peak of {PEAK_RUNS} more runs "
        f"({peak_method()})"
    )
    baseline = median_ms(timed["python -c pass"])
    for name, argv in argvs.items():
        count, _ = imports(argv)
        ms = median_ms(timed[name])
        yield (
            f"startup: {name:<25} {ms:6.1f} ms ({spread_ms(timed[name])}) "
            f"{ms / baseline:4.1f}x python -c pass; {median_mb(peaks[name]):5.1f} MB peak; "
            f"{count} modules imported"
        )
    roll = median_ms(timed["kiroku roll 5k3 --seed 1"]) / baseline
    yield (
        f"startup: kiroku roll 5k3: {roll:.1f}x python -c pass < {TARGET:.0f}x "
        f"{verdict(roll < TARGET)}"
    )
    _, heaviest = imports(argvs["kiroku roll 5k3 --seed 1"])
    listed = ", ".join(f"{name} {us / 1000:.0f} ms" for us, name in heaviest)
    yield f"startup: kiroku roll's imports by package (own time under -X importtime): {listed}"
    yield f"startup: after: {load()}"


if __name__ == "__main__":
    for line in run():
        print(line, flush=True)
