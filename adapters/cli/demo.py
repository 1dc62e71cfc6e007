"""``kiroku demo``: the main job — a short session run end to end on the configured store.

It opens a new session in the store (embedded SQLite unless ``KIROKU_STORE`` says
otherwise), plays a seeded duel-sized skirmish through the same service the CLI uses —
initiative, stances, a Void point, attacks, damage, wounds, a GM's retraction, XP — and
prints the projections and the timeline. Run it twice and you get two sessions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from typing import Any

from adapters.cli.render import render_state, render_timeline
from adapters.service import Command, SessionService, utc_now
from adapters.store import EventStore, StoreConfig
from domain.character import Armour, CharacterSheet, Skill, Traits, Weapon
from domain.dice.roll import RollOptions, RollResult
from domain.events import AnyEvent, DiceRolled, Recorded
from domain.purchase import Purchase
from domain.rolls import roll_spec
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
    """Kenjutsu/Agility against Reflexes × 5 + 5; on a hit, katana 3k2 + Strength damage."""

    def swing(session: Session, at: datetime) -> list[AnyEvent]:
        sheet = session.state.characters[attacker.casefold()].sheet
        spec = roll_spec(sheet, skill="Kenjutsu", trait="agility")
        tn = target.trait("reflexes") * 5 + 5
        return session.roll(
            actor=GM,
            at=at,
            expression=spec.expression,
            dice=dice,
            character=sheet.name,
            options=RollOptions(tn=tn, void=void),
            purpose="attack",
            label=spec.label,
        )

    hit = bool(_last_roll(service.execute(sid, "roll", swing)).success)
    if hit:

        def damage(session: Session, at: datetime) -> list[AnyEvent]:
            sheet = session.state.characters[attacker.casefold()].sheet
            expression = f"{3 + sheet.trait('strength')}k2"
            return session.roll(
                actor=GM,
                at=at,
                expression=expression,
                dice=dice,
                character=sheet.name,
                options=RollOptions(),
                purpose="damage",
                label="Katana",
            )

        amount = _last_roll(service.execute(sid, "roll", damage)).total
        service.execute(
            sid,
            "wound",
            act(
                Session.take_wounds,
                character=target.name,
                amount=amount,
                source=f"{attacker}'s katana",
            ),
        )
    return hit


def act(method: Callable[..., list[AnyEvent]], by: str = GM, **fields: Any) -> Command:
    """A command for the service: ``method`` of the session, as ``by``, at the service's time."""
    return lambda session, at: method(session, actor=by, at=at, **fields)


def _last_roll(recorded: list[Recorded]) -> RollResult:
    event = recorded[-1].event
    assert isinstance(event, DiceRolled)
    return event.roll


def _order(service: SessionService, sid: str) -> list[str]:
    combat = service.load(sid).state.combat
    return [] if combat is None else [entry.character for entry in combat.order()]


def run_demo(config: StoreConfig, seed: int = 1120) -> str:
    dice = random.Random(seed)
    sid = f"demo-{utc_now():%Y%m%d-%H%M%S}-{random.Random().randrange(16**4):04x}"
    with EventStore(config) as store:
        service = SessionService(store)
        service.open(session_id=sid, ruleset="l5r4e", gm=GM, title="Demonstration skirmish")
        for sheet, player in ((KANEKA, "ana"), (FUMI, "ben")):
            service.execute(sid, "join", act(Session.join, sheet=sheet, player=player))
        service.execute(sid, "combat start", act(Session.start_combat))
        for name in (KANEKA.name, FUMI.name):
            service.execute(
                sid, "initiative", act(Session.roll_initiative, character=name, dice=dice)
            )
        for number in (1, 2):
            service.execute(sid, "combat round", act(Session.start_round))
            for name in (KANEKA.name, FUMI.name):
                service.execute(
                    sid, "stance", act(Session.choose_stance, character=name, stance="attack")
                )
            for name in _order(service, sid):
                target = FUMI if name == KANEKA.name else KANEKA
                _attack(service, sid, dice, name, target, void=(number == 2 and name == FUMI.name))
                service.execute(sid, "combat next", act(Session.next_turn))
        service.execute(
            sid, "wound", act(Session.take_wounds, character=KANEKA.name, amount=4, source="a fall")
        )
        service.execute(
            sid,
            "retract",
            act(Session.retract_last, reason="contested: Kaneka made the Athletics roll after all"),
        )
        service.execute(sid, "combat end", act(Session.end_combat))
        for name in (KANEKA.name, FUMI.name):
            service.execute(
                sid,
                "xp award",
                act(Session.award_xp, character=name, amount=4, reason="survived the skirmish"),
            )
        service.execute(
            sid,
            "xp spend",
            act(
                Session.spend_xp,
                by="ana",
                character=KANEKA.name,
                purchase=Purchase("skill", "Kenjutsu"),
            ),
        )
        service.execute(
            sid,
            "honour",
            act(
                Session.change_standing,
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
