"""A critical's effect the GM keeps hidden (issue 31, DESIGN principle 9): a wound the GM
rules in secret weighs on the wounded character's own check, decided on everything; the
player reads the check's TN with the wound behind the screen, and no path of theirs names
it — their view is the GM's record filtered afterwards."""

from __future__ import annotations

import json

import msgspec
import pytest

from adapters.store import EventStore
from application.service import SessionService
from domain.events import SCREEN
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.events import CheckRolled, TnPart
from domain.rulesets.l5r5e_house.injury_commands import Afflict
from domain.rulesets.l5r5e_house.injury_events import Bled, DyingCounted
from domain.session.screen import for_players
from domain.session.verify import verify
from projections import project_state
from tests.replays.curate_5e import faces, join, kakita_ryoku
from tests.support import Clock

WOUND = "Lightly Wounded (fire)"


@pytest.fixture
def service(store: EventStore) -> SessionService:
    """The GM wounds Ryoku's Fire in secret (a poison's work); ana then checks his
    Fitness in Fire at TN 1."""
    service = SessionService(store, clock=Clock())
    service.open(session_id="poison", ruleset="l5r5e-house", gm="sensei")
    service.decide("poison", join(kakita_ryoku(), "ana"))
    afflict = Afflict(character="Kakita Ryoku", effect="lightly-wounded", ring="fire",
                      source="a slow poison", hidden=True)  # fmt: skip
    service.decide("poison", afflict)
    check = c.Check(character="Kakita Ryoku", skill="Fitness", ring="fire", tn=1)
    service.decide("poison", check, actor="ana", dice=faces(5, 1, 1, 1))
    return service


def test_the_hidden_wound_weighs_on_her_check_behind_the_screen(service: SessionService) -> None:
    [rolled] = [r for r in service.store.read("poison") if isinstance(r.event, CheckRolled)]
    event = rolled.event
    assert isinstance(event, CheckRolled) and event.roll.tn == 2 and not event.roll.success
    assert event.tn_parts[-1] == TnPart(WOUND, 1)
    theirs = for_players(rolled).event
    assert isinstance(theirs, CheckRolled)
    assert theirs.tn_parts == (TnPart("the GM", 1), TnPart(SCREEN, 1))
    events, records = list(service.store.read("poison")), service.store.records("poison")
    assert verify(events, records).ok


def test_no_path_of_hers_names_the_wound(service: SessionService) -> None:
    unseen = service.secrets("poison").unseen()
    rows = [msgspec.to_builtins(for_players(r).event) for r in service.store.read("poison")
            if r.position not in unseen]  # fmt: skip
    assert "Wounded" not in json.dumps(rows, ensure_ascii=False)
    theirs = project_state(service.seen_by("poison", "ana").state)["fighters"]["Kakita Ryoku"]
    assert theirs["conditions"]["wounds"] == {}
    gm = project_state(service.load("poison").state)["fighters"]["Kakita Ryoku"]
    assert gm["conditions"]["wounds"] == {"fire": "lightly"}


@pytest.fixture
def bleeding(store: EventStore) -> SessionService:
    """The GM makes Ryoku bleed in secret; ana checks his Fitness in Fire (3 ring dice),
    two dice showing success and strife kept: he bleeds 2, owed, unaware of the cause."""
    service = SessionService(store, clock=Clock())
    service.open(session_id="cut", ruleset="l5r5e-house", gm="sensei")
    service.decide("cut", join(kakita_ryoku(), "ana"))
    afflict = Afflict(character="Kakita Ryoku", effect="bleeding", ring="fire",
                      source="a hidden blade", hidden=True)  # fmt: skip
    service.decide("cut", afflict)
    check = c.Check(character="Kakita Ryoku", skill="Fitness", ring="fire", tn=1, keep="0,1")
    service.decide("cut", check, actor="ana", dice=faces(4, 4, 1, 1))
    return service


def test_a_hidden_bleeding_bleeds_and_the_player_reads_only_the_damage(
    bleeding: SessionService,
) -> None:
    """The damage is decided on the secret (DESIGN principle 9) and owed; the player's
    log and state say what is owed, the cause behind the GM's screen."""
    [bled] = [r for r in bleeding.store.read("cut") if isinstance(r.event, Bled)]
    assert isinstance(bled.event, Bled) and bled.event.damage == 2 and bled.event.screened
    theirs = for_players(bled).event
    assert isinstance(theirs, Bled) and (theirs.cause, theirs.damage) == (SCREEN, 2)
    unseen = bleeding.secrets("cut").unseen()
    rows = [msgspec.to_builtins(for_players(r).event) for r in bleeding.store.read("cut")
            if r.position not in unseen]  # fmt: skip
    assert "Bleeding" not in json.dumps(rows) and "bleeding" not in json.dumps(rows)
    player = project_state(bleeding.seen_by("cut", "ana").state)["fighters"]["Kakita Ryoku"]
    gm = project_state(bleeding.load("cut").state)["fighters"]["Kakita Ryoku"]
    assert (player["conditions"]["bleeding"], gm["conditions"]["bleeding"]) == (False, True)
    assert SCREEN in json.dumps(player) and "Bleeding" not in json.dumps(player)
    assert "Bleeding" in json.dumps(gm)
    events, records = list(bleeding.store.read("cut")), bleeding.store.records("cut")
    assert verify(events, records).ok


def test_a_hidden_dying_counts_down_behind_the_screen_until_revealed(store: EventStore) -> None:
    """A round begun in the open counts down a Dying the GM gave in secret — it is decided
    on — but the count, and the death it ends in, reach no player until the GM reveals
    them (DESIGN principle 9)."""
    service = SessionService(store, clock=Clock())
    service.open(session_id="venom", ruleset="l5r5e-house", gm="sensei")
    service.decide("venom", join(kakita_ryoku(), "ana"))
    service.decide("venom", c.StartConfrontation(kind="skirmish"))
    initiative = c.RollInitiative(character="Kakita Ryoku", ring="fire", keep="0,1")
    service.decide("venom", initiative, actor="ana", dice=faces(5, 3, 1, 8, 1))
    service.decide("venom", Afflict(character="Kakita Ryoku", effect="dying", rounds=2,
                                    source="a slow poison", hidden=True))  # fmt: skip
    service.decide("venom", c.StartRound())
    service.decide("venom", c.NextTurn())
    service.decide("venom", c.StartRound())
    counted = [r for r in service.store.read("venom") if isinstance(r.event, DyingCounted)]
    told = [(e.rounds_left, e.hidden) for e in (r.event for r in counted)
            if isinstance(e, DyingCounted)]  # fmt: skip
    assert told == [(1, True), (0, True)]
    gm = project_state(service.load("venom").state)["fighters"]["Kakita Ryoku"]
    assert gm["dead"]
    unseen = service.secrets("venom").unseen()
    assert {r.position for r in counted} <= unseen
    rows = [msgspec.to_builtins(for_players(r).event) for r in service.store.read("venom")
            if r.position not in unseen]  # fmt: skip
    assert "Dying" not in json.dumps(rows)
    theirs = project_state(service.seen_by("venom", "ana").state)["fighters"]["Kakita Ryoku"]
    assert not theirs["dead"] and theirs["conditions"]["dying"] is None
    events, records = list(service.store.read("venom")), service.store.records("venom")
    assert verify(events, records).ok
