"""A long session whose every ruling is recorded, for the corrections benchmark.

The same table as ``bench/sessions.py`` — four characters in rounds of combat, attacks
and damage, wounds, Void points, healing, XP — but played through the command Structs
and recorded as the service records them (:func:`domain.session.record.decide_recorded`,
each batch's record sealed with the hash chain), so that a correction can decide every
later ruling again. The session is held as a state, never as its whole stream, so it is
made in time linear in its size.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import msgspec

from domain.commands import Command, Context
from domain.errors import KirokuError
from domain.events import Recorded
from domain.rulesets.l5r4e.commands.books import AwardExperience, Heal, SpendExperience
from domain.rulesets.l5r4e.commands.fight import Attack, Damage
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    EndCombat,
    NextTurn,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.rulesets.roll_keep_kit.character import Skill
from domain.session.aggregate import Session, open_session
from domain.session.chain import GENESIS, head, seal
from domain.session.commands import JoinCharacter, TakeNote
from domain.session.record import CommandRecord, decide_recorded
from tests.support import GM, Clock, sheet

NAMES = ("Akodo Kaneka", "Bayushi Fumi", "Doji Hana", "Hida Tsuneo")

Batch = tuple[list[Recorded], list[CommandRecord]]


class RecordedSession:
    """The long session, played ruling by ruling: :meth:`batches` yields each batch with
    the record of its ruling, until ``size`` events; :attr:`session` holds the state as
    of the last batch yielded (for whoever snapshots it)."""

    def __init__(self, session_id: str, size: int, seed: int = 7) -> None:
        self.session_id, self.size = session_id, size
        self.dice = random.Random(seed)
        self.clock = Clock()
        self.opened = open_session(session_id=session_id, ruleset="l5r4e", gm=GM, at=self.clock())
        self.session = Session(state=Session([Recorded(1, self.opened)]).state)
        self.chain = head(session_id, [Recorded(1, self.opened)], GENESIS)

    def play(self, command: Command) -> Iterator[Batch]:
        """The batch of ``command`` decided as the GM, if the rules take it this time."""
        session = self.session
        try:
            context = Context(GM, self.clock(), self.dice)
            events, record = decide_recorded(session, command, context)
        except KirokuError:
            return  # a move the rules refuse this time (an attack out of actions): move on
        start = session.version
        batch = [Recorded(start + i, e) for i, e in enumerate(events, 1)]
        [sealed], self.chain = seal(self.session_id, self.chain, batch, [record])
        session.record(batch)
        yield batch, [sealed]

    def batches(self) -> Iterator[Batch]:
        dice, play, session = self.dice, self.play, self.session
        yield [Recorded(1, self.opened)], []
        for name in NAMES:
            skills = (Skill("Kenjutsu", 3, ("Katana",)), Skill("Meditation", 2))
            joined = sheet(name, stamina=4, willpower=4, skills=skills)
            yield from play(JoinCharacter(sheet=msgspec.to_builtins(joined), player=GM))
        while session.version < self.size:
            yield from play(StartCombat())
            for name in NAMES:
                yield from play(RollInitiative(character=name))
            for _ in range(4):
                yield from play(StartRound())
                for name in NAMES:
                    stance = dice.choice(("attack", "defense"))
                    yield from play(ChooseStance(character=name, stance=stance))
                for _ in NAMES:
                    combat = session.table.combat
                    current = combat.current() if combat is not None else None
                    if current is None:
                        break
                    target = dice.choice([n for n in NAMES if n != current])
                    yield from play(Attack(attacker=current, target=target, weapon="Katana"))
                    yield from play(Damage(attacker=current))
                    yield from play(NextTurn())
            yield from play(EndCombat())
            for name in NAMES:
                wounds = session.table.character(name).wounds
                if wounds:
                    yield from play(Heal(character=name, amount=wounds, method="a night's rest"))
                yield from play(AwardExperience(character=name, amount=2))
            yield from play(SpendExperience(character=dice.choice(NAMES), skill="Meditation"))
            yield from play(TakeNote(text="the next day"))
