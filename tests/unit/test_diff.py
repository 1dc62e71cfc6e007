"""``kiroku diff``'s read model: every leaf that changed between two projections."""

from __future__ import annotations

from projections.diff import changes, render_changes


def test_a_changed_leaf_is_named_by_its_path() -> None:
    before = {"wounds": {"Fumi": {"wounds": 0, "rank": "Healthy"}}, "session": {"position": 5}}
    after = {"wounds": {"Fumi": {"wounds": 13, "rank": "Nicked"}}, "session": {"position": 6}}
    assert [(c["path"], c["before"], c["after"]) for c in changes(before, after)] == [
        (["wounds", "Fumi", "wounds"], 0, 13),
        (["wounds", "Fumi", "rank"], "Healthy", "Nicked"),
        (["session", "position"], 5, 6),
    ]


def test_what_appears_or_disappears_says_so() -> None:
    found = changes({"conditions": ["Dazed"], "a": 1}, {"conditions": ["Dazed", "Prone"], "b": 2})
    assert [(c["path"], c["change"]) for c in found] == [
        (["conditions", 1], "added"),
        (["a"], "removed"),
        (["b"], "added"),
    ]
    assert render_changes(found).splitlines() == [
        "conditions › [1]: (none) → Prone",
        "a: 1 → (none)",
        "b: (none) → 2",
    ]


def test_equal_projections_have_no_change_and_a_type_change_is_one() -> None:
    assert changes({"x": {"y": [1, 2]}}, {"x": {"y": [1, 2]}}) == []
    assert render_changes([]) == "no change"
    assert [c["path"] for c in changes({"tn": 1}, {"tn": True})] == [["tn"]]
