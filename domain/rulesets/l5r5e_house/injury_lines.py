"""A critical's effects as the log and ``kiroku state`` read them: each event's line
(every number it holds stated), and each character's conditions."""

from __future__ import annotations

from typing import Any

from domain.events import Event
from domain.rulesets.l5r5e_house.afflictions import WOUND_TN, resistance_of
from domain.rulesets.l5r5e_house.injury_events import (
    ArmourDamaged,
    Bled,
    BleedingBegan,
    CriticalTableLoaded,
    DyingBegan,
    DyingCounted,
    Scarred,
    Treated,
    Wounded,
)
from domain.rulesets.l5r5e_house.state import Fighter

ARMOUR_STATES = ("whole", "Damaged", "Destroyed")


def describe_injury(event: Event) -> str:
    """The line of a critical's effect; "" for any other event."""
    match event:
        case CriticalTableLoaded():
            return f"the GM loads a critical table of {len(event.rows)} bands"
        case ArmourDamaged():
            if event.destroyed:
                return f"{event.character}'s {event.armour} is Destroyed: no resistance left"
            return (
                f"{event.character}'s {event.armour} is Damaged: 2 off its resistance, "
                f"{event.resistance} left"
            )
        case Wounded():
            again = " (a second light wound)" if event.worsened else ""
            return (
                f"{event.character} is {event.level.capitalize()} Wounded on {event.ring}"
                f"{again}: +{WOUND_TN[event.level]} TN on its checks"
            )
        case BleedingBegan():
            return f"{event.character} is Bleeding: each check deals the strife kept as damage"
        case Scarred():
            why = " (a wound on a Severely Wounded ring)" if event.from_wound else ""
            scar = (
                f"{event.character} is maimed ({event.ring}){why}" if event.scar == "maimed"
                else f"{event.character} bears a scar of {event.ring}{why}"
            )  # fmt: skip
            return f"{scar}: {event.disadvantage}"
        case DyingBegan():
            return f"{event.character} is Dying: dead in {event.rounds} round(s) unless treated"
        case DyingCounted():
            if event.rounds_left == 0:
                return f"{event.character} dies of their wounds"
            return f"{event.character} is Dying: {event.rounds_left} round(s) left"
        case Bled(cause="Bleeding"):
            return f"{event.character} bleeds: {event.damage} damage, no resistance"
        case Bled():  # as players read one screened (:meth:`.Bled.for_players`)
            return f"{event.character} owes {event.damage} damage, no resistance ({event.cause})"
        case Treated():
            verdict = "stopped" if event.success else "not stopped"
            return (
                f"{event.character} treats {event.patient}'s {event.condition} (Medicine TN "
                f"{event.tn}): {verdict}"
            )
    return ""


def conditions(f: Fighter) -> dict[str, Any]:
    """A character's conditions from criticals: wounded rings, bleeding, dying (rounds
    left), the armour (its state and resistance now), scars (the sheet's disadvantages
    with this session's)."""
    return {
        "wounds": dict(f.wounds),
        "bleeding": f.bleeding,
        "dying": f.dying if f.dying >= 0 else None,
        "armour": None if f.sheet.armour is None else {
            "name": f.sheet.armour.name, "state": ARMOUR_STATES[f.armour_damage],
            "resistance": resistance_of(f),
        },
        "disadvantages": [
            {"name": d.name, "ring": d.ring} for d in f.sheet.disadvantages
        ] + [{"name": name, "ring": ring} for name, ring in f.scars],
    }  # fmt: skip


def marks(c: dict[str, Any]) -> list[str]:
    """The conditions as ``kiroku state``'s table and the console show them."""
    out = [f"{level.capitalize()} Wounded ({ring})" for ring, level in c["wounds"].items()]
    if c["bleeding"]:
        out.append("Bleeding")
    if c["dying"] is not None:
        out.append(f"Dying ({c['dying']} rounds)")
    armour = c["armour"]
    if armour is not None and armour["state"] != "whole":
        out.append(f"{armour['name']} {armour['state']}")
    out.extend(d["name"] for d in c["disadvantages"])
    return out
