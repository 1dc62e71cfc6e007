"""Issue 31, « Interface, every ruleset », through the real entry point: wound levels by
number as well as by name in ``state --json``; the closed values of an option listed
wherever the command is described; a no-roll action's success recorded."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Run, ok, seated


@pytest.mark.parametrize(
    ("ruleset", "sheet", "character", "wounds", "name_field", "name", "number"),
    [
        ("l5r4e", "akodo-kaneka", "Akodo Kaneka", "15", "rank", "Grazed", 2),
        ("l5r3e", "mirumoto-rola-3e", "Mirumoto Rola", "13", "level", "Blessé", 3),
        ("l5r-house", "moto-chagatai", "Moto Chagatai", "15", "level", "Légèrement blessé", 2),
    ],
)
def test_state_json_gives_each_wound_level_by_number_and_by_name(
    kiroku: Run, ruleset: str, sheet: str, character: str, wounds: str, name_field: str,
    name: str, number: int,
) -> None:  # fmt: skip
    session = seated(kiroku, "night", (sheet, "ana"), ruleset=ruleset)
    ok(kiroku, "wound", *session, "--character", character, wounds, "--source", "a fall")
    hurt = ok(kiroku, "state", *session)["wounds"][character]
    assert (hurt[name_field], hurt["level_number"]) == (name, number)
