"""Every ``kiroku`` subcommand's arguments, declared without importing what runs it.

Parsing ``kiroku roll 5k3`` or ``kiroku --help`` builds the whole parser, so this module
(and :mod:`adapters.cli.play_arguments`) imports only argparse and light domain
constants: never the store, the service or structlog. Each subcommand names its handler
as ``"module:function"`` in :mod:`adapters.cli`, imported only when that subcommand runs.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import msgspec

from adapters.cli.fields import add_fields, dest_of
from adapters.cli.numbers import whole_number
from domain.commands import Query, describe_command
from domain.dice.given import FACES_SYNTAX
from domain.rulesets import MAIN, RULESETS

Subparsers = Any


TZ_HELP = "the time zone times are shown in: an IANA name (Asia/Tokyo) or UTC (default: local)"


def rulesets() -> str:
    """The ruleset ids a ``--ruleset`` takes, from the registry (plug-ins included)."""
    return ", ".join(sorted(RULESETS))


VERBOSE_HELP = (
    "log each command recorded or refused on stderr (at info, or $KIROKU_LOG's level "
    "if it says debug); without it a command logs nothing unless $KIROKU_LOG says"
)


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    """``--data-dir`` (and ``--store``, ``--tz``, ``-v``) after the subcommand too; left
    unset, the one before it stands."""
    parser.add_argument(
        "--data-dir", default=argparse.SUPPRESS, help="where the store lives ($KIROKU_DATA_DIR)"
    )
    parser.add_argument(
        "--store", default=argparse.SUPPRESS,
        help="sqlite (default), memory, or postgresql://USER@HOST:PORT/DBNAME ($KIROKU_STORE)",
    )  # fmt: skip
    parser.add_argument("--tz", default=argparse.SUPPRESS, help=TZ_HELP)
    parser.add_argument(
        "-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help=VERBOSE_HELP
    )


def add_session_arguments(parser: argparse.ArgumentParser, *, actor: bool = True) -> None:
    parser.add_argument("--session", default=None, help="session id (default: $KIROKU_SESSION)")
    if actor:
        parser.add_argument(
            "--as", dest="actor", default=None, help="who acts (default: the session's GM)"
        )
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_data_dir(parser)


# -- roll, odds, demo ------------------------------------------------------------------


def add_roll_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("expression", nargs="?", default=None, help="a roll such as 7k3+5")
    parser.add_argument("--tn", type=whole_number, default=None, help="target number")
    parser.add_argument("--raises", type=whole_number, default=0, help="raises called (+5 TN each)")
    parser.add_argument(
        "--free-raises", type=whole_number, default=0, help="free raises (+5 total each)"
    )
    parser.add_argument("--unskilled", action="store_true", help="10s do not explode, no raises")
    parser.add_argument("--emphasis", action="store_true", help="reroll each first 1 once")
    parser.add_argument("--void", action="store_true", help="a Void point spent: +1k1")
    parser.add_argument(
        "--seed", type=whole_number, default=None, help="seed the dice for a repeatable roll"
    )
    parser.add_argument(
        "--faces",
        default=None,
        help=f"roll & keep (7k3): {FACES_SYNTAX['roll_keep']}; narrative dice (3r2s): "
        f"{FACES_SYNTAX['narrative']}",
    )
    parser.add_argument(
        "--keep", default=None, help="narrative dice (3r2s): the dice kept, as 0,2 (or none)"
    )
    parser.add_argument(
        "--compromised", action="store_true", help="narrative dice: keep none with strife"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def add_session_roll_arguments(parser: argparse.ArgumentParser) -> None:
    """A bare roll's parser takes ``--session`` and ``--character`` only to say that a
    character's roll is given in a session: there, ``kiroku roll`` is the session's
    ruleset's command, with its own options."""
    parser.add_argument("--session", default=None, help="a session: the roll is its ruleset's")
    parser.add_argument("-c", "--character", default=None, help="in a session: its ruleset's roll")
    add_data_dir(parser)


