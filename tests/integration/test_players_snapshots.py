"""Snapshots of the players' view (issue 28): while the GM keeps something from the
players, their state is snapshotted beside the GM's, so that a correction screening a
player's ruling, a player's command after a reveal and the players' state the API
serves read the events since the latest snapshot, not the whole session — and come out
as the state folded from scratch, whatever was revealed or corrected since."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from adapters.snapshot_store import SnapshotStore
from application.revisions import Placements
from application.service import SessionService
from application.shown import players_before
from application.sight import Sight
from application.stored_secrets import stored_secrets
from domain.events import NoteTaken, Recorded
from domain.names import key
from domain.rulesets.l5r4e.commands.books import TakeWounds
from domain.rulesets.l5r4e.commands.table import Roll, RollInitiative, StartCombat
from domain.session.commands import JoinCharacter, Retract, Reveal, TakeNote
from domain.session.correction import History
from domain.session.secrets import Secrets, players_state, standing_on
from projections import players, project_state
from tests.integration.conftest import Counting
from tests.support import GM, Clock, sheet

FUMI = "Bayushi Fumi"


@pytest.fixture
def store(counting: Counting) -> Counting:
    """A SQLite store counting the events read from it, snapshotted every 10 events."""
    return counting


def play(service: SessionService, events: int, poisoned_at: int, noted_at: int = 0) -> None:
    """Kaneka (ana) and Fumi (ben) in a fight; the GM's hidden poison on Fumi lands at
    ``poisoned_at`` (and a hidden note at ``noted_at``); the GM wounds Fumi and ben
    rolls her Agility by turns, to ``events`` (each of ben's rolls from the poison on
    is screened)."""
    service.open(session_id="long", ruleset="l5r4e", gm=GM)
    for name, player in (("Akodo Kaneka", "ana"), (FUMI, "ben")):
        raw: dict[str, Any] = msgspec.to_builtins(sheet(name, stamina=9, willpower=9))
        service.decide("long", JoinCharacter(sheet=raw, player=player))
    service.decide("long", StartCombat())
    service.decide("long", RollInitiative(character="Akodo Kaneka"), dice=random.Random(1))
    while (head := service.load("long").version) < events:
        if head + 1 == poisoned_at:
            service.decide("long", TakeWounds(character=FUMI, amount=20, hidden=True))
        elif head + 1 == noted_at:
            service.decide("long", TakeNote(text="a ronin watches", hidden=True))
        elif head % 2:
            service.decide("long", TakeWounds(character=FUMI, amount=1))
        else:
            roll = Roll(character=FUMI, trait="agility", tn=15)
            service.decide("long", roll, actor="ben", dice=random.Random(head))


def from_scratch(store: Counting) -> dict[str, Any]:
    events = list(store.read("long"))
    theirs = project_state(players_state(events, Secrets.of(events, store.records("long"))))
    theirs.pop("session")
    return theirs


def seen(state: Any) -> dict[str, Any]:
    views = project_state(state)
    views.pop("session")
    return views


def test_a_correction_near_the_head_reads_the_players_view_from_its_snapshot(
    store: Counting,
) -> None:
    service = SessionService(store, clock=Clock())
    play(service, events=200, poisoned_at=25)
    latest = players.players_version("l5r4e")
    assert [p for p, _ in SnapshotStore(store).latest("long", latest)] == [200]
    gm_at_198 = [r for r in store.records("long") if r.first == 198 and r.actor == GM]
    assert gm_at_198  # ben's roll at 199 is decided again, screened on the players' view
    Counting.read_count = 0
    service.decide("long", Retract(position=198, reason="that cut was parried"))
    # each of its reads (the GM's state before 198, the players', the rulings after,
    # the state and the snapshots after it) from the snapshots at 190: not 200 events
    assert Counting.read_count <= 60
    fresh = SessionService(store, clock=Clock())
    assert seen(fresh.seen_by("long", "ben").state) == from_scratch(store)
    assert (
        project_state(fresh.seen_by("long", "ben").state)["wounds"]
        != project_state(fresh.load("long").state)["wounds"]
    )  # the poison is still kept from them


def test_a_new_process_reads_what_the_players_see_from_their_snapshot(store: Counting) -> None:
    play(SessionService(store, clock=Clock()), events=65, poisoned_at=25)
    Counting.read_count = 0
    theirs = SessionService(store, clock=Clock()).seen_by("long", "ben").state
    assert Counting.read_count <= 3 * 5  # the state, the secrets, theirs: each from 60
    assert seen(theirs) == from_scratch(store)
    Counting.read_count = 0
    sight = Sight("long")  # the API's reader of the players' stream and state
    sight.catch_up(store, 65)
    served = sight.projections(store)
    assert Counting.read_count <= 2 * 5
    assert sight.public == [p for p in range(1, 66) if p != 25]
    served.pop("session")
    assert served == from_scratch(store)
    events = list(store.read("long"))
    whole = Secrets.of(events, store.records("long"))
    assert stored_secrets(store, "long") == whole


def test_a_reveal_sends_the_players_fold_back_before_what_it_shows(store: Counting) -> None:
    service = SessionService(store, clock=Clock())
    play(service, events=60, poisoned_at=25, noted_at=15)
    service.decide("long", Reveal(position=25))  # the poison; the note at 15 stays hidden
    secrets = service.secrets("long")
    kept = SnapshotStore(store)
    Counting.read_count = 0
    before, at = players.load(store, kept, "long", secrets, 59, as_corrected=True)
    assert at == 20  # the players' at 30…60 kept the poison; the GM's at 10 the note
    assert Counting.read_count == 59 - 20
    events, records = list(store.read("long")), store.records("long")
    unseen, names = frozenset(secrets.unseen()), secrets.kept_names()
    assert seen(before) == seen(History(events, records).players_before(60, unseen, names))
    Counting.read_count = 0
    now, at = players.load(store, kept, "long", secrets)
    assert (at, Counting.read_count) == (61, 0)  # the reveal's own, taken with it
    assert seen(now) == from_scratch(store)
    Counting.read_count = 0
    then, at = players.load(store, kept, "long", secrets, 59)
    assert at == 50  # as of 59 the poison was kept: the players' snapshot at 50 holds
    assert seen(then) == seen(players_state(events, secrets, 59))


def test_an_event_stands_on_a_hidden_joining_only_after_it() -> None:
    """A character named before their hidden joining (a note that says only their name)
    stands on nothing of it: what the players fold up to a position never depends on a
    joining after it."""
    note = NoteTaken(text=FUMI, actor=GM, at=Clock()())
    joined_at = {key(FUMI): 5}
    assert not standing_on(Recorded(3, note), joined_at)
    assert standing_on(Recorded(6, note), joined_at)


def test_a_player_s_audit_after_a_reveal_reads_the_revealed_ruling_before_hers(
    store: Counting,
) -> None:
    """``kiroku show --as ben`` explains his roll on the state the players see before
    it; once the GM has revealed the poison, they see it there (what is kept from them
    is counted as of now, ``kept_now``), though it was kept when he rolled."""
    service = SessionService(store, clock=Clock())
    play(service, events=60, poisoned_at=25, noted_at=15)
    service.decide("long", Reveal(position=25))
    events, records = list(store.read("long")), store.records("long")
    [ruling] = [r.position for r in events if r.position > 40 and r.event.actor == "ben"][:1]
    audited = players_before(service, "long", ruling, Placements.read(store, "long"))
    secrets = Secrets.of(events, records)
    now = History(events, records).players_before(
        ruling, frozenset(secrets.unseen()), secrets.kept_names()
    )
    then = players_state(events, secrets, ruling - 1)
    assert audited == now.table
    assert key(FUMI) in str(audited) and audited != then.table  # the poison counts now
