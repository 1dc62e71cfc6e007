"""Entry point of ``kiroku``: parse, dispatch, print; errors exit 2, never a traceback.

Only the subcommand that runs is imported: the parser is declared in
:mod:`adapters.cli.arguments` and each subcommand names its handler as
``"module:function"``, so ``kiroku roll 5k3`` and ``kiroku --help`` load neither the
store nor structlog (logging is off unless ``-v`` or ``KIROKU_LOG`` asks for it:
:mod:`adapters.log`).

The core's subcommands are always there; a ruleset's (``attack``, ``duel assess``…) are
built from its command Structs once the session is known: a word that is not a core
command is looked up in the session's ruleset (``--session`` or ``$KIROKU_SESSION``),
and refused, naming the ruleset, if that ruleset lacks it; its help is a ruleset's
(``--session ID`` or ``--ruleset RULESET``: :mod:`adapters.cli.session_rules`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from adapters.cli import arguments
from adapters.cli.arguments import early_options
from adapters.cli.command_line import Whose, add_command_parsers
from adapters.cli.parsing import Parser
from adapters.log import check_environment
from adapters.plugins import register_plugins
from domain.commands import Command, Query
from domain.errors import KirokuError, MalformedInput, shortened
from domain.session.commands import CORE_COMMANDS, Amend

Handler = Callable[[argparse.Namespace], int]


class _Version(argparse.Action):
    """``--version``: ``kiroku X.Y.Z`` from the installed package's metadata, read only
    when asked for (importlib.metadata is not free)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.setdefault("help", "print kiroku's version and exit")
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("kiroku")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "unknown (not installed)"
        sys.stdout.write(f"kiroku {number}\n")
        parser.exit()


EPILOG = (
    "A session's ruleset adds its own commands (attack, duel assess, …): "
    "`kiroku rules` lists the rulesets, `kiroku rules RULESET` a ruleset's commands, "
    "`kiroku COMMAND --help --session ID` (or `--ruleset RULESET`) one command's arguments."
)


def _parser() -> tuple[argparse.ArgumentParser, Any]:
    parser = Parser(
        prog="kiroku",
        description="Kiroku, the record of a Legend of the Five Rings session (or a cousin's).",
        epilog=EPILOG,
    )
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--data-dir", default=None, help="where the store lives ($KIROKU_DATA_DIR)")
    parser.add_argument(
        "--store", default=None,
        help="sqlite (default), memory, or postgresql://USER@HOST:PORT/DBNAME ($KIROKU_STORE)",
    )  # fmt: skip
    parser.add_argument("--tz", default=None, help=arguments.TZ_HELP)
    parser.add_argument("-v", "--verbose", action="store_true", help=arguments.VERBOSE_HELP)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    return parser, commands


class _Elsewhere:
    """What a subcommand's registration is given when its parser is not wanted: every
    call (``add_argument``, ``add_subparsers``, ``set_defaults``…) does nothing and
    returns it again, so the registering code runs unchanged at no cost."""

    def __getattr__(self, name: str) -> Any:
        return self._nothing

    def _nothing(self, *args: Any, **kwargs: Any) -> _Elsewhere:
        return self


class _OnlyOne:
    """The subcommands' action as the registering code sees it when only ``word``'s
    parser is wanted: ``kiroku roll 5k3`` parses with ``roll``'s alone, instead of
    building some forty subcommands' parsers first (most of a bare roll's start-up)."""

    def __init__(self, commands: Any, word: str) -> None:
        self._commands = commands
        self._word = word

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if name == self._word:
            return self._commands.add_parser(name, **kwargs)
        return _Elsewhere()


def build_parser(
    matchups: Sequence[type[Query]] = (), only: str | None = None
) -> argparse.ArgumentParser:
    """The core's subcommands: dice, sessions, the core's commands, rules, replays;
    ``matchups``: the queries ``odds`` takes options for (:func:`application.odds.
    matchup_types`, asked for only when the command is ``odds``); ``only``: the one
    subcommand the command line names (None: all of them, as ``kiroku --help`` lists)."""
    parser, every = _parser()
    commands = every if only is None else _OnlyOne(every, only)
    arguments.register_dice(commands, matchups)
    arguments.register_session(commands)
    arguments.register_campaign(commands)
    arguments.register_audit(commands)
    wanted = [t for t in CORE_COMMANDS if only is None or t.spec.words[0] == only]
    add_command_parsers(commands, [t for t in wanted if t is not Amend], "commands:run")
    arguments.register_amend(commands)
    arguments.register_rules(commands)
    arguments.register_doctor(commands)
    arguments.register_serve(commands)
    arguments.register_replay(commands)
    return parser


def ruleset_parser(
    command_types: Sequence[type[Command]], whose: Whose | None = None
) -> argparse.ArgumentParser:
    """The parser of a ruleset's commands (built once the session is known), its help
    naming ``whose`` commands they are (``session 'night1' (l5r3e)``)."""
    parser, commands = _parser()
    add_command_parsers(commands, command_types, "commands:run", whose)
    return parser


CORE_WORDS = frozenset(
    {"roll", "odds", "demo", "session", "log", "show", "why", "diff", "fork", "state", "join",
     "participant", "note", "retract", "undo", "amend", "reinstate", "reveal", "close", "reopen",
     "rules", "doctor", "serve", "export", "import", "replay", "verify", "campaign", "carry",
     "sheet", "clock"}
)  # fmt: skip
"""The core's subcommand words (everything else is a ruleset's); a test keeps them the
parser's, which this spares building twice."""


