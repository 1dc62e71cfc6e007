"""The l5r4e play commands at the shell: combat, conditions, healing, duels, magic,
honour and society, mass battle. Each decides one batch through the session service."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from adapters.cli import context
from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.l5r4e import (
    attacks,
    battle,
    combat,
    contests,
    duels,
    equipment,
    magic,
    recovery,
    society,
)
from domain.rulesets.l5r4e.events import BattleEntry, HonourLoss
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Armour, Arrow, Weapon

Build = Callable[[Play, str, datetime, argparse.Namespace], list[Event]]


def run(args: argparse.Namespace) -> int:
    """Load the session, decide the command as the actor, append, print."""
    build = BUILDS[args.command_name]
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        recorded = service.execute(
            sid,
            args.command_name,
            lambda session, at: build(Play.of(session), context.actor(args, session), at, args),
        )
        context.print_recorded(args, sid, recorded, service.ruleset(sid))
    finally:
        service.store.close()
    return 0


def _read(path: str, kind: Any, what: str) -> Any:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise MalformedInput(f"cannot read {what} {path!r}: {error.strerror}") from None
    try:
        return msgspec.json.decode(data, type=kind)
    except msgspec.DecodeError as error:
        raise MalformedInput(f"{what} {path!r}: {error}") from None


class Armoury(msgspec.Struct, forbid_unknown_fields=True):
    weapons: list[Weapon] = []
    arrows: list[Arrow] = []
    armours: list[Armour] = []


def _side(args: argparse.Namespace, which: str) -> contests.Side:
    return contests.Side(
        getattr(args, which),
        getattr(args, f"{which}_skill"),
        getattr(args, f"{which}_trait"),
        getattr(args, f"{which}_ring"),
        add_honour=args.honour == which,
    )


COMMANDS: dict[str, tuple[str, Build]] = {
    "attack": (
        "an attack roll against the target's armour TN",
        lambda s, who, at, a: attacks.attack(
            s,
            actor=who,
            at=at,
            attacker=a.character,
            target=a.target,
            weapon=a.weapon,
            dice=context.dice(a),
            raises=a.raises,
            free_raises=a.free_raises,
            manoeuvres=a.manoeuvre,
            circumstances=a.circumstances,
            void=a.void,
            use_center=a.center,
            arrow=a.arrow,
            range_m=a.range,
            honour_loss=a.honour_loss,
        ),
    ),
    "damage": (
        "the damage roll of a hit",
        lambda s, who, at, a: attacks.damage(
            s,
            actor=who,
            at=at,
            attacker=a.character,
            dice=context.dice_source(a),
            void_reduction=a.void_reduction,
        ),
    ),
    "action": (
        "an action with no roll",
        lambda s, who, at, a: combat.take_action(
            s, actor=who, at=at, character=a.character, kind=a.kind, action=a.action
        ),
    ),
    "move": (
        "move Water × 5 (free) or × 10 (simple) feet",
        lambda s, who, at, a: combat.move(
            s, actor=who, at=at, character=a.character, kind=a.kind, dice=context.dice(a)
        ),
    ),
    "delay": (
        "act later this round",
        lambda s, who, at, a: combat.delay(
            s, actor=who, at=at, character=a.character, behind=a.behind
        ),
    ),
    "guard": (
        "guard someone (+10 / −5)",
        lambda s, who, at, a: combat.guard(
            s, actor=who, at=at, character=a.character, protected=a.protect
        ),
    ),
    "stand": (
        "stand up from prone",
        lambda s, who, at, a: combat.stand(s, actor=who, at=at, character=a.character),
    ),
    "full-defense": (
        "the Full Defense roll",
        lambda s, who, at, a: combat.full_defense(
            s, actor=who, at=at, character=a.character, dice=context.dice(a)
        ),
    ),
    "swap": (
        "trade initiative (a Void point)",
        lambda s, who, at, a: combat.swap_initiative(
            s, actor=who, at=at, character=a.character, other=a.other
        ),
    ),
    "condition": (
        "apply or end a condition",
        lambda s, who, at, a: (
            combat.apply_condition(
                s,
                actor=who,
                at=at,
                character=a.character,
                condition=a.condition,
                level=a.level,
                note=a.note,
            )
            if a.step == "apply"
            else combat.end_condition(
                s, actor=who, at=at, character=a.character, condition=a.condition, note=a.note
            )
        ),
    ),
    "recover": (
        "the reaction phase roll (stunned, dazed)",
        lambda s, who, at, a: combat.recover(
            s,
            actor=who,
            at=at,
            character=a.character,
            condition=a.condition,
            dice=context.dice_source(a),
        ),
    ),
    "oppose": (
        "an opposed roll",
        lambda s, who, at, a: contests.oppose(
            s,
            actor=who,
            at=at,
            contest=a.contest,
            first=_side(a, "first"),
            second=_side(a, "second"),
            dice=context.dice_source(a),
            effect=a.effect,
        ),
    ),
    "cooperate": (
        "a cooperative roll",
        lambda s, who, at, a: (
            contests.lead_roll(
                s,
                actor=who,
                at=at,
                leader=a.leader,
                followers=a.follower,
                skill=a.skill,
                trait=a.trait,
                dice=context.dice(a),
                tn=a.tn,
            )
            if a.kind == "lead"
            else contests.follow_rolls(
                s,
                actor=who,
                at=at,
                leader=a.leader,
                followers=a.follower,
                skill=a.skill,
                trait=a.trait,
                dice=context.dice_source(a),
                tn=a.tn,
            )
        ),
    ),
    "second-attempt": (
        "Investigation/Perception again at +15",
        lambda s, who, at, a: contests.second_attempt(
            s, actor=who, at=at, character=a.character, dice=context.dice(a), void=a.void
        ),
    ),
    "rest": (
        "a night's rest",
        lambda s, who, at, a: recovery.rest(
            s, actor=who, at=at, character=a.character, dice=context.dice_source(a)
        ),
    ),
    "kit": (
        "hand a medicine kit",
        lambda s, who, at, a: recovery.give_kit(s, actor=who, at=at, character=a.character),
    ),
    "medicine": (
        "treat wounds with Medicine",
        lambda s, who, at, a: recovery.medicine(
            s,
            actor=who,
            at=at,
            healer=a.character,
            patient=a.patient,
            dice=context.dice_source(a),
            raises=a.raises,
            tn=a.tn,
        ),
    ),
    "meditate": (
        "Meditation to regain Void",
        lambda s, who, at, a: recovery.meditate(
            s,
            actor=who,
            at=at,
            character=a.character,
            dice=context.dice(a),
            half_hours=a.half_hours,
        ),
    ),
    "tea": (
        "a tea ceremony",
        lambda s, who, at, a: recovery.tea_ceremony(
            s, actor=who, at=at, leader=a.character, participants=a.guest, dice=context.dice(a)
        ),
    ),
    "cast": (
        "cast a spell",
        lambda s, who, at, a: magic.cast(
            s,
            actor=who,
            at=at,
            character=a.character,
            spell=a.spell,
            dice=context.dice(a),
            time_raises=a.time_raises,
            raises=a.raises,
            void=a.void,
        ),
    ),
    "concentrate": (
        "keep a spell going",
        lambda s, who, at, a: magic.concentrate(
            s, actor=who, at=at, character=a.character, spell=a.spell
        ),
    ),
    "concentration": (
        "a concentration check",
        lambda s, who, at, a: magic.concentration_check(
            s, actor=who, at=at, character=a.character, cause=a.cause, dice=context.dice(a)
        ),
    ),
    "perceive-honour": (
        "Lore: Bushido against 30",
        lambda s, who, at, a: society.perceive_honour(
            s, actor=who, at=at, character=a.character, target=a.target, dice=context.dice(a)
        ),
    ),
    "heraldry": (
        "recognise someone (50 − 5 × glory)",
        lambda s, who, at, a: society.recognise(
            s, actor=who, at=at, character=a.character, target=a.target, dice=context.dice(a)
        ),
    ),
    "resist-taint": (
        "resist the Taint",
        lambda s, who, at, a: society.resist_taint(
            s,
            actor=who,
            at=at,
            character=a.character,
            tn=a.tn,
            taint=a.gain,
            dice=context.dice(a),
            jade=a.jade,
        ),
    ),
    "fear": (
        "a fear roll",
        lambda s, who, at, a: society.fear(
            s, actor=who, at=at, character=a.character, rank=a.rank, dice=context.dice(a)
        ),
    ),
    "degrading": (
        "a degrading skill roll and its honour loss",
        lambda s, who, at, a: society.degrading_roll(
            s,
            actor=who,
            at=at,
            character=a.character,
            skill=a.skill,
            trait=a.trait,
            dice=context.dice(a),
            tn=a.tn,
            honour_loss=a.honour_loss,
            raises=a.raises,
        ),
    ),
    "money": (
        "koku, bu and zeni",
        lambda s, who, at, a: society.change_money(
            s, actor=who, at=at, character=a.character, koku=a.koku, bu=a.bu, zeni=a.zeni
        ),
    ),
    "honour-table": (
        "load the GM's honour table (JSON)",
        lambda s, who, at, a: society.load_honour_table(
            s, actor=who, at=at, rows=_read(a.file, list[HonourLoss], "honour table")
        ),
    ),
    "armoury": (
        "load the GM's armoury (JSON)",
        lambda s, who, at, a: equipment.load_armoury(
            s, actor=who, at=at, **msgspec.structs.asdict(_read(a.file, Armoury, "armoury"))
        ),
    ),
    "equip": (
        "take an item from the armoury",
        lambda s, who, at, a: equipment.equip(
            s, actor=who, at=at, character=a.character, item=a.item
        ),
    ),
}

DUEL: dict[str, Build] = {
    "begin": lambda s, who, at, a: duels.begin(
        s, actor=who, at=at, challenger=a.challenger, defender=a.defender, kind=a.kind
    ),
    "assess": lambda s, who, at, a: duels.assess(
        s,
        actor=who,
        at=at,
        duel=a.duel,
        dice=context.dice_source(a),
        raises=(a.raises[0], a.raises[1]),
    ),
    "concede": lambda s, who, at, a: duels.concede(
        s, actor=who, at=at, duel=a.duel, character=a.character
    ),
    "focus": lambda s, who, at, a: duels.focus(
        s, actor=who, at=at, duel=a.duel, dice=context.dice_source(a)
    ),
    "strike": lambda s, who, at, a: duels.strike(
        s, actor=who, at=at, duel=a.duel, dice=context.dice_source(a)
    ),
}

BATTLE: dict[str, Build] = {
    "begin": lambda s, who, at, a: battle.begin(
        s,
        actor=who,
        at=at,
        name=a.name,
        armies=(a.armies[0], a.armies[1]),
        table=_read(a.table, list[BattleEntry], "battle table"),
    ),
    "turn": lambda s, who, at, a: battle.next_turn(s, actor=who, at=at),
    "engage": lambda s, who, at, a: battle.declare(
        s, actor=who, at=at, character=a.character, engagement=a.level
    ),
    "commanders": lambda s, who, at, a: battle.commanders(
        s,
        actor=who,
        at=at,
        ours=a.ours,
        theirs=a.theirs,
        dice=context.dice_source(a),
        our_free_raises=a.our_free_raises,
        their_free_raises=a.their_free_raises,
    ),
    "draw": lambda s, who, at, a: battle.draw(
        s, actor=who, at=at, character=a.character, dice=context.dice(a)
    ),
    "heroic": lambda s, who, at, a: battle.heroic(
        s, actor=who, at=at, character=a.character, accepted=not a.refuse, note=a.note
    ),
    "end": lambda s, who, at, a: battle.end(s, actor=who, at=at),
}


#: Every play command's build by its ``command_name``; its parser (and a copy of its help,
#: kept equal by a test) is in :mod:`adapters.cli.play_arguments`.
BUILDS: dict[str, Build] = {
    **{name: build for name, (_, build) in COMMANDS.items()},
    **{f"duel {step}": build for step, build in DUEL.items()},
    **{f"battle {step}": build for step, build in BATTLE.items()},
}
