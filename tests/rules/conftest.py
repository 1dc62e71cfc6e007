"""Every event the rules tests record has a line that states the numbers it holds (issue
28, item 6; :func:`tests.lines.unstated`): the rules tests play far more of each
ruleset's events than the curated replays do, so the log's rule is held to all of them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain.events import Recorded
from projections.timeline import describe
from tests.lines import unstated
from tests.support import RecordedTable


@pytest.fixture(autouse=True)
def lines_state_their_numbers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    append = RecordedTable.append

    def checked(table: RecordedTable, *args: Any, **kwargs: Any) -> list[Recorded]:
        recorded: list[Recorded] = append(table, *args, **kwargs)
        ruleset = table.session.ruleset
        for r in recorded:
            line = describe(r.event, ruleset)
            missing = unstated(r.event, line)
            assert not missing, f"{type(r.event).__name__} {line!r} leaves out {missing}"
        return recorded

    monkeypatch.setattr(RecordedTable, "append", checked)
    yield
