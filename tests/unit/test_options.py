"""A ruleset's options are read as they are declared (:mod:`domain.rulesets.options`): a
closed one only as one of its values, an open one only as text, so that the values a
ruleset checks are the values every surface offers."""

from __future__ import annotations

import pytest

from domain.errors import MalformedInput
from domain.rulesets.base import Option
from domain.rulesets.options import Options, boolean

KNOWN = {
    "ties": Option(
        "none (default): nobody's; initiative: the initiative's", "none", ("none", "initiative")
    ),
    "maluses": Option("the maluses (default 0,3,3,6)", "0,3,3,6"),
    "tie_succeeds": boolean("true (default): a tie succeeds; false: it fails"),
}


def test_a_closed_option_is_one_of_its_declared_values_its_default_unless_given() -> None:
    assert Options("r", {}, KNOWN).choice("ties") == "none"
    assert Options("r", {"ties": "initiative"}, KNOWN).choice("ties") == "initiative"
    assert Options("r", {}, KNOWN).choice("ties", "initiative") == "initiative"  # follows another
    with pytest.raises(MalformedInput, match=r"ties='draw' is not none or initiative"):
        Options("r", {"ties": "draw"}, KNOWN).choice("ties")
    assert Options("r", {}, KNOWN).choice("tie_succeeds") == "true"


def test_an_option_is_read_only_as_it_is_declared() -> None:
    given = Options("r", {}, KNOWN)
    assert given.text("maluses") == "0,3,3,6"
    with pytest.raises(TypeError, match="declares no values"):
        given.choice("maluses")
    with pytest.raises(TypeError, match="takes one of its values"):
        given.text("ties")


def test_an_unknown_option_is_refused_naming_those_it_takes() -> None:
    with pytest.raises(MalformedInput, match="has no option 'edge'; options: ties, maluses"):
        Options("r", {"edge": "x"}, KNOWN)


def test_a_declaration_holds_its_default_among_its_values() -> None:
    with pytest.raises(ValueError, match="'draw' is not one of"):
        Option("…", "draw", ("none", "initiative"))
    with pytest.raises(ValueError, match="name one twice"):
        Option("…", "none", ("none", "none"))
