"""A command given with an idempotency key is recorded once: its key is stored in the
very transaction of its batch, a repeat with the same body is answered with what it
recorded then, and the key with another body is refused — on every store. A command given
against a version the session has left is refused, with nothing appended."""

from __future__ import annotations

import random

import msgspec
import pytest

from adapters.store import EventStore, StoreConfig
from application.service import IdempotencyRequest, Repeated, SessionService, VersionConflict
from domain.errors import IllegalUnderRules
from domain.rulesets.l5r4e.commands.table import Roll
from domain.session.commands import AddParticipant, JoinCharacter, TakeNote
from tests.support import GM, sheet


def opened(config: StoreConfig) -> SessionService:
    service = SessionService(EventStore(config))
    service.open(session_id="s", ruleset="l5r4e", gm=GM)
    service.decide("s", AddParticipant(participant="ana", role="player"))
    return service


def test_a_repeated_key_gives_back_the_first_ruling_and_appends_nothing(
    config: StoreConfig,
) -> None:
    service = opened(config)
    key = IdempotencyRequest(key="k", digest="d1")
    first = service.decide("s", Roll(expression="6k3", tn=20), dice=random.Random(1), request=key)
    with pytest.raises(Repeated) as again:
        service.decide("s", Roll(expression="6k3", tn=20), dice=random.Random(2), request=key)
    assert again.value.recorded == first
    assert service.store.last_position("s") == first[-1].position
    other = IdempotencyRequest(key="k", digest="d2")
    with pytest.raises(IllegalUnderRules, match=r"'k'.*another body"):
        service.decide("s", TakeNote(text="x"), request=other)
    assert service.store.last_position("s") == first[-1].position
    service.store.close()


def test_a_key_is_kept_by_the_store_for_every_later_process(config: StoreConfig) -> None:
    service = opened(config)
    key = IdempotencyRequest(key="k", digest="d")
    [recorded] = service.decide("s", TakeNote(text="once"), request=key)
    if config.kind == "memory":  # nothing outlives the process there
        return
    service.store.close()
    later = SessionService(EventStore(config))
    found = later.store.request("s", GM, "k")
    assert found is not None and (found.first, found.last) == (recorded.position,) * 2
    with pytest.raises(Repeated):
        later.decide("s", TakeNote(text="once"), request=key)
    later.store.close()


def test_keys_are_each_participants_own(config: StoreConfig) -> None:
    service = opened(config)
    key = IdempotencyRequest(key="k", digest="d")
    service.decide("s", TakeNote(text="the GM's"), request=key)
    service.decide("s", JoinCharacter(sheet=msgspec.to_builtins(sheet()), player="ana"))
    note = TakeNote(text="ana's", character="Akodo Kaneka")
    [players] = service.decide("s", note, actor="ana", request=key)
    assert players.event.actor == "ana"
    service.store.close()


def test_a_command_given_against_an_old_version_is_refused(config: StoreConfig) -> None:
    service = opened(config)
    version = service.store.last_position("s")
    with pytest.raises(VersionConflict) as refused:
        service.decide("s", TakeNote(text="late"), expected=version - 1)
    assert (refused.value.expected, refused.value.current) == (version - 1, version)
    assert service.store.last_position("s") == version
    [done] = service.decide("s", TakeNote(text="in time"), expected=version)
    assert done.position == version + 1
    service.store.close()
