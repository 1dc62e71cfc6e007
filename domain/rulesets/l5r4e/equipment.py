"""The GM's armoury and what characters take from it (the summary's Annex 5 is not in the
text, so its weapons, bows, arrows and armours come in as the GM's data)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.rulesets.l5r4e.events import ArmouryLoaded, Equipped, Event
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Armour, Arrow, Weapon, check_damage


def load_armoury(
    session: Play,
    *,
    actor: str,
    at: datetime,
    weapons: Sequence[Weapon] = (),
    arrows: Sequence[Arrow] = (),
    armours: Sequence[Armour] = (),
) -> list[Event]:
    session.gm_only(actor, "load the armoury")
    if not (weapons or arrows or armours):
        raise MalformedInput("an armoury needs at least one weapon, arrow or armour")
    for weapon in weapons:
        if weapon.kind == "bow":
            if weapon.strength < 1 or weapon.range_m < 1:
                raise MalformedInput(f"bow {weapon.name!r} needs a strength and a range")
        else:
            check_damage(weapon.damage or "x", f"weapon {weapon.name!r}")
    for arrow in arrows:
        check_damage(arrow.damage, f"arrow {arrow.name!r}")
    names = (
        [i.name.casefold() for i in weapons]
        + [i.name.casefold() for i in arrows]
        + [i.name.casefold() for i in armours]
    )
    if len(set(names)) != len(names):
        raise MalformedInput("each item of the armoury has its own name")
    return [
        ArmouryLoaded(
            actor=actor, at=at, weapons=tuple(weapons), arrows=tuple(arrows), armours=tuple(armours)
        )
    ]


def equip(session: Play, *, actor: str, at: datetime, character: str, item: str) -> list[Event]:
    session.gm_only(actor, "hand out equipment")
    who = session.character_named(character)
    armoury = session.state.armoury
    if armoury is None:
        raise IllegalUnderRules("no armoury is loaded: the GM loads one first")
    wanted = item.casefold()
    weapon = next((w for w in armoury.weapons if w.name.casefold() == wanted), None)
    if weapon is not None:
        if who.sheet.weapon(weapon.name) is not None:
            raise IllegalUnderRules(f"{who.name} already carries {weapon.name}")
        return [Equipped(actor=actor, at=at, character=who.name, weapon=weapon)]
    arrow = next((a for a in armoury.arrows if a.name.casefold() == wanted), None)
    if arrow is not None:
        if who.sheet.arrow(arrow.name) is not None:
            raise IllegalUnderRules(f"{who.name} already carries {arrow.name}")
        return [Equipped(actor=actor, at=at, character=who.name, arrow=arrow)]
    armour = next((a for a in armoury.armours if a.name.casefold() == wanted), None)
    if armour is not None:
        return [Equipped(actor=actor, at=at, character=who.name, armour=armour)]
    raise NotFound(f"the armoury has no {item!r}")
