"""``kiroku demo``: the main job — a short session run end to end on the configured store.

It opens a new session in the store (embedded SQLite unless ``KIROKU_STORE`` says
otherwise), plays a seeded duel-sized skirmish through the same service the CLI uses —
initiative, stances, a Void point, attacks, damage, wounds, a GM's retraction, XP — and
prints the projections and the timeline. Run it twice and you get two sessions.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable
from typing import Any

from adapters import log
from adapters.cli.context import store_config
from adapters.cli.render import render_state, render_timeline
from adapters.service import Command, SessionService, utc_now
from adapters.store import EventStore, StoreConfig
from domain.events import Event
from domain.rulesets.l5r4e import attacks, combat
from domain.rulesets.l5r4e.events import AttackResolved
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Armour, CharacterSheet, Skill, Traits, Weapon
from domain.rulesets.roll_keep_kit.purchase import Purchase
from domain.session.aggregate import Session
from projections import project_state
from projections.timeline import timeline

GM = "sensei"

KANEKA = CharacterSheet(
    name="Akodo Kaneka",
    clan="Lion",
    school="Akodo Bushi",
    traits=Traits(3, 2, 3, 2, 3, 2, 3, 2),
    void=2,
    skills=(Skill("Kenjutsu", 3, ("Katana",), True), Skill("Defense", 2, (), True)),
    honour=65,
    glory=10,
    status=10,
    armour=Armour("Light armour", 5, 3),
    weapons=(Weapon("Katana", "3k2"),),
)
FUMI = CharacterSheet(
    name="Bayushi Fumi",
    clan="Scorpion",
    school="Bayushi Bushi",
    traits=Traits(2, 2, 3, 3, 2, 2, 3, 3),
    void=2,
    skills=(Skill("Kenjutsu", 3, (), True), Skill("Sincerity", 2, ("Deceit",), True)),
    honour=25,
    glory=10,
    status=10,
    weapons=(Weapon("Katana", "3k2"),),
)


def _attack(
    service: SessionService,
    sid: str,
    dice: random.Random,
    attacker: str,
    target: CharacterSheet,
    *,
    void: bool = False,
) -> bool:
    """The 4e attack (Kenjutsu/Agility against the armour TN) and, on a hit, its damage."""
    recorded = service.execute(
        sid,
        "attack",
        act(
            attacks.attack,
            attacker=attacker,
            target=target.name,
            weapon="Katana",
            dice=dice,
            void=void,
        ),
    )
    resolved = recorded[-1].event
    assert isinstance(resolved, AttackResolved)
    if resolved.hit:
        service.execute(sid, "damage", act(attacks.damage, attacker=attacker, dice=dice))
    return resolved.hit


def act(
    method: Callable[..., list[Event]], by: str = GM, *, core: bool = False, **fields: Any
) -> Command:
    """A command for the service: ``method`` of the session (``core``) or of its 4e
    :class:`Play`, as ``by``, at the service's time."""
    return lambda session, at: method(
        session if core else Play.of(session), actor=by, at=at, **fields
    )


def _order(service: SessionService, sid: str) -> list[str]:
    combat = Play.of(service.load(sid)).state.combat
    return [] if combat is None else [entry.character for entry in combat.order()]


def run_demo(config: StoreConfig, seed: int = 1120) -> str:
    dice = random.Random(seed)
    sid = f"demo-{utc_now():%Y%m%d-%H%M%S}-{random.Random().randrange(16**4):04x}"
    with EventStore(config) as store:
        service = SessionService(store)
        service.open(session_id=sid, ruleset="l5r4e", gm=GM, title="Demonstration skirmish")
        for sheet, player in ((KANEKA, "ana"), (FUMI, "ben")):
            service.execute(sid, "join", act(Session.join, core=True, sheet=sheet, player=player))
        service.execute(sid, "combat start", act(Play.start_combat))
        for name in (KANEKA.name, FUMI.name):
            service.execute(sid, "initiative", act(Play.roll_initiative, character=name, dice=dice))
        for number in (1, 2):
            service.execute(sid, "combat round", act(Play.start_round))
            if number == 2:
                service.execute(sid, "void", act(combat.void_armour, character=KANEKA.name))
            for name, stance in (
                (KANEKA.name, "defense" if number == 2 else "attack"),
                (FUMI.name, "attack"),
            ):
                service.execute(
                    sid, "stance", act(Play.choose_stance, character=name, stance=stance)
                )
            for name in _order(service, sid):
                target = FUMI if name == KANEKA.name else KANEKA
                if not (number == 2 and name == KANEKA.name):  # in the Defense stance
                    _attack(service, sid, dice, name, target, void=number == 2)
                service.execute(sid, "combat next", act(Play.next_turn))
        service.execute(
            sid, "wound", act(Play.take_wounds, character=KANEKA.name, amount=4, source="a fall")
        )
        service.execute(
            sid,
            "retract",
            act(
                Session.retract_last,
                core=True,
                reason="contested: Kaneka made the Athletics roll after all",
            ),
        )
        service.execute(sid, "combat end", act(Play.end_combat))
        for name in (KANEKA.name, FUMI.name):
            service.execute(
                sid,
                "xp award",
                act(Play.award_xp, character=name, amount=4, reason="survived the skirmish"),
            )
        service.execute(
            sid,
            "xp spend",
            act(
                Play.spend_xp,
                by="ana",
                character=KANEKA.name,
                purchase=Purchase("skill", "Kenjutsu"),
            ),
        )
        service.execute(
            sid,
            "honour",
            act(
                Play.change_standing,
                character=FUMI.name,
                standing="honour",
                delta=-3,
                reason="lied to the magistrate",
            ),
        )
        session = service.load(sid)
    where = config.sqlite_path if config.kind == "sqlite" else "memory"
    return "\n".join(
        [
            f"Kiroku demonstration: session {sid!r} ({session.version} events) in {where}",
            "",
            render_timeline(timeline(session.events)),
            "",
            render_state(project_state(session.state)),
            "",
            f"Try: kiroku state --session {sid} --at 12   |   kiroku export {sid} -o {sid}.jsonl",
        ]
    )


def demo_command(args: argparse.Namespace) -> int:
    """``kiroku demo``: thirty-odd commands, logged only when asked to (KIROKU_LOG)."""
    log.configure("warning" if "KIROKU_LOG" not in os.environ else None)
    print(run_demo(store_config(args), args.seed))
    return 0
