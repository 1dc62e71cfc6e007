"""Every line of every curated replay states the numbers its event holds (issue 28, item
6: « every log line of a roll against a TN shows the TN it was decided on with its
parts »), in every ruleset: the rule is :func:`tests.lines.unstated`."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.replay_file import read_replay
from domain.dice.roll_keep.roll import RollResult
from domain.rulesets import RULESETS, load_ruleset
from domain.rulesets.roll_keep_kit.events import DiceRolled
from domain.session.aggregate import Session
from projections.timeline import describe
from tests.lines import unstated
from tests.replays.test_replays import REPLAYS


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_every_line_states_the_numbers_its_event_holds(path: Path) -> None:
    _, events = read_replay(path, recompute_rolls=False)
    opened = Session(events).opened
    ruleset = load_ruleset(opened.ruleset, dict(opened.options))
    problems = [
        f"{path.stem} #{r.position} {type(r.event).__name__}: {line!r} leaves out {missing}"
        for r in events
        if (missing := unstated(r.event, line := describe(r.event, ruleset)))
    ]
    assert not problems, "\n".join(problems)


def test_every_ruleset_has_its_lines_checked() -> None:
    played = set()
    for path in REPLAYS:
        _, events = read_replay(path, recompute_rolls=False)
        played.add(Session(events).opened.ruleset)
    assert played == set(RULESETS)


def test_a_line_that_leaves_out_its_tn_parts_fails_the_rule() -> None:
    """The rule can fail: a roll's line without the wound penalty its TN held."""
    [path] = [p for p in REPLAYS if p.stem == "l5r3e-three-ronin"]
    _, events = read_replay(path, recompute_rolls=False)
    [roll] = [
        r.event
        for r in events
        if isinstance(r.event, DiceRolled)
        and isinstance(r.event.roll, RollResult)
        and any(part.tn for part in r.event.parts)
    ][:1]
    bare = f"{roll.character} rolls {roll.roll.expression} = {roll.roll.total}"
    bare += f" vs TN {roll.roll.effective_tn}"
    assert any(m.startswith("parts[].tn") for m in unstated(roll, bare))
