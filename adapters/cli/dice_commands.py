"""``kiroku roll`` and ``kiroku odds``: dice at the shell, readable or as JSON."""

from __future__ import annotations

import argparse
import random
from typing import Any

import msgspec

from adapters.cli.command_line import command_from
from adapters.cli.fields import dest_of
from adapters.cli.parsing import ruleset_options
from adapters.cli.render import print_json
from application.odds import BARE_RULE, OddsQuery, odds_of
from domain.commands import Query
from domain.dice.narrative.roll import is_narrative
from domain.dice.roll_keep import roll as roll_keep
from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions, RollResult, check_tn
from domain.dice.roll_keep.shown import describe_roll, roll_as_json
from domain.errors import MalformedInput
from domain.rulesets import load_ruleset
from domain.rulesets.base import Matchups


def roll_command(args: argparse.Namespace) -> int:
    """``kiroku roll``: a bare roll. Given ``--session`` or ``--character`` (its session
    from ``KIROKU_SESSION``), ``roll`` is the session's ruleset's command, parsed from its
    Struct (main's ``_run``) and never reaches here."""
    if args.session == "":
        raise MalformedInput("--session '': a session id is not blank")
    if not args.expression:
        raise MalformedInput("give a dice expression such as 7k3+5")
    if is_narrative(args.expression):
        from adapters.cli.narrative_commands import narrative_roll_command

        return narrative_roll_command(args)
    if args.keep is not None or args.compromised:
        raise MalformedInput("--keep and --compromised are for narrative dice (3r2s)")
    result = roll_from_args(args)
    if args.json:
        print_json(roll_as_json(result))
    else:
        print(describe_roll(result))
    return 0


def odds_command(args: argparse.Namespace) -> int:
    data = odds_of(odds_query(args))
    if args.json:
        print_json(data)
    else:
        print(describe_odds(data))
    return 0


def roll_options(args: argparse.Namespace, max_raises: int | None = None) -> RollOptions:
    return RollOptions(
        tn=args.tn,
        raises=args.raises,
        free_raises=args.free_raises,
        unskilled=args.unskilled,
        emphasis=args.emphasis,
        void=args.void,
        max_raises=max_raises,
    )


def roll_from_args(args: argparse.Namespace, max_raises: int | None = None) -> RollResult:
    """Roll with the seeded dice port, or resolve the faces the table rolled; its TN is
    bounded as the odds' is."""
    check_tn(args.tn)
    options = roll_options(args, max_raises)
    if args.faces is not None:
        if args.seed is not None:
            raise MalformedInput("give either --faces or --seed, not both")
        return roll_keep.resolve(args.expression, options, parse_faces(args.faces), BARE_RULE)
    return roll_keep.roll(args.expression, options, random.Random(args.seed), BARE_RULE)


def odds_query(args: argparse.Namespace) -> OddsQuery:
    """``kiroku odds``'s arguments as the one odds question (:mod:`application.odds`):
    the options of a ruleset's matchup query (:class:`domain.rulesets.base.Matchups`)
    read into it, checked as its Struct declares (the parser offers them only for the
    ruleset named: elsewhere they are options ``odds`` does not take)."""
    ruleset_id = getattr(args, "ruleset", None)
    options = ruleset_options(args.option) if ruleset_id is not None else {}
    ruleset = None if ruleset_id is None else load_ruleset(ruleset_id, options)
    matchups = isinstance(ruleset, Matchups)
    offered: dict[str, type[Query]] = getattr(args, "matchup_options", {})
    given = [dest for dest in offered if getattr(args, dest, None) is not None]
    matchup: dict[str, Any] = {}
    if isinstance(ruleset, Matchups) and given:
        kind = ruleset.matchup_type
        asked = command_from(args, kind)
        named = {f.name for f in msgspec.structs.fields(kind) if dest_of(kind, f.name) in given}
        matchup = {n: v for n, v in msgspec.structs.asdict(asked).items() if n in named}
    if matchups and (args.tn is not None or args.unskilled or args.emphasis):
        raise MalformedInput(
            f"{ruleset_id} odds take a matchup ('8-3 vs 7'), not --tn, --unskilled nor --emphasis"
        )
    if not matchups and args.tn is None and not args.table:
        raise MalformedInput("odds needs --tn N or --table")
    return OddsQuery(
        expression=args.expression,
        tn=args.tn,
        table=args.table,
        unskilled=args.unskilled,
        emphasis=args.emphasis,
        ruleset=ruleset_id,
        options=options,
        matchup=matchup,
    )


def describe_odds(data: dict[str, Any]) -> str:
    if "mine" in data:
        return describe_matchup(data)
    if is_narrative(data["expression"]):
        from adapters.cli.narrative_commands import describe_narrative_odds

        return describe_narrative_odds(data)
    if "table" in data:
        rows = [f"{data['expression']}: chance of success by TN"]
        for tn, p in data["table"].items():
            rows.append(f"  TN {int(tn):>3}  {100 * p:7.2f}%")
        return "\n".join(rows)
    return f"{data['expression']} against TN {data['tn']}: {100 * data['probability']:.4f}%"


def describe_matchup(data: dict[str, Any]) -> str:
    """Ukiyo's odds: one test at effective scores, and a conflict's from its score."""
    test = data["test"]
    lines = [
        f"{data['expression']}: effective {data['mine']} against {data['theirs']} "
        f"({data['resolution']}; ties: {data['ties']})",
        f"  one test: win {100 * test['win']:.2f}%, tie {100 * test['tie']:.2f}%, "
        f"lose {100 * test['lose']:.2f}%",
    ]
    if data.get("table"):
        lines.append(f"  one test at {data['mine']} against each opposing effective score:")
    for theirs, chance in data.get("table", {}).items():
        mark = "  ◀" if int(theirs) == data["theirs"] else ""
        lines.append(f"    against {int(theirs):>3}  {100 * chance:7.2f}%{mark}")
    if "manches" in data:
        won, lost = data["score"]
        bet = "" if data["bet"] == "none" else f", betting {data['bet']} on {data['call']}"
        lines.append(
            f"  the conflict, first to {data['manches']} (theirs {data['their_manches']}) from "
            f"{won}-{lost}{bet}: {100 * data['probability']:.4f}% ({data['exact']})"
        )
    return "\n".join(lines)
