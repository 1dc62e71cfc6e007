"""A correction as the shell's ``--json`` prints it and the HTTP API gives it: made (or,
``dry_run``, previewed) with what it revised and dropped, each with the rule's reason,
and the projections' changes it makes."""

from __future__ import annotations

from typing import Any

from application.service import SessionService
from domain.commands import Command
from domain.dice.source import DiceSource
from domain.events import Event, Recorded, RulingsCorrected
from domain.rulesets import Ruleset
from domain.session.correction import Correction
from projections import project_state
from projections.diff import changes
from projections.timeline import describe


def made(
    service: SessionService,
    sid: str,
    command: Command,
    ruleset: Ruleset,
    *,
    actor: str | None,
    dice: DiceSource | None,
    expected: int | None = None,
) -> tuple[dict[str, Any], Correction, list[Recorded]]:
    """A correction made, reported as its preview is, the projections' changes included."""
    before = project_state(service.load(sid).state)
    outcome, recorded = service.correct(sid, command, actor=actor, dice=dice, expected=expected)
    found = changes(before, project_state(service.load(sid).state))
    report = _report(outcome, recorded[0].position - 1, ruleset, dry_run=False)
    return report | {"changes": found}, outcome, recorded


def report_of(
    service: SessionService,
    sid: str,
    command: Command,
    ruleset: Ruleset,
    *,
    dry_run: bool,
    actor: str | None = None,
    dice: DiceSource | None = None,
    expected: int | None = None,
) -> dict[str, Any]:
    """A correction made (or, ``dry_run``, previewed with the projections' ``changes``),
    as ``kiroku retract … --json`` prints it and the HTTP API gives it."""
    if dry_run:
        outcome, before, after = service.preview(sid, command, actor=actor, dice=dice)
        found = changes(project_state(before), project_state(after))
        return _report(outcome, before.position, ruleset, dry_run=True) | {"changes": found}
    report, _, _ = made(service, sid, command, ruleset, actor=actor, dice=dice, expected=expected)
    return report


def _rows(first: int, events: tuple[Event, ...] | list[Event], ruleset: Ruleset) -> list[str]:
    return [f"#{first + i} {describe(e, ruleset)}" for i, e in enumerate(events)]


def _report(outcome: Correction, head: int, ruleset: Ruleset, *, dry_run: bool) -> dict[str, Any]:
    target = outcome.target
    batch = [Recorded(head + i, e) for i, e in enumerate(outcome.events, 1)]
    return {
        "dry_run": dry_run,
        "correction": outcome.kind,
        "ruling": None
        if target is None
        else {"first": target.first, "last": target.last, "command": target.command},
        "taken_back": None
        if outcome.taken_back is None
        else {
            "first": outcome.taken_back.first,
            "last": outcome.taken_back.last,
            "command": outcome.taken_back.command,
        },
        "recorded": [] if dry_run else [r.position for r in batch],
        "events": [
            {
                "position": r.position,
                "type": type(r.event).__name__,
                "summary": describe(r.event, ruleset),
            }
            for r in batch
        ],
        "revised": [
            {
                "ruling": {"first": v.original.first, "last": v.original.last},
                "command": v.original.command,
                "revision": {"first": v.record.first, "last": v.record.last},
                "before": _rows(v.original.first, v.before, ruleset),
                "after": _rows(v.record.first, v.after, ruleset),
            }
            for v in outcome.revised
        ],
        "dropped": [
            {
                "ruling": {"first": d.original.first, "last": d.original.last},
                "command": d.original.command,
                "why": d.why,
                "events": _rows(d.original.first, d.events, ruleset),
            }
            for d in outcome.dropped
        ],
        "reinstated": [
            p for e in outcome.events[:1] if isinstance(e, RulingsCorrected) for p in e.reinstated
        ],
        "kept": outcome.kept,
        "unrecorded": outcome.unrecorded,
    }
