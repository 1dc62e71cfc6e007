"""What-ifs for a GM weighing a ruling: ``kiroku diff`` (what changed in every projection
between two positions, or between two sessions) and ``kiroku fork`` (a session that
starts as another was at a position, and plays on on its own)."""

from __future__ import annotations

import argparse
from typing import Any

from adapters.cli import context
from adapters.cli.render import print_json
from domain.errors import MalformedInput
from projections import project_state
from projections.diff import changes, render_changes


def diff_command(args: argparse.Namespace) -> int:
    """``kiroku diff --session S [A] [B]``: the projections at A (default: the head)
    against those at B (default: the head), both of S, or with ``--against T`` of T."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        other = args.against or sid
        first = _projections(service, sid, args.first, "A")
        second = _projections(service, other, args.second, "B")
    finally:
        service.store.close()
    found = changes(first, second)
    if args.json:
        print_json(
            {
                "from": {"session": sid, "position": first["session"]["position"]},
                "to": {"session": other, "position": second["session"]["position"]},
                "changes": found,
            }
        )
    else:
        print(
            f"{sid} at {first['session']['position']} → {other} at {second['session']['position']}"
        )
        print(render_changes(found))
    return 0


def _projections(service: Any, session_id: str, position: int | None, name: str) -> Any:
    session = service.load(session_id)
    if position is not None and not 0 <= position <= session.version:
        raise MalformedInput(
            f"{name} = {position}: session {session_id!r} has positions 0 to {session.version}"
        )
    return project_state(
        session.state if position is None else service.state_at(session_id, position)
    )


def fork_command(args: argparse.Namespace) -> int:
    """``kiroku fork --session S --at N --id NEW --reason R``: a what-if session."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        recorded = service.fork(sid, args.at, args.id, reason=args.reason, actor=args.actor)
    finally:
        service.store.close()
    forked = recorded[-1].event
    if args.json:
        print_json(
            {
                "session": args.id,
                "origin": {"session": sid, "position": args.at},
                "events": len(recorded),
                "at": forked.at.isoformat(),
                "reason": forked.reason,
            }
        )
    else:
        print(
            f"session {args.id!r}: a fork of {sid!r} as it stood at position {args.at} "
            f"({len(recorded) - 1} events copied, then the fork at {len(recorded)})"
        )
    return 0
