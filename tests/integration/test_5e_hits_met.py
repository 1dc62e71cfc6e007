"""A hit met is met for its hit (issue 28, item 3: « never re-binds it silently to another
event » — in every ruleset). 5th edition house rules: « hits owed are met oldest first »
(``kiroku resist``). Daini is hit twice for 6 by the GM's ``hit``; he meets the first;
the first is retracted. His resist was for it: the correction drops it, as a consequence,
instead of deciding it again for the second hit, identical and still owed — and says so
in its preview; his record names the hit it met, and verify holds it to it."""

from __future__ import annotations

import msgspec
import pytest

from adapters.store import EventStore
from application.service import SessionService
from domain.events import Recorded
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.events import (
    CriticalSuffered,
    DamageResolved,
    HitDealt,
    TurnEnded,
)
from domain.session.commands import Retract
from domain.session.record import Used
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


def test_a_turn_that_ends_by_itself_names_the_critical_that_knocked_him_out(
    store: EventStore,
) -> None:
    """Daini, Incapacitated, takes a critical from Ryoku's strike (« il perd
    connaissance et subit l'état Inconscient »); his turn then ends by
    itself, and its record names that critical (what ``why`` follows the skipped turn
    to), which verify holds it to."""
    from tests.replays.curate_5e import kakita_ryoku

    service = SessionService(store, clock=Clock())
    service.open(session_id="h", ruleset="l5r5e-house", gm="sensei")
    service.decide("h", join(kakita_ryoku(), "ana"))
    service.decide("h", join(mirumoto_daini(), "ben"))
    service.decide("h", c.StartConfrontation(kind="duel"))
    service.decide(
        "h", c.RollInitiative(character="Kakita Ryoku", ring="fire", keep="0,1"),
        dice=faces(5, 3, 1, 8, 1),
    )  # fmt: skip
    service.decide(
        "h", c.RollInitiative(character=DAINI, ring="water", keep="0"), dice=faces(5, 4, 1, 9)
    )
    service.decide("h", c.StartRound())
    service.decide("h", c.GiveFatigue(character=DAINI, amount=11))
    service.decide("h", c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    service.decide(
        "h", c.Strike(character="Kakita Ryoku", target=DAINI, keep="0,1"),
        dice=faces(5, 5, 1, 1, 1, 1),
    )  # fmt: skip
    service.decide("h", c.Resist(character=DAINI), dice=faces(1, 1, 1, 1, 1), actor="ben")
    [critical] = of(service, CriticalSuffered)
    service.decide("h", c.NextTurn())
    [skipped] = [r for r in of(service, TurnEnded) if r.event.skipped]  # type: ignore[attr-defined]
    record = service.store.records("h")[-1]
    assert record.used is not None
    assert [(u.event, u.used, u.bound) for u in record.used] == [
        (skipped.position, critical.position, False)
    ]
    assert verify(list(service.store.read("h")), service.store.records("h")).ok
    # a record made before the rules linked a skipped turn to its cause names nothing:
    # it still verifies, with a note of the link the rules find now
    older = [*service.store.records("h")[:-1], msgspec.structs.replace(record, used=())]
    verdict = verify(list(service.store.read("h")), older)
    assert verdict.ok and verdict.problem is None
    assert any(
        f"also find event {skipped.position} used event {critical.position}" in note
        for note in verdict.notes
    ), verdict.notes
    given_for = msgspec.structs.replace(record, used=(Used(skipped.position, 1, True),))
    wrong = verify(list(service.store.read("h")), [*service.store.records("h")[:-1], given_for])
    assert wrong.problem is not None and "its record says it used" in wrong.problem.message
