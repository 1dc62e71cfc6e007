"""The l5r5e-house folded state: each character's fatigue, strife, Void points, stance and
what they owe (damage to meet, a critical to suffer), and the confrontation under way.

Conditions are read, not stored: « Hors de combat » (Incapacitated) while fatigue is
above endurance, « Compromis » while strife is above composure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from domain.events import CharacterJoined, Event
from domain.names import key
from domain.rulesets.l5r5e_house.criticals import DEATHS
from domain.rulesets.l5r5e_house.derived import composure, endurance
from domain.rulesets.l5r5e_house.events import (
    CheckRolled,
    ConfrontationEnded,
    ConfrontationStarted,
    CriticalSuffered,
    DamageResolved,
    FatigueTaken,
    InitiativeSet,
    Kind,
    Recovered,
    RoundBegan,
    SceneEnded,
    StanceTaken,
    StareDown,
    StrifeTaken,
    StruckAt,
    TurnEnded,
    Unmasked,
    VoidPointSpent,
    WeaponReadied,
)
from domain.rulesets.l5r5e_house.sheet import FifthSheet, Ring


class Owed(msgspec.Struct, kw_only=True):
    """A hit the character has yet to meet: its damage, its deadliness, any critical it
    carries on top (two opportunities), and whether it is a coup de grâce (a critical
    in place of damage)."""

    source: str
    damage: int
    deadliness: int
    critical: int | None = None


class Fighter(msgspec.Struct, kw_only=True):
    name: str
    player: str
    sheet: FifthSheet
    joined: int
    fatigue: int = 0
    strife: int = 0
    void_points: int = 0
    stance: Ring | None = None
    readied: str | None = None
    owed: Owed | None = None
    criticals: list[tuple[int, str]] = msgspec.field(default_factory=list)
    unconscious: bool = False
    dead: bool = False
    opened: bool = False
    """Compromised or unmasked once in this duel: the opponent's coup de grâce is open."""

    @property
    def incapacitated(self) -> bool:
        """« Quand … son total de points de Fatigue dépasse sa valeur d'Endurance »."""
        return self.fatigue > endurance(self.sheet)

    @property
    def compromised(self) -> bool:
        return self.strife > composure(self.sheet)


class Confrontation(msgspec.Struct, kw_only=True):
    kind: Kind
    round: int = 0
    initiative: dict[str, int] = msgspec.field(default_factory=dict)
    bids: dict[str, int] = msgspec.field(default_factory=dict)
    order: list[str] = msgspec.field(default_factory=list)
    acted: list[str] = msgspec.field(default_factory=list)
    stance_chosen: list[str] = msgspec.field(default_factory=list)
    actions: dict[str, list[str]] = msgspec.field(default_factory=dict)
    """The kinds of action each took this turn (« Attaque », « Soutien » …)."""
    coups: dict[str, str] = msgspec.field(default_factory=dict)
    """Who may strike a coup de grâce (key) → at whom (key)."""
    coups_struck: list[str] = msgspec.field(default_factory=list)

    def current(self) -> str | None:
        if self.round == 0:
            return None
        return next((n for n in self.order if key(n) not in self.acted), None)


class FifthState(msgspec.Struct, kw_only=True):
    fighters: dict[str, Fighter] = msgspec.field(default_factory=dict)
    confrontation: Confrontation | None = None
    vigilance_up: bool = True
    stare_cap: bool = True


def _joined(state: FifthState, event: CharacterJoined[FifthSheet]) -> None:
    sheet = event.sheet
    state.fighters[key(sheet.name)] = Fighter(
        name=sheet.name, player=event.player, sheet=sheet, joined=len(state.fighters),
        void_points=sheet.rings.void,
    )  # fmt: skip


def _check(state: FifthState, event: CheckRolled) -> None:
    fighter = state.fighters[key(event.character)]
    _add_strife(state, fighter, event.strife_taken)


def _add_strife(state: FifthState, fighter: Fighter, amount: int) -> None:
    fighter.strife += amount
    if fighter.compromised:
        _opened(state, fighter)


def _opened(state: FifthState, fighter: Fighter) -> None:
    """« La première fois que le personnage est Compromis ou tombe le masque au cours
    d'un duel, son adversaire peut immédiatement porter un coup de grâce »."""
    conf = state.confrontation
    if conf is None or conf.kind != "duel" or fighter.opened:
        return
    fighter.opened = True
    for other in conf.initiative:
        if other != key(fighter.name):
            conf.coups[other] = key(fighter.name)


def _started(state: FifthState, event: ConfrontationStarted) -> None:
    state.confrontation = Confrontation(kind=event.kind)
    for fighter in state.fighters.values():
        fighter.opened = False


def _ended(state: FifthState, event: ConfrontationEnded) -> None:
    state.confrontation = None


def _initiative(state: FifthState, event: InitiativeSet) -> None:
    conf = state.confrontation
    assert conf is not None
    fighter = state.fighters[key(event.character)]
    conf.initiative[key(fighter.name)] = event.initiative
    fighter.stance = event.stance
    if event.readied is not None:
        fighter.readied = event.readied
    if conf.round:
        _set_order(state)


