"""Every number and string a roll takes is bounded, and a roll and its odds accept the
same: an input out of bounds is refused, quoted (an excerpt when it is long), before any
work — `kiroku odds 8k4 --tn 1000000000` once ate the machine's memory."""

from __future__ import annotations

import pytest

from adapters.cli.numbers import whole_number
from adapters.plugins import register_plugins
from adapters.store import StoreConfig
from domain.dice.roll_keep.expression import parse_expression
from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import MAX_TN, RollOptions, check_tn
from domain.errors import EXCERPT, MAX_MESSAGE, MalformedInput, excerpt, shortened
from domain.rulesets.l5r4e.dice import roll, success_probability
from tests.support import Scripted


@pytest.mark.parametrize("tn", [-5, MAX_TN + 1, 1_000_000_000, 10**100])
def test_a_tn_out_of_bounds_is_refused_by_the_odds_and_the_roll_alike(tn: int) -> None:
    with pytest.raises(MalformedInput, match=f"is not between 0 and {MAX_TN}"):
        success_probability("8k4", tn)
    with pytest.raises(MalformedInput, match=f"is not between 0 and {MAX_TN}"):
        check_tn(tn)


def test_the_highest_tn_is_answered_at_once() -> None:
    assert success_probability("10k10", MAX_TN, emphasis=True) < 1e-6


def test_raises_are_bounded() -> None:
    with pytest.raises(MalformedInput, match="21 raises: at most 20"):
        roll("5k3", RollOptions(tn=10, raises=21), Scripted(*[5] * 5))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9" * 5000 + "k3", "is 5,002 characters long"),
        ("1234567k3", "a number of 7 digits"),
        ("5k3+" + "1" * 90, "a number of 90 digits"),
    ],
)
def test_an_expression_s_length_and_numbers_are_bounded(text: str, message: str) -> None:
    with pytest.raises(MalformedInput, match=message) as refused:
        parse_expression(text)
    assert len(str(refused.value)) < 400


@pytest.mark.parametrize(
    ("faces", "message"), [("9" * 50, "is not a face"), ("1," * 6000, "12,000 characters long")]
)
def test_faces_are_bounded(faces: str, message: str) -> None:
    with pytest.raises(MalformedInput, match=message) as refused:
        parse_faces(faces)
    assert len(str(refused.value)) < 400


def test_a_message_quotes_an_excerpt_of_a_long_input_and_the_whole_of_a_short_one() -> None:
    name = "Bayushi " + "x" * 10_000
    message = shortened(f"no character {name!r} in session 'night'; the GM's list has 3")
    assert message.startswith("no character 'Bayushi xxx")
    assert "… (10,008 characters) in session 'night'; the GM's list has 3" in message
    assert len(message) < EXCERPT + 100
    path = "/home/gm/campaigns/" + "crane/" * 20 + "sheet.json"  # 149 characters: whole
    assert shortened(f"cannot read sheet {path!r}") == f"cannot read sheet {path!r}"
    assert excerpt("short") == "'short'"


def test_a_message_of_unquoted_megabytes_is_cut_to_one_readable_line() -> None:
    message = shortened("unrecognized arguments: " + "z" * 100_000)
    assert len(message) < MAX_MESSAGE + 50 and message.endswith("(100,024 characters in all)")


@pytest.mark.parametrize("text", ["\u0663", "1_000", "", "  ", "9" * 21, "1e3", "0x10", "+-1"])
def test_the_command_line_takes_ascii_whole_numbers_only(text: str) -> None:
    with pytest.raises(ValueError):
        whole_number(text)


@pytest.mark.parametrize(("text", "value"), [("3", 3), ("-3", -3), ("+3", 3), (" 7 ", 7)])
def test_a_whole_number_is_read(text: str, value: int) -> None:
    assert whole_number(text) == value


def test_a_message_is_one_line_without_a_terminal_escape_whatever_it_quotes() -> None:
    message = shortened("header session 'night1\\n\x1b[31mX' is not an id\nsecond line")
    assert "\n" not in message and "\x1b" not in message
    assert "\\x1b[31mX" in message and message.isprintable()
    assert len(shortened("x " * 5_000)) <= MAX_MESSAGE


@pytest.mark.parametrize("entry", ["x=..", "x=.foo", "x y=foo", "=foo", "x=", "x=a..b"])
def test_a_plugin_named_wrong_is_refused_before_any_import(entry: str) -> None:
    with pytest.raises(MalformedInput, match="KIROKU_RULESETS"):
        register_plugins({"KIROKU_RULESETS": entry})


@pytest.mark.parametrize("value", ["soon", "0", "0.5", "601", "\u0663", "1_0", "9" * 30])
def test_a_lock_timeout_is_whole_seconds_from_1_to_600(value: str) -> None:
    with pytest.raises(MalformedInput, match="whole number of seconds from 1 to 600"):
        StoreConfig.from_environment({"KIROKU_LOCK_TIMEOUT": value, "HOME": "/tmp"})
