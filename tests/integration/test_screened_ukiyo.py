"""A test of Les Errants d'Ukiyo behind the GM's screen (issue 28, item 1): the GM gives
ana's Tengu two wounds behind the screen (« 0,3,3,6 »: a malus of 3 on every
technique), then she tests « déluge de plomb » (7) outside the manches. Her test is
decided with the malus, as it is; she reads a malus of 3 behind the GM's screen — never
the wounds — and her state holds none of them."""

from __future__ import annotations

import json

import msgspec
import pytest

from adapters.store import EventStore
from application.service import SessionService
from domain.events import SCREEN, Recorded
from domain.rulesets.ukiyo import commands as c
from domain.rulesets.ukiyo.events import Malus, TechniqueTested
from domain.session.commands import Retract
from domain.session.screen import for_players
from domain.session.verify import verify
from projections import project_state
from projections.timeline import describe
from tests.lines import unstated
from tests.replays.curate_ukiyo import faces, join, tengu
from tests.support import Clock


@pytest.fixture
def service(store: EventStore) -> SessionService:
    service = SessionService(store, clock=Clock())
    service.open(session_id="u", ruleset="ukiyo", gm="sensei")
    service.decide("u", join(tengu(), "ana"))
    service.decide("u", c.Wound(character="Tengu", count=2, hidden=True))
    test = c.Test(character="Tengu", technique="déluge de plomb", against=7)
    service.decide("u", test, actor="ana", dice=faces(4, 5, 3, 3))
    return service


def latest_test(service: SessionService) -> Recorded:
    return [r for r in service.store.read("u") if isinstance(r.event, TechniqueTested)][-1]


def test_her_test_bears_the_hidden_wounds_and_she_reads_them_behind_the_screen(
    service: SessionService,
) -> None:
    rolled = latest_test(service)
    event = rolled.event
    assert isinstance(event, TechniqueTested) and event.maluses == (Malus("wounds", 3),)
    assert event.result == 4 + 5 + 7 - 3
    theirs = for_players(rolled).event
    assert isinstance(theirs, TechniqueTested)
    assert theirs.maluses == (Malus("screen", 3),) and theirs.result == event.result
    line = describe(theirs, service.load("u").ruleset)
    assert f"− 3 {SCREEN}" in line and "wound" not in line
    assert not unstated(theirs, line)
    assert "wounds" in describe(event, service.load("u").ruleset)  # the GM reads them
    unseen = service.secrets("u").unseen()
    rows = [msgspec.to_builtins(for_players(r).event) for r in service.store.read("u")
            if r.position not in unseen]  # fmt: skip
    assert '"kind": "wounds"' not in json.dumps(rows)
    errants = json.dumps(project_state(service.seen_by("u", "ana").state), ensure_ascii=False)
    assert '"wounds": 3' not in errants and '"wounds": 2' not in errants
    assert verify(list(service.store.read("u")), service.store.records("u")).ok


def test_retracting_the_wounds_decides_her_test_again_without_the_malus(
    service: SessionService,
) -> None:
    [wound] = service.secrets("u").unseen()
    service.decide("u", Retract(position=wound, reason="the bullet missed"))
    event = latest_test(service).event
    assert isinstance(event, TechniqueTested) and (event.maluses, event.shown) == ((), None)
    assert verify(list(service.store.read("u")), service.store.records("u")).ok
