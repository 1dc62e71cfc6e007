"""Take-backs that mean what a GM means (issue 28, 4): ``undo`` takes back the latest
ruling in the order the GM gave them, a correction included, and ``reinstate`` of
anything a correction retracted takes that correction back whole — its dropped
consequences with it — in one batch. After each, the table reads as a fresh session
playing the rulings that survive.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalUnderRules
from domain.events import EventRetracted, RulingsCorrected
from domain.session.commands import Amend, Reinstate, Retract, TakeNote, Undo
from domain.session.verify import verify
from projections import project_state
from tests.support import RecordedTable
from tests.unit.test_corrections import fight, wounds


def table_of(t: RecordedTable) -> dict[str, Any]:
    """What the table reads, where the stream stands aside."""
    views = project_state(t.session.state)
    views["session"].pop("position")
    return views


def as_played() -> dict[str, Any]:
    return table_of(fight()[0])


def heading(t: RecordedTable) -> RulingsCorrected:
    first = t.records[-1].first
    found = t.events[first - 1].event
    if not isinstance(found, RulingsCorrected):  # a revision's record came last
        found = next(r.event for r in reversed(t.events) if isinstance(r.event, RulingsCorrected))
    return found


def verified(t: RecordedTable) -> None:
    verdict = verify(t.events, t.records)
    assert verdict.ok, verdict.problem and (verdict.problem.message, verdict.problem.diff())


def test_reinstating_a_retracted_attack_brings_back_what_its_retraction_dropped() -> None:
    t, at = fight()
    t.do(Retract(position=at["attack"], reason="out of reach"))
    assert wounds(t) == 0  # the damage and the heal dropped with it
    correction = t.correct(Reinstate(position=at["attack"], reason="in reach after all"))
    assert correction.kind == "take_back" and not correction.dropped and not correction.revised
    t.append(correction.events, correction.records)
    assert wounds(t) == 17 - 3
    assert table_of(t) == as_played()
    brought = heading(t).reinstated
    assert at["attack"] in brought and at["damage"] in brought and at["heal"] in brought
    verified(t)


@pytest.mark.parametrize("which", ["damage", "heal", "retraction"])
def test_reinstating_any_ruling_a_correction_dropped_takes_the_correction_back_whole(
    which: str,
) -> None:
    t, at = fight()
    t.do(Retract(position=at["attack"], reason="out of reach"))
    position = at[which] if which != "retraction" else t.records[-1].last  # its last retraction
    t.do(Reinstate(position=position, reason="it all happened"))
    assert table_of(t) == as_played()
    verified(t)


def test_undo_after_a_correction_takes_the_correction_back() -> None:
    t, at = fight()
    t.do(Amend(position=at["attack"], changes={"circumstances": 15}, reason="cover"))
    assert wounds(t) == 0  # a miss: the damage and the heal dropped
    t.do(Undo(reason="no cover after all"))
    assert heading(t).correction == "take_back"
    assert table_of(t) == as_played()
    verified(t)


def test_undo_takes_the_latest_ruling_not_the_highest_position() -> None:
    """After an amendment, its revision has the highest positions but stands in the
    attack's place, early in the story: a note given after it is the latest ruling."""
    t, at = fight()
    t.do(Amend(position=at["attack"], changes={"circumstances": 15}, reason="cover"))
    note = t.do(TakeNote(text="Fumi ducks behind the cart"))[0].position
    correction = t.correct(Undo(reason="not that note"))
    assert [e.position for e in correction.events if isinstance(e, EventRetracted)] == [note]
    t.append(correction.events, correction.records)
    t.do(Undo(reason="and no cover"))  # now the amendment is the latest: taken back
    assert heading(t).correction == "take_back"
    played = as_played()
    assert table_of(t)["wounds"] == played["wounds"]
    verified(t)


def test_undo_again_takes_back_the_ruling_before_and_reinstate_brings_it_back() -> None:
    t, at = fight()
    t.do(Undo(reason="no note"))
    t.do(Undo(reason="no heal either"))  # an undo is no ruling to undo: the heal goes
    assert wounds(t) == 17
    t.do(Reinstate(position=at["heal"], reason="the heal"))
    t.do(Reinstate(position=at["note"], reason="and the note"))
    assert table_of(t) == as_played()
    t.do(Amend(position=at["attack"], changes={"circumstances": 15}, reason="cover"))
    amended, revision = table_of(t), t.records[-1].first
    t.do(Undo(reason="no cover"))
    assert table_of(t) == as_played()
    t.do(Reinstate(position=revision, reason="cover after all"))  # the undo taken back
    assert table_of(t) == amended
    verified(t)


def test_a_correction_changed_since_is_not_taken_back_before_what_changed_it() -> None:
    t, at = fight()
    t.do(Retract(position=at["note"], reason="no note"))
    retraction = t.records[-1].first
    t.do(Reinstate(position=at["note"], reason="the note"))
    said = f"the retract at {retraction} is not as it was made: event {at['note']} counts again"
    with pytest.raises(IllegalUnderRules, match=said):
        t.correct(Reinstate(position=retraction, reason="again"))
    t.do(Amend(position=at["attack"], changes={"circumstances": 15}, reason="cover"))
    amendment, revision = t.records[-2].first, t.records[-1].first
    t.do(Amend(position=revision, changes={"circumstances": 10}, reason="less cover"))
    said = f"the amend at {amendment} is not as it was made: the amend at {t.records[-2].first}"
    with pytest.raises(IllegalUnderRules, match=said):
        t.correct(Reinstate(position=at["attack"], reason="no amendment"))
    t.do(Undo(reason="not less cover"))
    t.do(Undo(reason="no cover"))
    assert table_of(t) == as_played()
    verified(t)


def test_a_ruling_the_rules_now_refuse_is_not_reinstated_and_the_rules_say_why() -> None:
    t, at = fight()
    t.do(Retract(position=at["heal"], reason="no healer"))
    t.do(Amend(position=at["attack"], changes={"circumstances": 15}, reason="cover"))
    assert wounds(t) == 0  # a miss, and no damage
    with pytest.raises(IllegalUnderRules, match=r"the ruling at 15 \(heal\) cannot be "
                       r"reinstated: .*\(Bayushi Fumi has no wounds to heal\)"):  # fmt: skip
        t.correct(Reinstate(position=at["heal"], reason="the healer was there"))
