"""What used an event (issue 30: the GM opens a ruling and reads what depends on it) is
read from the records of the rulings given since — each names what it used when it was
given (:mod:`domain.session.uses`) — with nothing decided again; and a player reads it
as they read every link, what the GM keeps from them left out and the rest in their
numbers.

The 3rd edition skirmish of ``test_rulings_name_what_they_used``: Fumi hits Rola in
round 1 and again in round 2, then the damage is rolled for the second hit; a hidden
note of the GM's stands between, so that a player's numbers differ from the store's."""

from __future__ import annotations

from typing import Any

import pytest

from adapters.cli.audit import render_shown
from adapters.store import EventStore
from application.audit import players_sight
from application.service import SessionService
from application.shown import shown, shown_to_players
from domain.dice.roll_keep.faces import parse_faces as faces
from domain.events import NoteTaken
from domain.rulesets.l5r3e import commands as third
from domain.rulesets.l5r3e.events import AttackResolved
from domain.session.commands import Retract, Reveal, TakeNote
from domain.session.record import CommandRecord
from tests.integration.test_rulings_name_what_they_used import FUMI, two_cuts
from tests.support import T0


def skirmish(store: EventStore, *, damage_hidden: bool) -> SessionService:
    service = two_cuts(store)
    service.decide("sk", TakeNote(text="Rola's blood on the snow", hidden=True))
    damage = third.Damage(character=FUMI, hidden=damage_hidden)
    service.decide("sk", damage, actor="sensei" if damage_hidden else "ana",
                   dice=faces("9,9,4,3,2"))  # fmt: skip
    return service


def hits(service: SessionService) -> list[int]:
    return [
        r.position
        for r in service.store.read("sk")
        if isinstance(r.event, AttackResolved) and r.event.hit
    ]


def every_show(service: SessionService, *, gm: bool) -> dict[int, dict[str, Any]]:
    """Each event the reader may see, as ``kiroku show --json`` gives it to them, by the
    number they know it by."""
    session = service.load("sk")
    if gm:
        return {
            p: shown(service, session, p, viewer_is_gm=True) for p in range(1, session.version + 1)
        }
    count = players_sight(service.store, session).count
    return {n: shown_to_players(service, session, n) for n in range(1, count + 1)}


def ruling_of(row: dict[str, Any]) -> range:
    """The numbers of the events of the ruling that gave the event ``row`` shows."""
    first, last = (row["command"] or {}).get("positions") or (row["position"],) * 2
    return range(first, last + 1)


def users_by_their_links(shows: dict[int, dict[str, Any]]) -> dict[int, set[int]]:
    """What used each event's ruling, read the other way: each event of another ruling,
    that still counts, whose own links say it followed from one of its events."""
    found: dict[int, set[int]] = {n: set() for n in shows}
    for number, row in shows.items():
        for link in row["follows"]:
            if row["retracted"] or link["follows"] in ruling_of(row):
                continue
            for asked, other in shows.items():
                if link["follows"] in ruling_of(other):
                    found[asked].add(number)
    return found


@pytest.mark.parametrize("damage_hidden", [False, True])
@pytest.mark.parametrize("gm", [True, False])
def test_what_used_an_event_is_what_names_it_as_followed_seen_as_the_reader_sees(
    store: EventStore, damage_hidden: bool, gm: bool
) -> None:
    """For the GM and for a player, whether the damage was rolled in the open or behind
    the screen: what used each event is exactly the events whose own links name it, among
    those the reader may see, in their numbers — a player is never told of the GM's."""
    service = skirmish(store, damage_hidden=damage_hidden)
    shows = every_show(service, gm=gm)
    said = {n: {u["event"] for u in row["used_by"]} for n, row in shows.items()}
    assert said == users_by_their_links(shows)
    assert all(row["used_by_unrecorded"] == 0 for row in shows.values())  # all recorded
    if damage_hidden:  # revealed: a reveal used nothing, and tells of nothing before it
        service.decide("sk", Reveal(position=service.load("sk").version))
        session = service.load("sk")
        first = shown(service, session, 1, viewer_is_gm=True) if gm else (
            shown_to_players(service, session, 1))  # fmt: skip
        assert first["used_by_unrecorded"] == 0
    _, second = hits(service)
    session = service.load("sk")
    hit = shows[second if gm else players_sight(store, session).number(second) or 0]
    if gm or not damage_hidden:
        assert [u["command"] for u in hit["used_by"]] == ["damage", "damage"]
        assert all(u["bound"] for u in hit["used_by"])  # given for it: dropped without it
        assert all(u["ruling"] == hit["used_by"][0]["ruling"] for u in hit["used_by"])
    else:
        assert hit["used_by"] == []  # the GM's damage behind the screen: nothing of it