def register_dice(commands: Subparsers, matchups: Sequence[type[Query]] = ()) -> None:
    """``roll`` and ``odds``; ``matchups``: the queries of the rulesets whose odds take a
    matchup (:class:`domain.rulesets.base.Matchups`), whose fields are ``odds``'s options
    (read only when the command is ``odds``: the rulesets are not loaded for the others)."""
    roll = commands.add_parser("roll", help="Roll & keep dice (7k3), or narrative dice (3r2s).")
    add_roll_arguments(roll)
    add_session_roll_arguments(roll)
    roll.set_defaults(handler="dice_commands:roll_command")

    odds = commands.add_parser("odds", help="Exact chance of success.")
    odds.add_argument("expression", help="a roll such as 7k3+5, or narrative dice such as 3r2s")
    odds.add_argument("--tn", type=whole_number, default=None, help="target number")
    odds.add_argument(
        "--table", action="store_true", help="TN 5 to 60 by 5 (narrative dice: TN 1 to 6)"
    )
    odds.add_argument("--unskilled", action="store_true", help="10s do not explode")
    odds.add_argument("--emphasis", action="store_true", help="reroll each first 1 once")
    odds.add_argument("--json", action="store_true", help="print JSON")
    odds.add_argument(
        "--ruleset",
        default=None,
        help=f"whose dice rules, one of {rulesets()} (default: {MAIN}'s roll & keep)",
    )
    odds.add_argument(
        "--option", action="append", default=[], help="the ruleset's option NAME=VALUE"
    )
    taken: dict[str, type[Query]] = {}
    for query in matchups:
        add_fields(odds.add_argument_group(describe_command(query)), query, skip=set(taken))
        taken |= {dest_of(query, f.name): query for f in msgspec.structs.fields(query)}
    odds.set_defaults(handler="dice_commands:odds_command", matchup_options=taken)

    demo = commands.add_parser("demo", help="A short demonstration session.")
    demo.add_argument(
        "--seed", type=whole_number, default=1120, help="seed the dice (default 1120)"
    )
    add_data_dir(demo)
    demo.set_defaults(handler="demo:demo_command")


# -- the session commands (adapters.cli.session_commands) ------------------------------


def register_session(commands: Subparsers) -> None:
    handler = "session_commands:{}".format

    session = commands.add_parser("session", help="Open, list and show sessions.")
    steps = session.add_subparsers(dest="step", required=True)
    opener = steps.add_parser("open", help="Open a session.")
    opener.add_argument("--id", default=None, help="session id (default: generated)")
    opener.add_argument(
        "--ruleset",
        default=None,
        help=f"one of {rulesets()}: {MAIN} (default), or the campaign's with --campaign",
    )
    opener.add_argument("--gm", required=True, help="the GM's id")
    opener.add_argument("--campaign", default="", help="the campaign it is a session of")
    opener.add_argument("--title", default="", help="its title")
    opener.add_argument("--option", action="append", default=[], help="ruleset option NAME=VALUE")
    opener.add_argument("--json", action="store_true", help="print JSON")
    add_data_dir(opener)
    opener.set_defaults(handler=handler("_session_open"))
    lister = steps.add_parser("list", help="List sessions.")
    lister.add_argument("--json", action="store_true", help="print JSON")
    add_data_dir(lister)
    lister.set_defaults(handler=handler("_session_list"))
    shower = steps.add_parser("show", help="A session's state.")
    shower.add_argument("id", help="the session's id")
    shower.add_argument("--at", type=whole_number, default=None, help="as of this position")
    shower.add_argument("--json", action="store_true", help="print JSON")
    add_data_dir(shower)
    shower.set_defaults(handler=handler("_session_show"))
    token = steps.add_parser(
        "token", help="The HTTP API's tokens: issue one for a participant, revoke, list."
    )
    actions = token.add_subparsers(dest="action", required=True)
    issue = actions.add_parser("issue", help="A token for the GM, a player or an observer.")
    issue.add_argument("--for", dest="participant", required=True, help="the participant's id")
    issue.add_argument("--note", default=None, help="what it is for (a device, a bot)")
    revoke = actions.add_parser("revoke", help="Refuse a token from now on.")
    revoke.add_argument("token", help="the token's id, as issue and list print it")
    revoke.add_argument("--reason", default=None, help="why: recorded with the revocation")
    lister = actions.add_parser("list", help="Every token: id, holder, issued, revoked.")
    for parser in (issue, revoke, lister):
        add_session_arguments(parser)
        parser.set_defaults(handler="tokens:token_command")

    state = commands.add_parser("state", help="The projections.")
    add_session_arguments(state, actor=False)
    state.add_argument("--at", type=whole_number, default=None, help="as of this position")
    state.add_argument(
        "--as-corrected",
        action="store_true",
        help="position --at N as the corrections made later read it (default: as recorded then)",
    )
    state.set_defaults(handler=handler("_state"))


