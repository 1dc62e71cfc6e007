"""The property of corrections in every ruleset, secrets included (issue 28's bar): an
evening of each ruleset — one of its curated replays, command by command, each as its
actor gave it — is played through the service (the memory store), with hidden rulings,
reveals, retractions, amendments, reinstatements and undos at random between its commands. After
every step:

- the state equals a fresh session playing the surviving rulings, each decided again in
  its place with its recorded dice (no correction machinery involved);
- ``verify`` re-judges the stored session whole, hidden rulings and screened ones too;
- every line, the GM's and the players', states the numbers its event holds
  (:func:`tests.lines.unstated`);
- what the players read is the GM's record filtered afterwards: the players' state the
  service keeps, step by step, equals the one folded from scratch, and the stream a
  player follows (its numbering and every row of it) equals a fresh read of it;
- snapshots are taken every :data:`EVERY` events, the players' view beside the GM's, and
  the players' state read from them (as a correction reads it before a place, as the API
  serves it) equals the one folded from scratch, whatever was revealed or corrected since
  they were taken.

A command the rules now refuse (a damage whose hit was retracted) is passed over, as a
table would.
"""

from __future__ import annotations

import contextlib
import copy
import os
import random
from typing import Any, ClassVar

import msgspec
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from adapters.http.reads import event_row
from adapters.snapshot_store import SnapshotStore
from adapters.store import EventStore, StoreConfig
from application.service import SessionService
from application.sight import Sight
from application.stored_secrets import stored_secrets
from domain.commands import Command
from domain.errors import KirokuError
from domain.events import Recorded, SessionOpened
from domain.session.commands import (
    Amend,
    Reinstate,
    Retract,
    Reveal,
    TakeNote,
    Undo,
    hideable,
)
from domain.session.correction import CORRECTION_KINDS, History
from domain.session.rejudge import ReplayedDice, command_for, recorded_faces
from domain.session.screen import for_players
from domain.session.secrets import Secrets, players_state
from domain.session.verify import verify
from projections import players, project_state, snapshots
from projections.timeline import describe
from tests.lines import unstated
from tests.replays.curate import SESSIONS
from tests.support import Clock
from tests.unit.test_corrections_stateful import Survivors, refolded, views

pytestmark = pytest.mark.slow  # five evenings' state machines, 30 runs of 40 steps each

Step = tuple[Command, str, tuple[int, ...]]
"""A command of the evening, its actor, and the faces its dice showed."""