def test_a_player_reads_what_the_gm_reads_of_what_they_may_see(store: EventStore) -> None:
    """The player's what used it is the GM's, its events kept from them left out and the
    rest numbered as they count them (the hidden note shifts them by one)."""
    service = skirmish(store, damage_hidden=False)
    session = service.load("sk")
    sight = players_sight(store, session)
    _, second = hits(service)
    gms = shown(service, session, second, viewer_is_gm=True)["used_by"]
    theirs = shown_to_players(service, session, sight.number(second) or 0)["used_by"]
    assert theirs == [
        user
        | {
            "event": sight.number(user["event"]),
            "used": sight.number(user["used"]),
            "ruling": sight.span(*user["ruling"]),
        }
        for user in gms
    ]
    assert [u["event"] for u in theirs] == [u["event"] - 1 for u in gms]  # the note's gap


def test_what_used_an_event_no_longer_names_a_ruling_taken_back(store: EventStore) -> None:
    """Once the damage is retracted, the hit it was rolled for is used by nothing."""
    service = skirmish(store, damage_hidden=False)
    _, second = hits(service)
    [damage] = [r for r in store.records("sk") if r.command == "damage"]
    service.correct("sk", Retract(position=damage.first, reason="a glancing blow"))
    session = service.load("sk")
    assert shown(service, session, second, viewer_is_gm=True)["used_by"] == []


def test_a_ruling_that_recorded_nothing_of_what_it_used_is_counted_for_whom_may_see_it(
    store: EventStore,
) -> None:
    """A ruling appended with a record that names nothing it used (a curated script's,
    or one made before records did) may have used anything: it is counted, for the GM
    to ask a retraction's preview — for a player only if they may see it, so that the
    count never tells of the GM's hidden rulings."""
    service = skirmish(store, damage_hidden=False)
    first, _ = hits(service)
    at = service.load("sk").version
    for hidden in (False, True):
        written = {"text": "a curated note"} | ({"hidden": True} if hidden else {})
        when = T0
        record = CommandRecord(first=at + 1, count=1, command="note", kind="TakeNote",
                               inputs=written, actor="sensei", at=when)  # fmt: skip
        store.append("sk", at, [NoteTaken(actor="sensei", at=when, text="a curated note")],
                     records=[record])  # fmt: skip
        at += 1
    session = service.load("sk")
    assert shown(service, session, first, viewer_is_gm=True)["used_by_unrecorded"] == 2
    theirs = players_sight(store, session).number(first) or 0
    assert shown_to_players(service, session, theirs)["used_by_unrecorded"] == 1


def test_kiroku_show_says_what_used_an_event(store: EventStore) -> None:
    service = skirmish(store, damage_hidden=False)
    _, second = hits(service)
    row = shown(service, service.load("sk"), second, viewer_is_gm=True)
    [roll, wounds] = row["used_by"]
    said = render_shown(row)
    assert f"used by event {roll['event']} (damage, given for event {second}): " in said
    assert f"used by event {wounds['event']} (damage, given for event {second}): " in said
    assert "recorded nothing of what they used" not in said
