"""The profiles bench/README.md's server section quotes (not benchmarks: cProfile, one
run, the figures printed beside the profile's top lines). ``python -m bench.profiles
rows | pages | fanout | ws | memory``:

- **rows**: ``reads.read_items`` over the 20,000-event session, in process: rows built
  from the store, then the same read again from the kept rows; then the profile of a
  build.
- **pages**: 100 pages of 1,000 of the 100,000-event session through Starlette's test
  client (first built, then kept), then the profile of 20 kept pages, the client's JSON
  parsing included.
- **fanout**: ``kiroku serve`` under cProfile for 25 s while 500 SSE subscribers follow
  30 notes (``bench/server.py``'s ``fan_out``); the server's profile by its own time.
- **ws**: a WebSocket catch-up of the 100,000-event session, built then kept: the
  server's CPU and the client's beside the wall time.
- **memory**: the server's RSS fresh and after two SSE catch-ups of that session, with
  rows kept and with ``--row-cache 0``.
"""

from __future__ import annotations

import asyncio
import cProfile
import os
import pstats
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ADMIN = "kiroku-4dm1n.Tok3n-of-mine"


def rows(folder: Path) -> None:
    from adapters.http.reads import read_items
    from adapters.http.server import Worker
    from adapters.store import StoreConfig
    from bench.stores import SESSION, session_store, working_copy

    data = working_copy(session_store(20_000)[0], folder / "data")
    worker = Worker(StoreConfig(kind="sqlite", data_dir=data))
    worker.writer._open()
    service = worker.writer.service
    assert service is not None

    def run() -> int:
        after = count = 0
        while True:
            items, _ = read_items(worker, service, SESSION, after, 200)
            if not items:
                return count
            after, count = items[-1].position, count + len(items)

    for name in ("built", "kept"):
        began = time.perf_counter()
        count = run()
        print(f"rows {name}: {count / (time.perf_counter() - began):,.0f} a second")
    worker.rows.sessions.clear()
    worker.rows.size = 0
    profile(run)


def pages(folder: Path) -> None:
    from starlette.testclient import TestClient

    from adapters.http.app import create_app
    from adapters.store import StoreConfig
    from bench.stores import SESSION, session_store, working_copy

    data = working_copy(session_store(100_000)[0], folder / "data")
    app = create_app(StoreConfig(data_dir=data), admin=ADMIN)
    headers = {"Authorization": f"Bearer {ADMIN}"}
    with TestClient(app) as client:

        def run(count: int = 100) -> None:
            after = 0
            for _ in range(count):
                answer = client.get(f"/v1/sessions/{SESSION}/events", headers=headers,
                                    params={"after": after, "limit": 1000})  # fmt: skip
                after = answer.json()["next"]

        for name in ("built", "kept"):
            began = time.perf_counter()
            run()
            print(f"pages {name}: {100_000 / (time.perf_counter() - began):,.0f} events a second")
        profile(lambda: run(20), "cumtime")


def serve(seconds: float) -> None:
    """``kiroku serve`` under cProfile for ``seconds`` (the child of :func:`fanout`)."""
    import uvicorn

    from adapters.cli.main import main

    original = uvicorn.Server.run

    def run(self: uvicorn.Server, sockets: Any = None) -> None:
        threading.Timer(seconds, lambda: setattr(self, "should_exit", True)).start()
        profiler = cProfile.Profile()
        profiler.enable()
        try:
            original(self, sockets=sockets)
        finally:
            profiler.disable()
            profiler.dump_stats(os.environ["KIROKU_PROFILE"])

    uvicorn.Server.run = run  # type: ignore[method-assign]
    main(["serve", "--port", "0", "--rate", "1000000", "--streams", "5000"])


def fanout(folder: Path) -> None:
    from bench.server import fan_out
    from bench.streams import ADMIN as TOKEN
    from bench.streams import Server, percentile

    out = folder / "serve.prof"
    env = {**os.environ, "KIROKU_DATA_DIR": str(folder / "data"), "KIROKU_LOG": "off",
           "KIROKU_ADMIN_TOKEN": TOKEN, "KIROKU_PROFILE": str(out)}  # fmt: skip
    process = subprocess.Popen([sys.executable, "-m", "bench.profiles", "serve", "25"],
                               stdout=subprocess.PIPE, text=True, env=env)  # fmt: skip
    assert process.stdout is not None
    server = Server(process, process.stdout.readline().split()[2])
    latencies, cpu = asyncio.run(fan_out(server, "sse", 500))
    p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
    print(f"fanout sse 500: p50 {p50:.1f} ms, p99 {p99:.1f} ms, {cpu * 1e6:.0f} us CPU an event")
    process.wait(120)
    pstats.Stats(str(out)).sort_stats("tottime").print_stats(35)


def ws(folder: Path) -> None:
    """A WebSocket catch-up of the 100,000-event session, twice on one server (the second
    reads kept rows): the server's CPU (from /proc) and this client's, each a share of
    the second's wall time."""
    from bench.server import catch_up, cpu_seconds, served
    from bench.stores import SESSION, session_store, working_copy

    data = working_copy(session_store(100_000)[0], folder / "data")
    server = served(data)
    try:
        for name in ("built", "kept"):
            cpu, mine = cpu_seconds(server.process.pid), time.process_time()
            wall = asyncio.run(catch_up(server, SESSION, "ws", 100_000))
            cpu = cpu_seconds(server.process.pid) - cpu
            mine = time.process_time() - mine
            print(f"ws {name}: {100_000 / wall:,.0f} events a second; over {wall:.1f} s the "
                  f"server's CPU {cpu:.1f} s, the client's {mine:.1f} s")  # fmt: skip
    finally:
        server.stop()


def memory(folder: Path) -> None:
    """The server's RSS fresh and after each of two SSE catch-ups of the 100,000-event
    session, with rows kept (64 MiB) and without (``--row-cache 0``)."""
    from bench.server import catch_up, rss_kib
    from bench.stores import SESSION, session_store, working_copy
    from bench.streams import start

    data = working_copy(session_store(100_000)[0], folder / "data")
    for budget in ("64", "0"):
        server = start(data, "--idle-timeout", "60", "--row-cache", budget)
        try:
            seen = [rss_kib(server)]
            rates = []
            for _ in range(2):
                rates.append(100_000 / asyncio.run(catch_up(server, SESSION, "sse", 100_000)))
                seen.append(rss_kib(server))
        finally:
            server.stop()
        said = " -> ".join(f"{k / 1024:.0f}" for k in seen)
        print(f"--row-cache {budget}: RSS {said} MiB; "
              f"{', '.join(f'{r:,.0f}' for r in rates)} events a second")  # fmt: skip


PROFILES = {"rows": rows, "pages": pages, "fanout": fanout, "ws": ws, "memory": memory}


def profile(run: Any, order: str = "tottime") -> None:
    profiler = cProfile.Profile()
    profiler.runcall(run)
    pstats.Stats(profiler).sort_stats(order).print_stats(30)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what == "serve":
        serve(float(sys.argv[2]))
    elif what in PROFILES:
        with tempfile.TemporaryDirectory() as made:
            PROFILES[what](Path(made))
        shutil.rmtree(made, ignore_errors=True)
    else:
        sys.exit("python -m bench.profiles rows | pages | fanout | ws | memory")
