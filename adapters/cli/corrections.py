"""The GM's corrections at the shell: ``retract``, ``undo``, ``amend``, ``reinstate``,
each with ``--dry-run`` (:mod:`domain.session.correction`).

A correction prints what it changed — each later ruling revised (before and after),
each dropped (and the rule's refusal), how many stood — and its preview prints the same,
with the projections' differences, recording nothing. ``amend`` takes the options of the
command it amends (``kiroku amend 12 --reason R --circumstances 30``): they are read
once the ruling at the position, and so its command, is known.
"""

from __future__ import annotations

import argparse
from typing import Any

from adapters.cli import context
from adapters.cli.arguments import add_session_arguments
from adapters.cli.command_line import command_from
from adapters.cli.fields import add_fields, dest_of
from adapters.cli.numbers import whole_number
from adapters.cli.parsing import Parser
from adapters.cli.render import print_json
from application.correction_reports import made, report_of
from application.service import SessionService
from domain.commands import Command, widened_inputs
from domain.dice.given import FACES_SYNTAX
from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.rulesets import Ruleset
from domain.session.commands import CORE_COMMANDS, Amend
from domain.session.record import inputs_of
from projections.diff import render_changes


def _amend_parser(command_type: type[Command]) -> argparse.ArgumentParser:
    parser = Parser(prog=f"kiroku amend POSITION ({command_type.spec.name})")
    add_session_arguments(parser)
    parser.add_argument("--reason", required=True, help="why")
    parser.add_argument("--dry-run", action="store_true", help="print, record nothing")
    parser.add_argument("--seed", type=whole_number, default=None, help="seed any fresh dice")
    if command_type.spec.dice != "none":
        parser.add_argument(
            "--faces",
            default=None,
            help=f"{FACES_SYNTAX[command_type.spec.family]}: what it threw anew (default: "
            "the dice it drew or was given, then fresh ones where it needs more)",
        )
    fields = argparse.ArgumentParser(add_help=False)
    add_fields(fields, command_type)
    for action in fields._actions:
        if action.dest in ("reason", "help"):
            continue
        action.required = False
        if isinstance(action, argparse._StoreTrueAction):
            parser.add_argument(
                *action.option_strings,
                dest=action.dest,
                action=argparse.BooleanOptionalAction,
                default=None,
                help=action.help,
            )
            continue
        parser._add_action(action)
        if not action.option_strings and action.dest in command_type.spec.positional:
            # `kiroku show` prints every input as --name VALUE: amend takes it so too
            alias = parser.add_argument(
                "--" + action.dest.replace("_", "-"), dest=ALIAS + action.dest, default=None,
                choices=action.choices, help=f"as {action.dest.upper()}",
            )  # fmt: skip
            alias.type = action.type
    return parser


ALIAS = "as_option__"


def _aliases(given: argparse.Namespace) -> None:
    """A positional input given as ``--name VALUE`` (as ``kiroku show`` prints it)."""
    for name, value in list(vars(given).items()):
        if name.startswith(ALIAS):
            field = name.removeprefix(ALIAS)
            if value is not None and getattr(given, field, None) is not None:
                raise MalformedInput(f"{field} is given twice, as --{field} and positionally")
            if value is not None:
                setattr(given, field, value)
            delattr(given, name)


def _early(args: argparse.Namespace) -> argparse.Namespace:
    """The session and store options, wherever they stand among the amend's options."""
    first = argparse.ArgumentParser(add_help=False)
    add_session_arguments(first)
    known, _ = first.parse_known_args(args.changes)
    for name in ("session", "actor", "data_dir"):
        setattr(known, name, getattr(known, name, None) or getattr(args, name, None))
    return known


def amend_command(args: argparse.Namespace) -> int:
    """``kiroku amend POSITION --reason R [options]``: the options given, and only those,
    replace the ruling's inputs."""
    early = _early(args)
    service = context.open_service(early)
    try:
        sid = context.session_id(early)
        head = service.load(sid).version  # a session that is not there: NotFound, quoted
        if not 1 <= args.position <= head:
            raise NotFound(f"no event at position {args.position} (session {sid!r} has {head})")
        record = service.store.command_of(sid, args.position)
        if record is None:
            raise IllegalUnderRules(
                f"event {args.position} was not given by a recorded command: there is nothing "
                "to amend (retract it instead)"
            )
        ruleset = service.ruleset(sid)
        types = {t.__name__: t for t in (*CORE_COMMANDS, *ruleset.command_types)}
        command_type = types.get(record.kind)
        if command_type is None or command_type in CORE_COMMANDS:
            raise IllegalUnderRules(
                f"event {args.position} is the core's {record.command!r}, not a ruling of the "
                "rules: it cannot be amended (retract it instead)"
            )
        given = _amend_parser(command_type).parse_args(args.changes)
        _aliases(given)
        for name in ("session", "actor", "data_dir"):
            setattr(given, name, getattr(given, name, None) or getattr(early, name))
        given.json = given.json or args.json
        changed = _changes(given, command_type, widened_inputs(command_type.spec, record.inputs))
        faces = getattr(given, "faces", None)
        if faces is not None and given.seed is not None:
            raise MalformedInput("give either --faces or --seed, not both")
        amend = Amend(position=args.position, changes=changed, reason=given.reason, faces=faces)
        return _run(given, service, sid, amend, ruleset)
    finally:
        service.store.close()