# -- campaigns (adapters.cli.campaign_commands) ------------------------------------------


def register_campaign(commands: Subparsers) -> None:
    handler = "campaign_commands:{}".format
    campaign = commands.add_parser("campaign", help="Open, list and show campaigns.")
    steps = campaign.add_subparsers(dest="step", required=True)
    opener = steps.add_parser("open", help="Open a campaign.")
    opener.add_argument("--id", required=True, help="campaign id")
    opener.add_argument("--gm", required=True, help="the GM's id")
    opener.add_argument(
        "--ruleset",
        default=MAIN,
        help=f"every session's ruleset: one of {rulesets()} (default {MAIN})",
    )
    opener.add_argument("--title", default="", help="its title")
    lister = steps.add_parser("list", help="List campaigns.")
    shower = steps.add_parser(
        "show", help="A campaign's sessions, and each character's XP, insight and standing."
    )
    shower.add_argument("id", help="the campaign's id")
    for parser, name in ((opener, "campaign_open"), (lister, "campaign_list"),
                         (shower, "campaign_show")):  # fmt: skip
        parser.add_argument("--json", action="store_true", help="print JSON")
        add_data_dir(parser)
        parser.set_defaults(handler=handler(name))

    carry = commands.add_parser(
        "carry",
        help="A character joins with their sheet as an earlier session of the campaign left them.",
    )
    add_session_arguments(carry)
    carry.add_argument("-c", "--character", required=True, help="who played an earlier session")
    carry.add_argument("--player", default=None, help="who plays them (default: as before)")
    carry.add_argument(
        "--days", type=whole_number, default=None,
        help="days since: their wounds carry over, less what those days heal (default: healed)",
    )  # fmt: skip
    carry.add_argument("--reason", default=None, help="why: recorded with the joining")
    carry.add_argument(
        "--hidden", action="store_true", help="the GM's secret: kept from players until revealed"
    )
    carry.set_defaults(handler=handler("carry"))

    sheet = commands.add_parser("sheet", help="A character's sheet as it stands, as a sheet file.")
    add_session_arguments(sheet, actor=False)
    sheet.add_argument("--campaign", default=None, help="as the campaign's last session left them")
    sheet.add_argument("-c", "--character", required=True, help="whose sheet")
    sheet.add_argument("--at", type=whole_number, default=None, help="as of this position")
    sheet.set_defaults(handler=handler("sheet"))


# -- the audit: log and show (adapters.cli.audit) ----------------------------------------


