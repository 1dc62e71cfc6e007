"""A ruling names what it used, in its record (issue 28, item 3: « A command that used an
earlier event (damage its hit, an attack the target's stance and Void on armour, a turn
the order it followed) records it; a correction that removes what a later ruling used
re-decides that ruling … never re-binds it silently to another event »).

The 3rd edition skirmish of ``test_cli_l5r3e``: Fumi hits Rola in round 1 and rolls no
damage; she hits her again in round 2 and rolls 18 wounds. The damage's record says it
was rolled for the second hit (« Jet de dommages » after « le personnage touche »,
``l5r-3e-rules-summary.fr.txt``), verify holds the record to what the rules find, and a
correction reads from the record what the damage was for."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from adapters.store import EventStore
from application.service import SessionService
from domain.commands import Context
from domain.dice.roll_keep.faces import parse_faces as faces
from domain.names import key
from domain.rulesets.l5r3e import commands as third
from domain.rulesets.l5r3e.events import AttackResolved
from domain.session.commands import Amend, JoinCharacter, Retract
from domain.session.correction import History, correct
from domain.session.record import CommandRecord
from domain.session.verify import verify
from tests.replays.curate_3e import queue
from tests.support import Clock

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"
FUMI, ROLA = "Bayushi Fumi", "Mirumoto Rola"


def join(sheet: str, player: str) -> JoinCharacter:
    return JoinCharacter(sheet=json.loads((SHEETS / sheet).read_text()), player=player)


def two_cuts(store: EventStore) -> SessionService:
    """Fumi hits Rola in round 1 and again in round 2; no damage rolled yet."""
    service = SessionService(store, clock=Clock())
    service.open(session_id="sk", ruleset="l5r3e", gm="sensei")
    service.decide("sk", join("bayushi-fumi-3e.json", "ana"))
    service.decide("sk", join("mirumoto-rola-3e.json", "ben"))
    service.decide("sk", third.StartCombat())
    service.decide("sk", third.RollInitiative(character=FUMI), dice=faces("6,7,3"))
    service.decide("sk", third.RollInitiative(character=ROLA), dice=faces("7,2,6,8"))
    service.decide("sk", third.StartRound())
    attack = third.Attack(character=FUMI, target=ROLA, weapon="Katana")
    for round_ in (1, 2):
        service.decide("sk", third.TakeActions(character=ROLA, actions=("simple",)), actor="ben")
        service.decide("sk", third.NextTurn(), actor="ben")
        service.decide("sk", attack, actor="ana", dice=queue("10+9,8,7,1,1,1"))
        if round_ == 1:
            service.decide("sk", third.NextTurn())
            service.decide("sk", third.StartRound())
    return service


@pytest.fixture
def skirmish(store: EventStore) -> SessionService:
    service = two_cuts(store)
    service.decide("sk", third.Damage(character=FUMI), actor="ana", dice=faces("9,9,4,3,2"))
    return service


def hits(service: SessionService) -> list[int]:
    return [
        r.position
        for r in service.store.read("sk")
        if isinstance(r.event, AttackResolved) and r.event.hit
    ]


def damage_record(service: SessionService) -> CommandRecord:
    [record] = [r for r in service.store.records("sk") if r.command == "damage"]
    return record


def naming(records: list[CommandRecord], hit: int) -> list[CommandRecord]:
    """The records, the damage's rewritten to say it was rolled for ``hit``."""
    return [
        msgspec.structs.replace(
            r, used=tuple(msgspec.structs.replace(u, used=hit) for u in r.used or ())
        )
        if r.command == "damage"
        else r
        for r in records
    ]


def test_the_damage_s_record_names_the_second_hit(skirmish: SessionService) -> None:
    first, second = hits(skirmish)
    record = damage_record(skirmish)
    assert record.used is not None
    assert {u.used for u in record.used} == {second}  # the roll and its wounds, for it
    assert all(u.bound and record.holds(u.event) for u in record.used)
    assert first not in {u.used for u in record.used}
    joined = skirmish.store.records("sk")[0]
    assert joined.used == ()  # recorded: it used nothing
    events, records = list(skirmish.store.read("sk")), skirmish.store.records("sk")
    assert verify(events, records).ok


def test_verify_holds_the_record_to_what_the_rules_find(skirmish: SessionService) -> None:
    """A record rewritten to say the damage was for the first hit is found."""
    first, second = hits(skirmish)
    events, records = list(skirmish.store.read("sk")), skirmish.store.records("sk")
    forged = naming(records, first)
    verdict = verify(events, forged)
    assert not verdict.ok and verdict.problem is not None
    message = verdict.problem.message
    assert "its record says it used event" in message and f"for event {first}" in message
    assert "the rules find" in message and f"for event {second}" in message


