"""The story's clock: the GM moves in-game time on with a duration (2h, 30m, 1d6h), the
session counts it, and 4e's fatigue counts its whole hours."""

from __future__ import annotations

import pytest

from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed
from domain.rulesets.l5r4e import afflictions, recovery
from domain.rulesets.l5r4e.play import Play
from domain.session.aggregate import Session
from domain.session.clock import format_duration, parse_duration
from domain.session.commands import AdvanceClock
from domain.session.snapshot import restore, take
from tests.support import RecordedTable, Table


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("2h", 120), ("30m", 30), ("1d6h", 1800), ("1h30m", 90), ("90min", 90), ("1D 2H", 1560)],
)
def test_a_duration_is_days_hours_and_minutes_with_their_units(text: str, minutes: int) -> None:
    assert parse_duration(text) == minutes
    assert parse_duration(format_duration(minutes)) == minutes


@pytest.mark.parametrize("text", ["3", "", "2h1d", "h", "-2h", "0m", "367d", "2 hours", "9" * 100])
def test_a_duration_without_units_or_out_of_bounds_is_refused(text: str) -> None:
    with pytest.raises(MalformedInput, match="duration"):
        parse_duration(text)


def test_the_session_counts_the_minutes_and_a_snapshot_keeps_them() -> None:
    table = RecordedTable()
    table.do(AdvanceClock(minutes=90))
    table.do(AdvanceClock(minutes=24 * 60))
    state = table.session.state
    assert state.clock == 1530 and restore(take(state)).clock == 1530
    with pytest.raises(NotAllowed, match="'ana' may not move the story's clock on"):
        table.do(AdvanceClock(minutes=30), actor="ana")


def test_fatigue_counts_the_clocks_whole_hours_and_keeps_the_minutes_over() -> None:
    """« toutes les deux heures »: 90 minutes owe nothing yet; 30 more make two hours."""
    table = Table()
    table.join("Akodo Kaneka", "ana")
    table.do(afflictions.apply_condition, character="Akodo Kaneka", condition="fatigued", level=3)
    table.do(Session.advance_clock, minutes=90)
    kaneka = table.state.characters["akodo kaneka"]
    assert kaneka.awake_hours == 1 and table.state.minutes == 30
    table.do(Session.advance_clock, minutes=30)
    assert table.state.characters["akodo kaneka"].awake_hours == 2


def test_where_the_gm_keeps_the_clock_a_night_s_rest_needs_the_night_on_it() -> None:
    """« Une période complète de sommeil (=6h au moins) »: natural healing is a night's
    (« Par nuit de repos »), so a second rest waits for six more hours on the clock;
    a session that keeps no clock rests as the GM says, as before."""
    table = Table()
    table.join("Akodo Kaneka", "ana")
    table.do(Play.take_wounds, character="Akodo Kaneka", amount=20)
    table.do(recovery.rest, character="Akodo Kaneka")
    table.do(recovery.rest, character="Akodo Kaneka")  # no clock kept: the GM's word
    assert table.state.characters["akodo kaneka"].wounds == 20 - 2 * 7
    table.do(Session.advance_clock, minutes=8 * 60)
    table.do(recovery.rest, character="Akodo Kaneka")
    with pytest.raises(IllegalUnderRules, match="rested 0 hour\\(s\\) ago on the story's clock"):
        table.do(recovery.rest, character="Akodo Kaneka")
    table.do(Session.advance_clock, minutes=5 * 60)
    with pytest.raises(IllegalUnderRules, match="kiroku clock advance 1h"):
        table.do(recovery.rest, character="Akodo Kaneka")
    table.do(Session.advance_clock, minutes=60)
    table.do(recovery.rest, character="Akodo Kaneka")
    assert table.state.characters["akodo kaneka"].wounds == 0
