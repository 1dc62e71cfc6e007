"""``kiroku export``, ``kiroku import`` and ``kiroku replay``: sessions as replay files."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from adapters.cli import context
from adapters.cli.render import print_json, render_state
from adapters.replay_file import (
    dump_lines,
    header_for,
    read_replay,
    read_replay_records,
    write_replay,
)
from domain.errors import IllegalUnderRules, MalformedInput
from domain.session.aggregate import Session
from projections import project


def expected_path(replay: Path) -> Path:
    """``NAME.jsonl`` → ``NAME.expected.json``."""
    return replay.with_name(replay.name.removesuffix(".jsonl") + ".expected.json")


def dump_expected(projections: dict[str, Any]) -> str:
    return json.dumps(projections, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def _export(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        service.load(args.session_id)  # NotFound, quoted, for a session that is not there
        events = list(service.store.read(args.session_id))
        last = events[-1].position  # a command appended meanwhile is not in this export
        records = [r for r in service.store.records(args.session_id) if r.last <= last]
    finally:
        service.store.close()
    if args.output:
        write_replay(Path(args.output), events, records)
        print(
            f"wrote {len(events)} events and {len(records)} command records of "
            f"{args.session_id!r} to {args.output}"
        )
    else:
        sys.stdout.buffer.writelines(dump_lines(events, header_for(events, records), records))
    return 0


def _import(args: argparse.Namespace) -> int:
    header, events, records = read_replay_records(args.file)
    Session(events)  # the stream folds: positions follow, it opens first
    service = context.open_service(args)
    try:
        if service.store.exists(header.session):
            raise IllegalUnderRules(
                f"a session {header.session!r} already exists; nothing was imported"
            )
        service.store.append(header.session, 0, [r.event for r in events], records)
        service.snapshot(header.session, force=True)  # the next command folds no history
    finally:
        service.store.close()
    print(
        f"imported {len(events)} events and {len(records)} command records as session "
        f"{header.session!r}"
    )
    return 0


def _replay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    _, events = read_replay(path)
    if args.until is not None and not 0 <= args.until <= len(events):
        raise MalformedInput(f"--until {args.until}: the replay has positions 0 to {len(events)}")
    # The readable table shows no timeline: build it only for what prints or writes it.
    projections = project(events, args.until, with_timeline=args.json or args.update_expected)
    if args.update_expected:
        if args.until is not None:
            raise MalformedInput("--update-expected writes the whole replay's projections")
        target = expected_path(path)
        target.write_text(dump_expected(projections), encoding="utf-8")
        print(f"wrote {target}")
        return 0
    if args.json:
        print_json(projections)
    else:
        print(render_state(projections))
    return 0
