"""Live delivery through a real ``kiroku serve`` process: 100 Server-Sent Events
subscribers on one session while commands are appended at a steady rate.

Each figure is measured from outside, as a front end sees it: the server is started as a
user starts it (its own process, cold, ``--port 0``), the subscribers and the commander
are clients in this process. Delivery latency is, for every event and every subscriber,
the moment the subscriber parsed the event's frame less the moment the command that
appended it was acknowledged (its HTTP response read); it can be negative, when the
stream is faster than the response. Throughput is commands acknowledged a second by one
client sending them back to back while the 100 subscribers follow. Memory is the
server's resident set (``VmRSS``, and its peak ``VmHWM``) at the end. The baseline, in
the same run, is one plain read's round trip (``GET`` of the session's projections) on
the same server. Then the same on PostgreSQL with two server processes, the commands
sent to one and the subscribers split over both, so half of the deliveries cross from
one process to the other through the store. Then both again with the machine kept busy:
one process per core spinning the whole time (:func:`busy`), as a shared machine is
when another job runs on it, so the figures are not only a quiet machine's. Each setting
runs three times; the medians are printed, with the machine's load before and after.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.machine import kiroku, python

SUBSCRIBERS = 100
RATE = 20.0
"""Commands a second, steady, while latency is measured."""
COMMANDS = 200
BURST = 300
"""Commands sent back to back to measure throughput."""
RUNS = 3
ADMIN = "bench-admin-token-0123456789"


@dataclass
class Server:
    process: subprocess.Popen[str]
    url: str

    def rss(self) -> tuple[int, int]:
        """The resident set and its peak, in MiB."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        return (int(fields["VmRSS"].split()[0]) // 1024, int(fields["VmHWM"].split()[0]) // 1024)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)


def start(data: Path, *store: str) -> Server:
    env = {**os.environ, "KIROKU_DATA_DIR": str(data), "KIROKU_LOG": "off",
           "KIROKU_ADMIN_TOKEN": ADMIN}  # fmt: skip
    process = subprocess.Popen(
        [kiroku(), "serve", "--port", "0", "--rate", "1000000", "--streams", "5000", *store],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
    )  # fmt: skip
    assert process.stdout is not None
    url = process.stdout.readline().split()[2]
    for _ in range(300):
        try:
            httpx.get(url + "/openapi.json", timeout=5)
            break
        except httpx.TransportError:
            time.sleep(0.05)
    return Server(process, url)


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    throughput: float = 0.0
    baseline: float = 0.0
    memory: tuple[int, int] = (0, 0)


async def subscribe(
    client: httpx.AsyncClient, url: str, arrivals: dict[int, list[float]], ready: asyncio.Event,
    until: int,
) -> None:  # fmt: skip
    headers = {"Authorization": f"Bearer {ADMIN}"}
    buffer = b""
    async with client.stream("GET", url, headers=headers, timeout=None) as answer:
        ready.set()
        async for chunk in answer.aiter_raw():
            now = time.perf_counter()
            buffer += chunk
            *frames, buffer = buffer.split(b"\n\n")
            for frame in frames:
                if frame.startswith(b"id: "):
                    position = int(frame[4 : frame.index(b"\n")].rsplit(b".", 1)[1])
                    arrivals.setdefault(position, []).append(now)
                    if position >= until:
                        return


