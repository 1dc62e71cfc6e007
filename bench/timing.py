"""Small timing helpers shared by the benchmarks: medians of repeated runs."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(work: Callable[[], object], repeats: int = 7, number: int = 1) -> float:
    """Median wall time of ``number`` calls of ``work``, over ``repeats`` runs, per call."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            work()
        samples.append((time.perf_counter() - start) / number)
    return statistics.median(samples)
