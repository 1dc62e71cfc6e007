"""The GM's screen, as a property (issue 28): in any sequence of hidden and open
wounds, a player's rolls, notes and the GM's retractions and reveals, every ruling re-judges to
itself (decided on everything, secrets included, every time), and what the players
read of each of ana's rolls adds up to the TN it was decided on without naming a
wound they were never shown."""

from __future__ import annotations

from pathlib import Path

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.store import EventStore, StoreConfig
from application.service import SessionService
from application.stored_secrets import stored_secrets
from domain.dice.roll_keep.die import Die
from domain.errors import KirokuError
from domain.events import Recorded
from domain.rulesets.l5r4e.commands.books import TakeWounds
from domain.rulesets.l5r4e.commands.table import Roll
from domain.rulesets.roll_keep_kit.events import DiceRolled
from domain.rulesets.roll_keep_kit.modifiers import tn_with
from domain.session.aggregate import Session
from domain.session.commands import JoinCharacter, Retract, Reveal, TakeNote
from domain.session.rejudge import redecide
from domain.session.screen import LowestFaces, for_players
from domain.session.secrets import players_state
from domain.session.verify import verify
from tests.support import GM, Clock, sheet

KANEKA = msgspec.to_builtins(sheet())
FACES = [Die((7,)), Die((6,)), Die((5,))]

step = st.one_of(
    st.tuples(st.just("hidden wound"), st.integers(1, 25)),
    st.tuples(st.just("open wound"), st.integers(1, 25)),
    st.tuples(st.just("roll"), st.integers(5, 30)),
    st.tuples(st.just("note"), st.integers(0, 0)),
    st.tuples(st.just("retract"), st.integers(3, 30)),
    st.tuples(st.just("reveal"), st.integers(3, 30)),
)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=st.lists(step, min_size=1, max_size=10))
def test_every_ruling_weighs_the_secrets_and_players_read_only_what_they_were_shown(
    tmp_path: Path, steps: list[tuple[str, int]]
) -> None:
    with EventStore(StoreConfig(data_dir=tmp_path / "data").with_store("memory")) as store:
        service = SessionService(store, clock=Clock())
        service.open(session_id="night", ruleset="l5r4e", gm=GM)
        service.decide("night", JoinCharacter(sheet=KANEKA, player="ana"))
        open_wounds = False
        secret: list[int] = []
        for kind, amount in steps:
            try:
                if kind == "roll":
                    command = Roll(character="Akodo Kaneka", trait="agility", tn=amount)
                    [rolled] = service.decide("night", command, actor="ana", dice=FACES)
                    assert_shown_as_the_players_state_gives(store, rolled)
                elif kind == "note":
                    service.decide("night", TakeNote(text="a scene"))
                elif kind == "reveal":  # one of the hidden wounds (or refused: none)
                    target = secret[amount % len(secret)] if secret else amount
                    service.decide("night", Reveal(position=target))
                    open_wounds = True  # what it showed may be a wound
                elif kind == "retract":
                    service.decide("night", Retract(position=amount, reason="contested"))
                else:
                    hidden = kind == "hidden wound"
                    wound = TakeWounds(character="Akodo Kaneka", amount=amount, hidden=hidden)
                    [dealt] = service.decide("night", wound)
                    open_wounds = open_wounds or not hidden
                    secret += [dealt.position] if hidden else []
            except KirokuError:
                pass  # refused whole: nothing appended
            events = list(store.read("night", 0))
            verdict = verify(events, store.records("night"))
            assert verdict.ok, (steps, verdict.problem and verdict.problem.diff())
            unseen = service.secrets("night").unseen()
            for recorded in events:
                if recorded.position in unseen or not isinstance(recorded.event, DiceRolled):
                    continue
                theirs = for_players(recorded).event
                assert isinstance(theirs, DiceRolled)
                assert theirs.roll == recorded.event.roll  # the dice and outcome as they are
                if theirs.roll.tn is not None and theirs.base_tn is not None:
                    assert tn_with(theirs.base_tn, theirs.parts) == theirs.roll.tn
                if not open_wounds:
                    assert not any(p.source.startswith("wound") for p in theirs.parts), steps


def assert_shown_as_the_players_state_gives(store: EventStore, rolled: Recorded) -> None:
    """What ana is shown of the roll just decided is that roll decided on the players'
    state read whole from the store (the service folds it forward, read again whole
    only after a reveal or a correction: a stale one would show her other parts)."""
    event = rolled.event
    assert isinstance(event, DiceRolled)
    position = rolled.position
    then = stored_secrets(store, "night", position - 1)
    if not then.keeps_any:
        assert event.shown is None
        return
    before = list(store.read("night", 0, until=position - 1))
    seen = Session(state=players_state(before, then))
    record = store.command_of("night", position)
    assert record is not None
    [theirs], _ = redecide(seen, record, then=LowestFaces())
    assert isinstance(theirs, DiceRolled)
    shown = (event.base_tn, event.parts) if event.shown is None else (
        event.shown.base_tn, event.shown.parts)  # fmt: skip
    assert shown == (theirs.base_tn, theirs.parts)


def test_a_reveal_counts_in_what_ana_is_shown_of_her_next_roll(tmp_path: Path) -> None:
    """Two poisons behind the screen, ana rolls, the first is revealed, ana rolls again:
    she is shown the revealed poison's penalty as hers to know, the other behind the
    screen — the players' state the service keeps is read again after the reveal."""
    with EventStore(StoreConfig(data_dir=tmp_path / "data").with_store("memory")) as store:
        service = SessionService(store, clock=Clock())
        service.open(session_id="night", ruleset="l5r4e", gm=GM)
        service.decide("night", JoinCharacter(sheet=KANEKA, player="ana"))
        roll = Roll(character="Akodo Kaneka", trait="agility", tn=10)
        [first] = service.decide(
            "night", TakeWounds(character="Akodo Kaneka", amount=20, hidden=True)
        )
        [before] = service.decide("night", roll, actor="ana", dice=FACES)
        assert_shown_as_the_players_state_gives(store, before)
        service.decide("night", TakeWounds(character="Akodo Kaneka", amount=5, hidden=True))
        service.decide("night", Reveal(position=first.position))
        [after] = service.decide("night", roll, actor="ana", dice=FACES)
        assert_shown_as_the_players_state_gives(store, after)
        theirs = for_players(after).event
        assert isinstance(theirs, DiceRolled)
        assert any(p.source.startswith("wound penalty") for p in theirs.parts)
