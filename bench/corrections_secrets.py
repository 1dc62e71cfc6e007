"""A correction on a 1,000,000-event session with secrets (issue 28): the corrections
benchmark (:mod:`bench.corrections`) on the same table played by its players while the
GM keeps a poison a day from them (:class:`bench.recorded.RecordedSession` with
``secrets``): every player's ruling decided again is decided on everything and screened
against what the players see, as the service screens it. Figures in ``bench/README.md``.
"""

from __future__ import annotations

from collections.abc import Iterator

from bench import corrections


def run() -> Iterator[str]:
    return corrections.run(secrets=True)