def test_a_correction_reads_what_the_damage_was_for_from_its_record(
    skirmish: SessionService,
) -> None:
    """Retracting the second attack drops its damage, for the record names that hit;
    were the record to name the first hit, still waiting for damage, the damage would be
    decided again for it and stand — the record, not a search of the history, says what
    a ruling was given for."""
    first, second = hits(skirmish)
    events, records = list(skirmish.store.read("sk")), skirmish.store.records("sk")
    retract = Retract(position=second, reason="the second attack never happened")
    context = Context("sensei", Clock()(), None, History(events, records).batch_of)
    outcome = correct(History(events, records), retract, context)
    [dropped] = outcome.dropped
    assert dropped.original.command == "damage"
    assert dropped.why == (
        f"the hit this damage is rolled for (event {second}) no longer counts, and it is "
        "not given again for another"
    )
    as_for_the_first = naming(records, first)
    outcome = correct(History(events, as_for_the_first), retract, context)
    assert not outcome.dropped and outcome.kept >= 1


def test_a_ruling_recorded_before_rulings_named_what_they_used_is_read_from_the_rules(
    skirmish: SessionService,
) -> None:
    """A record without ``used`` (made by an older Kiroku) verifies, and a correction
    finds what it was for in the history as it stood: the same damage is dropped."""
    _, second = hits(skirmish)
    events = list(skirmish.store.read("sk"))
    older = [msgspec.structs.replace(r, used=None) for r in skirmish.store.records("sk")]
    assert verify(events, older).ok
    retract = Retract(position=second, reason="the second attack never happened")
    context = Context("sensei", Clock()(), None, History(events, older).batch_of)
    [dropped] = correct(History(events, older), retract, context).dropped
    assert dropped.original.command == "damage" and f"(event {second})" in dropped.why


def amend_the_damage(service: SessionService) -> CommandRecord:
    """The damage's faces amended (a 4 misread as a 2): its revision's record."""
    damage = damage_record(service)
    service.decide(
        "sk", Amend(position=damage.first, changes={}, faces="9,9,4,3,4", reason="misread die")
    )
    [revision] = [
        r for r in service.store.records("sk") if r.command == "damage" and r.first > damage.first
    ]
    return revision


def test_a_revision_names_what_it_used_on_the_corrected_history(
    skirmish: SessionService,
) -> None:
    """The damage amended is given anew: its record names the hit it is rolled for from
    its own events, as a ruling given at the head does — not its original's events."""
    _, second = hits(skirmish)
    revision = amend_the_damage(skirmish)
    assert revision.used is not None and revision.used
    assert {u.used for u in revision.used} == {second}
    assert all(u.bound and revision.holds(u.event) for u in revision.used)
    assert revision.named_uses == revision.used
    events, records = list(skirmish.store.read("sk")), skirmish.store.records("sk")
    verdict = verify(events, records)  # the correction decided again names the same
    assert verdict.ok and not verdict.notes, (verdict.problem, verdict.notes)


def test_a_revision_whose_hit_is_retracted_is_dropped_never_given_for_the_older_hit(
    skirmish: SessionService,
) -> None:
    """Retracting the second attack after its damage was amended drops the amended damage
    (its record names that hit); the first hit, still waiting, is not given it."""
    first, second = hits(skirmish)
    amend_the_damage(skirmish)
    outcome, _ = skirmish.correct(
        "sk", Retract(position=second, reason="the second attack never happened")
    )
    [dropped] = outcome.dropped
    assert dropped.original.command == "damage"
    assert f"(event {second})" in dropped.why and f"(event {first})" not in dropped.why
    assert skirmish.load("sk").state.table.fighters[key(ROLA)].wounds == 0
    events, records = list(skirmish.store.read("sk")), skirmish.store.records("sk")
    assert verify(events, records).ok


def test_a_revision_recorded_with_its_original_s_uses_is_read_from_the_rules(
    skirmish: SessionService,
) -> None:
    """A revision's record made before revisions named their own holds its original's
    (events outside its batch): verify reads it as named now, with a note, and a
    correction finds what it was for in the history, so the same damage is dropped."""
    _, second = hits(skirmish)
    original = damage_record(skirmish)
    revision = amend_the_damage(skirmish)
    events = list(skirmish.store.read("sk"))
    older = [
        msgspec.structs.replace(r, used=original.used) if r.first == revision.first else r
        for r in skirmish.store.records("sk")
    ]
    [stale] = [r for r in older if r.first == revision.first]
    assert stale.named_uses is None
    verdict = verify(events, older)
    assert verdict.ok, verdict.problem
    assert any(f"the revision at {revision.first}" in n for n in verdict.notes)
    retract = Retract(position=second, reason="the second attack never happened")
    context = Context("sensei", Clock()(), None, History(events, older).batch_of)
    [dropped] = correct(History(events, older), retract, context).dropped
    assert dropped.original.first == revision.first and f"(event {second})" in dropped.why
