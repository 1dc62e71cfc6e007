"""Parsing dice expressions: ``XkY``, ``XgY``, pools that add, flat modifiers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.dice.roll_keep.expression import MalformedExpression, RollExpression, parse_expression
from domain.errors import MalformedInput


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7k3", RollExpression(7, 3, 0)),
        ("7k3+5", RollExpression(7, 3, 5)),
        ("6g3-2", RollExpression(6, 3, -2)),
        (" 6 G 3 - 2 ", RollExpression(6, 3, -2)),
        ("5k2+1k1", RollExpression(6, 3, 0)),
        ("0k1+3k0", RollExpression(3, 1, 0)),
        ("4k2+3-1", RollExpression(4, 2, 2)),
        ("12K3", RollExpression(12, 3, 0)),
    ],
)
def test_well_formed_expressions(text: str, expected: RollExpression) -> None:
    assert parse_expression(text) == expected


@pytest.mark.parametrize(
    ("text", "reason", "position"),
    [
        ("", "expected a dice pool", 1),
        ("7k", "expected the number of kept dice after 'k'", 3),
        ("k3", "expected a number, found 'k'", 1),
        ("7x3", "unexpected character 'x'", 2),
        ("7k3+", "expected a number", 5),
        ("7k3 5", "expected '+' or '-', found '5'", 5),
        ("5", "expected a dice pool", 1),
        ("3k4", "cannot keep 4 dice when only 3 are rolled", 1),
        ("3k0", "must keep at least one die", 1),
        ("6k3-1k1", "a pool of dice cannot be subtracted", 5),
        ("2000k3", "more than the 1000", 1),
    ],
)
def test_malformed_expressions_quote_the_input_and_say_where(
    text: str, reason: str, position: int
) -> None:
    with pytest.raises(MalformedExpression) as caught:
        parse_expression(text)
    message = str(caught.value)
    assert repr(text) in message
    assert reason in message
    assert f"at position {position}" in message
    assert isinstance(caught.value, MalformedInput)
    assert isinstance(caught.value, ValueError)


@given(
    rolled=st.integers(1, 40),
    kept=st.integers(1, 40),
    modifier=st.integers(-50, 50),
    letter=st.sampled_from("kKgG"),
)
def test_any_written_pool_parses_back(rolled: int, kept: int, modifier: int, letter: str) -> None:
    text = f"{rolled}{letter}{kept}" + ("" if modifier == 0 else f"{modifier:+d}")
    if kept > rolled:
        with pytest.raises(MalformedExpression):
            parse_expression(text)
    else:
        assert parse_expression(text) == RollExpression(rolled, kept, modifier)


@given(st.text(alphabet="0123456789kg+- x", max_size=12))
def test_any_text_parses_or_is_refused_as_malformed(text: str) -> None:
    try:
        expression = parse_expression(text)
    except MalformedInput as error:
        assert repr(text) in str(error)
    else:
        assert 1 <= expression.kept <= expression.rolled


def test_every_refusal_of_the_domain_crosses_a_process_boundary_whole() -> None:
    """The server computes odds in a process of its own: a refusal raised there reaches
    the client only if it pickles back as itself (a 400 quoting the input, not a 500)."""
    import importlib
    import pickle
    import pkgutil

    import domain
    from domain.errors import KirokuError

    for found in pkgutil.walk_packages(domain.__path__, "domain."):
        importlib.import_module(found.name)
    bad = MalformedExpression("0", 0, "expected a dice pool such as '6k3'")
    back = pickle.loads(pickle.dumps(bad))
    assert type(back) is MalformedExpression and str(back) == str(bad)
    waiting: list[type[KirokuError]] = [KirokuError]
    while waiting:
        kind = waiting.pop()
        waiting.extend(kind.__subclasses__())
        domain_s = kind.__module__.startswith("domain.")  # what the odds' process raises
        if domain_s and "__init__" in vars(kind):  # built from other than its message
            assert "__reduce__" in vars(kind), f"{kind.__name__} does not pickle back whole"
