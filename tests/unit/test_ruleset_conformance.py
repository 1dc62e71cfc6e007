"""Every ruleset, the built-in ones and the tests' coin, conforms to the protocol the core
relies on: nothing it can record goes unfolded, every command it lists is decided, its
commands have one name each, its state survives a snapshot, and it knows its sheet."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.commands import Command
from domain.events import CORE_EVENT_TYPES
from domain.rulesets import RULESETS, Ruleset, load_ruleset, register

NAMES = ["l5r4e", "l5r3e", "l5r-house", "l5r5e-house", "ukiyo", "coin"]


@pytest.fixture(autouse=True)
def coin() -> Iterator[None]:
    register("coin", "tests.rulesets.coin")
    yield
    RULESETS.pop("coin", None)


@pytest.fixture(params=NAMES)
def ruleset(request: pytest.FixtureRequest) -> Ruleset:
    return load_ruleset(request.param)


def test_the_built_in_rulesets_are_all_checked() -> None:
    assert set(RULESETS) - {"coin"} <= set(NAMES)


def test_every_event_it_records_is_folded(ruleset: Ruleset) -> None:
    handlers = ruleset.fold_handlers()
    unfolded = [t.__name__ for t in ruleset.event_types if t not in handlers]
    assert not unfolded, f"{ruleset.id} records events nothing folds: {unfolded}"


def test_none_of_its_events_takes_a_core_event_s_name(ruleset: Ruleset) -> None:
    core = {t.__name__ for t in CORE_EVENT_TYPES}
    assert not core & {t.__name__ for t in ruleset.event_types}


def test_every_command_it_lists_has_one_name_and_is_a_command(ruleset: Ruleset) -> None:
    names = [t.spec.name for t in ruleset.command_types]
    assert len(names) == len(set(names)), f"{ruleset.id}: two commands share a name"
    assert all(issubclass(t, Command) and t.__doc__ for t in ruleset.command_types)
    core = {"join", "note", "retract", "roll"} - {"roll"}  # a ruleset's roll is its own
    assert not core & {t.spec.words[0] for t in ruleset.command_types}


def test_its_initial_state_survives_a_snapshot(ruleset: Ruleset) -> None:
    state = ruleset.initial()
    assert ruleset.load_state(ruleset.dump_state(state)) == state


def test_it_knows_its_sheet_and_its_options(ruleset: Ruleset) -> None:
    assert isinstance(ruleset.sheet_type, type)
    assert set(ruleset.options) <= set(ruleset.option_help)