class Evening(RuleBasedStateMachine):
    """One curated evening (:attr:`script`), played with corrections and secrets."""

    script: ClassVar[str]
    player: ClassVar[str]
    """Whose view of the session is followed (a player of the evening)."""

    def __init__(self) -> None:
        super().__init__()
        table = SESSIONS[self.script]()
        opened = table.events[0].event
        assert isinstance(opened, SessionOpened)
        self.sid, self.gm = opened.session, opened.gm
        self.every, snapshots.EVERY = snapshots.EVERY, EVERY
        self.store = EventStore(StoreConfig(kind="memory"))
        self.service = SessionService(self.store, clock=Clock())
        self.service.open(
            session_id=self.sid, ruleset=opened.ruleset, gm=opened.gm,
            options=dict(opened.options),
        )  # fmt: skip
        session = table.session
        self.steps: list[Step] = [
            (command_for(r, session), r.actor, recorded_faces(r)) for r in table.records
        ]
        self.next = 0
        self.survivors = Survivors([])
        self.sight = Sight(self.sid)
        """The player's stream, followed step by step as a front end follows it."""

    # -- what the table does -------------------------------------------------------------

    def decide(self, command: Command, actor: str, dice: Any = None) -> None:
        with contextlib.suppress(KirokuError):
            self.service.decide(self.sid, command, actor=actor, dice=dice)
            self.survivors.add(self.store.records(self.sid)[-1])

    def correct(self, command: Command) -> None:
        try:
            outcome, _ = self.service.correct(self.sid, command, actor=self.gm)
        except KirokuError:
            return
        self.survivors.follow(outcome)

    def rulings(self) -> list[int]:
        return [r.first for r in self.store.records(self.sid) if r.kind not in CORRECTION_KINDS]

    @precondition(lambda self: self.next < len(self.steps))
    @rule(hidden=st.booleans(), seed=st.integers(0, 10**6))
    def play_on(self, hidden: bool, seed: int) -> None:
        """The evening's next command, as its actor gave it, with the faces it showed
        then fresh dice; the GM's given hidden, at random, where it may be."""
        command, actor, faces = self.steps[self.next]
        self.next += 1
        if hidden and actor == self.gm and hideable(type(command)):
            command = msgspec.structs.replace(command, hidden=True)
        self.decide(command, actor, ReplayedDice(faces, random.Random(seed)))

    @rule(hidden=st.booleans())
    def note(self, hidden: bool) -> None:
        self.decide(TakeNote(text="a note", hidden=hidden), self.gm)

    @rule(pick=st.integers(0, 10**6))
    def reveal(self, pick: int) -> None:
        secret = sorted(self.service.secrets(self.sid).unseen())
        if secret:
            self.decide(Reveal(position=secret[pick % len(secret)]), self.gm)

    @rule(pick=st.integers(0, 10**6))
    def retract(self, pick: int) -> None:
        rulings = self.rulings()
        if rulings:
            self.correct(Retract(position=rulings[pick % len(rulings)], reason="r"))

    @rule(pick=st.integers(0, 10**6), by=st.integers(1, 3), seed=st.integers(0, 10**6))
    def amend(self, pick: int, by: int, seed: int) -> None:
        """A ruling given anew with one of its numbers moved by ``by`` (or a yes/no
        turned): whatever the ruleset, the amended ruling and every later one decided
        again on the history so corrected — or refused by the rules, as a table's
        would be."""
        retracted = self.service.load(self.sid).state.retracted
        choices = [
            (r.first, name, value)
            for r in self.store.records(self.sid)
            if r.kind not in CORRECTION_KINDS and r.first not in retracted
            for name, value in sorted(r.inputs.items())
            if isinstance(value, int) and name != "hidden"
        ]
        if not choices:
            return
        first, name, value = choices[pick % len(choices)]
        given = (
            not value if isinstance(value, bool) else max(0, value - by if pick % 2 else value + by)
        )
        if given == value:
            given = value + by
        with contextlib.suppress(KirokuError):
            outcome, _ = self.service.correct(
                self.sid,
                Amend(position=first, changes={name: given}, reason="r"),
                actor=self.gm,
                dice=random.Random(seed),
            )
            self.survivors.follow(outcome)

    @rule(pick=st.integers(0, 10**6))
    def reinstate(self, pick: int) -> None:
        retracted = sorted(self.service.load(self.sid).state.retracted)
        if retracted:
            self.correct(Reinstate(position=retracted[pick % len(retracted)], reason="r"))

    @rule()
    def undo(self) -> None:
        self.correct(Undo(reason="r"))

    # -- what must hold after every step -------------------------------------------------

    def stored(self) -> list[Recorded]:
        return list(self.store.read(self.sid))

    @invariant()
    def the_state_is_the_survivors_decided_again(self) -> None:
        events = self.stored()
        assert views(self.service.load(self.sid).state) == refolded(events[0], self.survivors.model)

    @invariant()
    def verify_re_judges_it_whole(self) -> None:
        verdict = verify(self.stored(), self.store.records(self.sid))
        assert verdict.ok, verdict.problem and verdict.problem.message

    @invariant()
    def the_players_read_the_record_filtered_afterwards(self) -> None:
        events, records = self.stored(), self.store.records(self.sid)
        secrets = Secrets.of(events, records)
        afresh = project_state(players_state(events, secrets))
        kept = project_state(self.service.seen_by(self.sid, self.player).state)
        afresh["session"].pop("position"), kept["session"].pop("position")
        assert kept == afresh
        session = self.service.load(self.sid)
        head = session.version
        self.sight.catch_up(self.store, head)
        fresh = Sight(self.sid)
        fresh.catch_up(self.store, head)
        assert self.sight.public == fresh.public
        for recorded in events:
            line = describe(recorded.event, session.ruleset)
            assert not unstated(recorded.event, line), (line, unstated(recorded.event, line))
            if fresh.number(recorded.position) is not None:
                row = event_row(for_players(recorded), session)
                seen = for_players(recorded).event
                assert not unstated(seen, row["summary"]), (row["summary"], unstated(seen, line))
                theirs = self.sight.public_row(copy.deepcopy(row))
                assert theirs == fresh.public_row(copy.deepcopy(row))

    @invariant()
    def the_players_snapshots_give_the_state_folded_from_scratch(self) -> None:
        events, records = self.stored(), self.store.records(self.sid)
        secrets = Secrets.of(events, records)
        assert stored_secrets(self.store, self.sid) == secrets  # on from the latest snapshot
        anew = SessionService(self.store, clock=Clock()).seen_by(self.sid, self.player)
        assert views(anew.state) == views(players_state(events, secrets))
        if not secrets.keeps_any:
            return
        head = events[-1].position
        whole = History(events, records)
        unseen, names = frozenset(secrets.unseen()), secrets.kept_names()
        kept = SnapshotStore(self.store)
        for place in sorted({*range(2, head + 2, max(1, head // 5)), head + 1}):
            theirs, _ = players.load(
                self.store, kept, self.sid, secrets, place - 1, as_corrected=True
            )
            assert views(theirs) == views(whole.players_before(place, unseen, names)), place
        sight = Sight(self.sid)
        sight.catch_up(self.store, head)
        served = sight.projections(self.store)
        served.pop("session")
        assert served == views(players_state(events, secrets))

    def teardown(self) -> None:
        snapshots.EVERY = self.every
        self.store.close()


EVERY = 4
"""How often a snapshot is taken here: every few rulings, so that corrections and reveals
reach back past them."""

SETTINGS = settings(
    max_examples=int(os.environ.get("KIROKU_EVENING_EXAMPLES", "30")),
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def evening(script: str, player: str) -> type[Evening]:
    machine: type[Evening] = type(
        f"Evening_{script}", (Evening,), {"script": script, "player": player}
    )
    machine.TestCase.settings = SETTINGS
    return machine


TestL5r4e = evening("damage-and-archery", "ben").TestCase
TestL5r3e = evening("l5r3e-fumi-and-rola", "ana").TestCase
TestHouseFlow = evening("l5r-house-two-rounds", "ben").TestCase
TestL5r5eHouse = evening("l5r5e-house-duel", "ana").TestCase
TestUkiyo = evening("ukiyo-tengu-wasari", "ana").TestCase


def test_an_evening_played_straight_is_its_curated_replay() -> None:
    """The machine is not vacuous: the evening played command by command, without a
    correction, records what its curated replay holds, and its invariants hold."""
    for script in ("l5r3e-fumi-and-rola", "ukiyo-tengu-wasari"):
        machine = evening(script, "ana")()
        while machine.next < len(machine.steps):
            machine.play_on(False, 0)
        table = SESSIONS[script]()
        assert [type(r.event) for r in machine.stored()] == [type(r.event) for r in table.events]
        assert len(machine.survivors.model) == len(table.records)
        machine.the_state_is_the_survivors_decided_again()
        machine.verify_re_judges_it_whole()
        machine.the_players_read_the_record_filtered_afterwards()
        machine.teardown()
