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
from domain.rulesets.l5r4e.commands.books import (
    AwardExperience,
    Heal,
    SpendExperience,
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
from domain.rulesets.roll_keep_kit.character import Skill
from domain.session.aggregate import Session, open_session
from domain.session.chain import GENESIS, head, seal
from domain.session.commands import JoinCharacter, TakeNote
from domain.session.record import CommandRecord, decide_recorded
from domain.session.screen import PlayersView, screen_ruling
from domain.session.secrets import players_state
from domain.session.uses import Earlier, used_by
from tests.support import GM, Clock, sheet

NAMES = ("Akodo Kaneka", "Bayushi Fumi", "Doji Hana", "Hida Tsuneo")
PLAYERS = ("ana", "ben", "chie", "daichi")

Batch = tuple[list[Recorded], list[CommandRecord]]


class RecordedSession:
    """The long session, played ruling by ruling: :meth:`batches` yields each batch with
    the record of its ruling, until ``size`` events; :attr:`session` holds the state as
    of the last batch yielded (for whoever snapshots it).

    ``secrets``: the table as a GM with secrets runs it — each character played by their
    player (stances, attacks, damage and XP spent given by them), and each day the GM
    poisons one of them behind the screen (a hidden wound, never revealed): every
    player's ruling from the first poison on is decided on everything and screened
    against what the players see, as the service screens it (:mod:`domain.session.
    screen`)."""

    def __init__(self, session_id: str, size: int, seed: int = 7, *, secrets: bool = False) -> None:
        self.session_id, self.size = session_id, size
        self.dice = random.Random(seed)
        self.clock = Clock()
        self.opened = open_session(session_id=session_id, ruleset="l5r4e", gm=GM, at=self.clock())
        self.session = Session(state=Session([Recorded(1, self.opened)]).state)
        self.chain = head(session_id, [Recorded(1, self.opened)], GENESIS)
        self.players = {name: PLAYERS[i] if secrets else GM for i, name in enumerate(NAMES)}
        self.view = PlayersView() if secrets else None
        self._prefix: list[Recorded] | None = [Recorded(1, self.opened)] if secrets else None
        """The stream so far, until the players' state is first read (then folded on)."""
        self.earlier = Earlier()
        """What each ruling's record names as used is found in (as the service finds it)."""
        self.earlier.take([Recorded(1, self.opened)])

    def play(self, command: Command, actor: str = GM) -> Iterator[Batch]:
        """The batch of ``command`` decided as ``actor``, if the rules take it this time."""
        session, view = self.session, self.view
        try:
            context = Context(actor, self.clock(), self.dice)
            events, record = decide_recorded(session, command, context)
        except KirokuError:
            return  # a move the rules refuse this time (an attack out of actions): move on
        if view is not None and actor != GM and view.secrets.keeps_any:
            events = screen_ruling(events, self.seen(), record, command)
        start = session.version
        batch = [Recorded(start + i, e) for i, e in enumerate(events, 1)]
        used = used_by(session.ruleset, session.state.table, batch, self.earlier.latest)
        record = msgspec.structs.replace(record, used=used)
        [sealed], self.chain = seal(self.session_id, self.chain, batch, [record])
        session.record(batch)
        self.earlier.take(batch)
        if view is not None:
            view.take(batch, [sealed])
            if self._prefix is not None:
                self._prefix += batch
        yield batch, [sealed]

    def seen(self) -> Session | None:
        """The session as the players see it as of the last batch (None while nothing is
        kept from them)."""
        if self.view is None:
            return None
        prefix = self._prefix
        seen = self.view.session(lambda secrets: players_state(list(prefix or ()), secrets))
        if seen is not None:
            self._prefix = None  # the players' state is folded on from here
        return seen

    def batches(self) -> Iterator[Batch]:
        dice, play, session, players = self.dice, self.play, self.session, self.players
        yield [Recorded(1, self.opened)], []
        for name in NAMES:
            skills = (Skill("Kenjutsu", 3, ("Katana",)), Skill("Meditation", 2))
            joined = sheet(name, stamina=4, willpower=4, skills=skills)
            player = players[name]
            yield from play(JoinCharacter(sheet=msgspec.to_builtins(joined), player=player))
        while session.version < self.size:
            if self.view is not None:
                poisoned = dice.choice(NAMES)
                poison = TakeWounds(character=poisoned, amount=3, source="poison", hidden=True)
                yield from play(poison)
            yield from play(StartCombat())
            for name in NAMES:
                yield from play(RollInitiative(character=name))
            for _ in range(4):
                yield from play(StartRound())
                for name in NAMES:
                    stance = dice.choice(("attack", "defense"))
                    yield from play(ChooseStance(character=name, stance=stance), players[name])
                for _ in NAMES:
                    combat = session.table.combat
                    current = combat.current() if combat is not None else None
                    if current is None:
                        break
                    target = dice.choice([n for n in NAMES if n != current])
                    by = players[current]
                    yield from play(Attack(attacker=current, target=target, weapon="Katana"), by)
                    yield from play(Damage(attacker=current), by)
                    yield from play(NextTurn())
            yield from play(EndCombat())
            for name in NAMES:
                wounds = session.table.character(name).wounds
                if wounds:
                    yield from play(Heal(character=name, amount=wounds, method="a night's rest"))
                yield from play(AwardExperience(character=name, amount=2))
            spender = dice.choice(NAMES)
            yield from play(
                SpendExperience(character=spender, skill="Meditation"), players[spender]
            )
            yield from play(TakeNote(text="the next day"))
