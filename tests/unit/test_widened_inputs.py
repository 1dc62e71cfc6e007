"""A field that became repeatable reads older records as they were meant (issue 31):
l5r3e's ``encouraged_by`` named one companion or none before, a list of them since; the
records are never rewritten (the three ronin replay holds ``"Kuni Lingus"``)."""

from __future__ import annotations

from domain.commands import widened_inputs
from domain.rulesets.l5r3e import commands as c


def test_one_recorded_value_reads_as_a_list_of_it_and_null_as_none() -> None:
    spec = c.Attack.spec
    assert widened_inputs(spec, {"encouraged_by": "Kuni Lingus"}) == {
        "encouraged_by": ["Kuni Lingus"]
    }
    assert widened_inputs(spec, {"encouraged_by": None}) == {"encouraged_by": []}
    assert widened_inputs(spec, {"encouraged_by": ["A", "B"]}) == {"encouraged_by": ["A", "B"]}
    assert widened_inputs(spec, {"void": "roll_dice"}) == {"void": "roll_dice"}
