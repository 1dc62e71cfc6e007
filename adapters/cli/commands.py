"""Running a session command from the shell: the Struct from the arguments, decided by the
session (the core's command or its ruleset's), appended, printed.

The subcommands are built from the command Structs (:mod:`adapters.cli.command_line`);
this module runs whichever was parsed, and answers ``kiroku rules``.
"""

from __future__ import annotations

import argparse

from adapters.cli import context
from adapters.cli.command_line import command_from, files_given
from adapters.cli.render import print_json
from application.campaigns import carried_before_reveal
from application.rows import describe_ruleset, list_rulesets
from application.service import acting
from domain.commands import Command
from domain.errors import MalformedInput
from domain.rulesets import load_ruleset
from domain.session.screen import for_players


def run(args: argparse.Namespace) -> int:
    """The parsed subcommand's Struct, decided in the session; an error about what a
    file held names the file."""
    command_type: type[Command] = args.command_type
    command = command_from(args, command_type)
    try:
        return execute(args, command)
    except MalformedInput as error:
        files = files_given(args, command_type)
        if not files:
            raise
        raise MalformedInput(f"{command_type.spec.name} with {files}: {error}") from None


def execute(args: argparse.Namespace, command: Command) -> int:
    """Decide ``command`` in the session as the actor (``--as``, default the GM), with
    the dice it throws (``--seed`` or ``--faces``), append the batch and print it."""
    if command.spec.preview:
        from adapters.cli import corrections

        return corrections.run(args, command)
    mode = command.spec.dice
    dice = None if mode == "none" else context.dice(args) if mode == "faces" else (
        context.dice_source(args))  # fmt: skip
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        actor = getattr(args, "actor", None)
        recorded = service.decide(sid, command, actor=actor, dice=dice)
        seen = service.seen_by(sid, actor, as_written=True)  # the store read once, before
        if seen is not service.held(sid):  # a player, while the GM keeps something
            recorded = [for_players(r) for r in recorded]
        gm = seen.is_gm(acting(actor, seen.opened.gm))
        also = carried_before_reveal(service, sid, recorded) if gm else []
        context.print_recorded(
            args, sid, recorded, service.ruleset(sid), seen.state.table, also=also
        )
    finally:
        service.store.close()
    return 0


# -- kiroku rules -----------------------------------------------------------------------


def rules_command(args: argparse.Namespace) -> int:
    """``kiroku rules``: the rulesets; ``kiroku rules ID``: one ruleset's options and
    commands, each with its arguments."""
    if args.ruleset is None:
        listed = list_rulesets()
        if args.json:
            print_json(listed)
        else:
            for entry in listed:
                print(f"{entry['id']:12} {entry['title'] or 'cannot load: ' + entry['error']}")
        return 0
    data = describe_ruleset(load_ruleset(args.ruleset))
    if args.json:
        print_json(data)
        return 0
    print(f"{data['id']}: {data['title']}")
    print("options (kiroku session open --option NAME=VALUE):")
    for name, option in data["options"].items():
        print(f"  {name:28} {option['help']}")
    if data["readings"]:
        print("readings where the text is silent (not options: each the one sensible way):")
        for reading in data["readings"]:
            print(f"  - {reading}")
    print(f"commands (kiroku COMMAND --help --ruleset {data['id']} for each one's arguments):")
    for command in data["commands"]:
        print(f"  {command['name']:28} {command['help']}")
    return 0


def unknown_word(word: str) -> MalformedInput:
    return MalformedInput(
        f"no command {word!r}: `kiroku --help` lists the core commands, "
        "`kiroku rules RULESET` a ruleset's"
    )
