"""The server's store threads (adapters/http/server.py ``Worker``): a read waits neither
for another read nor for a write, each on its own connection to the store; every write
runs in the one writer's thread, in order; and a reader sees what the writer wrote."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from adapters.http import live
from adapters.http.auth import Limits
from adapters.http.live import holds
from adapters.http.server import Server, Worker
from adapters.http.streams import Feeds, Item
from adapters.store import StoreConfig
from application.service import SessionService
from domain.session.commands import TakeNote
from tests.support import GM

T = TypeVar("T")

HELD = 60.0
"""How long a held call may wait for its release: past it the test fails (a deadlock
is a failure here, not a hang); never reached when the behaviour holds."""


@pytest.fixture
def config(tmp_path: Path) -> StoreConfig:
    return StoreConfig(data_dir=tmp_path / "data").with_store("sqlite")


def held(release: threading.Event, threads: list[str]) -> Callable[[SessionService], int]:
    def call(service: SessionService) -> int:
        threads.append(threading.current_thread().name)
        assert release.wait(HELD), "never released: the other call waited behind this one"
        return service.store.last_position("a")

    return call


def test_a_read_is_answered_while_another_read_and_a_write_are_held(config: StoreConfig) -> None:
    async def main() -> tuple[list[str], int, int]:
        worker = Worker(config)
        await worker.start()
        await worker.run(lambda s: s.open(session_id="a", ruleset="l5r4e", gm=GM))
        await worker.run(lambda s: s.open(session_id="b", ruleset="l5r4e", gm=GM))
        release = threading.Event()
        threads: list[str] = []
        reading = asyncio.create_task(worker.read(held(release, threads)))
        writing = asyncio.create_task(worker.run(held(release, threads)))
        while len(threads) < 2:  # both held, each in its thread
            await asyncio.sleep(0.01)
        # another session's read, answered before either held call is let go
        other = await worker.read(lambda s: s.store.last_position("b"))
        release.set()
        await asyncio.gather(reading, writing)
        await worker.run(lambda s: s.decide("b", TakeNote(text="written")))
        seen = await worker.read(lambda s: s.store.last_position("b"))  # what was written
        await worker.stop()
        return threads, other, seen

    threads, other, seen = asyncio.run(main())
    assert sorted(threads) == ["kiroku-read-0_0", "kiroku-store_0"]
    assert (other, seen) == (1, 2)


def test_every_write_runs_in_the_writers_one_thread_in_order(config: StoreConfig) -> None:
    async def main() -> tuple[set[str], list[int]]:
        worker = Worker(config)
        await worker.start()
        await worker.run(lambda s: s.open(session_id="a", ruleset="l5r4e", gm=GM))
        threads: set[str] = set()

        def note(n: int) -> Callable[[SessionService], int]:
            def call(service: SessionService) -> int:
                threads.add(threading.current_thread().name)
                [recorded] = service.decide("a", TakeNote(text=str(n)))
                return recorded.position

            return call

        positions = await asyncio.gather(*(worker.run(note(n)) for n in range(20)))
        await worker.stop()
        return threads, list(positions)

    threads, positions = asyncio.run(main())
    assert threads == {"kiroku-store_0"}
    assert positions == list(range(2, 22))  # in the order given, no gap


ADMIN = "admin-token-of-this-test-0123456789"


async def nothing(sid: str, after: int, limit: int) -> tuple[list[Item], int]:
    return [], 0


async def zero(sid: str) -> int:
    return 0


def test_the_streams_of_one_token_ask_the_store_once_whether_it_holds(
    config: StoreConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 streams of one token reach their recheck at one event: one read answers them
    all (each asked the store before); another token is asked for on its own, and an
    unknown one does not hold."""

    async def main() -> tuple[list[bool], int, bool, int, int]:
        worker = Worker(config)
        await worker.start()
        await worker.run(lambda s: s.open(session_id="a", ruleset="l5r4e", gm=GM))
        server = Server(worker, Feeds(nothing, zero), 15, ADMIN, Limits())
        reads = 0
        read = worker.read

        async def counted(function: Callable[[SessionService], T]) -> T:
            nonlocal reads
            reads += 1
            return await read(function)

        monkeypatch.setattr(worker, "read", counted)
        answers = await asyncio.gather(*(holds(server, "a", ADMIN) for _ in range(500)))
        once = reads
        forged = await holds(server, "a", "not-a-kiroku-token")
        monkeypatch.setattr(live, "SHARED", -1.0)  # past the shared answer: asked again
        await holds(server, "a", ADMIN)
        await worker.stop()
        return list(answers), once, forged, reads, len(server.rechecks)

    answers, once, forged, reads, kept = asyncio.run(main())
    assert all(answers) and once == 1
    assert forged is False and reads == 3
    assert kept == 1  # the answers past their half-second are let go
