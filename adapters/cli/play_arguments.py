"""Each l5r4e play command's own arguments (see :mod:`adapters.cli.play_commands`)."""

from __future__ import annotations

import argparse

from domain.rulesets.l5r4e import recovery


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
        p.add_argument("--tn", type=int, default=recovery.MEDICINE_TN)
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
