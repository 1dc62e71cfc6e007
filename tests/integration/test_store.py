"""The event store on each backend: atomic batches, optimistic concurrency, paged reads."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from adapters.store import EventStore, StoreConfig
from application.service import SessionService
from domain.errors import ConcurrencyConflict, IllegalUnderRules, MalformedInput, NotFound
from domain.rulesets.l5r4e.events import SessionOpened, WoundsTaken
from domain.rulesets.l5r4e.play import Play
from domain.session.aggregate import Session
from domain.session.commands import TakeNote
from domain.upcasting import UPCASTERS
from tests.support import GM, T0, Clock, sheet


def opened(session_id: str = "night") -> SessionOpened:
    return SessionOpened(actor=GM, at=T0, session=session_id, ruleset="l5r4e", gm=GM)


def wound(amount: int) -> WoundsTaken:
    return WoundsTaken(actor=GM, at=T0, character="Akodo Kaneka", amount=amount)


def with_stored_event(tmp_path: Path, position: int, change: Callable[[bytes], bytes]) -> None:
    """A session of ten events on SQLite in ``tmp_path``, the event at ``position`` then
    rewritten in the file by ``change`` (as another writer, older or newer, left it)."""
    with EventStore(StoreConfig(kind="sqlite", data_dir=tmp_path)) as store:
        store.append("night", 0, [opened(), *(wound(i) for i in range(1, 10))])
    with sqlite3.connect(tmp_path / "kiroku.sqlite") as raw:
        query = "SELECT state FROM stored_events WHERE originator_version = ?"
        [(state,)] = raw.execute(query, (position,))
        raw.execute(
            "UPDATE stored_events SET state = ? WHERE originator_version = ?",
            (change(bytes(state)), position),
        )
    raw.close()


def test_events_come_back_as_the_typed_structs_that_went_in(store: EventStore) -> None:
    recorded = store.append("night", 0, [opened(), wound(3), wound(4)])
    assert [r.position for r in recorded] == [1, 2, 3]
    assert list(store.read("night")) == recorded
    assert [r.position for r in store.read("night", after=1, page=1)] == [2, 3]


def test_an_append_at_a_taken_position_fails_whole(store: EventStore) -> None:
    store.append("night", 0, [opened(), wound(1)])
    with pytest.raises(ConcurrencyConflict, match="moved on past position 1"):
        store.append("night", 1, [wound(2), wound(3)])
    assert [r.position for r in store.read("night")] == [1, 2]
    assert store.last_position("night") == 2


def test_sessions_are_listed_and_found(store: EventStore) -> None:
    store.append("first", 0, [opened("first")])
    store.append("second", 0, [opened("second"), wound(1)])
    assert [s.session for s in store.sessions()] == ["first", "second"]
    assert store.opened("second").session == "second"
    with pytest.raises(NotFound, match="no session 'third'"):
        store.opened("third")


def test_the_sqlite_store_persists_across_processes(tmp_path: Path) -> None:
    config = StoreConfig(kind="sqlite", data_dir=tmp_path / "fresh" / "dir")
    with EventStore(config) as first:
        first.append("night", 0, [opened(), wound(5)])
    assert config.sqlite_path.exists()
    with EventStore(config) as second:
        assert [r.event for r in second.read("night")][1] == wound(5)


def test_a_reader_started_before_the_store_existed_sees_it_once_another_makes_it(
    tmp_path: Path,
) -> None:
    """A server started on a new folder, then the shell opening a session there: the
    server reads it (it once kept reading the empty store it began with)."""
    config = StoreConfig(kind="sqlite", data_dir=tmp_path / "new")
    with EventStore(config) as reader:
        assert reader.sessions() == [] and not config.sqlite_path.exists()
        with EventStore(config) as writer:
            writer.append("night", 0, [opened(), wound(5)])
        assert [s.session for s in reader.sessions()] == ["night"]
        assert reader.last_position("night") == 2
        assert [r.event for r in reader.read("night")][1] == wound(5)


def test_a_racing_writer_loses_cleanly_and_the_service_retries_safely(tmp_path: Path) -> None:
    config = StoreConfig(kind="sqlite", data_dir=tmp_path)
    with EventStore(config) as store_a, EventStore(config) as store_b:
        a, b = SessionService(store_a, Clock()), SessionService(store_b, Clock())
        a.open(session_id="night", ruleset="l5r4e", gm=GM)
        a.execute(
            "night", "join", lambda s, at: s.join(actor=GM, at=at, sheet=sheet(), player="ana")
        )
        b.load("night")  # b now holds the session at position 2
        a.execute(
            "night",
            "wound",
            lambda s, at: Play.of(s).take_wounds(
                actor=GM, at=at, character="Akodo Kaneka", amount=3
            ),
        )
        # b's cached session is stale: its first append conflicts, it catches up and retries
        b.execute(
            "night",
            "wound",
            lambda s, at: Play.of(s).take_wounds(
                actor=GM, at=at, character="Akodo Kaneka", amount=4
            ),
        )
        events = list(store_a.read("night"))
    assert [r.position for r in events] == [1, 2, 3, 4]
    assert [r.event.amount for r in events[2:]] == [3, 4]  # type: ignore[attr-defined]


def test_many_threads_appending_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    config = StoreConfig(kind="sqlite", data_dir=tmp_path)
    with EventStore(config) as setup:
        SessionService(setup).open(session_id="night", ruleset="l5r4e", gm=GM)
        SessionService(setup).execute(
            "night", "join", lambda s, at: s.join(actor=GM, at=at, sheet=sheet(), player="ana")
        )
    errors: list[Exception] = []

    def writer() -> None:
        with EventStore(config) as own:
            service = SessionService(own)
            for _ in range(10):
                try:
                    service.execute(
                        "night",
                        "wound",
                        lambda s, at: Play.of(s).take_wounds(
                            actor=GM, at=at, character="Akodo Kaneka", amount=1
                        ),
                    )
                except ConcurrencyConflict as error:  # allowed: a clear error, nothing kept
                    errors.append(error)

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with EventStore(config) as check:
        events = list(check.read("night"))
    wounds = [r for r in events if isinstance(r.event, WoundsTaken)]
    assert [r.position for r in events] == list(range(1, len(events) + 1))
    assert len(wounds) == 40 - len(errors)
    assert Play.of(Session(events)).state.characters["akodo kaneka"].wounds == len(wounds)


def test_opening_a_session_twice_is_refused(store: EventStore) -> None:
    service = SessionService(store)
    service.open(session_id="night", ruleset="l5r4e", gm=GM)
    with pytest.raises(IllegalUnderRules, match="a session 'night' already exists"):
        service.open(session_id="night", ruleset="l5r4e", gm=GM)


def test_a_refused_command_appends_nothing(store: EventStore) -> None:
    service = SessionService(store)
    service.open(session_id="night", ruleset="l5r4e", gm=GM)
    with pytest.raises(NotFound):
        service.execute(
            "night",
            "wound",
            lambda s, at: Play.of(s).take_wounds(actor=GM, at=at, character="Nobody", amount=1),
        )
    assert store.last_position("night") == 1


def test_a_damaged_event_in_the_store_is_named_by_its_session_and_position(
    tmp_path: Path,
) -> None:
    config = StoreConfig(kind="sqlite", data_dir=tmp_path)
    with EventStore(config) as store:
        SessionService(store).open(session_id="night", ruleset="l5r4e", gm=GM)
        SessionService(store).decide("night", TakeNote(text="a fine evening"))
    with sqlite3.connect(tmp_path / "kiroku.sqlite") as raw:
        note = "WHERE originator_version = 2 AND topic = 'kiroku:NoteTaken'"  # not its record
        [(state,)] = raw.execute(f"SELECT state FROM stored_events {note}")
        damaged = bytes(state).replace(b'"text":"a fine evening"', b'"text":7')
        raw.execute(f"UPDATE stored_events SET state = ? {note}", (damaged,))
    raw.close()
    with EventStore(config) as store, pytest.raises(MalformedInput) as refused:
        list(store.read("night"))
    assert "session 'night', event 2 cannot be read" in str(refused.value)


def test_a_long_stream_reads_the_same_in_pages_of_any_size(store: EventStore) -> None:
    """A stream read a page at a time (the next page read ahead while this one is used)
    gives every event once, in order, whatever the page size; another session's events
    interleaved in the store stay out of it."""
    store.append("night", 0, [opened()])
    store.append("day", 0, [opened("day")])
    for batch in range(10):
        store.append("night", 1 + batch * 5, [wound(batch * 5 + i) for i in range(5)])
        store.append("day", 1 + batch, [wound(1000 + batch)])
    whole = list(store.read("night"))
    assert [r.position for r in whole] == list(range(1, 52))
    for page in (1, 2, 7, 50, 51, 52, 20_000):
        assert list(store.read("night", page=page)) == whole
        assert list(store.read("night", after=10, until=33, page=page)) == whole[10:33]
    assert [r.position for r in store.read("night", topic="SessionOpened", page=1)] == [1]


def test_a_read_stopped_early_leaves_the_store_usable(store: EventStore) -> None:
    store.append("night", 0, [opened(), *(wound(i) for i in range(1, 30))])
    pages = store.read("night", page=4)
    assert [next(pages).position for _ in range(5)] == [1, 2, 3, 4, 5]
    pages.close()  # the page being read ahead is waited for, not abandoned
    assert len(list(store.read("night", page=4))) == 30


@pytest.mark.usefixtures("wounds_v2")
def test_an_event_written_under_an_older_schema_is_upcast_in_a_long_read(
    tmp_path: Path,
) -> None:
    old = (
        b'{"type":"WoundsTaken","actor":"gm","at":"2026-11-29T19:00:00Z",'
        b'"schema_version":1,"character":"Akodo Kaneka","wounds":55}'
    )
    with_stored_event(tmp_path, 6, lambda _: old)
    with EventStore(StoreConfig(kind="sqlite", data_dir=tmp_path)) as store:
        events = [r.event for r in store.read("night", page=4)]
    assert [e.amount for e in events[1:]] == [1, 2, 3, 4, 55, 6, 7, 8, 9]  # type: ignore[attr-defined]
    assert {e.schema_version for e in events[1:]} == {2}


@pytest.fixture
def wounds_v2(monkeypatch: pytest.MonkeyPatch) -> None:
    """WoundsTaken at schema 2, whose version 1 (in some old writer) called ``amount``
    ``wounds``."""

    def rename(raw: dict[str, object]) -> dict[str, object]:
        if "wounds" in raw:
            raw["amount"] = raw.pop("wounds")
        return raw

    monkeypatch.setattr(WoundsTaken, "schema", 2)
    monkeypatch.setitem(UPCASTERS, ("WoundsTaken", 1), rename)


def test_a_sessions_retractions_are_read_by_index_not_by_a_pass_over_its_stream(
    tmp_path: Path,
) -> None:
    """Every fold reads the retractions first; on SQLite that is a range scan of an index
    of the stream's events by type, made when the store is first opened."""
    config = StoreConfig(kind="sqlite", data_dir=tmp_path)
    with EventStore(config) as store:
        store.append("night", 0, [opened(), wound(1)])
    with sqlite3.connect(config.sqlite_path) as raw:
        plan = raw.execute(
            "EXPLAIN QUERY PLAN SELECT originator_version, state FROM stored_events "
            "WHERE originator_id=? AND originator_version>? AND originator_version<=? "
            "AND topic=? ORDER BY originator_version LIMIT ?",
            ("x", 0, 10, "kiroku:EventRetracted", 10),
        ).fetchall()
    raw.close()
    assert "kiroku_stream_topic" in str(plan)


