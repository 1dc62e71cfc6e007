"""The server at table scale (issue 32): commands over HTTP against the store's own rate,
fan-out to 1, 100 and 500 subscribers by Server-Sent Events and by WebSocket, and a new
subscriber's catch-up against a cold rebuild. 127.0.0.1 only, bounded in count and time.

Every server is ``kiroku serve`` started as a user starts it (its own cold process,
``--port 0``, a fresh SQLite store); the clients are in this process. Each figure stands
beside its baseline, measured in the same run on the same kind of store:

- **commands**: ``COMMANDS`` notes sent back to back by one client to one session, a
  second; the baseline, the in-process ``SessionService`` deciding the same notes on a
  fresh SQLite store of its own. Then ``SENDERS`` clients each on its own session, in
  total (SQLite has one writer: its target is to keep the one-session rate). Target:
  HTTP ≥ 0.5× in-process. ``RUNS`` rounds, the two interleaved; medians.
- **fan-out**: ``FANNED`` notes at ``RATE`` a second while N subscribers follow the
  session; latency is, for every event and subscriber, the moment the subscriber parsed
  it less the moment the command's 201 was read (it can be negative). The server's CPU
  time (user + system, from /proc) over the notes, per delivered event. Target: p99 ≤
  100 ms at 500 subscribers (this client, on the same 2 cores, is half the load).
- **group**: a group of ``MEMBERS`` NPCs joined from one sheet rolls its initiative
  in one command, in ``REPEATS`` combats one after the other; the last five repeats'
  median against the first five's. Target: ≤ 1.2×.
- **catch-up**: a new subscriber of a ``CAUGHT``-event session (``bench/sessions.py``'s
  long one) reads it all from the start, by SSE, WebSocket and pages of 1,000, as the GM;
  the baseline, the same store's full cold rebuild (``bench/cold.py``: read in pages and
  folded, every projection) in events a second. Target: ≥ 0.5× the rebuild's rate.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from bench.machine import load
from bench.streams import ADMIN, Server, percentile, start, subscribe

COMMANDS = 300
SENDERS = 10
PER_SENDER = 60
RUNS = 3
FANNED = 30
RATE = 10.0
SUBSCRIBERS = (1, 100, 500)
MEMBERS = 100
REPEATS = 100
CAUGHT = 20_000
PAGE = 1_000
AUTH = {"Authorization": f"Bearer {ADMIN}"}


def served(folder: Path) -> Server:
    return start(folder, "--idle-timeout", "60")


# -- commands ----------------------------------------------------------------------------


async def send_notes(client: httpx.AsyncClient, base: str, session: str, count: int) -> None:
    opened = await client.post(base + "/v1/sessions", headers=AUTH,
                               json={"id": session, "gm": "sensei"})  # fmt: skip
    opened.raise_for_status()
    for n in range(count):
        done = await client.post(f"{base}/v1/sessions/{session}/commands", headers=AUTH,
                                 json={"command": "note", "text": f"note {n}"})  # fmt: skip
        assert done.status_code == 201, done.text


def http_rate(folder: Path) -> tuple[float, float, float, float]:
    """Commands a second: one session one sender, then ``SENDERS`` sessions in total;
    and the server's and this client's CPU seconds per command of the first."""
    server = served(folder)

    async def main() -> tuple[float, float, float, float]:
        async with httpx.AsyncClient(timeout=60) as client:
            await send_notes(client, server.url, "warm", 20)
            began = time.perf_counter()
            cpu, mine = cpu_seconds(server.process.pid), time.process_time()
            await send_notes(client, server.url, "one", COMMANDS)
            one = COMMANDS / (time.perf_counter() - began)
            cpu = (cpu_seconds(server.process.pid) - cpu) / COMMANDS
            mine = (time.process_time() - mine) / COMMANDS
            began = time.perf_counter()
            await asyncio.gather(*(send_notes(client, server.url, f"many{n}", PER_SENDER)
                                   for n in range(SENDERS)))  # fmt: skip
            many = SENDERS * PER_SENDER / (time.perf_counter() - began)
            return one, many, cpu, mine

    try:
        return asyncio.run(main())
    finally:
        server.stop()


def in_process_rate(folder: Path) -> float:
    from adapters.store import EventStore, StoreConfig
    from application.service import SessionService
    from domain.session.commands import TakeNote

    with EventStore(StoreConfig(kind="sqlite", data_dir=folder)) as store:
        service = SessionService(store)
        service.open(session_id="one", ruleset="l5r4e", gm="sensei")
        for n in range(20):
            service.decide("one", TakeNote(text=f"warm {n}"))
        began = time.perf_counter()
        for n in range(COMMANDS):
            service.decide("one", TakeNote(text=f"note {n}"))
        return COMMANDS / (time.perf_counter() - began)


def commands() -> Iterator[str]:
    ones, manys, bases, cpus, mines = [], [], [], [], []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as folder:
            one, many, cpu, mine = http_rate(Path(folder) / "http")
            ones.append(one)
            manys.append(many)
            cpus.append(cpu)
            mines.append(mine)
            bases.append(in_process_rate(Path(folder) / "in-process"))
    one, many, base, cpu, mine = (statistics.median(x) for x in (ones, manys, bases, cpus, mines))
    yield (f"commands: HTTP one session one sender {one:.0f}/s, in-process SessionService "
           f"{base:.0f}/s: {one / base:.2f}x (target >= 0.5x) "
           f"{'ok' if one / base >= 0.5 else 'FAIL'}; {SENDERS} sessions x {SENDERS} senders "
           f"{many:.0f}/s in total ({many / one:.2f}x one session); per command over HTTP "
           f"the server's CPU {cpu * 1000:.2f} ms, the client's {mine * 1000:.2f} ms, "
           f"in-process {1000 / base:.2f} ms in all")  # fmt: skip


# -- fan-out -----------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def sse(url: str, arrivals: dict[int, list[float]], ready: asyncio.Event, until: int,
              client: httpx.AsyncClient) -> None:  # fmt: skip
    """The stream followed by SSE as bench/streams.py follows it, in ``ws``'s argument
    order (the two are chosen between by kind)."""
    await subscribe(client, url, arrivals, ready, until)


async def ws(url: str, arrivals: dict[int, list[float]], ready: asyncio.Event, until: int,
             client: httpx.AsyncClient) -> None:  # fmt: skip
    async with connect(url, max_size=None, ping_interval=None) as socket:
        ready.set()
        async for message in socket:
            now = time.perf_counter()
            position = int(json.loads(message)["cursor"].rsplit(".", 1)[1])
            arrivals.setdefault(position, []).append(now)
            if position >= until:
                return


async def fan_out(server: Server, kind: str, count: int) -> tuple[list[float], float]:
    """Latencies (s) of every delivery, and the server's CPU seconds per delivery."""
    session = f"fan-{kind}-{count}"
    base = f"{server.url}/v1/sessions/{session}"
    limits = httpx.Limits(max_connections=count + 10, max_keepalive_connections=count + 10)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        opened = await client.post(server.url + "/v1/sessions", headers=AUTH,
                                   json={"id": session, "gm": "sensei"})  # fmt: skip
        opened.raise_for_status()
        last = 1 + FANNED
        arrivals: dict[int, list[float]] = {}
        readies = [asyncio.Event() for _ in range(count)]
        if kind == "sse":
            url, follow = f"{base}/stream?after=1", sse
        else:
            url = f"{base.replace('http://', 'ws://')}/ws?after=1&access_token={ADMIN}"
            follow = ws
        tasks = [asyncio.create_task(follow(url, arrivals, ready, last, client))
                 for ready in readies]  # fmt: skip
        for ready in readies:
            await asyncio.wait_for(ready.wait(), 120)
        await asyncio.sleep(0.5)
        cpu = cpu_seconds(server.process.pid)
        acks: dict[int, float] = {}
        began = time.perf_counter()
        for n in range(FANNED):
            await asyncio.sleep(max(0.0, began + n / RATE - time.perf_counter()))
            done = await client.post(base + "/commands", headers=AUTH,
                                     json={"command": "note", "text": f"fan {n}"})  # fmt: skip
            acks[done.json()["version"]] = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*tasks), 120)
        spent = cpu_seconds(server.process.pid) - cpu
        latencies = [seen - acks[p] for p, seen_all in arrivals.items() if p in acks
                     for seen in seen_all]  # fmt: skip
        assert len(latencies) == count * FANNED, "an event reached a subscriber not once"
        return latencies, spent / len(latencies)


