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
import pytest
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
from domain.session.commands import (
    CORRECTIONS,
    Amend,
    JoinCharacter,
    Reinstate,
    Retract,
    TakeNote,
    Undo,
)
from domain.session.correction import CORRECTION_KINDS, Correction
from domain.session.record import CommandRecord
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


def refolded(opening: Recorded, model: dict[int, tuple[int, CommandRecord]]) -> dict[str, Any]:
    """The model's surviving rulings in the order of their places, each decided again on
    a new session with its recorded dice: no correction machinery involved."""
    session = Session([opening])
    for _, record in sorted(model.values(), key=lambda entry: entry[0]):
        events, _ = redecide(session, record)
        start = session.version
        session.record([Recorded(start + i, e) for i, e in enumerate(events, 1)])
    return views(session.state)


class Survivors:
    """The model of a session's surviving rulings, kept from what was recorded: each by
    its first position, with its place in the story (a revision stands in its
    original's); and what each correction removed and added, to follow its take-back."""

    def __init__(self, records: list[CommandRecord]) -> None:
        self.model = {r.first: (r.first, r) for r in records}
        self.places = {r.first: r.first for r in records}
        self.corrected = 0
        """The corrections that revised or dropped a later ruling."""
        self.effects: dict[
            int,
            tuple[
                list[tuple[int, tuple[int, CommandRecord]]],
                list[tuple[int, tuple[int, CommandRecord]]],
            ],
        ] = {}
        """Each correction (by its first position): the model's entries it removed, and
        those it added."""

    def add(self, record: CommandRecord) -> None:
        """A ruling just recorded, in its own place."""
        self.model[record.first] = (record.first, record)
        self.places[record.first] = record.first

    def follow(self, outcome: Correction) -> None:
        """The model after a correction: what it retracted or dropped gone, each revision
        in its original's place, what it reinstated back in its place; a correction taken
        back gives back what it removed and removes what it added (as the model kept them
        when it was made), then its own consequences follow."""
        target = outcome.target
        assert target is not None
        removed: list[tuple[int, tuple[int, CommandRecord]]] = []
        added: list[tuple[int, tuple[int, CommandRecord]]] = []

        def pop(first: int) -> None:
            if first in self.model:
                removed.append((first, self.model.pop(first)))

        def put(first: int, entry: tuple[int, CommandRecord]) -> None:
            self.model[first] = entry
            added.append((first, entry))

        if outcome.taken_back is not None:
            gone, came = self.effects.get(outcome.taken_back.first, ([], []))
            for first, _ in came:
                pop(first)
            for first, entry in gone:
                put(first, entry)
        elif outcome.kind == "reinstate":
            put(target.first, (self.places[target.first], target))
        else:
            pop(target.first)
        for dropped in outcome.dropped:
            pop(dropped.original.first)
        for revision in outcome.revised:
            place = self.places[revision.original.first]
            pop(revision.original.first)
            put(revision.record.first, (place, revision.record))
            self.places[revision.record.first] = place
        self.effects[outcome.records[0].first] = (removed, added)
        self.corrected += bool(outcome.revised or outcome.dropped)


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
        self.survivors = Survivors(self.t.records)
        self.model = self.survivors.model

    def attempt(self, command: Command, seed: int | None = None, faces: Any = None) -> None:
        """Decide ``command`` (the rules may refuse it: then nothing is appended), and
        keep the model of the surviving rulings — each by its first position, with its
        place — up to date from what was recorded."""
        dice = faces if faces is not None else None if seed is None else random.Random(seed)
        if isinstance(command, CORRECTIONS):
            try:
                outcome = self.t.correct(command, fresh=dice)
            except KirokuError:
                return
            self.t.append(outcome.events, outcome.records)
            self.follow(outcome)
            return
        with contextlib.suppress(KirokuError):
            self.t.do(command, dice=dice)
            self.survivors.add(self.t.records[-1])

    def follow(self, outcome: Correction) -> None:
        self.survivors.follow(outcome)

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
        self.attempt(hit, faces=FaceQueue([high] * 20))
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
        assert views(fold(self.t.events)) == refolded(self.t.events[0], self.model)

    @invariant()
    def every_correction_still_counts(self) -> None:
        state = self.t.session.state
        assert not state.headings & set(state.retracted)


def test_the_machine_makes_corrections_with_consequences() -> None:
    """The property is not vacuous: runs of the machine do correct rulings whose
    consequences revise or drop later ones."""
    machine = Corrections()
    machine.attack_and_damage(KANEKA, 0, 9, 1)
    machine.heal(FUMI, 2)
    machine.amend(0, 30, 3)  # the hit becomes a miss: its damage and the heal are dropped
    machine.the_projections_are_the_survivors_decided_again()
    assert machine.survivors.corrected == 1
    machine.reinstate(0)
    machine.the_projections_are_the_survivors_decided_again()


Corrections.TestCase.settings = settings(
    max_examples=80,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestCorrections = pytest.mark.slow(Corrections.TestCase)
