"""Stores for integration tests: a real SQLite file in a temporary folder, memory, and
PostgreSQL (a schema of its own on this machine's server, :mod:`tests.postgres`)."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from adapters.store import EventStore, StoreConfig
from domain.events import Recorded
from projections import snapshots
from tests.postgres import schema


@pytest.fixture(params=["sqlite", "memory", "postgresql"])
def config(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreConfig]:
    base = StoreConfig(data_dir=tmp_path / "data")
    if request.param != "postgresql":
        yield base.with_store(request.param)
        return
    with schema() as url:
        yield base.with_store(url)


@pytest.fixture
def store(config: StoreConfig) -> Iterator[EventStore]:
    with EventStore(config) as opened:
        yield opened


class Counting(EventStore):
    """The store, counting the events commands read from it."""

    read_count = 0

    def read_pages(self, *args: Any, **kwargs: Any) -> Generator[list[Recorded], None, None]:
        for page in super().read_pages(*args, **kwargs):  # read() reads through here too
            Counting.read_count += len(page)
            yield page


@pytest.fixture
def counting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Counting]:
    """A SQLite store counting the events read from it, snapshotted every 10 events."""
    monkeypatch.setattr(snapshots, "EVERY", 10)
    opened = Counting(StoreConfig(kind="sqlite", data_dir=tmp_path))
    try:
        yield opened
    finally:
        opened.close()
