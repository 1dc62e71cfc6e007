"""A short run of each atheris target in the suite (the long run: tests/fuzz/targets.py).
A finding fails the test with libFuzzer's report and the input kept beside it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
RUNS = {"expression": 20_000, "faces": 20_000, "replay": 3_000}


def seeds(folder: Path, target: str) -> list[str]:
    """The replay target starts from the curated replays (so that it mutates real
    sessions, not bytes that never get past the first brace); the others from nothing."""
    if target != "replay":
        return []
    for path in sorted(REPLAYS.glob("*.jsonl")):
        (folder / path.name).write_bytes(path.read_bytes())
    return [str(folder)]


@pytest.mark.slow
@pytest.mark.parametrize("target", sorted(RUNS))
def test_a_short_fuzzing_run_finds_nothing(target: str, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.fuzz.targets",
            target,
            f"-atheris_runs={RUNS[target]}",
            "-timeout=2",
            "-rss_limit_mb=1024",
            "-max_len=65536",
            "-seed=2026",
            f"-artifact_prefix={tmp_path}/",
            *seeds(corpus, target),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr[-4_000:]
    assert f"Done {RUNS[target]}" in done.stderr
