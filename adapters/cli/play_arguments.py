"""Each l5r4e play command's own arguments (see :mod:`adapters.cli.play_commands`).

Declared without importing the ruleset (``kiroku roll 5k3`` builds this parser too): the
two rule constants a parser needs are copied here, and a test keeps them equal to the
ruleset's (``tests/e2e/test_cli_hygiene.py``).
"""

from __future__ import annotations

import argparse
from typing import Any

from adapters.cli.arguments import add_session_arguments

Subparsers = Any

#: ``domain.rulesets.l5r4e.recovery.MEDICINE_TN`` and ``duels.KINDS``.
MEDICINE_TN = 15
DUEL_KINDS = ("first_blood", "to_the_death")

#: Each play command's help (as in ``play_commands.COMMANDS``; a test keeps them equal).
HELP: dict[str, str] = {
    "attack": "an attack roll against the target's armour TN",
    "damage": "the damage roll of a hit",
    "action": "an action with no roll",
    "move": "move Water × 5 (free) or × 10 (simple) feet",
    "delay": "act later this round",
    "guard": "guard someone (+10 / −5)",
    "stand": "stand up from prone",
    "full-defense": "the Full Defense roll",
    "swap": "trade initiative (a Void point)",
    "condition": "apply or end a condition",
    "recover": "the reaction phase roll (stunned, dazed)",
    "oppose": "an opposed roll",
    "cooperate": "a cooperative roll",
    "second-attempt": "Investigation/Perception again at +15",
    "rest": "a night's rest",
    "kit": "hand a medicine kit",
    "medicine": "treat wounds with Medicine",
    "meditate": "Meditation to regain Void",
    "tea": "a tea ceremony",
    "cast": "cast a spell",
    "concentrate": "keep a spell going",
    "concentration": "a concentration check",
    "perceive-honour": "Lore: Bushido against 30",
    "heraldry": "recognise someone (50 − 5 × glory)",
    "resist-taint": "resist the Taint",
    "fear": "a fear roll",
    "degrading": "a degrading skill roll and its honour loss",
    "money": "koku, bu and zeni",
    "honour-table": "load the GM's honour table (JSON)",
    "armoury": "load the GM's armoury (JSON)",
    "equip": "take an item from the armoury",
}
DUEL_STEPS = ("begin", "assess", "concede", "focus", "strike")
BATTLE_STEPS = ("begin", "turn", "engage", "commanders", "draw", "heroic", "end")


def add_dice_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=None, help="seed the dice")
    parser.add_argument("--faces", default=None, help="faces rolled at the table")


