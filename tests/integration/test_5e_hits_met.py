"""A hit met is met for its hit (issue 28, item 3: « never re-binds it silently to another
event » — in every ruleset). 5th edition house rules: « hits owed are met oldest first »
(``kiroku resist``). Daini is hit twice for 6 by the GM's ``hit``; he meets the first;
the first is retracted. His resist was for it: the correction drops it, as a consequence,
instead of deciding it again for the second hit, identical and still owed — and says so
in its preview; his record names the hit it met, and verify holds it to it."""

from __future__ import annotations

import pytest

from adapters.service import SessionService
from adapters.store import EventStore
from domain.events import Recorded
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.events import DamageResolved, HitDealt
from domain.session.commands import Retract
from domain.session.verify import verify
from tests.replays.curate_5e import faces, join, mirumoto_daini
from tests.support import Clock

DAINI = "Mirumoto Daini"


@pytest.fixture
def met(store: EventStore) -> SessionService:
    service = SessionService(store, clock=Clock())
    service.open(session_id="h", ruleset="l5r5e-house", gm="sensei")
    service.decide("h", join(mirumoto_daini(), "sensei"))
    for source in ("a falling beam", "a falling stone"):
        service.decide("h", c.DealHit(character=DAINI, damage=6, deadliness=3, source=source))
    service.decide("h", c.Resist(character=DAINI, ring="earth"), dice=faces(5, 4, 1, 9, 8))
    return service


def of(service: SessionService, kind: type) -> list[Recorded]:
    return [r for r in service.store.read("h") if isinstance(r.event, kind)]


def test_the_resist_names_the_oldest_hit_owed(met: SessionService) -> None:
    first, second = (r.position for r in of(met, HitDealt))
    [resist] = [r for r in met.store.records("h") if r.command == "resist"]
    assert resist.used is not None and {u.used for u in resist.used} == {first}
    assert all(u.bound for u in resist.used) and second not in {u.used for u in resist.used}
    assert verify(list(met.store.read("h")), met.store.records("h")).ok


def test_retracting_the_hit_drops_the_resist_made_for_it(met: SessionService) -> None:
    first, second = (r.position for r in of(met, HitDealt))
    [resisted] = of(met, DamageResolved)
    retract = Retract(position=first, reason="the beam held")
    preview, _, _ = met.preview("h", retract)
    [dropped] = preview.dropped
    assert dropped.original.command == "resist"
    assert dropped.why == (
        f"the hit it meets (event {first}) no longer counts, and it is not given again for another"
    )
    met.correct("h", retract)
    state = met.load("h").state
    assert resisted.position in state.retracted
    assert verify(list(met.store.read("h")), met.store.records("h")).ok
    assert second not in state.retracted
    [owed] = state.table.fighters["mirumoto daini"].owed  # the second hit, still owed
    assert owed.source == "a falling stone"
