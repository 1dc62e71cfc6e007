"""A character named by the start of their name (:mod:`domain.session.prefixes`): the
one name a prefix begins, an exact name or group first, a shared start refused listing
the names it begins, and nothing but the names the state given holds."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import MalformedInput
from domain.names import key
from domain.session.prefixes import in_full, named_by, naming_fields
from domain.session.state import Member, SessionState


def state(*names: str, groups: dict[str, tuple[str, ...]] | None = None) -> SessionState:
    seated = SessionState()
    for joined, name in enumerate(names):
        seated.members[key(name)] = Member(name, "ana", joined)
    for group, members in (groups or {}).items():
        seated.groups[key(group)] = (group, *members)
    return seated


class Strike(msgspec.Struct, frozen=True, kw_only=True):
    character: str
    target: str | None = None
    amount: int = 1


def test_a_prefix_that_begins_one_name_names_it_in_any_case() -> None:
    table = state("Akodo Kaneka", "Bayushi Fumi")
    assert named_by("Akodo", table) == "Akodo Kaneka"
    assert named_by("  bayushi f", table) == "Bayushi Fumi"
    assert in_full(Strike(character="ak", target="bay"), table) == Strike(
        character="Akodo Kaneka", target="Bayushi Fumi"
    )


def test_an_exact_name_or_group_wins_and_an_unknown_start_is_left_to_the_rules() -> None:
    table = state(
        "Akodo", "Akodo Kaneka", "Ronin 1", "Ronin 2", groups={"Ronin": ("Ronin 1", "Ronin 2")}
    )
    assert named_by("akodo", table) == "akodo"  # found as it is, case aside
    assert named_by("Ronin", table) == "Ronin"  # the group, each member in turn
    assert named_by("Zed", table) == "Zed"
    unchanged = Strike(character="Akodo")
    assert in_full(unchanged, table) is unchanged


def test_a_shared_start_is_refused_listing_the_names_it_begins() -> None:
    table = state("Akodo Kaneka", "Akodo Toturi", "Bayushi Fumi")
    with pytest.raises(MalformedInput) as refused:
        in_full(Strike(character="Kaneka", target="Ak"), table)
    assert str(refused.value) == (
        "target 'Ak' begins 2 names: 'Akodo Kaneka', 'Akodo Toturi'; give more of the name"
    )


def test_only_the_names_the_state_holds_are_looked_through() -> None:
    """A player's view holds no hidden character: her prefix is neither ambiguous nor
    answered with his name."""
    truth = state("Akodo Kaneka", "Akodo Toturi")
    seen = state("Akodo Kaneka")
    with pytest.raises(MalformedInput):
        named_by("Akodo", truth)
    assert named_by("Akodo", seen) == "Akodo Kaneka"
    assert named_by("Akodo T", seen) == "Akodo T"


def test_every_field_declared_a_character_s_name_is_looked_through() -> None:
    """By the rulesets' own ``Name`` and ``Character`` types, whatever the field is
    called (an attack's attacker and target, a duel's challenger and defender)."""
    from domain.rulesets import load_ruleset

    four = {t.spec.name: naming_fields(t) for t in load_ruleset("l5r4e").command_types}
    assert set(four["attack"]) >= {"attacker", "target"}
    assert set(four["duel begin"]) >= {"challenger", "defender"}
    assert naming_fields(Strike) == ("character", "target")
