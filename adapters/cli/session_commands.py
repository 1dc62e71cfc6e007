"""The session commands: a GM runs a whole session from the shell.

Each command loads the session, asks the aggregate for one batch of events (or a typed
error), appends it and prints what was recorded. Nothing is appended on an error.
"""

from __future__ import annotations

import argparse
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from adapters.cli import context
from adapters.cli.dice_commands import roll_options
from adapters.cli.render import print_json, print_json_array, render_state, render_timeline
from domain.errors import MalformedInput
from domain.events import Event, EventRetracted
from domain.rulesets.l5r4e import combat
from domain.rulesets.l5r4e.contests import tn_for
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.l5r4e.skills import skill_roll
from domain.rulesets.roll_keep_kit.character import CharacterSheet
from domain.rulesets.roll_keep_kit.purchase import Purchase
from domain.rulesets.roll_keep_kit.standing import parse_tenths
from domain.session.aggregate import Session
from projections import project_state
from projections.timeline import timeline


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
        print_json(rows)
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
    """A page of the timeline (the last 50 events by default), printed a row at a time."""
    session = _load(args)
    viewer = context.actor(args, session)
    until = _at(args, session)
    if args.after is not None and not 0 <= args.after <= session.version:
        raise MalformedInput(
            f"--after {args.after}: the session has positions 0 to {session.version}"
        )
    if args.limit < 0:
        raise MalformedInput(f"--limit {args.limit}: give a number of events, or 0 for all")
    rows = _timeline_rows(
        session, until, args.after, args.limit, viewer_is_gm=session.is_gm(viewer)
    )
    if args.json:
        print_json_array(rows)
    else:
        for row in rows:
            print(render_timeline([row]))
    return 0


def _timeline_rows(
    session: Session, until: int | None, after: int | None, limit: int, *, viewer_is_gm: bool
) -> Iterator[dict[str, Any]]:
    """The timeline's rows for the events in (after, until]: the first ``limit`` of them
    after ``after``, else the last ``limit`` (0: all), each row made as it is printed.

    Each row is the timeline's own, of its event and of the retraction that marks it, so
    it is the row the whole timeline would have (a player still sees no hidden roll)."""
    events = [
        r
        for r in session.events
        if (until is None or r.position <= until) and (after is None or r.position > after)
    ]
    if limit:
        events = events[:limit] if after is not None else events[-limit:]
    retractions = {
        r.event.position: r
        for r in session.events
        if isinstance(r.event, EventRetracted) and (until is None or r.position <= until)
    }
    for recorded in events:
        retraction = retractions.get(recorded.position)
        marked = [recorded] if retraction is None else [recorded, retraction]
        for row in timeline(marked, until, viewer_is_gm=viewer_is_gm, ruleset=session.ruleset):
            if row["position"] == recorded.position:
                yield row


def _state(args: argparse.Namespace) -> int:
    session = _load(args)
    projections = project_state(session.as_of(_at(args, session)))
    if args.json:
        print_json(projections)
    else:
        print(render_state(projections))
    return 0
