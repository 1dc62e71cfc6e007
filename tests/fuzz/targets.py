"""Coverage-guided fuzzing (atheris, libFuzzer's engine) of what reads text from outside:
the dice expression parser, the faces syntax and the replay file reader. Hypothesis
(``tests/unit/test_fuzz.py``) draws inputs from the types; this mutates bytes towards
new branches of the code, which finds what no strategy thought of.

Each target holds the project's promise for bad input: only a Kiroku error comes out,
its message quotes at most an excerpt, and the input is handled within libFuzzer's
``-timeout`` (seconds) and ``-rss_limit_mb``.

    python -m tests.fuzz.targets expression -atheris_runs=20000 -timeout=2 -rss_limit_mb=1024
    python -m tests.fuzz.targets replay -max_total_time=3600 -max_len=65536 CORPUS replays
    # the long run: CORPUS (an empty folder) keeps what it learns, replays/ seeds it

``tests/fuzz/test_short_runs.py`` runs each for a few thousand inputs in the suite; the
long run is documented in the README's testing section.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import atheris

with atheris.instrument_imports(include=["domain", "adapters"]):
    from adapters.replay_file import parse_replay
    from domain.dice.roll_keep.expression import parse_expression
    from domain.dice.roll_keep.faces import parse_faces
    from domain.errors import KirokuError

LONGEST_MESSAGE = 2_000


def refused_cleanly(call: Callable[[], object]) -> None:
    """Run ``call``: a result, or a Kiroku error of one short line; anything else is a
    finding (libFuzzer reports the exception and keeps the input that raised it)."""
    try:
        call()
    except KirokuError as error:
        message = str(error)
        if len(message) > LONGEST_MESSAGE:
            raise AssertionError(f"an error quotes {len(message):,} characters") from None


def expression(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(400)
    refused_cleanly(lambda: parse_expression(text))


def faces(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(400)
    refused_cleanly(lambda: parse_faces(text))


def replay(data: bytes) -> None:
    """A replay file, header and lines (seeded with the curated replays, so that the
    mutations are of real sessions)."""
    refused_cleanly(lambda: parse_replay(data))


TARGETS: dict[str, Callable[[bytes], None]] = {
    "expression": expression,
    "faces": faces,
    "replay": replay,
}


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[1] not in TARGETS:
        names = "|".join(TARGETS)
        raise SystemExit(f"usage: python -m tests.fuzz.targets {{{names}}} [libFuzzer flags]")
    target = TARGETS[argv[1]]
    atheris.Setup([argv[0], *argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
