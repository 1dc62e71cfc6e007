"""A real ``kiroku serve`` process on 127.0.0.1, as a front end meets it: started with
``--port 0``, its address read from the line it prints, stopped with SIGTERM (or killed
with SIGKILL, to test what survives)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from tests.e2e.conftest import KIROKU


class Served:
    def __init__(self, data_dir: Path, *args: str) -> None:
        env = {**os.environ, "KIROKU_DATA_DIR": str(data_dir), "KIROKU_LOG": "off"}
        self.process = subprocess.Popen(
            [str(KIROKU), "serve", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith("kiroku: serving http://"):
            self.process.kill()
            _, err = self.process.communicate(timeout=10)
            raise AssertionError(f"kiroku serve did not start: {line!r} {err}")
        self.url = line.split()[2]
        self.client = httpx.Client(base_url=self.url, timeout=20)
        deadline = time.monotonic() + 30
        while True:
            try:
                self.client.get("/v1/sessions")
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.client.get(path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> httpx.Response:
        if body is not None and not isinstance(body, bytes | str):
            kwargs["json"] = body
        elif body is not None:
            kwargs["content"] = body
        return self.client.post(path, **kwargs)

    def stop(self) -> int:
        self.client.close()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)

    def kill(self) -> None:
        self.client.close()
        self.process.kill()
        self.process.wait(timeout=30)

    @property
    def stderr(self) -> str:
        assert self.process.stderr is not None
        return self.process.stderr.read()


@contextmanager
def served(data_dir: Path, *args: str) -> Iterator[Served]:
    server = Served(data_dir, *args)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.stop()
