"""A real ``kiroku serve`` process on 127.0.0.1, as a front end meets it: started with
``--port 0`` (and a command rate no test reaches, unless it gives its own), its address
and admin token read from the lines it prints, stopped with SIGTERM (or killed
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
    def __init__(
        self,
        data_dir: Path,
        *args: str,
        admin: str | None = None,
        log: str | None = "off",
        port: str = "0",
    ) -> None:
        """``log``: ``KIROKU_LOG`` for the server (None: unset, the server's default);
        ``port``: where it listens (``0``: a free port; a given one, to start a server
        again where its clients left it)."""
        env = {**os.environ, "KIROKU_DATA_DIR": str(data_dir), "KIROKU_LOG": log or ""}
        if log is None:
            env.pop("KIROKU_LOG")
        env.pop("KIROKU_ADMIN_TOKEN", None)
        if admin is not None:
            env["KIROKU_ADMIN_TOKEN"] = admin
        # the defaults unless the test gives its own: `kiroku serve` takes an option once
        defaults = [d for d in (("--port", port), ("--rate", "100000")) if d[0] not in args]
        self.process = subprocess.Popen(
            [str(KIROKU), "serve", *(word for d in defaults for word in d), *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith("kiroku: serving http://"):
            self.process.kill()
            _, err = self.process.communicate(timeout=10)
            raise AssertionError(f"kiroku serve did not start: {line!r} {err}")
        self.url = line.split()[2]
        self.admin = env.get("KIROKU_ADMIN_TOKEN") or self.process.stdout.readline().split()[-1]
        self.client = httpx.Client(
            base_url=self.url, timeout=20, headers={"Authorization": f"Bearer {self.admin}"}
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.client.get("/v1/sessions")
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def as_token(self, token: str | None) -> httpx.Client:
        """A client sending ``token`` (None: no token at all)."""
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        return httpx.Client(base_url=self.url, timeout=20, headers=headers)

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
def served(
    data_dir: Path, *args: str, admin: str | None = None, log: str | None = "off"
) -> Iterator[Served]:
    server = Served(data_dir, *args, admin=admin, log=log)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.stop()
