"""A 5th edition check behind the GM's screen (issue 28, item 1: « Re-judging decides
each ruling on the full history, hidden rulings included … what a player sees of a
re-decided ruling is filtered afterwards »): Daini, the GM's, takes the Air stance
behind the screen (« Posture de l'Air »: +1 to the TN of checks against him), then ana's
Ryoku strikes him. Her strike is decided against TN 3, as it is; what she reads of it
is the TN she knows (« Frapper » 2) and one part behind the screen — never the stance."""

from __future__ import annotations

import json

import msgspec
import pytest

from adapters.store import EventStore
from application.service import SessionService
from domain.events import SCREEN, Recorded
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.events import CheckRolled, TnPart
from domain.session.commands import Retract, Reveal
from domain.session.screen import for_players
from domain.session.verify import verify
from projections import project_state
from projections.timeline import describe
from tests.lines import unstated
from tests.replays.curate_5e import faces, join, kakita_ryoku, mirumoto_daini
from tests.support import Clock

AIR = "Posture de l'Air"


@pytest.fixture
def service(store: EventStore) -> SessionService:
    """Round 1 of a duel: Daini (the GM's) bids higher and acts first, takes the Air
    stance hidden and ends his turn; then ana's Ryoku strikes him."""
    service = SessionService(store, clock=Clock())
    service.open(session_id="duel", ruleset="l5r5e-house", gm="sensei")
    service.decide("duel", join(kakita_ryoku(), "ana"))
    service.decide("duel", join(mirumoto_daini(), "sensei"))
    service.decide("duel", c.StartConfrontation(kind="duel"))
    service.decide(
        "duel", c.RollInitiative(character="Kakita Ryoku", ring="fire", keep="0,1"),
        dice=faces(5, 3, 1, 8, 1),
    )  # fmt: skip
    service.decide(
        "duel", c.RollInitiative(character="Mirumoto Daini", ring="water", keep="0"),
        dice=faces(5, 4, 1, 9),
    )  # fmt: skip
    service.decide("duel", c.StartRound())
    service.decide("duel", c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=3")))
    service.decide("duel", c.ChooseStance(character="Mirumoto Daini", stance="air", hidden=True))
    service.decide("duel", c.NextTurn())
    strike = c.Strike(character="Kakita Ryoku", target="Mirumoto Daini")
    service.decide("duel", strike, actor="ana", dice=faces(5, 5, 1, 9, 8, 1))
    return service


def check(service: SessionService) -> Recorded:
    [rolled] = [r for r in service.store.read("duel") if isinstance(r.event, CheckRolled)][-1:]
    return rolled


def test_the_strike_is_decided_on_the_hidden_stance_and_she_reads_it_behind_the_screen(
    service: SessionService,
) -> None:
    rolled = check(service)
    event = rolled.event
    assert isinstance(event, CheckRolled) and event.roll.tn == 3
    assert [p.source for p in event.tn_parts] == ["Frapper", AIR]
    theirs = for_players(rolled).event
    assert isinstance(theirs, CheckRolled)
    assert theirs.tn_parts == (TnPart("Frapper", 2), TnPart(SCREEN, 1))
    ruleset = service.load("duel").ruleset
    line = describe(theirs, ruleset)
    assert "vs TN 3 (Frapper +2, behind the GM's screen +1)" in line and AIR not in line
    assert not unstated(theirs, line)
    assert AIR in describe(event, ruleset)  # the GM reads the stance
    events, records = list(service.store.read("duel")), service.store.records("duel")
    assert verify(events, records).ok  # the screen is re-judged with the ruling


def test_no_path_of_hers_names_the_stance(service: SessionService) -> None:
    unseen = service.secrets("duel").unseen()
    rows = [msgspec.to_builtins(for_players(r).event) for r in service.store.read("duel")
            if r.position not in unseen]  # fmt: skip
    assert AIR not in json.dumps(rows, ensure_ascii=False)
    fighters = project_state(service.seen_by("duel", "ana").state)["fighters"]
    assert fighters["Mirumoto Daini"]["stance"] == "water"  # as of his initiative
    gm = project_state(service.load("duel").state)["fighters"]
    assert gm["Mirumoto Daini"]["stance"] == "air"


def test_a_reveal_shows_her_the_stance_and_leaves_her_strike_as_she_read_it(
    service: SessionService,
) -> None:
    """The reveal shows the stance where it was taken; the strike she read stays as it
    was read (as a 4e roll's screen does): a reveal changes no recorded ruling."""
    [stance] = service.secrets("duel").unseen()
    service.decide("duel", Reveal(position=stance))
    fighters = project_state(service.seen_by("duel", "ana").state)["fighters"]
    assert fighters["Mirumoto Daini"]["stance"] == "air"
    theirs = for_players(check(service)).event
    assert isinstance(theirs, CheckRolled) and theirs.tn_parts[-1] == TnPart(SCREEN, 1)
    events, records = list(service.store.read("duel")), service.store.records("duel")
    assert verify(events, records).ok


def test_retracting_the_stance_decides_her_strike_again_on_tn_2(service: SessionService) -> None:
    [stance] = service.secrets("duel").unseen()
    service.decide("duel", Retract(position=stance, reason="Daini never took it"))
    revised = check(service).event
    assert isinstance(revised, CheckRolled) and revised.roll.tn == 2 and revised.shown is None
    events, records = list(service.store.read("duel")), service.store.records("duel")
    assert verify(events, records).ok
