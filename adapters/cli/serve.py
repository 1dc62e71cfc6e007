"""``kiroku serve``: the HTTP API (:mod:`adapters.http`) on uvicorn, on the store the
command line uses (the embedded SQLite store unless ``--store``/``KIROKU_STORE`` names
PostgreSQL).

It binds its socket first and says where it listens on standard output (``--port 0``
takes a free port, and the line says which), then the admin token (``KIROKU_ADMIN_TOKEN``,
or one made for this run and printed once), then serves until Ctrl-C or SIGTERM."""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import sys
from urllib.parse import urlsplit

from adapters import log
from adapters.cli import context
from domain.errors import MalformedInput, excerpt


def public_url(given: str | None) -> str | None:
    """``--public-url``, checked: an http(s) address with a host and nothing after its
    path (the links add the page's own), without its trailing slash."""
    if given is None:
        return None
    refused = MalformedInput(
        f"--public-url {excerpt(given)}: give the address phones reach this server at, as "
        "http://192.168.1.20:8322 (http or https, a host, a port from 1 to 65535 if any, "
        "no user or password, no ?query or #part)"
    )
    try:
        parsed = urlsplit(given.strip())
        port = parsed.port  # a port that is no number, or past 65535, raises here
    except ValueError:
        raise refused from None
    if (
        parsed.scheme not in ("http", "https")
        or not parsed.hostname
        or parsed.query
        or parsed.fragment
        or parsed.username is not None
        or parsed.password is not None
        or port == 0
        or any(c.isspace() for c in given.strip())
    ):
        raise refused
    return given.strip().rstrip("/")


ADMIN_LENGTH = 16
ADMIN_DIFFERENT = 8


def weak_admin_token(token: str) -> str | None:
    """Why ``token`` is too weak to be the server's admin token (None: it is not): it must
    be at least :data:`ADMIN_LENGTH` printable ASCII characters with no space, at least
    :data:`ADMIN_DIFFERENT` of them different, and none making up more than a quarter of
    it (``aaaaaaaaaaaaaaaa`` and ``abababababababab`` are refused). Never quotes it."""
    if len(token) < ADMIN_LENGTH:
        return f"it has {len(token)} characters"
    if not all(c.isascii() and c.isprintable() and not c.isspace() for c in token):
        return "it holds a space, a control character or a character outside ASCII"
    different = len(set(token))
    if different < ADMIN_DIFFERENT:
        return f"it is made of {different} different characters"
    most = max(token.count(c) for c in set(token))
    if most * 4 > len(token):
        return f"one character makes up {most} of its {len(token)}"
    return None


def serve_command(args: argparse.Namespace) -> int:
    import uvicorn

    from adapters.http.app import create_app
    from adapters.http.auth import Limits

    if not 0 <= args.port <= 65535:
        raise MalformedInput(f"--port {args.port}: give a port from 0 to 65535")
    if not 1 <= args.heartbeat <= 300:
        raise MalformedInput(f"--heartbeat {args.heartbeat}: give 1 to 300 seconds")
    if not 10 <= args.poll <= 60_000:
        raise MalformedInput(f"--poll {args.poll}: give 10 to 60000 milliseconds")
    if args.rate < 1 or args.streams < 1:
        raise MalformedInput("--rate and --streams: give at least 1")
    if args.auth_failures < 1:
        raise MalformedInput(f"--auth-failures {args.auth_failures}: give at least 1")
    public = public_url(args.public_url)
    config = context.store_config(args)
    # a service logs each command it records, unless KIROKU_LOG says otherwise
    log.configure(log.level_named("info", verbose=getattr(args, "verbose", False)))
    admin = os.environ.get("KIROKU_ADMIN_TOKEN") or ""
    made = not admin
    if made:
        admin = "kiroku-admin." + secrets.token_urlsafe(32)
    else:
        weak = weak_admin_token(admin)
        if weak is not None:
            raise MalformedInput(
                f"KIROKU_ADMIN_TOKEN is too weak to guard the server ({weak}): give at least "
                f"{ADMIN_LENGTH} characters of printable ASCII, {ADMIN_DIFFERENT} of them "
                "different, none more than a quarter of it; a random one: python3 -c "
                "'import secrets; print(secrets.token_urlsafe(32))' (or leave it unset, and "
                "the server makes one for this run)"
            )
    try:
        info = socket.getaddrinfo(args.host, args.port, type=socket.SOCK_STREAM)[0]
        listening = socket.socket(info[0], socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        listening.bind(info[4])
    except OSError as error:
        why = error.strerror or error
        raise MalformedInput(
            f"--host {args.host!r} --port {args.port}: cannot listen there ({why})"
        ) from None
    host, port = listening.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    wildcard = host in ("0.0.0.0", "::")
    app = create_app(
        config,
        admin=admin,
        heartbeat=args.heartbeat,
        limits=Limits(commands=args.rate, streams=args.streams, failures=args.auth_failures),
        origins=tuple(args.allow_origin),
        poll=args.poll / 1000,
        public_url=public or (None if wildcard else f"http://{shown}:{port}"),
    )
    print(f"kiroku: serving http://{shown}:{port} on {config.describe()}", flush=True)
    if made:
        print(f"kiroku: admin token (this run only; KIROKU_ADMIN_TOKEN sets one): {admin}",
              flush=True)  # fmt: skip
    if public:
        print(f"kiroku: players' links name {public}", flush=True)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            lifespan="on",
            ws_ping_interval=15.0,
            ws_max_size=16 * 1024,
            timeout_graceful_shutdown=2,
        )
    )
    server.run(sockets=[listening])
    sys.stdout.flush()
    return 0
