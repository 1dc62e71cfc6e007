"""Measuring commands the way a user runs them: one process each, cold, on a shared machine.

Each child's wall time is taken around its whole life (fork, exec, interpreter start,
imports, work, exit). Its peak resident memory comes from GNU ``/usr/bin/time -f %M``
wrapped around it (about 1 ms more wall time). Python's own rusage cannot give it: on
Linux a child's ``ru_maxrss`` (from ``os.wait4`` or ``getrusage(RUSAGE_CHILDREN)``)
starts at the *parent's* peak, because exec records the high-water mark of the memory
it replaces, which a forked or vforked child shares with its parent; a benchmark that
has held a million events would see every child "peak" at that size. (And
``RUSAGE_CHILDREN`` is the largest peak of all children reaped so far, not a sum, so
its deltas say nothing once a big child has run.) Without ``/usr/bin/time`` the wait4
figure is used and flagged as an upper bound. The machine's load is printed before
and after, since these 2-core machines are shared and noisy.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
KIROKU = ROOT / ".venv" / "bin" / "kiroku"


def python() -> str:
    """The project's interpreter (the one ``./dev`` made), else the running one."""
    return str(PYTHON if PYTHON.exists() else Path(sys.executable))


def kiroku() -> str:
    return str(KIROKU)


def load() -> str:
    """The 1-, 5- and 15-minute load averages and the cores this process may use."""
    one, five, fifteen = os.getloadavg()
    cores = len(os.sched_getaffinity(0))
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {cores} cores (nproc {cores})"


TIME = Path("/usr/bin/time")


def peak_method() -> str:
    if TIME.exists():
        return "peak RSS from /usr/bin/time -f %M"
    return "peak RSS from os.wait4: an UPPER BOUND (no /usr/bin/time; includes the parent's peak)"


@dataclass(frozen=True)
class Sample:
    seconds: float
    peak_mb: float
    output: bytes
    error: str = ""
    """The child's stderr, when asked for."""


class ChildFailed(RuntimeError):
    pass


def user_environment(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment a user's command runs in: this one (or ``env``) without
    ``PYTHONDONTWRITEBYTECODE``, which this sandbox sets but no user's shell does — with it,
    every run compiles every module again, and start-up looks twice as slow as it is."""
    chosen = dict(os.environ if env is None else env)
    chosen.pop("PYTHONDONTWRITEBYTECODE", None)
    return chosen


def run_child(
    argv: Sequence[str],
    *,
    peak: bool = True,
    capture: bool = False,
    env: Mapping[str, str] | None = None,
    stderr: bool = False,
) -> Sample:
    """Run ``argv`` as one process: its wall time, its peak RSS (wrapped in
    ``/usr/bin/time`` when ``peak``; else 0), and its stdout if ``capture`` (otherwise
    stdout goes to /dev/null, like output a user pages or pipes)."""
    with (
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
        tempfile.NamedTemporaryFile(suffix=".time") as measured,
    ):
        wrapped = peak and TIME.exists()
        prefix = [str(TIME), "-o", measured.name, "-f", "%M"] if wrapped else []
        start = time.perf_counter()
        child = subprocess.Popen(
            [*prefix, *argv],
            stdin=subprocess.DEVNULL,
            stdout=out if capture else subprocess.DEVNULL,
            stderr=err,
            env=user_environment(env),
        )
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            tail = err.read()[-2000:].decode(errors="replace")
            raise ChildFailed(f"{' '.join(argv)} exited {child.returncode}: {tail}")
        if wrapped:
            kib = float(Path(measured.name).read_text().split()[-1])
        else:
            kib = usage.ru_maxrss if peak else 0.0  # KiB on Linux
        out.seek(0)
        output = out.read() if capture else b""
        err.seek(0)
        said = err.read().decode(errors="replace") if stderr else ""
    return Sample(seconds, kib / 1024, output, said)


def median_ms(samples: Sequence[Sample]) -> float:
    return statistics.median(s.seconds for s in samples) * 1000


def median_mb(samples: Sequence[Sample]) -> float:
    return statistics.median(s.peak_mb for s in samples)


def spread_ms(samples: Sequence[Sample]) -> str:
    """The fastest and slowest runs, to show how noisy the machine was."""
    times = [s.seconds * 1000 for s in samples]
    digits = 1 if max(times) < 100 else 0
    return f"{min(times):,.{digits}f}–{max(times):,.{digits}f}"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"
