"""A Struct's fields as command-line options: a command's (:mod:`.command_line`) or a
ruleset's query's (``kiroku odds``'s matchup). An option per field, named
``--field-name`` unless the spec names it otherwise, positional where the spec says, its
help :func:`domain.field_help.field_help` (its ``Meta(description=…)``, the values an
enum takes, its bounds). A field the spec marks internal is not offered. Nothing here
knows any command."""

from __future__ import annotations

import argparse
from collections.abc import Collection
from typing import Any

import msgspec.inspect as mi

from adapters.cli.numbers import whole_number
from domain.commands import Command, Query, option_of, repeats, unwrap
from domain.field_help import field_help
from domain.session.commands import hideable

Declared = type[Command] | type[Query]
"""What declares options: a command, or a ruleset's query."""

Parser = argparse.ArgumentParser | argparse._ArgumentGroup
"""Where options go: a parser, or one of its groups."""

SHORT = {"--character": "-c", "--target": "-t", "--weapon": "-w"}
"""The short options of what a GM types every round (issue 30): wherever a command has
one of these options, its short form gives it too."""


def dest_of(command_type: Declared, name: str) -> str:
    """Where argparse puts field ``name``: its own name if positional, else its option's."""
    if name in command_type.spec.positional:
        return name
    return option_of(command_type, name).lstrip("-").replace("-", "_")


def add_fields(parser: Parser, command_type: Declared, skip: Collection[str] = ()) -> None:
    """One argument per field of ``command_type`` (a command, or a ruleset's query), but
    those whose option another Struct gave the parser already (``skip``: their dests)."""
    spec = command_type.spec
    info = mi.type_info(command_type)
    assert isinstance(info, mi.StructType)
    fields = sorted(
        info.fields,
        key=lambda f: spec.positional.index(f.name) if f.name in spec.positional else 99,
    )
    for field in fields:
        if dest_of(command_type, field.name) in skip:
            continue
        if field.name == "hidden" and not (
            issubclass(command_type, Command) and hideable(command_type)
        ):
            continue  # refused if given: not offered
        if field.name in spec.internal:
            continue  # filled by another command (``kiroku carry``), never typed: not offered
        kind = unwrap(field.type)[0]
        bits = [field_help(field)]
        if field.name in spec.files:
            bits.append(f"a JSON file: {spec.files[field.name]}")
        options: dict[str, Any] = {"help": "; ".join(b for b in bits if b) or None}
        options["dest"] = dest_of(command_type, field.name)
        if isinstance(kind, mi.BoolType) and field.name not in spec.files:
            options["action"] = "store_true"
        elif isinstance(kind, mi.LiteralType) and field.name not in spec.parsers:
            options["choices"] = kind.values
        elif isinstance(kind, mi.TupleType) and field.name not in spec.files:
            options["nargs"] = len(kind.item_types)
            options["type"] = (
                whole_number if isinstance(unwrap(kind.item_types[0])[0], mi.IntType) else str
            )
            options["metavar"] = tuple(
                f"{field.name.upper()}{i + 1}" for i in range(len(kind.item_types))
            )
        elif repeats(command_type, field):
            options["action"] = "append"
            options["help"] = f"{options['help']} (the option once for each)".lstrip()
        elif isinstance(kind, mi.IntType) and field.name not in spec.parsers:
            options["type"] = whole_number
        if field.name in spec.bare:
            options["nargs"] = "?"
            options["const"] = spec.bare[field.name]
            bits.append(f"alone: {spec.bare[field.name]}")
            options["help"] = "; ".join(b for b in bits if b)
        options["default"] = None
        if field.name in spec.positional:
            dest = options.pop("dest")
            if not field.required:
                options["nargs"] = "?"
            parser.add_argument(dest, **options)
        else:
            options["required"] = field.required and options.get("action") != "store_true"
            option = option_of(command_type, field.name)
            short = (SHORT[option],) if option in SHORT else ()
            parser.add_argument(*short, option, **options)
