"""Who is asking: the bearer token of a request, and what its holder may do.

``Authorization: Bearer TOKEN`` on every session route (``?access_token=TOKEN`` too on
the stream and the WebSocket, which a browser's ``EventSource`` and ``WebSocket`` cannot
send headers with). No token is 401; a token of another session is 403; a revoked or
unknown one is 401. The server's admin token (``KIROKU_ADMIN_TOKEN``, or the one ``kiroku
serve`` prints when it starts) acts as the GM of every session, as the shell does on the
local store, and alone lists and opens sessions.

Limits, per token: commands a minute (a bucket refilled evenly, so a burst is allowed and
a flood is not) and open streams; past either, 429 with ``Retry-After``. Per client (the
peer address a request comes from): failed authentications (a token revoked, forged or
of no session), ``failures`` at once and as many a minute; past them, every request of
that client with a token but the admin's is 429 with ``Retry-After`` before its token is
even looked at.
"""

from __future__ import annotations

import hmac
import math
import threading
import time
from dataclasses import dataclass, field

from adapters.access import Holder
from adapters.http.problems import Problem


def unauthorized(detail: str) -> Problem:
    problem = Problem(401, "unauthorized", "A token is needed", detail)
    problem.headers["WWW-Authenticate"] = 'Bearer realm="kiroku"'
    return problem


def forbidden(detail: str) -> Problem:
    return Problem(403, "forbidden", "This token may not do that", detail)


def bearer(authorization: str | None, query_token: str | None) -> str | None:
    """The token a request carries, from its header or (streams only) its query."""
    if authorization is not None:
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise unauthorized("give the token as Authorization: Bearer TOKEN")
        return token.strip()
    return query_token


def is_admin(token: str, admin: str) -> bool:
    return hmac.compare_digest(token.encode(), admin.encode())


def admin_holder(session_id: str, gm: str) -> Holder:
    return Holder(session_id, gm, "gm", "admin")


@dataclass
class Bucket:
    tokens: float
    at: float


MAX_PEERS = 10_000
"""The most clients whose failed authentications are remembered at once: past it, those
with the fewest failures left to forgive are forgotten first."""


@dataclass
class Limits:
    """Per-token limits: ``commands`` a minute, ``streams`` open at once; per client,
    ``failures`` failed authentications a minute."""

    commands: int = 120
    streams: int = 8
    failures: int = 30
    peers: dict[str, Bucket] = field(default_factory=dict)
    buckets: dict[str, Bucket] = field(default_factory=dict)
    open_streams: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    """Keyed by the ids of tokens that passed authentication (never a raw string a
    stranger sent), so their number is bounded by the tokens issued."""

    def take_command(self, token: str) -> None:
        with self.lock:
            self._take(token, "commands")

    def take_trial(self, token: str) -> None:
        """A command tried first (``?dry_run=true``): held to the same rate, in a bucket
        of its own, so that a form's previews never use up the commands it then sends."""
        with self.lock:
            self._take(token, "tries")

    def _take(self, token: str, what: str) -> None:
        now = time.monotonic()
        rate = self.commands / 60.0
        burst = max(1.0, self.commands / 4)
        bucket = self.buckets.setdefault(token if what == "commands" else f"{token} {what}",
                                         Bucket(burst, now))  # fmt: skip
        bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        if bucket.tokens < 1:
            wait = math.ceil((1 - bucket.tokens) / rate)
            problem = Problem(
                429,
                "too-many-commands",
                "Too many commands",
                f"at most {self.commands} {what} a minute with one token: try again in {wait} s",
            )
            problem.headers["Retry-After"] = str(wait)
            raise problem
        bucket.tokens -= 1

    def _peer(self, peer: str, now: float) -> Bucket:
        """The client's bucket of failures, refilled to now."""
        rate = self.failures / 60.0
        bucket = self.peers.get(peer)
        if bucket is None:
            if len(self.peers) >= MAX_PEERS:  # forget the most forgiven first
                for forgiven in sorted(self.peers, key=lambda p: -self.peers[p].tokens)[:100]:
                    del self.peers[forgiven]
            bucket = self.peers[peer] = Bucket(float(self.failures), now)
        bucket.tokens = min(float(self.failures), bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        return bucket

    def check_peer(self, peer: str) -> None:
        """429 if the client has failed authentication more than it may: its token is not
        looked at (the answer is the same whatever it is, and costs nothing)."""
        with self.lock:
            if peer not in self.peers:
                return
            bucket = self._peer(peer, time.monotonic())
            if bucket.tokens >= 1:
                return
            wait = max(1, math.ceil((1 - bucket.tokens) / (self.failures / 60.0)))
        problem = Problem(
            429,
            "too-many-failed-authentications",
            "Too many failed authentications",
            f"at most {self.failures} requests with a token that fails, a minute, from one "
            f"client: try again in {wait} s, with a token issued by the GM",
        )
        problem.headers["Retry-After"] = str(wait)
        raise problem

    def failed(self, peer: str) -> None:
        """The client sent a token that failed authentication."""
        with self.lock:
            bucket = self._peer(peer, time.monotonic())
            bucket.tokens = max(0.0, bucket.tokens - 1)

    def check_stream(self, token: str) -> None:
        """429 if the token has as many streams open as it may."""
        with self.lock:
            self._full(token)

    def open_stream(self, token: str) -> None:
        with self.lock:
            self._full(token)
            self.open_streams[token] = self.open_streams.get(token, 0) + 1

    def _full(self, token: str) -> None:
        count = self.open_streams.get(token, 0)
        if count >= self.streams:
            problem = Problem(
                429,
                "too-many-streams",
                "Too many open streams",
                f"at most {self.streams} streams open at once with one token: close one",
            )
            problem.headers["Retry-After"] = "5"
            raise problem

    def close_stream(self, token: str) -> None:
        with self.lock:
            self._close(token)

    def _close(self, token: str) -> None:
        count = self.open_streams.get(token, 0) - 1
        if count <= 0:
            self.open_streams.pop(token, None)
        else:
            self.open_streams[token] = count
