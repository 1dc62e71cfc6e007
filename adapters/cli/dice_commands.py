"""``kiroku roll`` and ``kiroku odds``: dice at the shell, readable or as JSON."""

from __future__ import annotations

import argparse
import random
from typing import Any

from adapters.cli.parsing import ruleset_options
from adapters.cli.render import print_json
from domain.dice.narrative.roll import is_narrative
from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions, RollResult, check_tn
from domain.errors import MalformedInput
from domain.rulesets.l5r4e.dice import resolve, roll, success_probability, tn_table


def roll_command(args: argparse.Namespace) -> int:
    """``kiroku roll``: a bare roll, or with --session/--character one recorded in a session
    (only then is the session machinery, and with it the store, imported)."""
    if args.session or args.character:
        from adapters.cli.session_commands import session_roll

        return session_roll(args)
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
    data = odds_as_json(args)
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
        return resolve(args.expression, options, parse_faces(args.faces))
    return roll(args.expression, options, random.Random(args.seed))


def roll_as_json(result: RollResult) -> dict[str, Any]:
    """The stable JSON contract of ``kiroku roll --json``."""
    return {
        "expression": result.expression,
        "rolled": result.rolled,
        "kept": result.kept,
        "modifier": result.modifier,
        "ten_dice_bonus": result.ten_dice_bonus,
        "bonus": result.bonus,
        "dice": [list(die.faces) for die in result.dice],
        "die_values": [die.value for die in result.dice],
        "rerolled_ones": [i for i, die in enumerate(result.dice) if die.rerolled_one],
        "kept_dice": list(result.kept_dice),
        "total": result.total,
        "tn": result.tn,
        "effective_tn": result.effective_tn,
        "raises": result.raises,
        "free_raises": result.free_raises,
        "unskilled": result.unskilled,
        "emphasis": result.emphasis,
        "void": result.void,
        "success": result.success,
    }


def describe_roll(result: RollResult) -> str:
    """A roll as a GM reads it: which dice exploded, which were kept, and the outcome."""
    pool = f"{result.rolled}k{result.kept}"
    notes = []
    if result.void:
        notes.append("Void +1k1")
    if result.ten_dice_bonus:
        notes.append(f"ten-dice rule +{result.ten_dice_bonus}")
    if result.unskilled:
        notes.append("unskilled")
    if result.emphasis:
        notes.append("emphasis")
    head = f"{result.expression} → {pool}"
    if result.bonus:
        head += f"{result.bonus:+d}"
    if notes:
        head += f" ({', '.join(notes)})"
    shown = []
    for index, die in enumerate(result.dice):
        text = str(die.value)
        detail = []
        if len(die.faces) > 1:
            detail.append("exploded " + "+".join(map(str, die.faces)))
        if die.rerolled_one:
            detail.append("1 rerolled")
        if detail:
            text += f" ({'; '.join(detail)})"
        shown.append(f"[{text}]" if index in result.kept_dice else text)
    lines = [head, "  dice: " + "  ".join(shown) + "   ([kept])", f"  total: {result.total}"]
    if result.tn is not None:
        parts = [f"TN {result.tn}"]
        if result.raises:
            parts.append(f"{result.raises} raise(s)")
        if result.free_raises:
            parts.append(f"{result.free_raises} free raise(s)")
        verdict = "success" if result.success else "failure"
        lines.append(f"  against {', '.join(parts)} → {result.effective_tn}: {verdict}")
    return "\n".join(lines)


def odds_as_json(args: argparse.Namespace) -> dict[str, Any]:
    if is_narrative(args.expression):
        from adapters.cli.narrative_commands import narrative_odds

        return narrative_odds(args)
    if getattr(args, "ruleset", None) is not None:
        return ruleset_odds(args)
    if args.table:
        table = tn_table(args.expression, unskilled=args.unskilled, emphasis=args.emphasis)
        return {"expression": args.expression, "table": {str(tn): p for tn, p in table.items()}}
    if args.tn is None:
        raise MalformedInput("odds needs --tn N or --table")
    probability = success_probability(
        args.expression, args.tn, unskilled=args.unskilled, emphasis=args.emphasis
    )
    return {"expression": args.expression, "tn": args.tn, "probability": probability}


def ruleset_odds(args: argparse.Namespace) -> dict[str, Any]:
    """``kiroku odds --ruleset ID``: the chance under that ruleset's own dice rules
    (:meth:`domain.rulesets.base.Ruleset.odds`), one TN or the table's."""
    from domain.dice.roll_keep.odds import TABLE_TNS
    from domain.rulesets import load_ruleset

    ruleset = load_ruleset(args.ruleset, ruleset_options(args.option))
    report = getattr(ruleset, "odds_report", None)
    if report is not None:
        if args.unskilled or args.emphasis or args.tn is not None:
            raise MalformedInput(
                f"{ruleset.id} odds take a matchup ('8-3 vs 7'), not --tn, --unskilled nor "
                "--emphasis"
            )
        data: dict[str, Any] = report(
            args.expression, manches=args.manches, their_manches=args.their_manches,
            score=args.score, bet=args.bet, call=args.call,
            initiative=not args.their_initiative, table=args.table,
        )  # fmt: skip
        return data
    if args.manches is not None or args.score is not None or args.bet != "none":
        raise MalformedInput("--manches, --score and --bet are for --ruleset ukiyo")
    if args.their_manches is not None or args.their_initiative:
        raise MalformedInput("--their-manches and --their-initiative are for --ruleset ukiyo")
    options = {"unskilled": args.unskilled, "emphasis": args.emphasis}
    head = {"expression": args.expression, "ruleset": ruleset.id}
    if args.table:
        table = {str(tn): ruleset.odds(args.expression, tn, **options) for tn in TABLE_TNS}
        return head | {"table": table}
    if args.tn is None:
        raise MalformedInput("odds needs --tn N or --table")
    return head | {"tn": args.tn, "probability": ruleset.odds(args.expression, args.tn, **options)}


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
