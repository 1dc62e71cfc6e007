"""The two cold processes ``bench/codec.py`` compares: ``python -m bench.cold WHAT ARGS``.

- ``library DB``: the ``eventsourcing`` library's own path, as in ``bench/store.py``'s
  baseline — the session's events as dicts in one aggregate, stored with the library's
  default JSON transcoder — reconstructed by its repository from SQLite;
- ``kiroku DATA_DIR SESSION``: Kiroku's full projection rebuild — the store read in
  pages into typed events and folded as they come (a command's path when there is no
  snapshot), every read model projected.

Each prints how many events it went through. Each process imports only what its own
path needs: the library's, the library (``bench/library_session.py``); Kiroku's, Kiroku
(whose rebuild reads SQLite without the library).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from adapters.store import EventStore


def library_replay(database: Path) -> int:
    from bench.library_session import LIBRARY_ID, library_application

    app = library_application(database)
    session: Any = app.repository.get(LIBRARY_ID)
    app.close()
    return int(session.version)


class NoSnapshots:
    """A snapshot store with nothing in it: the store's own snapshots are ignored."""

    def latest(self, session_id: str, version: str, until: int | None = None) -> list[Any]:
        return []

    def write(self, session_id: str, position: int, version: str, data: bytes) -> bool:
        return False


def full_rebuild(store: EventStore, session_id: str) -> int:
    """Every projection from the store the way a command folds a session it has no
    snapshot of (``projections.snapshots.load``, its snapshots ignored): the stream read
    in pages and folded as it comes, then every read model projected. The number of
    events folded."""
    from projections import project_state, snapshots

    state, folded_from = snapshots.load(store, NoSnapshots(), session_id)
    assert folded_from == 0, "a full rebuild starts from no snapshot"
    project_state(state)
    return state.position


def kiroku_rebuild(data_dir: Path, session_id: str) -> int:
    from adapters.store import EventStore, StoreConfig

    with EventStore(StoreConfig(kind="sqlite", data_dir=data_dir)) as store:
        return full_rebuild(store, session_id)


def main(argv: list[str]) -> int:
    match argv:
        case ["library", database]:
            print(library_replay(Path(database)))
        case ["kiroku", data_dir, session_id]:
            print(kiroku_rebuild(Path(data_dir), session_id))
        case _:
            sys.stderr.write("usage: python -m bench.cold library DB | kiroku DATA_DIR SESSION\n")
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
