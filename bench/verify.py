"""Re-judging a long session: ``kiroku verify`` of a session of 100,000 recorded rulings
(issue 28: ~0.47 ms a ruling before; target ≤ 0.2 ms).

The session is ``bench/recorded.py``'s long table (four characters in rounds of combat,
every ruling recorded with its dice and sealed), stored as the service stores it and
cached under ``bench/.cache/`` like the corrections benchmark's. Each command runs as a
user runs it — ``.venv/bin/kiroku … --data-dir DIR``, a separate, cold process — and the
runs are interleaved. The baseline, in the same run, is ``kiroku export`` of the same
session to a file: it reads every event and every record the verify reads, and decides
nothing. Figures are medians, with the spread; the time a ruling is verify's wall time
less the baseline's, over the rulings re-judged (what re-judging adds to reading).
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench.corrections import SESSION, _key, build
from bench.machine import (
    Sample,
    kiroku,
    load,
    median_mb,
    median_ms,
    peak_method,
    run_child,
    spread_ms,
)
from bench.stores import cached, working_copy

RULINGS = 100_000
SIZE = 129_500
"""Events for about 100,000 rulings (the table gives 1.29 events a ruling)."""
RUNS = 3
TARGET_MS = 0.2


def measure(store_file: Path, folder: Path) -> tuple[dict[str, list[Sample]], int]:
    data_dir = working_copy(store_file, folder / "read")
    out = folder / "export.jsonl"
    base = [kiroku(), "--data-dir", str(data_dir)]
    argvs = {
        "export (baseline)": [*base, "export", SESSION, "-o", str(out)],
        "verify": [*base, "verify", "--session", SESSION, "--json"],
    }
    run_child(argvs["export (baseline)"], peak=False)  # the store's pages read once, warm
    samples: dict[str, list[Sample]] = {}
    for _ in range(RUNS):
        for name, argv in argvs.items():
            samples.setdefault(name, []).append(run_child(argv, capture=name == "verify"))
    verdict = json.loads(samples["verify"][-1].output)
    if not verdict.get("verified", False):
        raise SystemExit(f"verify: the bench session does not verify: {verdict}")
    return samples, int(verdict["rulings"])


def run() -> Iterator[str]:
    yield f"verify: before: {load()}"
    started = time.perf_counter()
    store_file, reused = cached(f"rulings-{SIZE}", _key(SIZE), lambda path: build(path, SIZE))
    yield (
        f"verify: store: {'reused' if reused else 'built'} {store_file.name} ({SIZE:,} events)"
        f" in {time.perf_counter() - started:.1f} s"
    )
    with tempfile.TemporaryDirectory(prefix="kiroku-verify-") as temp:
        samples, rulings = measure(store_file, Path(temp))
    base = median_ms(samples["export (baseline)"])
    yield f"verify: {RUNS} cold runs each, interleaved; {peak_method()}; {rulings:,} rulings"
    for name, taken in samples.items():
        ms = median_ms(taken)
        yield (
            f"verify: {name:<18} {ms:>9,.0f} ms {ms / base:>6.1f}x {median_mb(taken):>6,.0f} MB"
            f"   ({spread_ms(taken)})"
        )
    per = (median_ms(samples["verify"]) - base) / rulings
    whole = median_ms(samples["verify"]) / rulings
    verdict = "met" if per <= TARGET_MS else "FAIL"
    yield (
        f"verify: {per:.3f} ms a ruling re-judged beyond reading ({whole:.3f} ms a ruling in "
        f"all): target {TARGET_MS} ms: {verdict}"
    )
    yield f"verify: after: {load()}"
