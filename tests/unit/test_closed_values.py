"""Closed values declared where they are closed (issue 31, « Interface, every ruleset »):
a roll's trait and ring, 4e's TN by its name on the ladder, an opposed roll's and an XP
purchase's trait take one of a fixed set the rules check; each such field declares it,
so the shell's help, ``kiroku rules --json``, the API and the console list it — and the
rules take every value listed and no other."""

from __future__ import annotations

from typing import Any

import msgspec.inspect as mi
import pytest

from application.rows import describe_commands
from domain.commands import unwrap
from domain.errors import MalformedInput
from domain.field_help import choices_of
from domain.rulesets import load_ruleset
from domain.rulesets.l5r4e.contests import tn_for
from domain.rulesets.roll_keep_kit.character import RINGS, TRAITS, parse_ring, parse_trait

DECLARED: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {
    ("l5r4e", "Roll"): {"trait": TRAITS, "ring": RINGS,
                        "difficulty": ("easy", "average", "very_hard", "impossible")},
    ("l5r4e", "Oppose"): {"first_trait": TRAITS, "second_trait": TRAITS,
                          "first_ring": RINGS, "second_ring": RINGS},
    ("l5r4e", "SpendExperience"): {"trait": TRAITS},
    ("l5r4e", "LeadRoll"): {"trait": TRAITS},
    ("l5r4e", "FollowRolls"): {"trait": TRAITS},
    ("l5r4e", "DegradingRoll"): {"trait": TRAITS},
    ("l5r3e", "Roll"): {"trait": TRAITS, "ring": RINGS},
    ("l5r-house", "Roll"): {"trait": TRAITS, "ring": RINGS},
}  # fmt: skip


def command(ruleset_id: str, name: str) -> Any:
    ruleset = load_ruleset(ruleset_id)
    return next(t for t in ruleset.command_types if t.__name__ == name)


@pytest.mark.parametrize(("ruleset_id", "name"), sorted(DECLARED))
def test_each_closed_field_declares_its_values(ruleset_id: str, name: str) -> None:
    kind = command(ruleset_id, name)
    info = mi.type_info(kind)
    assert isinstance(info, mi.StructType)
    declared = {f.name: choices_of(*unwrap(f.type)) for f in info.fields}
    row = {f["name"]: f for f in describe_commands((kind,))[0]["fields"]}
    for field, values in DECLARED[(ruleset_id, name)].items():
        assert declared[field] == values, field
        assert row[field]["values"] == list(values), field


def test_the_rules_take_every_value_listed_and_no_other() -> None:
    assert [parse_trait(t) for t in TRAITS] == list(TRAITS)
    assert [parse_ring(r) for r in RINGS] == list(RINGS)
    assert [tn_for(d) for d in DECLARED[("l5r4e", "Roll")]["difficulty"]] == [10, 15, 30, 60]
    with pytest.raises(MalformedInput, match="'agilité' is not a trait"):
        parse_trait("agilité")
    with pytest.raises(MalformedInput, match="'metal' is not a ring"):
        parse_ring("metal")
    with pytest.raises(MalformedInput, match="difficulty 'hard'"):
        tn_for("hard")
