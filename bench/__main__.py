"""``python -m bench [NAME …]``: run the named benchmarks (all by default) and print figures."""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = (
    "odds",
    "store",
    "scale",
    "startup",
    "codec",
    "corrections",
    "corrections_secrets",
    "verify",
    "streams",
    "server",
)


def main(names: list[str]) -> int:
    for name in names or list(BENCHMARKS):
        if name not in BENCHMARKS:
            sys.stderr.write(f"bench: unknown benchmark {name!r}; choose from {BENCHMARKS}\n")
            return 2
        module = importlib.import_module(f"bench.{name}")
        for line in module.run():
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
