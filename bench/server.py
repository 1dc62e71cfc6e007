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
  time (user + system, from /proc) over the notes, per delivered event. Targets: p99 ≤
  100 ms at 500 subscribers, ≤ 250 ms at 2,000 (this client, on the same 2 cores, is half
  the load); ``RUNS`` runs each at 500 and 2,000, medians.
- **group**: a group of ``MEMBERS`` NPCs joined from one sheet rolls its initiative
  in one command, in ``REPEATS`` combats one after the other; the last five repeats'
  median against the first five's. Target: ≤ 1.2×.
- **catch-up**: a new subscriber of a ``CAUGHT``-event session (``bench/sessions.py``'s
  long one) reads it all from the start, by SSE, WebSocket and pages of 1,000: on a fresh
  server, the first (every row built from the store) then a second (the rows the server
  kept, :mod:`adapters.http.rows`), both as the GM; then a player reads half of it. The
  baseline, the same store's full cold rebuild (``bench/cold.py``: read in pages and
  folded, every projection) in events a second. Target: ≥ 0.5× the rebuild's rate. The
  server's RSS fresh and after each.
- **memory**: the server's RSS fresh and with ``IDLE`` subscribers following a quiet
  session (SSE, then WebSocket). Target: ≤ 100 KB per idle subscriber.
- **restart**: ``kiroku serve`` started on the ``CAUGHT``-event store: from the start to
  its "serving" line, and from that line to its first answer of the session's
  projections; beside it, the same read once it runs. Target: ≤ 1 s after the line.
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
SUBSCRIBERS = (1, 100, 500, 2000)
TARGETS = {500: 100, 2000: 250}
"""p99 targets (ms) by subscribers."""
MEMBERS = 100
REPEATS = 100
CAUGHT = 100_000
PAGE = 1_000
IDLE = 500
"""Idle subscribers whose memory is measured."""
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


def http_rate(folder: Path, *store: str) -> tuple[float, float, float, float]:
    """Commands a second: one session one sender, then ``SENDERS`` sessions in total;
    and the server's and this client's CPU seconds per command of the first (``store``:
    ``--store URL``, else SQLite in ``folder``)."""
    server = start(folder, "--idle-timeout", "60", *store)

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


def in_process_rate(folder: Path, url: str | None = None) -> float:
    from adapters.store import EventStore, StoreConfig
    from application.service import SessionService
    from domain.session.commands import TakeNote

    config = StoreConfig(kind="sqlite", data_dir=folder)
    with EventStore(config if url is None else config.with_store(url)) as store:
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


def commands_postgresql() -> Iterator[str]:
    """The same on PostgreSQL (``tests/postgres.py``'s server, a fresh schema each)."""
    from tests.postgres import schema

    ones, manys, bases = [], [], []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as folder:
            with schema() as url:
                one, many, _, _ = http_rate(Path(folder) / "http", "--store", url)
            with schema() as url:
                bases.append(in_process_rate(Path(folder) / "in-process", url))
            ones.append(one)
            manys.append(many)
    one, many, base = (statistics.median(x) for x in (ones, manys, bases))
    yield (f"commands PostgreSQL: HTTP one session one sender {one:.0f}/s, in-process "
           f"{base:.0f}/s: {one / base:.2f}x (target >= 0.5x) "
           f"{'ok' if one / base >= 0.5 else 'FAIL'}; {SENDERS} sessions x {SENDERS} senders "
           f"{many:.0f}/s in total: {many / one:.2f}x one session (target >= 3x) "
           f"{'ok' if many / one >= 3 else 'FAIL'}")  # fmt: skip


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
            p50s, p99s, cpus = [], [], []
            for _ in range(RUNS if count >= 500 else 1):
                with tempfile.TemporaryDirectory() as folder:
                    server = served(Path(folder))
                    try:
                        latencies, cpu = asyncio.run(fan_out(server, kind, count))
                    finally:
                        server.stop()
                p50s.append(percentile(latencies, 0.5) * 1000)
                p99s.append(percentile(latencies, 0.99) * 1000)
                cpus.append(cpu)
            p50, p99, cpu = (statistics.median(x) for x in (p50s, p99s, cpus))
            bound = TARGETS.get(count)
            target = "" if bound is None else (
                " ok" if p99 <= bound else f" FAIL (target <= {bound})")  # fmt: skip
            runs = ", ".join(f"{p:.0f}" for p in p99s)
            yield (f"fan-out {kind:3} {count:4} subscribers: p50 {p50:.1f} ms, p99 {p99:.1f} ms"
                   f"{target} (p99 of each run {runs}); server CPU {cpu * 1e6:.0f} us per "
                   "delivered event")  # fmt: skip


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


