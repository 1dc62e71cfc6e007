"""The fold of a critical's effects (:mod:`.injury_events`) into each character's
conditions: wounded rings, bleeding, dying, the armour's state, scars."""

from collections.abc import Callable, Mapping
from typing import Any

from domain.events import Event
from domain.names import key
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
from domain.rulesets.l5r5e_house.state import HANDLERS, FifthState, Fighter, Owed, _act


def _armour(state: FifthState, event: ArmourDamaged) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.armour_damage = 2 if event.destroyed else 1


def _wounded(state: FifthState, event: Wounded) -> None:
    state.fighters[key(event.character)].wounds[event.ring] = event.level


def _bleeding(state: FifthState, event: BleedingBegan) -> None:
    state.fighters[key(event.character)].bleeding = True


def _scarred(state: FifthState, event: Scarred) -> None:
    state.fighters[key(event.character)].scars.append((event.disadvantage, event.ring))


def _dying(state: FifthState, event: DyingBegan) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.dying = event.rounds
    fighter.dying_hidden = bool(event.hidden)


def _counted(state: FifthState, event: DyingCounted) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.dying = event.rounds_left
    if event.rounds_left == 0:
        fighter.dying = -1
        _died(state, fighter)


def _died(state: FifthState, fighter: Fighter) -> None:
    fighter.dead = True
    conf = state.confrontation
    if conf is not None:
        conf.order = [name for name in conf.order if key(name) != key(fighter.name)]


def _bled(state: FifthState, event: Bled) -> None:
    state.fighters[key(event.character)].owed.append(
        Owed(source=event.cause, damage=event.damage, deadliness=0, bled=True)
    )


def _treated(state: FifthState, event: Treated) -> None:
    conf = state.confrontation
    if conf is not None and key(event.character) in conf.initiative:
        _act(state, key(event.character), "support", True)
    if not event.success:
        return
    patient = state.fighters[key(event.patient)]
    if event.condition == "bleeding":
        patient.bleeding = False
    else:
        patient.dying = -1


def _table(state: FifthState, event: CriticalTableLoaded) -> None:
    state.critical_table = event.rows


INJURY_HANDLERS: Mapping[type[Event], Callable[[Any, Any], None]] = {
    CriticalTableLoaded: _table,
    ArmourDamaged: _armour,
    Wounded: _wounded,
    BleedingBegan: _bleeding,
    Scarred: _scarred,
    DyingBegan: _dying,
    DyingCounted: _counted,
    Bled: _bled,
    Treated: _treated,
}
ALL_HANDLERS: Mapping[type[Event], Callable[[Any, Any], None]] = {**HANDLERS, **INJURY_HANDLERS}
"""The ruleset's whole fold: :data:`.state.HANDLERS` and the critical's effects."""