def register_audit(commands: Subparsers) -> None:
    log = commands.add_parser("log", help="The timeline.")
    add_session_arguments(log)
    log.add_argument("--at", type=whole_number, default=None, help="as of this position")
    log.add_argument(
        "--after", type=whole_number, default=None, help="only the events after position N"
    )
    log.add_argument(
        "--limit",
        type=whole_number,
        default=50,
        help="at most N events: the first N after --after, else the last N (default 50; 0: all)",
    )
    log.add_argument(
        "-c", "--character", default=None, help="only the events that name this character"
    )
    log.add_argument(
        "--actor",
        dest="recorded_by",
        default=None,
        help="only the events this participant recorded (--as is who reads)",
    )
    log.add_argument(
        "--kind", default=None, help="only the events of this type (DiceRolled, WoundsTaken, …)"
    )
    log.add_argument(
        "--since",
        default=None,
        help="only the events recorded at or after this time (ISO 8601; local time if no zone)",
    )
    log.add_argument(
        "--follow",
        action="store_true",
        help="then keep printing each new event as it is stored, until Ctrl-C "
        "(with --json: one JSON object a line)",
    )
    log.set_defaults(handler="audit:log_command")

    show = commands.add_parser(
        "show", help="One event whole: its fields, dice, parts, and whether it still counts."
    )
    show.add_argument("position", type=whole_number, help="the event's position in the session")
    add_session_arguments(show)
    show.set_defaults(handler="audit:show_command")

    why = commands.add_parser(
        "why", help="The ruling an event came from, and the other events it gave."
    )
    why.add_argument("position", type=whole_number, help="the event's position in the session")
    why.add_argument(
        "--consequences",
        action="store_true",
        help="also what followed from its ruling: what retracting it would revise or drop "
        "(the GM's; nothing is recorded)",
    )
    add_session_arguments(why)
    why.set_defaults(handler="why:why_command")

    diff = commands.add_parser(
        "diff", help="What changed in every projection between two positions, or sessions."
    )
    diff.add_argument(
        "first",
        type=whole_number,
        nargs="?",
        default=None,
        help="from position A (default: the head)",
    )
    diff.add_argument(
        "second",
        type=whole_number,
        nargs="?",
        default=None,
        help="to position B (default: the head)",
    )
    diff.add_argument("--against", default=None, help="B is of this other session (a fork, say)")
    add_session_arguments(diff, actor=False)
    diff.set_defaults(handler="whatif:diff_command")

    fork = commands.add_parser(
        "fork", help="A what-if session that starts as this one stood at a position."
    )
    fork.add_argument("--at", type=whole_number, required=True, help="the position it starts from")
    fork.add_argument("--id", required=True, help="the new session's id")
    fork.add_argument("--reason", required=True, help="why: recorded with the fork")
    add_session_arguments(fork)
    fork.set_defaults(handler="whatif:fork_command")


# -- kiroku doctor (adapters.cli.doctor) ------------------------------------------------


def register_doctor(commands: Subparsers) -> None:
    doctor = commands.add_parser(
        "doctor", help="Check the store, read-only, and say which sessions are intact."
    )
    doctor.add_argument("--json", action="store_true", help="print JSON")
    add_data_dir(doctor)
    doctor.set_defaults(handler="doctor:doctor_command")


# -- kiroku serve (adapters.cli.serve) ---------------------------------------------------