def fan_outs() -> Iterator[str]:
    for count in SUBSCRIBERS:
        for kind in ("sse", "ws"):
            with tempfile.TemporaryDirectory() as folder:
                server = served(Path(folder))
                try:
                    latencies, cpu = asyncio.run(fan_out(server, kind, count))
                finally:
                    server.stop()
            p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
            target = "" if count < 500 else (" ok" if p99 <= 100 else " FAIL (target <= 100)")
            yield (f"fan-out {kind:3} {count:3} subscribers: p50 {p50:.1f} ms, p99 {p99:.1f} ms"
                   f"{target}; server CPU {cpu * 1e6:.0f} us per delivered event")  # fmt: skip


# -- group commands ----------------------------------------------------------------------


def group() -> Iterator[str]:
    import msgspec

    from tests.support import sheet

    ronin = msgspec.to_builtins(sheet("Ronin"))
    with tempfile.TemporaryDirectory() as folder:
        server = served(Path(folder))
        try:
            with httpx.Client(base_url=server.url, headers=AUTH, timeout=120) as client:

                def send(body: dict[str, object]) -> float:
                    began = time.perf_counter()
                    done = client.post("/v1/sessions/group/commands", json=body)
                    assert done.status_code == 201, done.text
                    return time.perf_counter() - began

                client.post("/v1/sessions", json={"id": "group", "gm": "sensei"})
                send({"command": "join", "sheet": ronin, "player": "sensei", "count": MEMBERS})
                times = []
                for _ in range(REPEATS):
                    send({"command": "combat start"})
                    times.append(send({"command": "initiative", "character": "Ronin"}))
                    send({"command": "combat end"})
        finally:
            server.stop()
    first, last = statistics.median(times[:5]), statistics.median(times[-5:])
    yield (f"group: initiative of {MEMBERS} NPCs, repeat 1-5 {first * 1000:.0f} ms, repeat "
           f"{REPEATS - 4}-{REPEATS} {last * 1000:.0f} ms: {last / first:.2f}x (target <= 1.2x) "
           f"{'ok' if last / first <= 1.2 else 'FAIL'}")  # fmt: skip


