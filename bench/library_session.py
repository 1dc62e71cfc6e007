"""The library's own aggregate for the cold baseline (``bench/cold.py``): defined in a
module that imports nothing but the library, so reconstructing it (the library imports
an aggregate's class by its topic) costs the baseline's process nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

LIBRARY_ID = UUID("5d0c1a1e-0b3e-4c1f-9a7e-2f4b6c8d0e12")


class LibrarySession(Aggregate):
    """``bench.store.BaselineSession`` again (same event, same dicts), always at the same
    id."""

    @staticmethod
    def create_id() -> UUID:
        return LIBRARY_ID

    def __init__(self) -> None:
        self.happenings = 0

    @event("Happened")
    def happened(self, kind: str, payload: dict[str, Any]) -> None:
        self.happenings += 1


class LibraryApplication(Application[UUID]):
    name = "Baseline"


def library_application(database: Path) -> LibraryApplication:
    return LibraryApplication(
        env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(database)}
    )
