"""Entry point of ``kiroku``: parse, dispatch, print; errors exit 2, never a traceback."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence

from adapters import log
from adapters.cli import dice_commands, play_commands, replay_commands, session_commands
from adapters.cli.context import store_config
from adapters.cli.demo import run_demo
from domain.errors import KirokuError, MalformedInput

Handler = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors like every other error: stderr, exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"kiroku: error: {message}\n")
        raise SystemExit(2)


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def _roll(args: argparse.Namespace) -> int:
    if args.session or args.character:
        return session_commands.session_roll(args)
    if not args.expression:
        raise MalformedInput("give a dice expression such as 7k3+5")
    result = dice_commands.roll_from_args(args)
    if args.json:
        _print_json(dice_commands.roll_as_json(result))
    else:
        print(dice_commands.describe_roll(result))
    return 0


def _odds(args: argparse.Namespace) -> int:
    data = dice_commands.odds_as_json(args)
    if args.json:
        _print_json(data)
    else:
        print(dice_commands.describe_odds(data))
    return 0


def _demo(args: argparse.Namespace) -> int:
    print(run_demo(store_config(args), args.seed))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kiroku", description="Kiroku, the record of an L5R session.")
    parser.add_argument("--data-dir", default=None, help="where the store lives ($KIROKU_DATA_DIR)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    roll_parser = commands.add_parser("roll", help="roll & keep dice")
    dice_commands.add_roll_arguments(roll_parser)
    session_commands.add_session_roll_arguments(roll_parser)
    roll_parser.set_defaults(handler=_roll)

    odds_parser = commands.add_parser("odds", help="exact chance of success")
    odds_parser.add_argument("expression")
    odds_parser.add_argument("--tn", type=int, default=None)
    odds_parser.add_argument("--table", action="store_true", help="TN 5 to 60 by 5")
    odds_parser.add_argument("--unskilled", action="store_true")
    odds_parser.add_argument("--emphasis", action="store_true")
    odds_parser.add_argument("--json", action="store_true")
    odds_parser.set_defaults(handler=_odds)

    demo_parser = commands.add_parser("demo", help="a short demonstration session")
    demo_parser.add_argument("--seed", type=int, default=1120)
    demo_parser.set_defaults(handler=_demo)

    session_commands.register(commands)
    play_commands.register(commands)
    replay_commands.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    # The demo runs thirty-odd commands: log them only when asked to (KIROKU_LOG).
    log.configure("warning" if args.command == "demo" and "KIROKU_LOG" not in os.environ else None)
    try:
        return handler(args)
    except KirokuError as error:
        sys.stderr.write(f"kiroku: error: {error}\n")
        return 2
    except OSError as error:
        where = f" {error.filename!r}" if error.filename else ""
        sys.stderr.write(f"kiroku: error:{where} {error.strerror or error}\n")
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
