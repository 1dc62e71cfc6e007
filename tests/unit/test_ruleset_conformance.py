"""Every ruleset, the built-in ones and the tests' coin, passes every check of the
conformance kit (:mod:`tests.conformance`): what the core, the store and both surfaces
rely on of a ruleset, each check by name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.rulesets import BUILT_IN, RULESETS, register
from tests.conformance import CHECKS

NAMES = [*BUILT_IN, "coin"]


@pytest.fixture(autouse=True)
def coin() -> Iterator[None]:
    register("coin", "tests.rulesets.coin")
    yield
    RULESETS.pop("coin", None)


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("ruleset_id", NAMES)
def test_the_ruleset_passes_the_check(ruleset_id: str, check: str) -> None:
    CHECKS[check](ruleset_id)


@pytest.mark.parametrize(
    ("check", "names"),
    [
        ("events_are_folded", "CoinSpun"),
        ("every_command_is_decided", "Spin"),
        ("its_commands_name_their_phase", "'spin' names phase 'spinning'"),
        ("its_closed_options_declare_their_values", "option edge lists its values"),
    ],
)
def test_a_ruleset_that_forgets_one_fails_the_check_by_name(check: str, names: str) -> None:
    """The kit can fail: coin, listing a command it decides nowhere, of a phase no surface
    knows, an event nothing folds and an option whose values go undeclared
    (:mod:`tests.rulesets.forgetful`), fails those checks, naming them."""
    register("forgetful", "tests.rulesets.forgetful")
    try:
        with pytest.raises(AssertionError, match=names):
            CHECKS[check]("forgetful")
    finally:
        RULESETS.pop("forgetful", None)