# -- catch-up ----------------------------------------------------------------------------


async def catch_up(server: Server, session: str, kind: str, until: int) -> float:
    """Seconds for a new subscriber to read the session from its start."""
    base = f"{server.url}/v1/sessions/{session}"
    began = time.perf_counter()
    async with httpx.AsyncClient(timeout=300) as client:
        if kind == "pages":
            after, seen = 0, 0
            while seen < until:
                page = await client.get(base + "/events", headers=AUTH,
                                        params={"after": after, "limit": PAGE})  # fmt: skip
                page.raise_for_status()
                data = page.json()
                seen += len(data["events"])
                after = data["next"]
                if not data["events"]:
                    break
        else:
            arrivals: dict[int, list[float]] = {}
            if kind == "sse":
                await sse(f"{base}/stream?after=0", arrivals, asyncio.Event(), until, client)
            else:
                url = f"{base.replace('http://', 'ws://')}/ws?after=0&access_token={ADMIN}"
                await ws(url, arrivals, asyncio.Event(), until, client)
            seen = len(arrivals)
    assert seen >= until - 1, f"{kind}: {seen} of {until} events"
    return time.perf_counter() - began


def catch_ups() -> Iterator[str]:
    from adapters.store import EventStore, StoreConfig
    from bench.cold import full_rebuild
    from bench.stores import SESSION, session_store, working_copy

    store, how = session_store(CAUGHT)
    yield f"catch-up: {how}"
    with tempfile.TemporaryDirectory() as folder:
        data = working_copy(store, Path(folder) / "data")
        rebuilds = []
        for _ in range(RUNS):
            with EventStore(StoreConfig(kind="sqlite", data_dir=data)) as opened:
                began = time.perf_counter()
                folded = full_rebuild(opened, SESSION)
                rebuilds.append(folded / (time.perf_counter() - began))
        rebuild = statistics.median(rebuilds)
        yield f"catch-up: cold rebuild {rebuild:,.0f} events/s ({folded:,} events)"
        for kind in ("sse", "ws", "pages"):
            rates = []
            for _ in range(RUNS):
                server = served(data)
                try:
                    rates.append(CAUGHT / asyncio.run(catch_up(server, SESSION, kind, CAUGHT)))
                finally:
                    server.stop()
            rate = statistics.median(rates)
            verdict = "ok" if rate >= 0.5 * rebuild else "FAIL (target >= 0.5x)"
            yield (f"catch-up {kind:5}: {rate:,.0f} events/s, {rate / rebuild:.2f}x the "
                   f"rebuild {verdict}")  # fmt: skip


def run() -> Iterator[str]:
    yield f"server: {load()}"
    yield from commands()
    yield f"server: {load()}"
    yield from fan_outs()
    yield f"server: {load()}"
    yield from group()
    yield f"server: {load()}"
    yield from catch_ups()
    yield f"server: {load()}"
