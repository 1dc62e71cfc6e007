"""The cost of one command as a session grows: 1,000 events against 1,000,000.

Two SQLite stores hold the long session of ``bench/sessions.py`` (four characters in
rounds of combat) at 1,000 and at 1,000,000 events, imported through the store's own
path and cached between runs (``bench/stores.py``). Each command is then run as a user
runs it — ``.venv/bin/kiroku … --data-dir DIR``, a separate, cold process — several
times, the sizes and commands interleaved so that the machine's noise falls on all of
them alike; the figures are medians of the wall time and of the child's own peak RSS.

- ``wound``: appends one event. Each run gets a fresh copy of the store, so every run
  appends to the same 1,000 or 1,000,000 events (copying is not timed).
- ``state --json``: every projection, as JSON.
- ``log``: the whole audit timeline (one row per event, so it grows with the session
  by nature), printed to /dev/null.

Targets (issue 7), for each command: on a 1,000,000-event session under 50 ms wall and
under 120 MB peak, and within 1.5x of the same command on a 1,000-event session (wall
and peak). A missed target prints FAIL; the benchmark still exits 0.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

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
from bench.sessions import NAMES
from bench.stores import SESSION, primed_copy, session_store, working_copy

SIZES = (1_000, 1_000_000)
RUNS = 7
TARGET_MS = 50.0
TARGET_MB = 120.0
TARGET_GROWTH = 1.5

COMMANDS: dict[str, tuple[str, ...]] = {
    "wound": ("wound", "--session", SESSION, "--character", NAMES[0], "1", "--source", "bench"),
    "state --json": ("state", "--session", SESSION, "--json"),
    "log": ("log", "--session", SESSION),
}
APPENDS = {"wound"}


def _argv(command: str, data_dir: Path) -> list[str]:
    return [kiroku(), "--data-dir", str(data_dir), *COMMANDS[command]]


def rounds(stores: dict[int, Path], folder: Path) -> Iterator[tuple[str, int, Path]]:
    """``RUNS`` rounds of every command on every size, interleaved: each command with its
    store (an appending one on a fresh copy, so each appends to exactly that many)."""
    readers = {size: working_copy(stores[size], folder / f"read-{size}") for size in SIZES}
    for size in SIZES:  # warm-up: the bytecode caches a user's first run writes
        run_child(_argv("state --json", readers[size]), peak=False)
    for _ in range(RUNS):
        for size in SIZES:
            for command in COMMANDS:
                if command in APPENDS:
                    yield command, size, working_copy(stores[size], folder / f"append-{size}")
                else:
                    yield command, size, readers[size]


def measure(stores: dict[int, Path], folder: Path) -> dict[tuple[str, int], list[Sample]]:
    """Every command on every size, as a whole cold process."""
    samples: dict[tuple[str, int], list[Sample]] = {}
    for command, size, data_dir in rounds(stores, folder):
        samples.setdefault((command, size), []).append(run_child(_argv(command, data_dir)))
    return samples


WARM = (
    "import sys, time;"
    "from adapters.cli.main import main as run_main;"
    "import adapters.cli.commands, adapters.cli.session_commands;"
    "import application.service, domain.rulesets.l5r4e.ruleset, domain.rulesets.l5r4e.commands;"
    "import adapters.library, adapters.sqlite_reads, projections, structlog;"
    "from adapters import log; log.configure('off');"
    "t = time.perf_counter(); code = run_main(sys.argv[1:]);"
    "sys.stderr.write(f'{(time.perf_counter() - t) * 1000:.3f}\\n'); sys.exit(code)"
)


def in_process(stores: dict[int, Path], folder: Path) -> dict[tuple[str, int], list[float]]:
    """The command's own work, start-up left out: a child that imports everything a
    command may import (the modules a command imports lazily too: the library, structlog),
    then times ``main(argv)`` alone (milliseconds, from its stderr)."""
    timings: dict[tuple[str, int], list[float]] = {}
    for command, size, data_dir in rounds(stores, folder):
        argv = [python(), "-c", WARM, "--data-dir", str(data_dir), *COMMANDS[command]]
        sample = run_child(argv, peak=False, stderr=True)
        timings.setdefault((command, size), []).append(float(sample.error.split()[-1]))
    return timings


def report(samples: dict[tuple[str, int], list[Sample]]) -> Iterator[str]:
    small, large = SIZES
    yield (
        f"scale: {'command':<13} {'1k ms':>7} {'1k MB':>6} {'1M ms':>8} {'1M MB':>7}"
        f" {'ms 1M/1k':>9} {'MB 1M/1k':>9}   (1M runs, ms)"
    )
    for command in COMMANDS:
        at_small, at_large = samples[(command, small)], samples[(command, large)]
        ms_small, ms_large = median_ms(at_small), median_ms(at_large)
        mb_small, mb_large = median_mb(at_small), median_mb(at_large)
        yield (
            f"scale: {command:<13} {ms_small:>7,.0f} {mb_small:>6,.0f} {ms_large:>8,.0f}"
            f" {mb_large:>7,.0f} {ms_large / ms_small:>8.1f}x {mb_large / mb_small:>8.1f}x"
            f"   ({spread_ms(at_large)})"
        )
    for command in COMMANDS:
        at_small, at_large = samples[(command, small)], samples[(command, large)]
        ms_large, mb_large = median_ms(at_large), median_mb(at_large)
        ms_growth = ms_large / median_ms(at_small)
        mb_growth = mb_large / median_mb(at_small)
        yield (
            f"scale: {command}: 1M wall {ms_large:,.0f} ms < {TARGET_MS:.0f} ms "
            f"{verdict(ms_large < TARGET_MS)}; 1M peak {mb_large:,.0f} MB < {TARGET_MB:.0f} MB "
            f"{verdict(mb_large < TARGET_MB)}; 1M/1k wall {ms_growth:.1f}x <= "
            f"{TARGET_GROWTH}x {verdict(ms_growth <= TARGET_GROWTH)}; 1M/1k peak "
            f"{mb_growth:.1f}x <= {TARGET_GROWTH}x {verdict(mb_growth <= TARGET_GROWTH)}"
        )


def run() -> Iterator[str]:
    yield f"scale: before: {load()}"
    stores: dict[int, Path] = {}
    with tempfile.TemporaryDirectory(prefix="kiroku-scale-") as temp:
        for size in SIZES:
            cached_store, how = session_store(size)
            yield f"scale: store: {how}"
            started = time.perf_counter()
            stores[size] = primed_copy(cached_store, Path(temp) / f"primed-{size}")
            yield (
                f"scale: store: {size:,} events primed with a snapshot of this code in "
                f"{time.perf_counter() - started:.1f} s (as the first command after a rule "
                "change, or kiroku import, leaves it)"
            )
        yield (
            f"scale: {RUNS} runs of each command at each size, interleaved, each a cold "
            f"process; medians; {peak_method()}"
        )
        samples = measure(stores, Path(temp))
        yield from report(samples)
        timings = in_process(stores, Path(temp))
    yield "scale: the command's own work (imports done first; main(argv) timed in the process):"
    for command in COMMANDS:
        small, large = (statistics.median(timings[(command, size)]) for size in SIZES)
        yield (
            f"scale: {command:<13} 1k {small:6.1f} ms  1M {large:6.1f} ms  1M/1k "
            f"{large / small:.1f}x  (< {TARGET_MS:.0f} ms at 1M: {verdict(large < TARGET_MS)})"
        )
    yield f"scale: after: {load()}"


if __name__ == "__main__":
    for line in run():
        print(line, flush=True)