async def catch_up(
    server: Server, session: str, kind: str, until: int, token: str = ADMIN
) -> float:
    """Seconds for a new subscriber (the GM, or the holder of ``token``) to read the
    session from its start."""
    base = f"{server.url}/v1/sessions/{session}"
    headers = {"Authorization": f"Bearer {token}"}
    began = time.perf_counter()
    async with httpx.AsyncClient(timeout=300) as client:
        if kind == "pages":
            after, seen = 0, 0
            while seen < until:
                page = await client.get(base + "/events", headers=headers,
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
                url = f"{base}/stream?after=0&access_token={token}"
                await sse(url, arrivals, asyncio.Event(), until, client)
            else:
                url = f"{base.replace('http://', 'ws://')}/ws?after=0&access_token={token}"
                await ws(url, arrivals, asyncio.Event(), until, client)
            seen = len(arrivals)
    assert seen >= until - 1, f"{kind}: {seen} of {until} events"
    return time.perf_counter() - began


def player_token(server: Server, session: str) -> str:
    """A token for the session's first player (its characters' players are their
    families, lowercased: ``bench/sessions.py``)."""
    issued = httpx.post(f"{server.url}/v1/sessions/{session}/tokens", headers=AUTH,
                        json={"participant": "akodo"}, timeout=60)  # fmt: skip
    issued.raise_for_status()
    token: str = issued.json()["token"]
    return token


def catch_ups() -> Iterator[str]:
    """For each kind, a fresh server: its first new subscriber (every row built), then a
    second (the rows kept), both the GM; then a player's, kept rows. The server's RSS
    fresh, after the first and after the last."""
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
        rates: dict[str, list[float]] = {}
        memory: dict[str, list[int]] = {}
        for _ in range(RUNS):
            for kind in ("sse", "ws", "pages"):
                server = served(data)
                try:
                    memory.setdefault("fresh", []).append(server.rss()[0])
                    for when in ("first", "kept"):
                        spent = asyncio.run(catch_up(server, SESSION, kind, CAUGHT))
                        rates.setdefault(f"{kind} {when}", []).append(CAUGHT / spent)
                        memory.setdefault(when, []).append(server.rss()[0])
                    token = player_token(server, SESSION)
                    spent = asyncio.run(catch_up(server, SESSION, kind, CAUGHT // 2, token))
                    rates.setdefault(f"{kind} player", []).append(CAUGHT // 2 / spent)
                finally:
                    server.stop()
        for name, measured in rates.items():
            rate = statistics.median(measured)
            verdict = "ok" if rate >= 0.5 * rebuild else "FAIL (target >= 0.5x)"
            runs = ", ".join(f"{r:,.0f}" for r in measured)
            yield (f"catch-up {name:13}: {rate:,.0f} events/s, {rate / rebuild:.2f}x the "
                   f"rebuild {verdict} (runs {runs})")  # fmt: skip
        said = ", ".join(f"{k} {statistics.median(v)} MiB" for k, v in memory.items())
        yield f"catch-up: server RSS (medians) {said}"


# -- memory and restart ------------------------------------------------------------------


async def idle_subscribers(server: Server, kind: str, count: int) -> tuple[int, int]:
    """The server's RSS (KiB) before and with ``count`` subscribers following a quiet
    session."""
    session = f"idle-{kind}"
    base = f"{server.url}/v1/sessions/{session}"
    limits = httpx.Limits(max_connections=count + 10, max_keepalive_connections=count + 10)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        opened = await client.post(server.url + "/v1/sessions", headers=AUTH,
                                   json={"id": session, "gm": "sensei"})  # fmt: skip
        opened.raise_for_status()
        await asyncio.sleep(0.5)
        before = rss_kib(server)
        readies = [asyncio.Event() for _ in range(count)]
        if kind == "sse":
            url, follow = f"{base}/stream?after=1", sse
        else:
            url = f"{base.replace('http://', 'ws://')}/ws?after=1&access_token={ADMIN}"
            follow = ws
        tasks = [asyncio.create_task(follow(url, {}, ready, 10**9, client)) for ready in readies]
        for ready in readies:
            await asyncio.wait_for(ready.wait(), 120)
        await asyncio.sleep(1.0)
        during = rss_kib(server)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return before, during


def rss_kib(server: Server) -> int:
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return int(status.split("VmRSS:", 1)[1].split()[0])


def memory() -> Iterator[str]:
    """RSS fresh and with ``IDLE`` idle subscribers, SSE then WebSocket (medians)."""
    for kind in ("sse", "ws"):
        fresh, per = [], []
        for _ in range(RUNS):
            with tempfile.TemporaryDirectory() as folder:
                server = served(Path(folder))
                try:
                    before, during = asyncio.run(idle_subscribers(server, kind, IDLE))
                finally:
                    server.stop()
            fresh.append(before / 1024)
            per.append((during - before) / IDLE)
        kib = statistics.median(per)
        yield (f"memory {kind:3}: fresh {statistics.median(fresh):.0f} MiB, "
               f"{kib:.0f} KiB per idle subscriber with {IDLE} (target <= 100 KB) "
               f"{'ok' if kib * 1.024 <= 100 else 'FAIL'}")  # fmt: skip


def restarts() -> Iterator[str]:
    """A server started on the long session's store: from its start to its "serving"
    line, and from that line to its first answer of the session's projections, against
    the same read's round trip once it runs (the baseline). Medians."""
    from bench.stores import SESSION, session_store, working_copy

    store, _ = session_store(CAUGHT)
    lines, firsts, plains = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        data = working_copy(store, Path(folder) / "data")
        for _ in range(RUNS):
            began = time.perf_counter()
            server = served_timed(data)
            try:
                lines.append(server[1] - began)
                with httpx.Client(timeout=60) as client:
                    answer = client.get(f"{server[0].url}/v1/sessions/{SESSION}", headers=AUTH)
                    firsts.append(time.perf_counter() - server[1])
                    answer.raise_for_status()
                    again = time.perf_counter()
                    client.get(f"{server[0].url}/v1/sessions/{SESSION}", headers=AUTH)
                    plains.append(time.perf_counter() - again)
            finally:
                server[0].stop()
    line, first, plain = (statistics.median(x) * 1000 for x in (lines, firsts, plains))
    yield (f"restart on {CAUGHT:,} events: 'serving' {line:.0f} ms after the start, first "
           f"answer {first:.0f} ms after that line (target <= 1000 ms) "
           f"{'ok' if first <= 1000 else 'FAIL'}; the same read again {plain:.0f} ms")  # fmt: skip


def served_timed(data: Path) -> tuple[Server, float]:
    """A server on ``data`` and the moment its "serving" line was read (no request made
    before it)."""
    import subprocess

    from bench.machine import kiroku
    from bench.streams import ADMIN as TOKEN

    env = {**os.environ, "KIROKU_DATA_DIR": str(data), "KIROKU_LOG": "off",
           "KIROKU_ADMIN_TOKEN": TOKEN}  # fmt: skip
    process = subprocess.Popen([kiroku(), "serve", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env=env)  # fmt: skip
    assert process.stdout is not None
    url = process.stdout.readline().split()[2]
    return Server(process, url), time.perf_counter()


def run() -> Iterator[str]:
    yield f"server: {load()}"
    yield from commands()
    yield f"server: {load()}"
    yield from commands_postgresql()
    yield f"server: {load()}"
    yield from fan_outs()
    yield f"server: {load()}"
    yield from group()
    yield f"server: {load()}"
    yield from catch_ups()
    yield f"server: {load()}"
    yield from memory()
    yield from restarts()
    yield f"server: {load()}"