def command_word(argv: Sequence[str]) -> str | None:
    """The subcommand's word: the first argument that is not an option of ``kiroku``'s own."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("--data-dir", "--store", "--tz"):
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def handler(target: str) -> Handler:
    """``"module:function"`` in :mod:`adapters.cli`, imported now."""
    module, _, function = target.partition(":")
    found: Handler = getattr(importlib.import_module(f"adapters.cli.{module}"), function)
    return found


#: The status when stdout is closed before everything was printed (``kiroku log | head``):
#: what a shell reports for a command ended by SIGPIPE, 128 + 13.
CLOSED_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            return _main(argv)
        finally:
            if sys.stdout is not None:  # None when started with stdout closed (>&-)
                sys.stdout.flush()  # so that a closed pipe shows here, not at exit
    except BrokenPipeError:
        # Whoever reads our output has stopped (``| head -1``): stop quietly. Python
        # flushes stdout again at exit; send what is left to /dev/null, not to a traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return CLOSED_PIPE


def _main(argv: Sequence[str] | None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    try:
        return _run(given)
    except KirokuError as error:
        sys.stderr.write(f"kiroku: error: {shortened(str(error))}\n")
        return 2
    except BrokenPipeError:
        raise  # an OSError, but not one to report: see main
    except OSError as error:
        where = f"{error.filename!r} " if error.filename else ""
        sys.stderr.write(f"kiroku: error: {shortened(f'{where}{error.strerror or error}')}\n")
        return 2
    except Exception as error:
        if not _from_the_store(error):
            raise
        sys.stderr.write(f"kiroku: error: {shortened(_store_error(error, given))}\n")
        return 2


NEGATIVE_POOL = re.compile(r"-[0-9]+\s*[kKrRsS]")
"""A dice expression written with a minus first (``-5k2``), which argparse would take for
an option wherever it stands."""


NEGATIVE_MATCHUP = re.compile(r"-[0-9]+\s*(?:-\s*[0-9]+\s*)?vs\b")
"""A matchup (``8-3 vs 7``) written with a minus first (``-5 vs 7``), which argparse
would take for an option."""


def _run(given: list[str]) -> int:
    if sys.stdout is None:  # started with stdout closed (>&-): nothing could be shown
        raise MalformedInput("standard output is closed: there is nowhere to print to")
    check_environment()
    word = command_word(given)
    if word in ("roll", "odds"):
        for arg in given[given.index(word) + 1 :]:
            if NEGATIVE_POOL.match(arg):
                raise MalformedInput(
                    f"dice expression {arg[:30]!r}: a roll throws its pool first (a malus "
                    "is written after it, as in 5k2-2)"
                )
            if NEGATIVE_MATCHUP.match(arg):
                raise MalformedInput(
                    f"matchup {arg[:30]!r}: each side's score comes first, from 0 (a malus "
                    "is written after it, as in 8-3 vs 7)"
                )
    register_plugins()
    known = early_options(given)
    session_roll = word == "roll" and bool(known.session or known.character is not None)
    if word is not None and (word not in CORE_WORDS or session_roll):
        # a ruleset's command, parsed from its Struct: ``roll`` too, given a session or a
        # character (a bare roll stays bare with KIROKU_SESSION set: a GM's quick check)
        from adapters.cli.session_rules import command_types_for

        types, store, whose = command_types_for(given, word)
        parser = ruleset_parser([t for t in types if t.spec.words[0] == word], whose)
    else:
        whose = None
        matchups: Sequence[type[Query]] = ()
        if word == "odds" and (known.ruleset or "-h" in given or "--help" in given):
            from application.odds import matchup_types  # the named ruleset's, or all for help

            matchups = matchup_types(known.ruleset)
        parser, store = build_parser(matchups, only=word if word in CORE_WORDS else None), None
    try:
        args, extra = parser.parse_known_args(given)
        if extra:  # refused, never dropped: said with the command's own help to read
            sid = known.session or os.environ.get("KIROKU_SESSION")
            under = f" in session {sid!r} ({store.opened(sid).ruleset})" if store and sid else ""
            prog = getattr(args, "unknown_in", None) or "kiroku"
            call = getattr(args, "unknown_help", None) or f"{prog} --help"
            if prog == "kiroku" and word is not None:  # ``kiroku -v log``: the command's help
                prog = f"kiroku {word}"
                call = f"{prog} {whose.option} --help" if whose else f"{prog} --help"
            raise MalformedInput(
                f"{prog.removeprefix('kiroku ')}{under} takes no {' '.join(extra)}; "
                f"`{call}` lists what it takes"
            )
        args.read_store = store  # the store the parser read the session from, if it did
        from adapters.cli.render import read_in

        read_in(getattr(args, "tz", None))
        if getattr(args, "verbose", False):
            from adapters import log

            log.configure(log.level_named(verbose=True))
        return handler(args.handler)(args)
    finally:
        if store is not None:
            store.close()


def _from_the_store(error: Exception) -> bool:
    """Whether SQLite, PostgreSQL's driver or the library raised ``error`` (each looked up,
    not imported: the dice commands never load them)."""
    sqlite3 = sys.modules.get("sqlite3")
    if sqlite3 is not None and isinstance(error, sqlite3.Error):
        return True
    return type(error).__module__.startswith(("eventsourcing", "psycopg"))


def _store_error(error: Exception, given: list[str]) -> str:
    """The store's failure in one line, naming the store the command was given."""
    from adapters.cli.context import store_config
    from adapters.store import describe_store_error

    return describe_store_error(error, store_config(early_options(given)))


if __name__ == "__main__":
    raise SystemExit(main())
