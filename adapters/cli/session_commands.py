"""The session commands: a GM runs a whole session from the shell.

Each command loads the session, asks the aggregate for one batch of events (or a typed
error), appends it and prints what was recorded. Nothing is appended on an error.
"""

from __future__ import annotations

import argparse
import uuid
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from adapters.cli import context
from adapters.cli.dice_commands import add_roll_arguments, roll_options
from adapters.cli.render import render_state, render_timeline
from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.l5r4e import combat
from domain.rulesets.l5r4e.contests import tn_for
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.l5r4e.skills import skill_roll
from domain.rulesets.roll_keep_kit.character import CharacterSheet
from domain.rulesets.roll_keep_kit.purchase import Purchase
from domain.rulesets.roll_keep_kit.standing import STANDINGS, parse_tenths
from domain.session.aggregate import Session
from projections import project_state
from projections.timeline import timeline

Handler = Callable[[argparse.Namespace], int]
Subparsers = Any


def _run(
    args: argparse.Namespace,
    name: str,
    build: Callable[[Any, str, datetime], list[Event]],
    *,
    core: bool = False,
) -> int:
    """Load the session, decide the command as the actor, append, print. A core command
    (``core``) is a method of the session; any other is the l5r4e ruleset's, of its
    :class:`Play`."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        recorded = service.execute(
            sid,
            name,
            lambda session, at: build(
                session if core else Play.of(session), context.actor(args, session), at
            ),
        )
        context.print_recorded(args, sid, recorded, service.ruleset(sid))
    finally:
        service.store.close()
    return 0


# -- session open | list | show ------------------------------------------------------


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise MalformedInput(f"option {pair!r} is not NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def _session_open(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sid = args.id or f"s-{uuid.uuid4().hex[:8]}"
        recorded = service.open(
            session_id=sid,
            ruleset=args.ruleset,
            gm=args.gm,
            options=_parse_options(args.option),
            campaign=args.campaign,
            title=args.title,
        )
        context.print_recorded(args, sid, recorded, service.ruleset(sid))
    finally:
        service.store.close()
    return 0


def _session_list(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sessions = service.store.sessions()
    finally:
        service.store.close()
    rows = [
        {
            "id": s.session,
            "ruleset": s.ruleset,
            "gm": s.gm,
            "campaign": s.campaign,
            "title": s.title,
            "opened": s.at.isoformat(),
        }
        for s in sessions
    ]
    if args.json:
        context.print_json(rows)
    elif not rows:
        print("no sessions yet: kiroku session open --gm NAME")
    else:
        for row in rows:
            print(
                f"{row['id']}  {row['ruleset']}  GM {row['gm']}  {row['opened'][:19]}  "
                f"{row['title']}"
            )
    return 0


def _session_show(args: argparse.Namespace) -> int:
    args.session = args.id
    return _state(args)


# -- join ----------------------------------------------------------------------------


def read_sheet(path: str) -> CharacterSheet:
    """A character sheet from a JSON file (the format is in the README)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise MalformedInput(f"cannot read sheet {path!r}: {error.strerror}") from None
    try:
        return msgspec.json.decode(data, type=CharacterSheet)
    except msgspec.DecodeError as error:
        raise MalformedInput(f"sheet {path!r}: {error}") from None


def _join(args: argparse.Namespace) -> int:
    sheet = read_sheet(args.sheet)
    return _run(
        args,
        "join",
        lambda s, who, at: s.join(actor=who, at=at, sheet=sheet, player=args.player),
        core=True,
    )


# -- rolls ---------------------------------------------------------------------------