def register_serve(commands: Subparsers) -> None:
    serve = commands.add_parser(
        "serve", help="The HTTP API and its live streams, on this store (Ctrl-C stops it)."
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument(
        "--port", type=whole_number, default=8000, help="the port (default 8000; 0: any free one)"
    )
    serve.add_argument(
        "--heartbeat",
        type=whole_number,
        default=15,
        help="seconds of silence before a stream sends a heartbeat (default 15)",
    )
    serve.add_argument(
        "--poll",
        type=whole_number,
        default=50,
        help="milliseconds between two looks at the store for events another process wrote "
        "(default 50; on PostgreSQL its notifications wake the server sooner)",
    )
    serve.add_argument(
        "--idle-timeout",
        type=whole_number,
        default=10,
        help="seconds a connection may take to send a whole request, from its opening or "
        "its previous answer, before it is closed (default 10)",
    )
    serve.add_argument(
        "--row-cache",
        type=whole_number,
        default=64,
        help="MiB of events kept encoded for new subscribers and pages, the least recently "
        "read sessions dropped first (default 64; 0 keeps none)",
    )
    serve.add_argument(
        "--rate", type=whole_number, default=120, help="commands a minute per token (default 120)"
    )
    serve.add_argument(
        "--streams", type=whole_number, default=8, help="open streams per token (default 8)"
    )
    serve.add_argument(
        "--auth-failures",
        type=whole_number,
        default=30,
        help="failed authentications a minute per client address, past which its requests "
        "are 429 (default 30)",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        help="a web origin whose pages may call the API (CORS), as https://vtt.example; "
        "repeat for more (default: none)",
    )
    serve.add_argument(
        "--public-url",
        help="the address the players' phones reach this server at, as "
        "http://192.168.1.20:8322: the players' links (and their QR codes) name it "
        "(default: the address it listens on, unless that is a wildcard such as "
        "0.0.0.0; then the address the GM's page was opened at)",
    )
    add_data_dir(serve)
    serve.set_defaults(handler="serve:serve_command")


# -- kiroku rules (adapters.cli.commands) ----------------------------------------------


def register_rules(commands: Subparsers) -> None:
    rules = commands.add_parser(
        "rules", help="The rulesets; with an id, a ruleset's options and commands."
    )
    rules.add_argument("ruleset", nargs="?", default=None, help="a ruleset id (l5r4e, …)")
    rules.add_argument("--json", action="store_true", help="print JSON")
    rules.set_defaults(handler="commands:rules_command")


# -- replay files (adapters.cli.replay_commands) ---------------------------------------

KEY = (
    "the session's public key noted earlier (as verify prints it, an export's header "
    "holds it): every signed seal must be that key's"
)
UNVERIFIED = (
    "take a file whose events no recorded command gave (a version 1 file) as it is: each "
    "event held to every bound and to its own arithmetic, none decided again; an import "
    "marks the session unverified for ever"
)


def register_replay(commands: Subparsers) -> None:
    export = commands.add_parser("export", help="Write a session as a replay file.")
    export.add_argument("session_id", help="the session's id")
    export.add_argument("-o", "--output", default=None, help="file (default: stdout)")
    add_data_dir(export)
    export.set_defaults(handler="replay_commands:_export")

    importer = commands.add_parser("import", help="Load a replay file into the store.")
    importer.add_argument("file", help="a replay file (.jsonl)")
    importer.add_argument("--unverified", action="store_true", help=UNVERIFIED)
    importer.add_argument("--key", default=None, help=KEY)
    add_data_dir(importer)
    importer.set_defaults(handler="replay_commands:_import")

    replay = commands.add_parser("replay", help="Rebuild the projections from a replay file.")
    replay.add_argument("file", help="a replay file (.jsonl)")
    replay.add_argument("--until", type=whole_number, default=None, help="as of this position")
    replay.add_argument("--json", action="store_true", help="print JSON")
    replay.add_argument("--unverified", action="store_true", help=UNVERIFIED)
    replay.add_argument("--key", default=None, help=KEY)
    replay.add_argument(
        "--update-expected", action="store_true", help="rewrite NAME.expected.json on purpose"
    )
    replay.add_argument(
        "--verify",
        action="store_true",
        help="re-judge every recorded ruling under the current rules (exit 1 at the first "
        "that differs)",
    )
    replay.set_defaults(handler="replay_commands:_replay")

    check = commands.add_parser(
        "verify",
        help="Re-judge every recorded ruling of a session under the current rules.",
        description="Decide every recorded command again, with its recorded dice, on the "
        "history before it; report the first whose events differ (exit 1).",
    )
    add_session_arguments(check, actor=False)
    check.add_argument(
        "--head",
        default=None,
        help="the chain's head noted earlier (an export's, a previous verify's): a session "
        "cut short no longer reaches it",
    )
    check.add_argument("--key", default=None, help=KEY)
    check.set_defaults(handler="replay_commands:_verify_session")


# -- amend -----------------------------------------------------------------------------


def register_amend(commands: Any) -> None:
    help_text = "Amend a ruling: the same command given other inputs, with its consequences."
    parser = commands.add_parser(
        "amend",
        help=help_text,
        description=help_text + " Give the options to change after the position, as the "
        "command takes them (kiroku amend 12 --reason R --circumstances 30).",
    )
    add_session_arguments(parser)
    parser.add_argument(
        "position", type=whole_number, help="the position of an event of the ruling"
    )
    parser.add_argument("changes", nargs=argparse.REMAINDER, help="--reason R and the options")
    parser.set_defaults(handler="corrections:amend_command")


def early_options(given: Sequence[str]) -> argparse.Namespace:
    """``--session``, ``--data-dir`` and ``--store`` wherever they stand, before the full
    parse (which needs the session's ruleset, or has failed); ``--ruleset`` (whose
    matchup ``odds`` offers) and ``--character`` (a roll for one is a session's)."""
    first = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    first.add_argument("--session", default=None)
    first.add_argument("--data-dir", default=None)
    first.add_argument("--store", default=None)
    first.add_argument("--ruleset", default=None)
    first.add_argument("-c", "--character", default=None)
    known, _ = first.parse_known_args(given)
    return known
