"""Corrections through the service and the store: a correction reaching back past a
snapshot is folded from an earlier one, a revision reads in its original's place after a
restart, and a past position reads as recorded or as corrected (issue 8)."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from adapters.store import EventStore, StoreConfig
from application.service import SessionService
from domain.dice.source import FaceQueue
from domain.errors import IllegalUnderRules
from domain.rulesets.l5r4e.commands.books import Heal
from domain.rulesets.l5r4e.commands.fight import Attack, Damage
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.session.commands import Amend, JoinCharacter, Reinstate, Retract, Undo
from domain.session.record import Used
from domain.session.state import fold
from domain.session.verify import verify
from projections import project_state
from tests.support import GM, Clock, sheet
from tests.unit.test_corrections import ATTACK_FACES, DAMAGE_FACES, FUMI, KANEKA


@pytest.fixture
def store(config: StoreConfig) -> Iterator[EventStore]:
    """Each store kind (the integration conftest's ``config``)."""
    with EventStore(config) as opened:
        yield opened


def played(store: EventStore) -> tuple[SessionService, int]:
    service = SessionService(store, clock=Clock())
    service.open(session_id="night", ruleset="l5r4e", gm=GM)
    for name, player in ((KANEKA, "ana"), (FUMI, "bo")):
        reflexes = 2 if name == FUMI else 3
        joined = msgspec.to_builtins(sheet(name, reflexes=reflexes))
        service.decide("night", JoinCharacter(sheet=joined, player=player))
    service.decide("night", StartCombat())
    service.decide("night", RollInitiative(character=KANEKA), dice=FaceQueue([9, 5, 3, 2]))
    service.decide("night", RollInitiative(character=FUMI), dice=FaceQueue([6, 2, 2, 1]))
    service.decide("night", StartRound())
    service.decide("night", ChooseStance(character=KANEKA, stance="attack"), actor="ana")
    service.decide("night", ChooseStance(character=FUMI, stance="attack"), actor="bo")
    attack = service.decide(
        "night", Attack(attacker=KANEKA, target=FUMI, weapon="Katana"), actor="ana",
        dice=FaceQueue(ATTACK_FACES),
    )[0].position  # fmt: skip
    service.decide("night", Damage(attacker=KANEKA), actor="ana", dice=FaceQueue(DAMAGE_FACES))
    service.decide("night", Heal(character=FUMI, amount=3))
    return service, attack


def wounds(service: SessionService) -> int:
    return int(project_state(service.load("night").state)["wounds"][FUMI]["wounds"])


def test_a_correction_behind_a_snapshot_folds_from_before_it_after_a_restart(
    store: EventStore,
) -> None:
    service, attack = played(store)
    service.snapshot("night", force=True)
    assert wounds(service) == 14
    service.decide("night", Amend(position=attack, changes={"circumstances": 15}, reason="cover"))
    assert wounds(service) == 0
    restarted = SessionService(store, clock=Clock())
    state = restarted.load("night").state
    whole = fold(list(store.read("night")))
    assert project_state(state) == project_state(whole)
    assert project_state(state)["wounds"][FUMI]["wounds"] == 0


def test_a_reinstatement_behind_a_snapshot_counts_after_a_restart(store: EventStore) -> None:
    service, _ = played(store)
    heal = store.last_position("night")
    service.decide("night", Retract(position=heal, reason="no healer"))
    service.snapshot("night", force=True)
    assert wounds(service) == 17
    service.decide("night", Reinstate(position=heal, reason="there was one"))
    restarted = SessionService(store, clock=Clock())
    assert wounds(restarted) == 14


def test_a_past_position_reads_as_recorded_or_as_corrected(store: EventStore) -> None:
    service, attack = played(store)
    heal = store.last_position("night")
    service.decide("night", Amend(position=attack, changes={"circumstances": 15}, reason="cover"))
    recorded = project_state(service.state_at("night", heal))
    corrected = project_state(service.state_at("night", heal, as_corrected=True))
    assert recorded["wounds"][FUMI]["wounds"] == 14
    assert corrected["wounds"][FUMI]["wounds"] == 0


def test_every_position_inside_an_amends_batch_reads(store: EventStore) -> None:
    """The table as it stood at each position of an amendment's batch — its heading, the
    retractions, before and among its revision's events — as a slider over positions
    reads it (each once failed: a revision placed with none of its events yet)."""
    service, attack = played(store)
    before = store.last_position("night")
    service.decide("night", Amend(position=attack, changes={"circumstances": 15}, reason="cover"))
    after = store.last_position("night")
    for position in range(before, after + 1):
        state = project_state(service.state_at("night", position))
        assert state["session"]["position"] == position
    assert project_state(service.state_at("night", after))["wounds"][FUMI]["wounds"] == 0


def test_a_fork_never_cuts_a_correction_from_its_revisions(store: EventStore) -> None:
    service, attack = played(store)
    service.decide("night", Amend(position=attack, changes={"circumstances": 15}, reason="cover"))
    head = store.last_position("night")
    for inside in range(head - 8, head):
        with pytest.raises(IllegalUnderRules, match="would be cut in two"):
            service.fork("night", inside, f"cut-{inside}", reason="what if", actor=None)
    service.fork("night", head, "whole", reason="what if", actor=None)
    assert project_state(service.load("whole").state)["wounds"][FUMI]["wounds"] == 0


def test_the_preview_draws_the_very_dice_the_correction_then_draws(store: EventStore) -> None:
    service, attack = played(store)
    more = Amend(position=attack, changes={"raises": 1, "manoeuvres": ["increased_damage:1"]},
                 reason="a raise for damage")  # fmt: skip
    previewed, _, after = service.preview("night", more)
    made, _ = service.correct("night", more)
    # the same revisions, with the same fresh die (only the correction's own time differs)
    assert [(r.after, r.record.drawn) for r in previewed.revised] == [
        (r.after, r.record.drawn) for r in made.revised
    ]
    assert len(previewed.revised[1].record.drawn) > len(previewed.revised[1].original.drawn)
    assert project_state(after) == project_state(service.load("night").state)


def test_a_damage_revised_with_its_attack_names_the_attack_s_revision(
    store: EventStore,
) -> None:
    """A raise called for extra damage, amended into the attack, revises the attack and
    its damage: the damage's revision names the hit that stands now (the attack's
    revision, « Augmenter les dommages »), verify agrees, and retracting that revision
    drops the damage with it."""
    service, attack = played(store)
    changes = {"manoeuvres": ["increased_damage"], "raises": 1}
    outcome, _ = service.correct(
        "night", Amend(position=attack, changes=changes, reason="a raise for damage")
    )
    hit, damage = (r.record for r in outcome.revised)
    assert (hit.command, damage.command) == ("attack", "damage")
    assert damage.used is not None and {u.used for u in damage.used} == {hit.last}
    assert all(damage.holds(u.event) for u in damage.used)
    events, records = list(store.read("night")), store.records("night")
    assert verify(events, records).ok
    outcome, _ = service.correct("night", Retract(position=hit.first, reason="no attack"))
    assert [d.original.first for d in outcome.dropped][:1] == [damage.first]
    assert wounds(service) == 0


def test_an_undone_amendment_brought_back_brings_back_its_damage(store: EventStore) -> None:
    """Amend the attack so that it and its damage are revised; undo the amendment; then
    reinstate its revision: the take-back of the undo brings back the revised damage,
    whose record names the revised hit — which counts again with it, so the damage is
    not dropped as if the hit were gone (the revised hit's original is what goes)."""
    service, attack = played(store)
    changes = {"manoeuvres": ["increased_damage"], "raises": 1}
    outcome, _ = service.correct(
        "night", Amend(position=attack, changes=changes, reason="a raise for damage")
    )
    hit, damage = (r.record for r in outcome.revised)
    amended = wounds(service)
    service.correct("night", Undo(reason="no raise after all"))
    assert damage.first in service.load("night").state.retracted
    brought, _ = service.correct("night", Reinstate(position=hit.first, reason="the raise"))
    assert not brought.dropped, [d.why for d in brought.dropped]
    assert damage.first not in service.load("night").state.retracted
    assert wounds(service) == amended
    assert verify(list(store.read("night")), store.records("night")).ok


def test_a_revision_recorded_with_its_original_s_empty_uses_still_verifies(
    store: EventStore,
) -> None:
    """Fumi's stance amended to Defense revises the attack against her, whose revision
    names the Defense stance it was decided in the light of; a record made before
    revisions named their own holds the original attack's uses — nothing — and is read
    as named now, with a note, not refused."""
    service, _ = played(store)
    stance = next(
        r.position
        for r in store.read("night")
        if type(r.event).__name__ == "StanceChosen" and getattr(r.event, "character", "") == FUMI
    )
    outcome, _ = service.correct(
        "night", Amend(position=stance, changes={"stance": "defense"}, reason="she defended")
    )
    revised = {r.record.command: r.record for r in outcome.revised}
    original = next(r.original for r in outcome.revised if r.original.command == "attack")
    assert original.used == () and revised["attack"].used  # it now uses her stance
    events = list(store.read("night"))
    older = [
        msgspec.structs.replace(r, used=()) if r.first == revised["attack"].first else r
        for r in store.records("night")
    ]
    verdict = verify(events, older)
    assert verdict.ok, verdict.problem
    assert any(f"the revision at {revised['attack'].first}" in n for n in verdict.notes)
    forged = [
        msgspec.structs.replace(r, used=(Used(r.first, 1, True),))
        if r.first == revised["attack"].first
        else r
        for r in store.records("night")
    ]
    refused = verify(events, forged)
    assert not refused.ok and refused.problem is not None
    assert "its record of what it used differs" in refused.problem.message