def session_roll(args: argparse.Namespace) -> int:
    """``kiroku roll … --session ID [--character NAME]``: a roll recorded in the session."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)

        def build(session: Session, at: datetime) -> list[Event]:
            expression, options = args.expression, roll_options(args)
            if args.difficulty is not None:
                if options.tn is not None:
                    raise MalformedInput("give --tn or --difficulty, not both")
                options = msgspec.structs.replace(options, tn=tn_for(args.difficulty))
            who = context.actor(args, session)
            if args.skill or args.trait or args.ring:
                if expression:
                    raise MalformedInput(
                        f"give an expression ({expression!r}) or --skill/--trait/--ring, not both"
                    )
                if not args.character:
                    raise MalformedInput("--skill, --trait and --ring need --character")
                return skill_roll(
                    Play.of(session),
                    actor=who,
                    at=at,
                    character=args.character,
                    dice=context.dice(args),
                    options=options,
                    skill=args.skill,
                    trait=args.trait,
                    ring=args.ring,
                    void_skill=args.void_skill,
                    purpose=None if args.purpose == "other" else args.purpose,
                    label=args.label,
                    use_center=args.center,
                    hidden=args.hidden,
                    reason=args.reason,
                )
            if not expression:
                raise MalformedInput("give a dice expression, or --skill/--trait/--ring")
            if args.void_skill:
                raise MalformedInput("--void-skill goes with --skill")
            return Play.of(session).roll(
                actor=who,
                at=at,
                expression=expression,
                options=options,
                dice=context.dice(args),
                character=args.character,
                purpose=args.purpose,
                label=args.label or "",
                hidden=args.hidden,
                reason=args.reason,
                use_center=args.center,
            )

        recorded = service.execute(sid, "roll", build)
    finally:
        service.store.close()
    context.print_recorded(args, sid, recorded, service.ruleset(sid))
    return 0


def _initiative(args: argparse.Namespace) -> int:
    return _run(
        args,
        "initiative",
        lambda s, who, at: s.roll_initiative(
            actor=who, at=at, character=args.character, dice=context.dice(args)
        ),
    )


def _combat(args: argparse.Namespace) -> int:
    steps = {
        "start": lambda s, who, at: s.start_combat(actor=who, at=at),
        "round": lambda s, who, at: s.start_round(actor=who, at=at),
        "next": lambda s, who, at: s.next_turn(actor=who, at=at),
        "end": lambda s, who, at: s.end_combat(actor=who, at=at),
    }
    return _run(args, f"combat {args.step}", steps[args.step])


def _stance(args: argparse.Namespace) -> int:
    return _run(
        args,
        "stance",
        lambda s, who, at: s.choose_stance(
            actor=who, at=at, character=args.character, stance=args.stance
        ),
    )


def _void(args: argparse.Namespace) -> int:
    if args.regain is not None:
        amount = None if args.regain == "all" else _whole(args.regain, "Void points")
        return _run(
            args,
            "void regain",
            lambda s, who, at: s.regain_void(
                actor=who, at=at, character=args.character, amount=amount, source=args.source
            ),
        )
    if args.use == "armour":
        return _run(
            args,
            "void",
            lambda s, who, at: combat.void_armour(s, actor=who, at=at, character=args.character),
        )
    if args.use == "initiative":
        return _run(
            args,
            "void",
            lambda s, who, at: combat.void_initiative(
                s, actor=who, at=at, character=args.character
            ),
        )
    return _run(
        args,
        "void",
        lambda s, who, at: s.spend_void(
            actor=who, at=at, character=args.character, purpose=args.purpose, use=args.use
        ),
    )


def _whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise MalformedInput(f"{what} {text!r} is not a whole number") from None


def _wound(args: argparse.Namespace) -> int:
    amount = _whole(args.amount, "wounds")
    return _run(
        args,
        "wound",
        lambda s, who, at: s.take_wounds(
            actor=who, at=at, character=args.character, amount=amount, source=args.source
        ),
    )


def _heal(args: argparse.Namespace) -> int:
    amount = _whole(args.amount, "wounds healed")
    return _run(
        args,
        "heal",
        lambda s, who, at: s.heal(
            actor=who, at=at, character=args.character, amount=amount, method=args.method
        ),
    )


def _standing(args: argparse.Namespace) -> int:
    delta = parse_tenths(args.delta)
    return _run(
        args,
        args.command,
        lambda s, who, at: s.change_standing(
            actor=who,
            at=at,
            character=args.character,
            standing=args.command,
            delta=delta,
            reason=args.reason,
        ),
    )


def _xp_award(args: argparse.Namespace) -> int:
    amount = _whole(args.amount, "XP")
    return _run(
        args,
        "xp award",
        lambda s, who, at: s.award_xp(
            actor=who, at=at, character=args.character, amount=amount, reason=args.reason
        ),
    )


def _xp_spend(args: argparse.Namespace) -> int:
    chosen = [k for k in ("trait", "void", "skill", "emphasis") if getattr(args, k)]
    if len(chosen) != 1:
        raise MalformedInput("spend XP on exactly one of --trait, --void, --skill, --emphasis")
    kind = chosen[0]
    if kind == "trait":
        purchase = Purchase("trait", args.trait)
    elif kind == "void":
        purchase = Purchase("void")
    elif kind == "skill":
        purchase = Purchase("skill", args.skill)
    else:
        skill, sep, emphasis = args.emphasis.partition(":")
        if not sep:
            raise MalformedInput(f"emphasis {args.emphasis!r} is written SKILL:EMPHASIS")
        purchase = Purchase("emphasis", skill, emphasis)
    return _run(
        args,
        "xp spend",
        lambda s, who, at: s.spend_xp(
            actor=who, at=at, character=args.character, purchase=purchase
        ),
    )


def _retract(args: argparse.Namespace) -> int:
    if args.last == (args.position is not None):
        raise MalformedInput("retract either a POSITION or --last")
    if args.last:
        return _run(
            args,
            "retract",
            lambda s, who, at: s.retract_last(actor=who, at=at, reason=args.reason),
            core=True,
        )
    position = _whole(args.position, "position")
    return _run(
        args,
        "retract",
        lambda s, who, at: s.retract(actor=who, at=at, position=position, reason=args.reason),
        core=True,
    )


# -- reading: log and state ------------------------------------------------------------


def _load(args: argparse.Namespace) -> Session:
    service = context.open_service(args)
    try:
        return service.load(context.session_id(args))
    finally:
        service.store.close()


def _at(args: argparse.Namespace, session: Session) -> int | None:
    at = getattr(args, "at", None)
    if at is not None and not 0 <= at <= session.version:
        raise MalformedInput(f"--at {at}: the session has positions 0 to {session.version}")
    return at


def _log(args: argparse.Namespace) -> int:
    session = _load(args)
    viewer = context.actor(args, session)
    rows = timeline(session.events, _at(args, session), viewer_is_gm=session.is_gm(viewer))
    if args.json:
        context.print_json(rows)
    else:
        print(render_timeline(rows))
    return 0


def _state(args: argparse.Namespace) -> int:
    session = _load(args)
    projections = project_state(session.as_of(_at(args, session)))
    if args.json:
        context.print_json(projections)
    else:
        print(render_state(projections))
    return 0


# -- the parser ------------------------------------------------------------------------


def register(commands: Subparsers) -> None:
    session = commands.add_parser("session", help="open, list and show sessions")
    steps = session.add_subparsers(dest="step", required=True)
    opener = steps.add_parser("open", help="open a session")
    opener.add_argument("--id", default=None, help="session id (default: generated)")
    opener.add_argument("--ruleset", default="l5r4e")
    opener.add_argument("--gm", required=True, help="the GM's id")
    opener.add_argument("--campaign", default="")
    opener.add_argument("--title", default="")
    opener.add_argument("--option", action="append", default=[], help="ruleset option NAME=VALUE")
    opener.add_argument("--json", action="store_true")
    opener.set_defaults(handler=_session_open)
    lister = steps.add_parser("list", help="list sessions")
    lister.add_argument("--json", action="store_true")
    lister.set_defaults(handler=_session_list)
    shower = steps.add_parser("show", help="a session's state")
    shower.add_argument("id")
    shower.add_argument("--at", type=int, default=None)
    shower.add_argument("--json", action="store_true")
    shower.set_defaults(handler=_session_show)

    def character_command(name: str, handler: Handler, help: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = commands.add_parser(name, help=help)
        context.add_session_arguments(parser)
        parser.add_argument("--character", required=True)
        parser.set_defaults(handler=handler)
        return parser

    join = commands.add_parser("join", help="a character joins the session")
    context.add_session_arguments(join)
    join.add_argument("--sheet", required=True, help="character sheet (JSON file)")
    join.add_argument("--player", required=True, help="the player's id")
    join.set_defaults(handler=_join)

    initiative = character_command("initiative", _initiative, "roll initiative")
    initiative.add_argument("--seed", type=int, default=None)
    initiative.add_argument("--faces", default=None)

    combat = commands.add_parser("combat", help="start a combat, a round, the next turn, end")
    context.add_session_arguments(combat)
    combat.add_argument("step", choices=("start", "round", "next", "end"))
    combat.set_defaults(handler=_combat)

    stance = character_command("stance", _stance, "choose a stance")
    stance.add_argument("stance")

    void = character_command("void", _void, "spend (or regain) a Void point")
    void.add_argument("--purpose", default="declared before the roll")
    void.add_argument("--regain", nargs="?", const="all", default=None, help="N or all")
    void.add_argument("--source", default="a full night's sleep")
    void.add_argument(
        "--use",
        default="other",
        choices=("armour", "initiative", "technique", "other"),
        help="armour: +10 armour TN this round; initiative: +10 for the combat; technique: "
        "a school technique (outside the one-a-round limit)",
    )

    wound = character_command("wound", _wound, "wounds taken")
    wound.add_argument("amount")
    wound.add_argument("--source", default="")

    heal = character_command("heal", _heal, "wounds healed")
    heal.add_argument("amount")
    heal.add_argument("--method", default="")

    for standing in STANDINGS:
        parser = character_command(standing, _standing, f"change {standing} (e.g. +0.3, -1.0)")
        parser.add_argument("delta")
        parser.add_argument("--reason", default=None)

    xp = commands.add_parser("xp", help="award or spend XP")
    xp_steps = xp.add_subparsers(dest="step", required=True)
    award = xp_steps.add_parser("award")
    context.add_session_arguments(award)
    award.add_argument("--character", required=True)
    award.add_argument("amount")
    award.add_argument("--reason", default=None)
    award.set_defaults(handler=_xp_award)
    spend = xp_steps.add_parser("spend")
    context.add_session_arguments(spend)
    spend.add_argument("--character", required=True)
    spend.add_argument("--trait", default=None)
    spend.add_argument("--void", action="store_true")
    spend.add_argument("--skill", default=None)
    spend.add_argument("--emphasis", default=None, help="SKILL:EMPHASIS")
    spend.set_defaults(handler=_xp_spend)

    retract = commands.add_parser("retract", help="the GM retracts an event, with a reason")
    context.add_session_arguments(retract)
    retract.add_argument("position", nargs="?", default=None)
    retract.add_argument("--last", action="store_true", help="undo: the latest event")
    retract.add_argument("--reason", required=True)
    retract.set_defaults(handler=_retract)

    log = commands.add_parser("log", help="the timeline")
    context.add_session_arguments(log)
    log.add_argument("--at", type=int, default=None)
    log.set_defaults(handler=_log)

    state = commands.add_parser("state", help="the projections")
    context.add_session_arguments(state, actor=False)
    state.add_argument("--at", type=int, default=None, help="as of this position")
    state.set_defaults(handler=_state)


def add_session_roll_arguments(parser: argparse.ArgumentParser) -> None:
    """``kiroku roll`` grows session arguments; without --session it is a bare roll."""
    parser.add_argument("--session", default=None)
    parser.add_argument("--as", dest="actor", default=None)
    parser.add_argument("--character", default=None)
    parser.add_argument("--skill", default=None)
    parser.add_argument("--trait", default=None)
    parser.add_argument("--ring", default=None)
    parser.add_argument("--purpose", default="other")
    parser.add_argument("--label", default=None)
    parser.add_argument("--hidden", action="store_true", help="a GM's hidden roll")
    parser.add_argument("--difficulty", default=None, help="easy, average, very_hard, impossible")
    parser.add_argument("--void-skill", action="store_true", help="a Void point: skill 0 → 1")
    parser.add_argument("--center", action="store_true", help="last round's Center bonus")
    parser.add_argument("--reason", default=None)


__all__ = ["add_roll_arguments", "add_session_roll_arguments", "register", "session_roll"]
