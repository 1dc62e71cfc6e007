"""``kiroku demo``: the main job — a short session run end to end on the configured store.

It opens a new session in the store (embedded SQLite unless ``KIROKU_STORE`` says
otherwise), plays the main ruleset's demonstration scene through the same service the
CLI uses (:class:`~domain.rulesets.base.Demonstrated`: 4e's seeded, duel-sized skirmish
— initiative, stances, a Void point, attacks, damage, wounds, a GM's retraction, XP) and
prints the projections and the timeline. Run it twice and you get two sessions.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
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


def run_demo(config: StoreConfig, seed: int = 1120) -> str:
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
    where = config.sqlite_path if config.kind == "sqlite" else "memory"
    return "\n".join(
        [
            f"Kiroku demonstration: session {sid!r} ({session.version} events) in {where}",
            "",
            render_timeline(timeline(events)),
            "",
            render_state(project_state(session.state)),
            "",
            f"Try: kiroku state --session {sid} --at 12   |   kiroku export {sid} -o {sid}.jsonl",
        ]
    )


def demo_command(args: argparse.Namespace) -> int:
    """``kiroku demo``: thirty-odd commands, logged only when asked to (``-v``,
    ``KIROKU_LOG``), as every command is."""
    print(run_demo(store_config(args), args.seed))
    return 0
