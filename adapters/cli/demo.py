"""``kiroku demo``: the main job — a short session run end to end on the configured store.

It opens a new session in the store (embedded SQLite unless ``KIROKU_STORE`` says
otherwise), plays the main ruleset's demonstration scene through the same service the
CLI uses (:class:`~domain.rulesets.base.Demonstrated`: 4e's seeded, duel-sized skirmish
— initiative, stances, a Void point, attacks, damage, wounds, a GM's retraction, XP) and
prints the projections and the timeline. Run it twice and you get two sessions.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adapters.cli.context import store_config
from adapters.cli.render import render_state, render_timeline
from adapters.store import EventStore, StoreConfig
from application.service import SessionService, utc_now
from domain.commands import Command
from domain.errors import IllegalUnderRules
from domain.events import Recorded
from domain.rulesets import MAIN, load_ruleset
from domain.rulesets.base import Demonstrated
from projections import project_state
from projections.timeline import timeline

GM = "sensei"
RULESET = MAIN
"""The ruleset the demonstration is played under: the main one, whose scene it is
(:class:`~domain.rulesets.base.Demonstrated`)."""


@dataclass
class Table:
    """The demonstration's table (:class:`~domain.rulesets.base.DemoTable`): one session
    of the service, its dice seeded."""

    service: SessionService
    session_id: str
    dice: random.Random

    def decide(
        self, command: Command, *, actor: str | None = None, dice: bool = False
    ) -> list[Recorded]:
        return self.service.decide(
            self.session_id, command, actor=actor, dice=self.dice if dice else None
        )

    def table(self) -> Any:
        return self.service.load(self.session_id).state.table


def run_demo(config: StoreConfig, seed: int = 1120, *, then: str = "kiroku") -> str:
    """The demonstration played on ``config``'s store; ``then``: how the reader runs
    ``kiroku`` for the commands it suggests at the end (:func:`as_typed`)."""
    dice = random.Random(seed)
    sid = f"demo-{utc_now():%Y%m%d-%H%M%S}-{random.Random().randrange(16**4):04x}"
    ruleset = load_ruleset(RULESET)
    if not isinstance(ruleset, Demonstrated):
        raise IllegalUnderRules(f"{RULESET} has no demonstration scene")
    with EventStore(config) as store:
        service = SessionService(store)
        service.open(session_id=sid, ruleset=RULESET, gm=GM, title="Demonstration skirmish")
        ruleset.demo_scene(Table(service, sid, dice))
        session = service.load(sid)
        events = list(store.read(sid))
    where = config.describe()
    return "\n".join(
        [
            f"Kiroku demonstration: session {sid!r} ({session.version} events) in {where}",
            "",
            render_timeline(timeline(events)),
            "",
            render_state(project_state(session.state)),
            "",
            f"Try: {then} state --session {sid} --at 12   |   {then} export {sid} -o {sid}.jsonl",
        ]
    )


def demo_command(args: argparse.Namespace) -> int:
    """``kiroku demo``: thirty-odd commands, logged only when asked to (``-v``,
    ``KIROKU_LOG``), as every command is."""
    print(run_demo(store_config(args), args.seed, then=as_typed(args)))
    return 0


def as_typed(args: argparse.Namespace) -> str:
    """``kiroku`` as the reader can type it in the shell the demo ran from, with the
    store options it was given, so that each suggestion runs as printed: ``kiroku`` when
    that name on their PATH is this program (an activated ``.venv``); else what ``./dev``
    says it was called as (``KIROKU_AS_TYPED``: ``./dev kiroku`` — ``./dev demo`` leaves
    ``kiroku`` off the PATH); else this program's own path."""
    program = Path(sys.argv[0])
    found = shutil.which("kiroku")
    if found is not None and program.exists() and Path(found).resolve() == program.resolve():
        typed = "kiroku"
    else:
        typed = os.environ.get("KIROKU_AS_TYPED") or shlex.quote(sys.argv[0])
    for option in ("data_dir", "store"):
        value = getattr(args, option, None)
        if value:
            typed += f" --{option.replace('_', '-')} {shlex.quote(value)}"
    return typed
