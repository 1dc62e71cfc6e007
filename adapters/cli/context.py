"""What every session command needs: the store, the service, the session and the actor."""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adapters.cli.render import print_json
from adapters.store import EventStore, StoreConfig
from application.rows import recorded_as_json
from application.service import SessionService, acting
from domain.dice.given import drawn_in_order, plain_faces
from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.faces import parse_faces
from domain.dice.source import DiceSource, TableFaces
from domain.errors import MalformedInput, excerpt
from domain.events import Recorded
from domain.rulesets import Ruleset
from domain.rulesets.base import ShowsRolls
from domain.session.aggregate import Session
from projections.timeline import describe


def store_config(args: argparse.Namespace) -> StoreConfig:
    """The store a command names: the command line over the environment.

    ``--store`` names the store; else ``--data-dir DIR`` names the SQLite store in DIR,
    whatever ``KIROKU_STORE`` says (a shell that exported a PostgreSQL URL still reads
    ``--data-dir elsewhere`` as that folder); else ``KIROKU_STORE``, else SQLite in
    ``KIROKU_DATA_DIR``. ``--data-dir`` with a ``--store`` that is not SQLite names two
    stores, and is refused."""
    config = StoreConfig.from_environment()
    data_dir = getattr(args, "data_dir", None)
    if data_dir == "":
        raise MalformedInput("--data-dir '': name a folder (leave it out for the default)")
    if data_dir:
        config = dataclasses.replace(config, data_dir=Path(data_dir))
    store = getattr(args, "store", None)
    if store is not None:
        config = config.with_store(store)
        if data_dir and config.kind != "sqlite":
            raise MalformedInput(
                f"--store {excerpt(config.describe())} and --data-dir {excerpt(data_dir)} "
                "name two stores: give one (--data-dir is the SQLite store's folder)"
            )
    elif data_dir:
        config = config.with_store("sqlite")
    return config


def open_service(args: argparse.Namespace) -> SessionService:
    """The service on the store the command names: the one its parser already read the
    session from (``args.read_store``), when it is that store, so that one command opens
    one reader."""
    config = store_config(args)
    store = getattr(args, "read_store", None)
    if not isinstance(store, EventStore) or store.config != config:
        store = EventStore(config)
    return SessionService(store)


def session_id(args: argparse.Namespace) -> str:
    if args.session == "":
        raise MalformedInput("--session '': a session id is not blank")
    value = args.session or os.environ.get("KIROKU_SESSION")
    if not value:
        raise MalformedInput("name the session: --session ID (or set KIROKU_SESSION)")
    return str(value)


def at_position(args: argparse.Namespace, session: Session, lowest: int = 0) -> int | None:
    """``--at N``: a position of the session (0, before its opening, only for the log)."""
    at = getattr(args, "at", None)
    if at is not None and not lowest <= at <= session.version:
        raise MalformedInput(f"--at {at}: the session has positions {lowest} to {session.version}")
    return at


def actor(args: argparse.Namespace, session: Session) -> str:
    return acting(getattr(args, "actor", None), session.opened.gm)


def dice(args: argparse.Namespace) -> DiceSource | Sequence[Die]:
    """The dice port (seeded with --seed, fresh otherwise) or the faces given with --faces."""
    faces = _faces(args)
    return random.Random(getattr(args, "seed", None)) if faces is None else faces


def dice_source(args: argparse.Namespace) -> DiceSource:
    """For commands that throw several rolls: the seeded port, or the faces given with
    --faces drawn in order (``1r4`` draws the 1, then the 4)."""
    command_type = getattr(args, "command_type", None)
    if command_type is not None and command_type.spec.plain_faces and args.faces is not None:
        if getattr(args, "seed", None) is not None:
            raise MalformedInput("give either --faces or --seed, not both")
        return TableFaces(plain_faces(args.faces))
    faces = _faces(args)
    if faces is None:
        return random.Random(getattr(args, "seed", None))
    return TableFaces(drawn_in_order(faces))


def _faces(args: argparse.Namespace) -> tuple[Die, ...] | None:
    faces = getattr(args, "faces", None)
    if faces is None:
        return None
    if getattr(args, "seed", None) is not None:
        raise MalformedInput("give either --faces or --seed, not both")
    return parse_faces(faces)


def print_recorded(
    args: argparse.Namespace,
    session_id: str,
    recorded: list[Recorded],
    ruleset: Ruleset,
    after: Any = None,
    also: Sequence[str] = (),
) -> None:
    """What a command recorded, and what the ruleset says the GM should hear about it
    (:meth:`Ruleset.warnings`, given the ruleset's state ``after`` the batch; ``also``:
    what the store adds, as a reveal that a carried sheet does not see): on stderr as
    ``warning: …`` lines, or under ``warnings`` in ``--json``."""
    warnings = [*ruleset.warnings([r.event for r in recorded], after), *also]
    if args.json:
        print_json(recorded_as_json(session_id, recorded, ruleset) | {"warnings": warnings})
        return
    for r in recorded:
        event = r.event
        shown = ruleset.shown_roll(event) if isinstance(ruleset, ShowsRolls) else None
        if shown is not None:
            print(f"#{r.position} {shown.heading}")
            print("\n".join(shown.lines))
        else:
            reason = f" — {event.reason}" if event.reason else ""
            print(f"#{r.position} {describe(event, ruleset)}{reason}")
    for line in warnings:
        print(f"warning: {line}", file=sys.stderr)
