"""The live feed's rules, in one process: a subscriber gets every event once and in order
across catching up and following, and one that falls too far behind is cut off with what
it holds sent first, its memory bounded."""

from __future__ import annotations

import asyncio

import pytest

from adapters.http import streams
from adapters.http.problems import Problem


class Log:
    """A store's log as the feeds read it."""

    def __init__(self, count: int) -> None:
        self.positions = list(range(1, count + 1))

    def append(self, count: int = 1) -> None:
        last = self.positions[-1] if self.positions else 0
        self.positions += list(range(last + 1, last + count + 1))

    async def read(self, sid: str, after: int, limit: int) -> tuple[list[streams.Item], int]:
        await asyncio.sleep(0)
        items = [streams.Item(p, b"{}") for p in self.positions if p > after][:limit]
        return items, self.positions[-1] if self.positions else 0

    async def last(self, sid: str) -> int:
        return self.positions[-1] if self.positions else 0


def test_catching_up_then_following_gives_each_position_once() -> None:
    async def run() -> list[int]:
        log = Log(450)
        feeds = streams.Feeds(log.read, log.last)
        got: list[int] = []

        async def consume() -> None:
            async for item in streams.follow(feeds, "s", 0, heartbeat=5):
                assert item is not None
                got.append(item.position)
                if item.position == 470:
                    return

        task = asyncio.create_task(consume())
        for _ in range(20):
            await asyncio.sleep(0.001)
            log.append()
            feeds.wake("s")
        await asyncio.wait_for(task, 10)
        return got

    assert asyncio.run(run()) == list(range(1, 471))


def test_a_subscriber_too_far_behind_is_cut_off_after_what_it_holds() -> None:
    async def run() -> tuple[list[int], int]:
        log = Log(1)
        feeds = streams.Feeds(log.read, log.last)
        stream = streams.follow(feeds, "s", 0, heartbeat=5)
        got = [await anext(stream)]  # caught up
        waiting: asyncio.Future[streams.Item | None] = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.01)
        log.append()
        feeds.wake("s")
        got.append(await asyncio.wait_for(waiting, 5))  # live; now it stops reading
        log.append(streams.QUEUE + 300)
        feeds.wake("s")
        [feed] = feeds.feeds.values()
        for _ in range(400):
            await asyncio.sleep(0.005)
            if not feed.subscribers:
                break
        left = len(feed.subscribers)
        async for item in stream:
            got.append(item)
        return [i.position for i in got if i is not None], left

    got, left = asyncio.run(run())
    assert got == list(range(1, 3 + streams.QUEUE))  # what it held, in order, then the end
    assert left == 0  # it left the feed, which holds nothing more for it


def test_subscribers_joining_at_once_share_one_feed_that_one_wake_up_reaches() -> None:
    """Ten subscribers join while the store is slow to give its last position. They share
    one feed, so one wake-up (a command here, a notification from PostgreSQL) brings the
    next event to all ten; the feeds look at the store only a minute apart, so a second
    feed beside the first would leave its subscribers waiting a minute."""

    async def run() -> list[int]:
        log = Log(1)

        async def slow_last(sid: str) -> int:
            await asyncio.sleep(0.01)
            return await log.last(sid)

        feeds = streams.Feeds(log.read, slow_last, poll=60)
        streams_of = [streams.follow(feeds, "s", 1, heartbeat=120) for _ in range(10)]
        nexts = [asyncio.ensure_future(anext(stream)) for stream in streams_of]
        await asyncio.sleep(0.2)  # every one has joined and waits
        log.append()
        feeds.wake("s")
        got = await asyncio.wait_for(asyncio.gather(*nexts), 5)
        for stream in streams_of:
            await stream.aclose()
        return [item.position for item in got if item is not None]

    assert asyncio.run(run()) == [2] * 10


@pytest.mark.parametrize(
    ("text", "status"),
    [("abc", 400), ("12345678.x", 400), ("deadbeef.3", 410), ("9", 400), ("-1", 400)],
)
def test_a_cursor_that_is_not_this_sessions_is_refused(text: str, status: int) -> None:
    with pytest.raises(Problem) as refused:
        streams.parse_cursor(text, "0123abcd", head=5)
    assert refused.value.status == status and repr(text) in refused.value.detail


def test_a_cursor_names_a_position_of_this_session() -> None:
    assert streams.parse_cursor("0123abcd.4", "0123abcd", head=5) == 4
    assert streams.parse_cursor("3", "0123abcd", head=5) == 3
