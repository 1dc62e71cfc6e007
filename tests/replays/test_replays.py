"""The rules' regression suite: every curated replay in ``replays/``.

For each ``NAME.jsonl``: every recorded roll is recomputed from its recorded faces under
the current rules and must give the recorded outcome, every recorded command (in a
version 2 file) is re-judged to the events it gave, and the projections rebuilt from the
file must equal ``NAME.expected.json``. A rule change that alters either fails here
with a readable diff; an intended one is regenerated with
``kiroku replay replays/NAME.jsonl --update-expected`` and the commit says which rule.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from adapters.cli.replay_commands import dump_expected, expected_path
from adapters.replay_file import read_replay, read_replay_records, read_replay_stored
from domain.errors import MalformedInput
from domain.rulesets import load_ruleset
from domain.session.aggregate import Session
from domain.session.verify import verify
from projections import project

REPLAYS = sorted((Path(__file__).resolve().parents[2] / "replays").glob("*.jsonl"))


def test_the_suite_has_replays_to_run() -> None:
    assert len(REPLAYS) >= 14, "replays/ lost its curated sessions"


def _diff(expected: str, actual: str, name: str) -> str:
    return "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"{name} (expected)",
            tofile=f"{name} (rules now)",
        )
    )


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_every_recorded_roll_recomputes_to_its_recorded_outcome(path: Path) -> None:
    """Each event is checked by its ruleset (:meth:`Ruleset.verify`): a roll must give its
    recorded outcome from its recorded faces under the current rules."""
    _, events = read_replay(path, recompute_rolls=False)
    opened = Session(events).opened
    ruleset = load_ruleset(opened.ruleset, dict(opened.options))
    problems = []
    for recorded in events:
        try:
            ruleset.verify(recorded.event)
        except MalformedInput as error:
            problems.append(f"{path.name} position {recorded.position}: {error}")
    assert not problems, "\n".join(problems)


RECORDED = [p for p in REPLAYS if read_replay_records(p)[2]]


def test_the_curated_sessions_are_recorded_with_their_rulings() -> None:
    """Every curated session is a version 2 file: its rulings are re-judged below."""
    assert RECORDED == REPLAYS and len(RECORDED) >= 20, "a curated session lost its records"


@pytest.mark.parametrize("path", RECORDED, ids=[p.stem for p in RECORDED])
def test_every_recorded_ruling_is_re_judged_to_its_recorded_events(path: Path) -> None:
    """Each command of a version 2 replay is decided again under the current rules, with
    its recorded dice, on the history before it (:mod:`domain.session.verify`): a rule
    change shows up here as a diff in the ruling it changes."""
    _, events, records, stored = read_replay_stored(path)
    verdict = verify(events, records, stored=stored)
    problem = verdict.problem
    assert problem is None, f"{path.name}: {problem.message}\n{problem.diff()}"
    assert verdict.rulings == len(records) and verdict.events == len(events) - 1


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_projections_match_the_expected_file(path: Path) -> None:
    expected_file = expected_path(path)
    assert expected_file.exists(), f"{expected_file.name} is missing: run --update-expected"
    _, events = read_replay(path, recompute_rolls=False)  # the test above checks the rolls
    actual = dump_expected(project(events))
    expected = expected_file.read_text(encoding="utf-8")
    assert actual == expected, "\n" + _diff(expected, actual, expected_file.name)


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_every_replay_s_state_survives_a_snapshot(path: Path) -> None:
    """What a session's ruleset has folded comes back whole from a snapshot: the state
    at the end of every curated session, dumped and loaded, is the same state."""
    _, events = read_replay(path)
    session = Session(events)
    ruleset = session.ruleset
    assert ruleset.load_state(ruleset.dump_state(session.table)) == session.table
