"""A carried sheet the GM reveals (issue 28, item 1: « a hidden change carried over stays
hidden from them until revealed »), on every store: in w1 Kaneka takes 9 wounds behind the
screen and 5 in the open; carried into w2, the players read 5 until the GM reveals the
joining, then 14 — the same on every path the players' state is read by: folded from
scratch, from the players' snapshots (before the reveal and after it), by a service
that has followed the session, by a new one, and by the API's stream."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from adapters.snapshot_store import SnapshotStore
from adapters.store import EventStore
from application import campaigns
from application.service import SessionService
from application.sight import Sight
from domain.errors import IllegalUnderRules
from domain.rulesets.l5r4e.commands.books import TakeWounds
from domain.session.commands import JoinCharacter, Reveal, TakeNote
from domain.session.secrets import Secrets, players_state
from domain.session.verify import verify
from projections import players, project_state, snapshots
from tests.support import GM, Clock, sheet

KANEKA = "Akodo Kaneka"


def views(state: Any) -> dict[str, Any]:
    seen = project_state(state)
    seen["session"].pop("position")
    return seen


@pytest.fixture
def carried(store: EventStore, monkeypatch: pytest.MonkeyPatch) -> SessionService:
    monkeypatch.setattr(snapshots, "EVERY", 2)  # snapshots on both sides of the reveal
    service = SessionService(store, clock=Clock())
    campaigns.open_campaign(
        service, campaign="winter", gm=GM, ruleset="l5r4e", title="", at=service.clock()
    )
    for sid in ("w1", "w2"):
        service.open(session_id=sid, ruleset="l5r4e", gm=GM, campaign="winter")
    service.decide("w1", JoinCharacter(sheet=msgspec.to_builtins(sheet()), player="ana"))
    service.decide("w1", TakeWounds(character=KANEKA, amount=5, source="a thrown knife"))
    service.decide("w1", TakeWounds(character=KANEKA, amount=9, source="poison", hidden=True))
    service.decide("w2", campaigns.carried_join(service, "w2", KANEKA, days=0))
    for text in ("the snow falls", "the road narrows"):
        service.decide("w2", TakeNote(text=text))
        service.snapshot("w2", force=True)
    return service


def theirs_everywhere(service: SessionService) -> dict[str, Any]:
    """The players' state of w2 read every way, each of which must agree."""
    store = service.store
    events, records = list(store.read("w2")), store.records("w2")
    secrets = Secrets.of(events, records)
    afresh = views(players_state(events, secrets))
    assert views(service.seen_by("w2", "ana").state) == afresh
    assert views(SessionService(store, clock=Clock()).seen_by("w2", "ana").state) == afresh
    loaded, _ = players.load(store, SnapshotStore(store), "w2", secrets)
    assert views(loaded) == afresh
    sight = Sight("w2")
    sight.catch_up(store, events[-1].position)
    served = sight.projections(store)
    served.pop("session")
    afresh.pop("session")
    assert served == afresh
    assert verify(events, records).ok
    return afresh


def wounds(state: dict[str, Any]) -> int:
    return int(state["wounds"][KANEKA]["wounds"])


def test_the_players_read_the_sheet_they_saw_until_the_gm_reveals_it(
    carried: SessionService,
) -> None:
    assert wounds(theirs_everywhere(carried)) == 5
    assert wounds(project_state(carried.load("w2").state)) == 14  # the GM's, which counts
    reveal = carried.decide("w2", Reveal(position=2))[0].position
    assert wounds(theirs_everywhere(carried)) == 14
    carried.decide("w2", TakeNote(text="the poison shows"))
    carried.snapshot("w2", force=True)
    assert wounds(theirs_everywhere(carried)) == 14
    secrets = Secrets.of(list(carried.store.read("w2")), carried.store.records("w2"))
    before, _ = players.load(carried.store, SnapshotStore(carried.store), "w2", secrets, reveal - 1)
    assert wounds(project_state(before)) == 5  # as they read it before the reveal
    with pytest.raises(IllegalUnderRules, match=f"the sheet at 2 was revealed at {reveal}"):
        carried.decide("w2", Reveal(position=2))


def test_a_sheet_not_screened_is_not_revealed(carried: SessionService) -> None:
    with pytest.raises(IllegalUnderRules, match="event 3 is not hidden"):
        carried.decide("w2", Reveal(position=3))
    assert len(list(carried.store.read("w2"))) == 4  # nothing appended
