"""Stores for integration tests: a real SQLite file in a temporary folder, memory, and
PostgreSQL (a schema of its own on this machine's server, :mod:`tests.postgres`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.store import EventStore, StoreConfig
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