async def measure(servers: list[Server], session: str) -> Run:
    run = Run()
    commander = servers[0].url + f"/v1/sessions/{session}"
    auth = {"Authorization": f"Bearer {ADMIN}"}
    limits = httpx.Limits(max_connections=SUBSCRIBERS + 10)
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        opened = await client.post(servers[0].url + "/v1/sessions", headers=auth,
                                   json={"id": session, "gm": "sensei"})  # fmt: skip
        opened.raise_for_status()
        head = 1
        last = head + COMMANDS + BURST
        arrivals: dict[int, list[float]] = {}
        readies = [asyncio.Event() for _ in range(SUBSCRIBERS)]
        tasks = []
        for i in range(SUBSCRIBERS):
            where = servers[i % len(servers)].url + f"/v1/sessions/{session}/stream?after={head}"
            tasks.append(asyncio.create_task(subscribe(client, where, arrivals, readies[i], last)))
        for ready in readies:
            await ready.wait()
        await asyncio.sleep(0.5)
        acks: dict[int, float] = {}
        started = time.perf_counter()
        for n in range(COMMANDS):
            await asyncio.sleep(max(0.0, started + n / RATE - time.perf_counter()))
            done = await client.post(commander + "/commands", headers=auth,
                                     json={"command": "note", "text": f"steady {n}"})  # fmt: skip
            acks[done.json()["version"]] = time.perf_counter()
        burst_start = time.perf_counter()
        for n in range(BURST):
            await client.post(commander + "/commands", headers=auth,
                              json={"command": "note", "text": f"burst {n}"})  # fmt: skip
        run.throughput = BURST / (time.perf_counter() - burst_start)
        await asyncio.wait_for(asyncio.gather(*tasks), 120)
        for position, acked in acks.items():
            run.latencies += [seen - acked for seen in arrivals.get(position, [])]
        missing = sum(1 for p in range(head + 1, last + 1)
                      if len(arrivals.get(p, [])) != SUBSCRIBERS)  # fmt: skip
        assert missing == 0, f"{missing} events did not reach every subscriber once"
        samples = []
        for _ in range(50):
            begin = time.perf_counter()
            (await client.get(commander, headers=auth)).raise_for_status()
            samples.append(time.perf_counter() - begin)
        run.baseline = statistics.median(samples)
    run.memory = servers[0].rss()
    return run


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(name: str, runs: list[Run]) -> Iterator[str]:
    p50 = statistics.median(percentile(r.latencies, 0.5) for r in runs) * 1000
    p99 = statistics.median(percentile(r.latencies, 0.99) for r in runs) * 1000
    base = statistics.median(r.baseline for r in runs) * 1000
    rate = statistics.median(r.throughput for r in runs)
    rss = statistics.median(r.memory[0] for r in runs)
    peak = statistics.median(r.memory[1] for r in runs)
    yield (f"{name}: delivery p50 {p50:.1f} ms, p99 {p99:.1f} ms ({p99 / base:.1f}× a plain "
           f"read's round trip, {base:.2f} ms); {rate:.0f} commands/s with "
           f"{SUBSCRIBERS} subscribers; server RSS {rss:.0f} MiB (peak {peak:.0f})")  # fmt: skip


@contextlib.contextmanager
def busy() -> Iterator[None]:
    """One process per core spinning on the CPU for as long as the block lasts."""
    spinners = [subprocess.Popen([python(), "-c", "while True: pass"])
                for _ in range(os.cpu_count() or 1)]  # fmt: skip
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def settings(
    around: Callable[[], contextlib.AbstractContextManager[None]], says: str
) -> Iterator[str]:
    """The SQLite and PostgreSQL settings, each run inside ``around()``."""
    sqlite_runs = []
    for n in range(RUNS):
        with tempfile.TemporaryDirectory() as folder:
            server = start(Path(folder))
            try:
                with around():
                    sqlite_runs.append(asyncio.run(measure([server], f"bench{n}")))
            finally:
                server.stop()
    yield from report(f"SQLite, one server{says}", sqlite_runs)
    from tests.postgres import schema

    pg_runs = []
    for n in range(RUNS):
        with tempfile.TemporaryDirectory() as folder, schema() as url:
            servers = [start(Path(folder) / name, "--store", url) for name in ("a", "b")]
            try:
                with around():
                    pg_runs.append(asyncio.run(measure(servers, f"bench{n}")))
            finally:
                for server in servers:
                    server.stop()
    yield from report(f"PostgreSQL, two servers (half the subscribers on the other){says}", pg_runs)


def run() -> Iterator[str]:
    yield f"streams: load average before {os.getloadavg()}"
    yield from settings(contextlib.nullcontext, "")
    yield f"streams: load average between {os.getloadavg()}"
    yield from settings(busy, f", {os.cpu_count()} cores kept busy")
    yield f"streams: load average after {os.getloadavg()}"