def _changes(
    given: argparse.Namespace, command_type: type[Command], inputs: dict[str, Any]
) -> dict[str, Any]:
    """The fields given at the shell, as the command's Struct reads them."""
    present = {
        name: getattr(given, name)
        for name in vars(given)
        if getattr(given, name) is not None
        and name
        not in ("session", "actor", "json", "data_dir", "reason", "dry_run", "seed", "faces")
    }
    if not present and getattr(given, "faces", None) is not None:
        return {}  # the faces alone: the dice it threw, read again
    if not present:
        raise MalformedInput(
            f"amend: give at least one option of {command_type.spec.name} to change "
            f"(kiroku {command_type.spec.name} --help lists them)"
        )
    probe = argparse.Namespace(**{**_as_namespace(command_type, inputs), **present})
    full = inputs_of(command_from(probe, command_type))
    return {k: v for k, v in full.items() if inputs.get(k) != v}


def _as_namespace(command_type: type[Command], inputs: dict[str, Any]) -> dict[str, Any]:
    """A ruling's inputs as :func:`command_from` reads them from parsed arguments: only
    those that are not files nor read through a parser (both stand as recorded)."""
    spec = command_type.spec
    return {
        dest_of(command_type, name): value
        for name, value in inputs.items()
        if name not in spec.files and name not in spec.parsers
    }


def run(args: argparse.Namespace, command: Command) -> int:
    """``retract``, ``undo``, ``reinstate`` (from :mod:`adapters.cli.commands`)."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        return _run(args, service, sid, command, service.ruleset(sid))
    finally:
        service.store.close()


def _run(
    args: argparse.Namespace,
    service: SessionService,
    sid: str,
    command: Command,
    ruleset: Ruleset,
) -> int:
    actor = getattr(args, "actor", None)
    seed = getattr(args, "seed", None)
    fresh = None if seed is None else context.dice_source(args)
    if args.dry_run:
        report = report_of(service, sid, command, ruleset, dry_run=True, actor=actor, dice=fresh)
        if args.json:
            print_json(report)
            return 0
        _print(report)
        print("changes in the projections:")
        print(render_changes(report["changes"]) if report["changes"] else "  none")
        return 0
    report, outcome, recorded = made(service, sid, command, ruleset, actor=actor, dice=fresh)
    plain = outcome.taken_back is None and not outcome.revised and not outcome.dropped
    if not args.json and outcome.events and plain:
        context.print_recorded(args, sid, recorded, ruleset)  # a retraction, as it always was
        return 0
    if args.json:
        print_json(report)
    else:
        _print(report)  # what its preview printed
        print("changes in the projections:")
        print(render_changes(report["changes"]) if report["changes"] else "  none")
    return 0


def _print(report: dict[str, Any]) -> None:
    ruling, taken = report["ruling"], report["taken_back"]
    what = "" if ruling is None else f" of the ruling at {_span(ruling)} ({ruling['command']})"
    if taken is not None:
        whole = f"the {taken['command']} at {_span(taken)}"
        what = f" of {whole}, whole" if taken == ruling else f"{what}, taking back {whole} whole"
    verb = "would record" if report["dry_run"] else "recorded"
    count = len(report["events"])
    kind = report["correction"].replace("_", " ")
    print(f"{kind}{what}: {verb} {count} event{'' if count == 1 else 's'}")
    for event in report["events"]:
        print(f"  #{event['position']} {event['summary']}")
    if report["reinstated"]:
        print(f"counts again: {', '.join(_ranges(report['reinstated']))}")
    for revised in report["revised"]:
        was, now = _span(revised["ruling"]), _span(revised["revision"])
        print(f"revised {was} {revised['command']} → {now}")
        for line in revised["before"]:
            print(f"  before {line}")
        for line in revised["after"]:
            print(f"  after  {line}")
    for dropped in report["dropped"]:
        print(f"dropped {_span(dropped['ruling'])} {dropped['command']}: {dropped['why']}")
    print(f"{report['kept']} later rulings stand as they were")
    if report["unrecorded"]:
        print(f"{report['unrecorded']} later events have no record of their command: they stand")


def _ranges(positions: list[int]) -> list[str]:
    """Positions as runs: [10, 11, 12, 15] → ["10–12", "15"]."""
    runs: list[list[int]] = []
    for position in sorted(positions):
        if runs and position == runs[-1][-1] + 1:
            runs[-1].append(position)
        else:
            runs.append([position])
    return [_span({"first": run[0], "last": run[-1]}) for run in runs]


def _span(ruling: dict[str, int]) -> str:
    first, last = ruling["first"], ruling["last"]
    return str(first) if first == last else f"{first}–{last}"
