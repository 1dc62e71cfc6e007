"""Stores for integration tests: a real SQLite file in a temporary folder, and memory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.store import EventStore, StoreConfig


@pytest.fixture(params=["sqlite", "memory"])
def config(request: pytest.FixtureRequest, tmp_path: Path) -> StoreConfig:
    return StoreConfig(kind=request.param, data_dir=tmp_path / "data")


@pytest.fixture
def store(config: StoreConfig) -> Iterator[EventStore]:
    with EventStore(config) as opened:
        yield opened
