"""A running server's tamper check is not held for ever (issue 28, item 5: « `state` and
the API say when a session's chain fails »). A row edited behind the server's back leaves
the session's version as it was; the check a read made stands for that version only
:data:`~application.service.TAMPER_HELD` seconds, then the next read makes it again."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from adapters.store import EventStore, StoreConfig
from application.service import TAMPER_HELD, SessionService
from domain.session.commands import TakeNote
from tests.support import Clock


class Ticks:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_an_edit_behind_a_running_service_is_found_once_its_check_is_due(
    tmp_path: Path,
) -> None:
    ticks = Ticks()
    with EventStore(StoreConfig(kind="sqlite", data_dir=tmp_path)) as store:
        service = SessionService(store, clock=Clock(), ticks=ticks)
        service.open(session_id="night", ruleset="l5r4e", gm="sensei")
        service.decide("night", TakeNote(text="the bridge holds"))
        service.decide("night", TakeNote(text="the rain stops"))
        version = service.load("night").version
        assert service.tamper_warning("night", version) is None
        with sqlite3.connect(tmp_path / "kiroku.sqlite") as raw:
            changed = raw.execute(
                "UPDATE stored_events SET state = replace(state, ?, ?) "
                "WHERE topic != 'kiroku:CommandRecord' AND originator_version = 3",
                (b"the rain stops", b"the rain falls"),
            ).rowcount
        raw.close()
        assert changed == 1
        assert service.load("night").version == version  # the edit moved nothing
        ticks.now += TAMPER_HELD / 2
        assert service.tamper_warning("night", version) is None  # still held
        ticks.now += TAMPER_HELD
        found = service.tamper_warning("night", version)
        assert found is not None and "do not hash to the seal of the note at 3" in found
