"""A request body's member given twice is refused (issue 31), as the shell refuses an
option given twice: a JSON decoder keeps the last and drops the first without a word. A
field that takes several takes them as one list, and that stands."""

from __future__ import annotations

import pytest
from starlette.requests import Request

from adapters.http.bodies import decode_as, ruleset_commands
from adapters.http.members import repeated_member
from adapters.http.problems import Problem
from adapters.http.server import only_params
from domain.rulesets.l5r3e import commands as c
from domain.session.commands import Retract


def test_a_member_twice_is_found_at_any_depth_and_as_the_text_it_decodes_to() -> None:
    assert repeated_member(b'{"command": "attack", "void": "a", "void": "b"}') == "void"
    assert repeated_member(b'{"sheet": {"name": "A", "name": "B"}}') == "name"
    assert repeated_member(b'{"void": 1, "\\u0076oid": 2}') == "void"


def test_the_same_name_in_different_objects_is_no_repeat() -> None:
    body = b'{"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}], "d": "x:"}'
    assert repeated_member(body) is None
    assert repeated_member(b'{"note": "\\"a\\": 1, \\"a\\": 2"}') is None


def test_a_command_body_with_a_member_twice_is_refused_quoting_it() -> None:
    bodies = ruleset_commands("l5r3e")
    body = (
        b'{"command": "attack", "character": "Mirumoto Rola", "target": "Bayushi Fumi", '
        b'"void": "roll_free_raise", "void": "roll_dice"}'
    )
    with pytest.raises(Problem) as refused:
        bodies.decode(body)
    assert refused.value.status == 400
    assert "member 'void' is given twice" in refused.value.detail
    assert '"void": "roll_free_raise"' in refused.value.detail


def test_several_encouragers_are_one_list() -> None:
    body = (
        b'{"command": "attack", "character": "Mirumoto Rola", "target": "Bayushi Fumi", '
        b'"encouraged_by": ["Kuni Lingus", "Bayushi Fumi"]}'
    )
    command, _ = ruleset_commands("l5r3e").decode(body)
    assert isinstance(command, c.Attack)
    assert command.encouraged_by == ("Kuni Lingus", "Bayushi Fumi")


def test_every_other_body_refuses_a_member_twice_too() -> None:
    with pytest.raises(Problem, match="member 'reason' is given twice"):
        decode_as(b'{"position": 3, "reason": "a", "reason": "b"}', Retract, "a retraction")


def _asked(query: bytes) -> Request:
    return Request({"type": "http", "method": "GET", "path": "/", "query_string": query,
                    "headers": []})  # fmt: skip


def test_a_query_parameter_twice_is_refused_unless_it_repeats() -> None:
    """``?tn=15&tn=20`` kept the last; the odds' parameters are given once, a series'
    ``path`` once for each path."""
    with pytest.raises(Problem, match=r"odds: tn given 2 times \('15', then '20'\): give it once"):
        only_params(_asked(b"tn=15&tn=20"), "odds", {"tn"})
    only_params(_asked(b"tn=15"), "odds", {"tn"})
    only_params(_asked(b"path=a&path=b"), "series", {"path"}, repeats=frozenset({"path"}))
