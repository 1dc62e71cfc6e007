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
from typing import Any

import msgspec

from adapters import log
from adapters.cli.context import store_config
from adapters.cli.render import render_state, render_timeline
from adapters.store import EventStore, StoreConfig
from application.service import SessionService, utc_now
from domain.rulesets.l5r4e.commands.books import (
    AwardExperience,
    ChangeHonour,
    SpendExperience,
    SpendVoid,
    TakeWounds,
)
from domain.rulesets.l5r4e.commands.fight import Attack, Damage
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    EndCombat,
    NextTurn,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.rulesets.l5r4e.events import AttackResolved
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Armour, CharacterSheet, Skill, Traits, Weapon
from domain.session.commands import JoinCharacter, Retract
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
    armour=Armour("Light armour", 5, 3, 5),
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
    attack = Attack(attacker=attacker, target=target.name, weapon="Katana", void=void)
    resolved = service.decide(sid, attack, dice=dice)[-1].event
    assert isinstance(resolved, AttackResolved)
    if resolved.hit:
        service.decide(sid, Damage(attacker=attacker), dice=dice)
    return resolved.hit


def _order(service: SessionService, sid: str) -> list[str]:
    combat = Play.of(service.load(sid)).state.combat
    return [] if combat is None else [entry.character for entry in combat.order()]


def _sheet(sheet: CharacterSheet) -> dict[str, Any]:
    raw: dict[str, Any] = msgspec.to_builtins(sheet)
    return raw


def run_demo(config: StoreConfig, seed: int = 1120) -> str:
    dice = random.Random(seed)
    sid = f"demo-{utc_now():%Y%m%d-%H%M%S}-{random.Random().randrange(16**4):04x}"
    with EventStore(config) as store:
        service = SessionService(store)
        service.open(session_id=sid, ruleset="l5r4e", gm=GM, title="Demonstration skirmish")
        for sheet, player in ((KANEKA, "ana"), (FUMI, "ben")):
            service.decide(sid, JoinCharacter(sheet=_sheet(sheet), player=player))
        service.decide(sid, StartCombat())
        for name in (KANEKA.name, FUMI.name):
            service.decide(sid, RollInitiative(character=name), dice=dice)
        for number in (1, 2):
            service.decide(sid, StartRound())
            if number == 2:
                service.decide(sid, SpendVoid(character=KANEKA.name, use="armour"))
            for name, stance in (
                (KANEKA.name, "defense" if number == 2 else "attack"),
                (FUMI.name, "attack"),
            ):
                service.decide(sid, ChooseStance(character=name, stance=stance))
            for name in _order(service, sid):
                target = FUMI if name == KANEKA.name else KANEKA
                if not (number == 2 and name == KANEKA.name):  # in the Defense stance
                    _attack(service, sid, dice, name, target, void=number == 2)
                service.decide(sid, NextTurn())
        service.decide(sid, TakeWounds(character=KANEKA.name, amount=4, source="a fall"))
        service.decide(
            sid,
            Retract(last=True, reason="contested: Kaneka made the Athletics roll after all"),
        )
        service.decide(sid, EndCombat())
        for name in (KANEKA.name, FUMI.name):
            service.decide(
                sid, AwardExperience(character=name, amount=4, reason="survived the skirmish")
            )
        service.decide(sid, SpendExperience(character=KANEKA.name, skill="Kenjutsu"), actor="ana")
        service.decide(
            sid, ChangeHonour(character=FUMI.name, delta=-3, reason="lied to the magistrate")
        )
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
    """``kiroku demo``: thirty-odd commands, logged only when asked to (KIROKU_LOG)."""
    log.configure("warning" if "KIROKU_LOG" not in os.environ else None)
    print(run_demo(store_config(args), args.seed))
    return 0
