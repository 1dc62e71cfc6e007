"""A command's command line, built from its Struct and its spec (DESIGN principle 4).

Every session command — the core's and each ruleset's — is a msgspec Struct with a
:class:`domain.commands.CommandSpec`. This module turns one into an argparse parser (an
option per field, named ``--field-name`` unless the spec names it otherwise, positional
where the spec says, its help the field's ``Meta(description=…)`` with its valid values
and bounds) and turns the parsed arguments back into the Struct, validated by msgspec
exactly as an HTTP body or a replay line would be. Nothing here knows any command.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import Any, TypeVar

import msgspec

from adapters.cli.arguments import add_session_arguments
from adapters.cli.fields import Declared, add_fields, dest_of
from adapters.cli.numbers import whole_number
from adapters.files import read_bounded
from domain.commands import Command, Query, describe_command, option_of
from domain.dice.given import FACES_SYNTAX
from domain.errors import MalformedInput
from domain.field_help import enum_explained

Subparsers = Any

C = TypeVar("C", Command, Query)


class Whose(msgspec.Struct, frozen=True):
    """Whose commands a ruleset's parser holds: as its help says it (``session 'night1'
    (l5r3e)``, ``the l5r4e ruleset``), and the option that names it again, for the
    ``--help`` its refusals point to (``--session night1``)."""

    said: str
    option: str


def add_command_parsers(
    commands: Subparsers,
    command_types: Sequence[type[Command]],
    handler: str,
    whose: Whose | None = None,
) -> None:
    """A subcommand (or sub-subcommand: ``duel assess``) for each command type; ``whose``:
    the ruleset they are of, which their help names."""
    epilog = f"As {whose.said} takes it." if whose else None
    hint = whose.option if whose else ""
    groups: dict[str, Any] = {}
    for command_type in command_types:
        words = command_type.spec.words
        help_text = describe_command(command_type)
        if len(words) == 1:
            parser = commands.add_parser(
                words[0], help=help_text, description=help_text, epilog=epilog, hint=hint
            )
        else:
            steps = groups.get(words[0])
            if steps is None:
                group_help = _group_help([t for t in command_types if t.spec.words[0] == words[0]])
                group = commands.add_parser(
                    words[0], help=group_help, description=group_help, epilog=epilog, hint=hint
                )
                steps = groups[words[0]] = group.add_subparsers(dest="step", required=True)
            parser = steps.add_parser(
                words[1], help=help_text, description=help_text, epilog=epilog, hint=hint
            )
        add_session_arguments(parser)
        add_fields(parser, command_type)
        if command_type.spec.preview:
            parser.add_argument(
                "--dry-run",
                action="store_true",
                help="print what it would change, every consequence included; record nothing",
            )
        if command_type.spec.dice != "none":
            parser.add_argument("--seed", type=whole_number, default=None, help="seed the dice")
            parser.add_argument(
                "--faces", default=None, help=FACES_SYNTAX[command_type.spec.family]
            )
        parser.set_defaults(handler=handler, command_type=command_type)


def _group_help(command_types: Sequence[type[Command]]) -> str:
    """A group's help, a whole sentence: its one command's (``clock advance``), or the
    steps it has (``duel``: begin, assess, concede, focus or strike)."""
    steps = [t.spec.words[1] for t in command_types]
    word = command_types[0].spec.words[0]
    if len(steps) == 1:
        return (
            describe_command(command_types[0]).removesuffix(".") + f": `kiroku {word} {steps[0]}`."
        )
    return f"Steps: {', '.join(steps[:-1])} or {steps[-1]} (`kiroku {word} STEP --help`)."


MAX_FILE = 1_000_000
"""A sheet, an armoury or a GM's table is at most this many bytes (the largest in
replays/ is under 2 kB)."""


def _read_file(path: str, what: str) -> Any:
    from adapters.codec import BOM  # the codec's imports: for the commands that read a file

    data = read_bounded(path, MAX_FILE, what).removeprefix(BOM)  # an editor's byte order mark
    if not data.strip():
        raise MalformedInput(f"{what} {path!r} is empty")
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError as error:
        raise MalformedInput(f"{what} {path!r}: {error}") from None
    except RecursionError:
        raise MalformedInput(f"{what} {path!r} is nested too deep to be a {what}") from None


def command_from(args: argparse.Namespace, command_type: type[C]) -> C:
    """The Struct (a command, or a ruleset's query) from the parsed arguments, validated
    by msgspec; an error names the option and quotes what was given."""
    spec = command_type.spec
    given: dict[str, Any] = {}
    paths: dict[str, str] = {}
    for field in msgspec.structs.fields(command_type):
        value = getattr(args, dest_of(command_type, field.name), None)
        if value is None:
            continue  # not given: the field's default stands (or msgspec names it missing)
        if field.name in spec.files:
            paths[field.name] = value
            value = _read_file(value, spec.files[field.name])
        elif field.name in spec.parsers:
            value = spec.parsers[field.name](value)
        given[field.name] = value
    try:
        return msgspec.convert(given, command_type)
    except msgspec.ValidationError as error:
        raise MalformedInput(_quoted(command_type, str(error), given, paths)) from None


def files_given(args: argparse.Namespace, command_type: type[Command]) -> str:
    """``sheet 'kaneka.json'`` for each file the command was given (for its errors)."""
    return ", ".join(
        f"{what} {getattr(args, dest_of(command_type, name))!r}"
        for name, what in command_type.spec.files.items()
    )


_AT = re.compile(r" - at `\$\.([a-z_]+)(.*?)`$")


def _quoted(
    command_type: Declared, message: str, given: dict[str, Any], paths: dict[str, str]
) -> str:
    match = _AT.search(message)
    if match is None:
        return f"{command_type.spec.name}: {message}"
    name = match.group(1)
    if name in paths:
        what = command_type.spec.files[name]
        return f"{command_type.spec.name}: {what} {paths[name]!r}: {message}"
    where = option_of(command_type, name)
    if name in command_type.spec.positional:
        where = name.upper()
    enum = enum_explained(command_type, message)
    if enum:  # the value refused and every value the field takes
        return f"{command_type.spec.name} {where}: {enum.partition(': ')[2]}"
    value = given.get(name)
    shown = repr(value)
    return f"{command_type.spec.name} {where} {shown}: {message[: match.start()]}"
