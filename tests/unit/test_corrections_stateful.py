"""The property of corrections (issue 8): after any sequence of commands, retractions,
amendments, reinstatements and undos, the projections equal a fresh fold of the
surviving rulings, each decided again in order on a new session with its recorded dice.

A hypothesis state machine plays the 4e command surface a fight uses — attacks (with
raises and increased damage), damage, wounds, heals, Void, XP awarded and spent, notes —
and corrects at random; after every step the stored stream is folded and compared with
the rulings that survive, re-decided from nothing.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import msgspec
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from domain.commands import Command
from domain.dice.source import FaceQueue
from domain.errors import KirokuError
from domain.events import Recorded
from domain.rulesets.l5r4e.commands.books import (
    AwardExperience,
    Heal,
    SpendExperience,
    SpendVoid,
    TakeWounds,
)
from domain.rulesets.l5r4e.commands.fight import Attack, Damage
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    NextTurn,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.session.aggregate import Session
from domain.session.commands import Amend, JoinCharacter, Reinstate, Retract, TakeNote, Undo
from domain.session.correction import CORRECTION_KINDS, History
from domain.session.rejudge import redecide
from domain.session.state import fold
from projections import project_state
from tests.support import RecordedTable, sheet

KANEKA, FUMI = "Akodo Kaneka", "Bayushi Fumi"
NAMES = st.sampled_from([KANEKA, FUMI])


def views(state: Any) -> dict[str, Any]:
    """Every projection but the session's own counters (its position, its roll count)."""
    projected = project_state(state)
    projected.pop("session", None)
    return projected


def survivors_refolded(t: RecordedTable) -> dict[str, Any]:
    """The rulings that still count, in the order the corrected history reads them, each
    decided again on a new session with its recorded dice."""
    history = History(t.events, t.records)
    session = Session(t.events[:1])
    seen: set[int] = set()
    for _, recorded in history.placed():
        record = history.record_at(recorded.position)
        if record is None or record.first in seen or record.kind in CORRECTION_KINDS:
            continue
        seen.add(record.first)
        events, _ = redecide(session, record)
        start = session.version
        session.record([Recorded(start + i, e) for i, e in enumerate(events, 1)])
    return views(session.state)


class Corrections(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.t = RecordedTable("stateful")
        for name, player, reflexes in ((KANEKA, "ana", 3), (FUMI, "bo", 2)):
            joined = msgspec.to_builtins(sheet(name, reflexes=reflexes))
            self.t.do(JoinCharacter(sheet=joined, player=player))
        self.t.do(StartCombat())
        self.t.do(RollInitiative(character=KANEKA), dice=FaceQueue([9, 5, 3, 2]))
        self.t.do(RollInitiative(character=FUMI), dice=FaceQueue([6, 2, 2, 1]))
        self.t.do(StartRound())
        self.t.do(ChooseStance(character=KANEKA, stance="attack"))
        self.t.do(ChooseStance(character=FUMI, stance="attack"))

    def attempt(self, command: Command, seed: int | None = None) -> None:
        dice = None if seed is None else random.Random(seed)
        with contextlib.suppress(KirokuError):  # the rules refused it: nothing appended
            self.t.do(command, dice=dice)

    def positions(self) -> list[int]:
        return [r.first for r in self.t.records if r.kind not in CORRECTION_KINDS]

    @rule(attacker=NAMES, raises=st.integers(0, 2), seed=st.integers(0, 10**6))
    def attack(self, attacker: str, raises: int, seed: int) -> None:
        target = FUMI if attacker == KANEKA else KANEKA
        extra = [f"increased_damage:{raises}"] if raises else []
        self.attempt(
            Attack(attacker=attacker, target=target, weapon="Katana", raises=raises,
                   manoeuvres=tuple(extra)),
            seed,
        )  # fmt: skip

    @rule(attacker=NAMES, raises=st.integers(0, 1), high=st.integers(8, 9), seed=st.integers())
    def attack_and_damage(self, attacker: str, raises: int, high: int, seed: int) -> None:
        """An attack whose dice all show ``high`` (a hit, mostly) and, as a table goes on,
        its damage roll at once."""
        target = FUMI if attacker == KANEKA else KANEKA
        extra = (f"increased_damage:{raises}",) if raises else ()
        hit = Attack(attacker=attacker, target=target, weapon="Katana", raises=raises,
                     manoeuvres=extra)  # fmt: skip
        with contextlib.suppress(KirokuError):
            self.t.do(hit, dice=FaceQueue([high] * 20))
        self.attempt(Damage(attacker=attacker), seed)

    @rule(attacker=NAMES, seed=st.integers(0, 10**6))
    def damage(self, attacker: str, seed: int) -> None:
        self.attempt(Damage(attacker=attacker), seed)

    @rule()
    def next_turn(self) -> None:
        self.attempt(NextTurn())

    @rule(name=NAMES, amount=st.integers(1, 15))
    def wound(self, name: str, amount: int) -> None:
        self.attempt(TakeWounds(character=name, amount=amount))

    @rule(name=NAMES, amount=st.integers(1, 10))
    def heal(self, name: str, amount: int) -> None:
        self.attempt(Heal(character=name, amount=amount))

    @rule(name=NAMES)
    def void(self, name: str) -> None:
        self.attempt(SpendVoid(character=name))

    @rule(name=NAMES, amount=st.integers(1, 20))
    def award(self, name: str, amount: int) -> None:
        self.attempt(AwardExperience(character=name, amount=amount))

    @rule(name=NAMES)
    def spend(self, name: str) -> None:
        self.attempt(SpendExperience(character=name, void=True))

    @rule()
    def note(self) -> None:
        self.attempt(TakeNote(text="a note"))

    @rule(pick=st.integers(0, 10**6))
    def retract(self, pick: int) -> None:
        positions = self.positions()
        if positions:
            self.attempt(Retract(position=positions[pick % len(positions)], reason="r"))

    @rule(pick=st.integers(0, 10**6), circumstances=st.integers(-10, 30), seed=st.integers())
    def amend(self, pick: int, circumstances: int, seed: int) -> None:
        attacks = [r.first for r in self.t.records if r.kind == "Attack"]
        if attacks:
            where = attacks[pick % len(attacks)]
            change = {"circumstances": circumstances}
            self.attempt(Amend(position=where, changes=change, reason="r"), seed)

    @rule(pick=st.integers(0, 10**6))
    def reinstate(self, pick: int) -> None:
        retracted = sorted(self.t.session.state.retracted)
        if retracted:
            self.attempt(Reinstate(position=retracted[pick % len(retracted)], reason="r"))

    @rule()
    def undo(self) -> None:
        self.attempt(Undo(reason="r"))

    @invariant()
    def the_projections_are_the_survivors_decided_again(self) -> None:
        assert views(fold(self.t.events)) == survivors_refolded(self.t)


Corrections.TestCase.settings = settings(
    max_examples=80,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestCorrections = Corrections.TestCase