def test_an_event_from_a_newer_kiroku_in_a_long_read_is_refused_by_its_position(
    tmp_path: Path,
) -> None:
    with_stored_event(
        tmp_path, 7, lambda state: state.replace(b'"schema_version":1', b'"schema_version":9')
    )
    config = StoreConfig(kind="sqlite", data_dir=tmp_path)
    with EventStore(config) as store, pytest.raises(MalformedInput) as refused:
        list(store.read("night", page=4))
    assert "session 'night', event 7 cannot be read" in str(refused.value)
    assert "schema_version 9 is newer than this Kiroku reads (1)" in str(refused.value)


def test_a_stream_longer_than_the_first_page_reads_whole(store: EventStore) -> None:
    """A long read starts with a short page, then reads full ones ahead."""
    appended = store.append("night", 0, [opened(), *(wound(i % 40) for i in range(2_344))])
    for page in (999, 1_000, 1_001, 1_500, 20_000):
        assert list(store.read("night", page=page)) == appended
    assert list(store.read("night", after=1_000, until=2_200)) == appended[1_000:2_200]


def test_a_store_only_read_never_waits_to_index_it(tmp_path: Path) -> None:
    """The type index is made by the first write, not by a read that would wait for
    another process's write to make it."""
    config = StoreConfig(kind="sqlite", data_dir=tmp_path)
    with EventStore(config) as store:
        store.append("night", 0, [opened(), wound(1)])
    with sqlite3.connect(config.sqlite_path) as raw:
        raw.execute("DROP INDEX kiroku_stream_topic")
    raw.close()

    def indexed() -> bool:
        with sqlite3.connect(config.sqlite_path) as raw:
            found = raw.execute("SELECT 1 FROM sqlite_master WHERE name='kiroku_stream_topic'")
            return found.fetchone() is not None

    with EventStore(config) as store:
        assert len(list(store.read("night"))) == 2 and store.corrections("night") == []
    assert not indexed()
    with EventStore(config) as store:
        store.append("night", 2, [wound(2)])
    assert indexed()