def add_arguments(name: str, p: argparse.ArgumentParser) -> None:
    """Each command's own arguments."""
    character = ("--character",)
    if name in (
        "attack",
        "damage",
        "action",
        "move",
        "delay",
        "guard",
        "stand",
        "full-defense",
        "swap",
        "condition",
        "recover",
        "second-attempt",
        "rest",
        "kit",
        "medicine",
        "meditate",
        "tea",
        "cast",
        "concentrate",
        "concentration",
        "perceive-honour",
        "heraldry",
        "resist-taint",
        "fear",
        "degrading",
        "money",
        "equip",
    ):
        p.add_argument(*character, required=True)
    if name in (
        "attack",
        "damage",
        "full-defense",
        "recover",
        "oppose",
        "cooperate",
        "second-attempt",
        "rest",
        "medicine",
        "meditate",
        "tea",
        "cast",
        "concentration",
        "perceive-honour",
        "heraldry",
        "resist-taint",
        "fear",
        "degrading",
    ):
        add_dice_arguments(p)
    if name == "attack":
        p.add_argument("--target", required=True)
        p.add_argument("--weapon", default=None, help="a weapon on the sheet (default: unarmed)")
        p.add_argument("--raises", type=int, default=0)
        p.add_argument("--free-raises", type=int, default=0)
        p.add_argument(
            "--manoeuvre",
            action="append",
            default=[],
            help="extra_attack, called_shot:head, disarm, increased_damage:2, feint, knockdown",
        )
        p.add_argument("--circumstances", type=int, default=0, help="added to the armour TN")
        p.add_argument("--void", action="store_true")
        p.add_argument("--center", action="store_true", help="use last round's Center bonus")
        p.add_argument("--arrow", default=None)
        p.add_argument("--range", type=int, default=None, help="metres to the target")
        p.add_argument("--honour-loss", type=int, default=None, help="tenths, for a peasant weapon")
    elif name == "damage":
        p.add_argument("--void-reduction", action="store_true", help="the target spends Void: −10")
    elif name == "action":
        p.add_argument("kind", choices=("free", "simple", "complex"))
        p.add_argument("action")
    elif name == "move":
        p.add_argument("kind", choices=("free", "simple"))
        add_dice_arguments(p)
    elif name == "delay":
        p.add_argument("--behind", default=None)
    elif name == "guard":
        p.add_argument("--protect", required=True)
    elif name == "swap":
        p.add_argument("--other", required=True)
    elif name == "condition":
        p.add_argument("step", choices=("apply", "end"))
        p.add_argument("condition")
        p.add_argument("--level", type=int, default=0, help="days, or the fear rank")
        p.add_argument("--note", default="")
    elif name == "recover":
        p.add_argument("condition", choices=("stunned", "dazed"))
    elif name == "oppose":
        p.add_argument("--contest", required=True, help="what it is about")
        for side in ("first", "second"):
            p.add_argument(f"--{side}", required=True, help=f"the {side} character")
            p.add_argument(f"--{side}-skill", default=None)
            p.add_argument(f"--{side}-trait", default=None)
            p.add_argument(f"--{side}-ring", default=None)
        p.add_argument(
            "--honour",
            choices=("first", "second"),
            default=None,
            help="which side adds its honour rank (resisting)",
        )
        p.add_argument("--effect", choices=("disarm", "knockdown"), default=None)
    elif name == "cooperate":
        p.add_argument("kind", choices=("lead", "follow"))
        p.add_argument("--leader", required=True)
        p.add_argument("--follower", action="append", default=[])
        p.add_argument("--skill", required=True)
        p.add_argument("--trait", required=True)
        p.add_argument("--tn", type=int, default=None)
    elif name == "second-attempt":
        p.add_argument("--void", action="store_true")
    elif name == "medicine":
        p.add_argument("--patient", required=True)
        p.add_argument("--raises", type=int, default=0)
        p.add_argument("--tn", type=int, default=MEDICINE_TN)
    elif name == "meditate":
        p.add_argument("--half-hours", type=int, default=1)
    elif name == "tea":
        p.add_argument("--guest", action="append", default=[])
    elif name == "cast":
        p.add_argument("--spell", required=True)
        p.add_argument("--time-raises", type=int, default=0, help="raises to cut casting time")
        p.add_argument("--raises", type=int, default=0)
        p.add_argument("--void", action="store_true")
    elif name == "concentrate":
        p.add_argument("--spell", required=True)
    elif name == "concentration":
        p.add_argument("--cause", choices=("wound", "distraction"), required=True)
    elif name in ("perceive-honour", "heraldry"):
        p.add_argument("--target", required=True)
    elif name == "resist-taint":
        p.add_argument("--tn", type=int, required=True)
        p.add_argument("--gain", type=int, required=True, help="taint gained on a failure, tenths")
        p.add_argument("--jade", action="store_true")
    elif name == "fear":
        p.add_argument("--rank", type=int, required=True)
    elif name == "degrading":
        p.add_argument("--skill", required=True)
        p.add_argument("--trait", required=True)
        p.add_argument("--tn", type=int, default=None)
        p.add_argument("--raises", type=int, default=0)
        p.add_argument("--honour-loss", type=int, default=None, help="tenths")
    elif name == "money":
        p.add_argument("--koku", type=int, default=0)
        p.add_argument("--bu", type=int, default=0)
        p.add_argument("--zeni", type=int, default=0)
    elif name in ("honour-table", "armoury"):
        p.add_argument("file")
    elif name == "equip":
        p.add_argument("--item", required=True)


def register_play(commands: Subparsers) -> None:
    """Every play command runs ``play_commands.run`` with its ``command_name``."""
    for name, help_text in HELP.items():
        parser = commands.add_parser(name, help=help_text)
        add_session_arguments(parser)
        add_arguments(name, parser)
        parser.set_defaults(handler="play_commands:run", command_name=name)

    duel = commands.add_parser("duel", help="an iaijutsu duel, step by step")
    steps = duel.add_subparsers(dest="step", required=True)
    for step in DUEL_STEPS:
        p = steps.add_parser(step)
        add_session_arguments(p)
        if step == "begin":
            p.add_argument("--challenger", required=True)
            p.add_argument("--defender", required=True)
            p.add_argument("--kind", choices=DUEL_KINDS, default="first_blood")
        else:
            p.add_argument("--duel", required=True)
        if step == "concede":
            p.add_argument("--character", required=True)
        if step == "assess":
            p.add_argument(
                "--raises", type=int, nargs=2, default=[0, 0], metavar=("CHALLENGER", "DEFENDER")
            )
        if step in ("assess", "focus", "strike"):
            add_dice_arguments(p)
        p.set_defaults(handler="play_commands:run", command_name=f"duel {step}")

    fight = commands.add_parser("battle", help="a mass battle, turn by turn")
    steps = fight.add_subparsers(dest="step", required=True)
    for step in BATTLE_STEPS:
        p = steps.add_parser(step)
        add_session_arguments(p)
        if step == "begin":
            p.add_argument("--name", required=True)
            p.add_argument("--armies", type=int, nargs=2, required=True, metavar=("OURS", "THEIRS"))
            p.add_argument("--table", required=True, help="the GM's mass-battle table (JSON)")
        elif step in ("engage", "draw", "heroic"):
            p.add_argument("--character", required=True)
        if step == "engage":
            p.add_argument("level", choices=("reserve", "disengaged", "engaged", "front_line"))
        elif step == "commanders":
            p.add_argument("--ours", required=True)
            p.add_argument("--theirs", required=True)
            p.add_argument("--our-free-raises", type=int, default=0)
            p.add_argument("--their-free-raises", type=int, default=0)
        elif step == "heroic":
            p.add_argument("--refuse", action="store_true")
            p.add_argument("--note", default="")
        if step in ("commanders", "draw"):
            add_dice_arguments(p)
        p.set_defaults(handler="play_commands:run", command_name=f"battle {step}")
