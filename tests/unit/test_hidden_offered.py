"""``--hidden`` is offered only where it is taken (issue 28, 7): a correction is as hidden
as what it corrects, and a reveal, a closing or a reopening is for the whole table — their
help never offers it, nor does the API's description of them (which the console's forms
are built from); every other command offers it."""

from __future__ import annotations

import argparse

import pytest

from adapters.cli.main import build_parser
from application.rows import describe_commands
from domain.commands import Command
from domain.session.commands import CORE_COMMANDS, CORRECTIONS, UNHIDDEN, hideable


def options_of(command: str) -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [o for action in sub.choices[command]._actions for o in action.option_strings]


@pytest.mark.parametrize("command_type", [*CORRECTIONS, *UNHIDDEN], ids=lambda t: t.__name__)
def test_what_cannot_be_hidden_offers_no_hidden(command_type: type[Command]) -> None:
    assert not hideable(command_type)
    assert "--hidden" not in options_of(command_type.spec.name)
    [described] = describe_commands((command_type,))
    assert "hidden" not in [f["name"] for f in described["fields"]]


OTHERS = [t for t in CORE_COMMANDS if t not in (*CORRECTIONS, *UNHIDDEN)]


@pytest.mark.parametrize("command_type", OTHERS, ids=lambda t: t.__name__)
def test_every_other_core_command_offers_hidden(command_type: type[Command]) -> None:
    assert hideable(command_type)
    [described] = describe_commands((command_type,))
    assert "hidden" in [f["name"] for f in described["fields"]]
