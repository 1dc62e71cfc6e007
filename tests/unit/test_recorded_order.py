"""Events no command record vouches for are held to the events they came from, as 4e's
commands give them (issue 28, item 2): an attack's outcome is its roll's, a hit's
damage roll is the pool it earned, wounds are their damage roll's."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec
import pytest

from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.l5r4e.events import AttackResolved
from domain.rulesets.l5r4e.recorded_order import FourEOrder
from domain.rulesets.roll_keep_kit.events import DiceRolled, RoundStarted, WoundsTaken
from tests.unit.test_corrections import fight


def played() -> list[Event]:
    t, _ = fight()
    return [r.event for r in t.events]


def checked(events: Iterable[Event]) -> None:
    order = FourEOrder()
    for event in events:
        order(event)


def rewritten(
    events: list[Event], kind: type[Event], purpose: str | None = None, **changes: object
) -> list[Event]:
    """``events`` with the first of ``kind`` (a roll of ``purpose``) changed."""
    copy = list(events)
    at = next(
        i
        for i, e in enumerate(copy)
        if isinstance(e, kind) and (purpose is None or getattr(e, "purpose", None) == purpose)
    )
    copy[at] = msgspec.structs.replace(copy[at], **changes)
    return copy


def test_a_fight_as_played_is_in_order() -> None:
    checked(played())


def test_an_attack_is_its_roll_s_total_against_its_roll_s_tn() -> None:
    events = played()
    with pytest.raises(MalformedInput, match="totals 40, but its roll '6k3' totals"):
        checked(rewritten(events, AttackResolved, total=40))
    resolved = next(e for e in events if isinstance(e, AttackResolved))
    assert resolved.tn is not None
    with pytest.raises(MalformedInput, match=f"is against TN {resolved.tn - 5}, but its roll"):
        checked(rewritten(events, AttackResolved, tn=resolved.tn - 5))


def test_an_attack_follows_an_attack_roll() -> None:
    events = [e for e in played() if not (isinstance(e, DiceRolled) and e.purpose == "attack")]
    with pytest.raises(MalformedInput, match="follows no attack roll of 'Akodo Kaneka'"):
        checked(events)


def test_a_hit_s_damage_is_the_pool_it_earned() -> None:
    events = played()
    damage = next(e for e in events if isinstance(e, DiceRolled) and e.purpose == "damage")
    more = msgspec.structs.replace(damage.roll, expression="10k10")
    with pytest.raises(MalformedInput, match="is '10k10', but the hit on 'Bayushi Fumi'"):
        checked(rewritten(events, DiceRolled, "damage", roll=more))


def test_a_new_round_forgets_a_hit_still_waiting() -> None:
    """The fold forgets a hit whose damage was not rolled in its round: a damage roll
    after that is no hit's (a roll the GM called), and is not held to its pool."""
    events = played()
    damage = next(
        i for i, e in enumerate(events) if isinstance(e, DiceRolled) and e.purpose == "damage"
    )
    roll = events[damage]
    assert isinstance(roll, DiceRolled)
    later = msgspec.structs.replace(
        roll, roll=msgspec.structs.replace(roll.roll, expression="10k10")
    )
    round_two = RoundStarted(actor="sensei", at=roll.at, number=2)
    checked([*events[:damage], round_two, later, *events[damage + 1 :]])


def test_wounds_with_a_damage_follow_the_damage_roll_that_gave_it() -> None:
    events = played()
    with pytest.raises(MalformedInput, match="name a damage of 25, but the damage roll"):
        checked(rewritten(events, WoundsTaken, damage=25, amount=22))
    no_roll = [e for e in events if not (isinstance(e, DiceRolled) and e.purpose == "damage")]
    with pytest.raises(MalformedInput, match="but no damage roll was made for them"):
        checked(no_roll)


def test_an_attack_s_tn_holds_its_raises() -> None:
    """« Par niveau d'augmentations déclarées, le ND augmente de 5 points »: an attack
    with a raise called is decided against its roll's TN + 5, and recorded so."""
    events = played()
    rolled = next(e for e in events if isinstance(e, DiceRolled) and e.purpose == "attack")
    resolved = next(e for e in events if isinstance(e, AttackResolved))
    assert rolled.roll.tn is not None and resolved.tn == rolled.roll.tn
    raised = msgspec.structs.replace(rolled.roll, raises=1)
    with_raise = rewritten(events, DiceRolled, "attack", roll=raised)
    checked(rewritten(with_raise, AttackResolved, tn=rolled.roll.tn + 5))
    with pytest.raises(
        MalformedInput, match=f"but its roll was decided against TN {rolled.roll.tn + 5}"
    ):
        checked(with_raise)