def _set_order(state: FifthState) -> None:
    """Highest initiative first (with the round's stare-down bids); « Si plusieurs
    personnages ont la même valeur d'initiative, celui qui dispose de la valeur d'Honneur
    la plus basse commence »; then who joined first."""
    conf = state.confrontation
    assert conf is not None
    rows = []
    for who, value in conf.initiative.items():
        fighter = state.fighters[who]
        if fighter.dead:
            continue
        now = value + conf.bids.get(who, 0)
        rows.append((-now, fighter.sheet.honour, fighter.joined, fighter.name))
    conf.order = [row[3] for row in sorted(rows)]


def _round(state: FifthState, event: RoundBegan) -> None:
    conf = state.confrontation
    assert conf is not None
    conf.round = event.number
    conf.acted.clear()
    conf.stance_chosen.clear()
    conf.actions.clear()
    conf.bids.clear()
    _set_order(state)


def _stare(state: FifthState, event: StareDown) -> None:
    conf = state.confrontation
    assert conf is not None
    for name, bid in event.bids:
        fighter = state.fighters[key(name)]
        conf.bids[key(name)] = bid
        _add_strife(state, fighter, event.round + bid)
    _set_order(state)


def _stance(state: FifthState, event: StanceTaken) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.stance = event.stance
    if state.confrontation is not None:
        state.confrontation.stance_chosen.append(key(fighter.name))


def _turn(state: FifthState, event: TurnEnded) -> None:
    conf = state.confrontation
    assert conf is not None
    conf.acted.append(key(event.character))


def _struck(state: FifthState, event: StruckAt) -> None:
    conf = state.confrontation
    attacker = state.fighters[key(event.character)]
    if conf is not None:
        if not event.coup_de_grace:  # a coup de grâce is struck outside the turn
            conf.actions.setdefault(key(attacker.name), []).append("attack")
        if event.coup_de_grace:
            conf.coups.pop(key(attacker.name), None)
            conf.coups_struck.append(key(attacker.name))
    if not event.hit:
        return
    weapon = attacker.sheet.weapon(event.weapon)
    deadliness = weapon.deadliness if weapon is not None else 0
    target = state.fighters[key(event.target)]
    target.owed = Owed(
        source=attacker.name, damage=event.damage, deadliness=deadliness,
        critical=event.critical,
    )  # fmt: skip


def _damage(state: FifthState, event: DamageResolved) -> None:
    """The hit is met (its criticals, if any, follow in the same batch)."""
    fighter = state.fighters[key(event.character)]
    fighter.fatigue += event.fatigue
    if event.void_spent:
        fighter.void_points -= 1
    fighter.owed = None


def _critical(state: FifthState, event: CriticalSuffered) -> None:
    fighter = state.fighters[key(event.character)]
    if fighter.incapacitated:
        fighter.unconscious = True  # « il perd connaissance et subit l'état Inconscient »
    fighter.criticals.append((event.lessened_to, event.result))
    fighter.owed = None
    if event.result in DEATHS:
        fighter.dead = True


def _strife(state: FifthState, event: StrifeTaken) -> None:
    _add_strife(state, state.fighters[key(event.character)], event.amount)


def _fatigue(state: FifthState, event: FatigueTaken) -> None:
    state.fighters[key(event.character)].fatigue += event.amount


def _unmasked(state: FifthState, event: Unmasked) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.strife = 0
    _opened(state, fighter)


def _recovered(state: FifthState, event: Recovered) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.fatigue = max(0, fighter.fatigue - event.fatigue)
    fighter.strife = max(0, fighter.strife - event.strife)
    conf = state.confrontation
    if conf is not None and event.how == "breath":
        conf.actions.setdefault(key(fighter.name), []).append("support")


def _readied(state: FifthState, event: WeaponReadied) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.readied = event.weapon
    conf = state.confrontation
    if conf is not None and conf.round:
        conf.actions.setdefault(key(fighter.name), []).append("support")


def _void(state: FifthState, event: VoidPointSpent) -> None:
    state.fighters[key(event.character)].void_points -= 1


def _scene(state: FifthState, event: SceneEnded) -> None:
    state.confrontation = None


HANDLERS: Mapping[type[Event], Callable[[Any, Any], None]] = {
    CharacterJoined: _joined,
    CheckRolled: _check,
    ConfrontationStarted: _started,
    ConfrontationEnded: _ended,
    InitiativeSet: _initiative,
    RoundBegan: _round,
    StareDown: _stare,
    StanceTaken: _stance,
    TurnEnded: _turn,
    StruckAt: _struck,
    DamageResolved: _damage,
    CriticalSuffered: _critical,
    StrifeTaken: _strife,
    FatigueTaken: _fatigue,
    Unmasked: _unmasked,
    Recovered: _recovered,
    WeaponReadied: _readied,
    VoidPointSpent: _void,
    SceneEnded: _scene,
}
