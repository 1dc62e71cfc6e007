"""The TN a line names is the one its ruling was decided against (issue 30): the check the
conformance kit runs on every ruleset's replays (:func:`tests.lines.misstated_tn`), and
the 4e attack lines it holds to it."""

from __future__ import annotations

from domain.rulesets import load_ruleset
from domain.rulesets.l5r4e.events import AttackResolved
from projections.timeline import describe
from tests.lines import misstated_tn
from tests.support import GM, T0

MISS = AttackResolved(
    actor=GM,
    at=T0,
    attacker="Akodo Kaneka",
    target="Bayushi Fumi",
    weapon="Katana",
    hit=False,
    armour_tn=20,
    total=32,
    tn=40,
)


def test_a_line_naming_the_armour_tn_for_the_decided_one_is_caught() -> None:
    """The line the issue saw: a roll vs TN 40 (armour 20, circumstances 15, a raise)
    whose miss said "(32 vs armour TN 20)"."""
    assert misstated_tn(MISS, "Akodo Kaneka misses Bayushi Fumi (32 vs TN 20)") == [
        "first TN said 20, decided 40"
    ]
    assert misstated_tn(MISS, "misses (32 vs TN 40; TN 35 elsewhere)") == [
        "TN 35 is none the event holds"
    ]


def test_the_4e_miss_names_the_tn_the_roll_was_decided_against() -> None:
    line = describe(MISS, load_ruleset("l5r4e"))
    assert "32 vs TN 40" in line and "armour TN 20" in line
    assert misstated_tn(MISS, line) == []
