"""The l5r-house folded state: each character and the combat, round and phase.

A round has two phases (« Avant chaque tour », « Actions pendant le tour »): everyone
declares, lowest initiative first; then the actions resolve, highest first. The fold is
pure; :mod:`.table` reads the order and the malus from it.
"""

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from domain.events import CharacterJoined, Event
from domain.names import key
from domain.rulesets.l5r_house.events import (
    ActionDeclared,
    ActionSucceeded,
    AttackMade,
    CombatEnded,
    CombatStarted,
    DiceRolled,
    FullDefenceRolled,
    RoundStarted,
    TnLifted,
    TnRuled,
    TurnPassed,
    VoidSpent,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.l5r_house.table import can_act_now, set_order
from domain.rulesets.roll_keep_kit.character import CharacterSheet
from domain.rulesets.table_kit.seats import next_in, seat


class Fighter(msgspec.Struct, kw_only=True):
    name: str
    player: str
    sheet: CharacterSheet
    joined: int
    wounds: int = 0
    void_spent: int = 0
    hit: tuple[str, str, int] | None = None
    """A hit awaiting damage this round: the target, the weapon, the +1k0s it earned."""
    wielding: str = ""
    """The weapon of the character's last attack (what a disarm takes; before any, the
    first melee weapon on the sheet)."""
    disarmed: list[str] = msgspec.field(default_factory=list)
    """Weapons a disarm took this combat (« l'adversaire est désarmé »)."""
    tn_ruling: TnRuled | None = None
    """The GM's ruling on the TN to be hit, until lifted."""

    @property
    def void_left(self) -> int:
        return self.sheet.void - self.void_spent


class Initiative(msgspec.Struct, kw_only=True):
    total: int
    void_die: int = 0
    void_rounds: int = 0
    """Rounds the Void point's die counts for (the Void ring); 0: no Void point."""

    def in_round(self, number: int) -> int:
        lapsed = self.void_rounds and number > self.void_rounds
        return self.total - (self.void_die if lapsed else 0)


class Combat(msgspec.Struct, kw_only=True):
    round: int = 0
    initiative: dict[str, Initiative] = msgspec.field(default_factory=dict)
    now: dict[str, int] = msgspec.field(default_factory=dict)
    order: list[str] = msgspec.field(default_factory=list)
    """This round's order, highest first (names)."""
    declared: dict[str, ActionDeclared] = msgspec.field(default_factory=dict)
    resolved: list[str] = msgspec.field(default_factory=list)
    void_round: list[str] = msgspec.field(default_factory=list)
    """Who has spent this round's Void point (« 1 point par action »)."""
    void_tn: list[str] = msgspec.field(default_factory=list)
    ignore_wounds: list[str] = msgspec.field(default_factory=list)
    attacked: list[str] = msgspec.field(default_factory=list)
    """Who has made this round's one attack (« A chaque tour … 1 action »)."""
    defences: dict[str, int] = msgspec.field(default_factory=dict)
    """Each Full Defence rolled this round (key → its bonus to the TN to be hit)."""
    rolled_in_turn: bool = False
    """Whether the character whose action resolves now has rolled in it: an action that
    called for a roll has it as its outcome, one that did not succeeds."""
    late_wounds: dict[str, int] = msgspec.field(default_factory=dict)
    """Wounds taken this round from a foe no faster (key → wounds): they land after the
    character's own roll, so do not count in it."""

    @property
    def declaring(self) -> bool:
        return self.round > 0 and len(self.declared) < len(self.order)

    def to_declare(self) -> list[str]:
        """Who may declare now: the lowest initiative not yet declared (ties together)."""
        waiting = [n for n in reversed(self.order) if key(n) not in self.declared]
        if not waiting:
            return []
        lowest = self.now[key(waiting[0])]
        return [n for n in waiting if self.now[key(n)] == lowest]

    def current(self) -> str | None:
        """Whose action resolves now (None while declaring and once all have)."""
        if self.round == 0 or self.declaring:
            return None
        return next_in(self.order, self.resolved)


class HouseState(msgspec.Struct, kw_only=True):
    fighters: dict[str, Fighter] = msgspec.field(default_factory=dict)
    combat: Combat | None = None
    level_malus: bool = True
    """The session's option ``wound_malus`` (``levels``: True)."""
    malus_in_pool: bool = True
    """The session's option ``malus_on`` (``pool``: True; ``tn``: False)."""
    defence_when_declared: bool = False
    """The session's option ``full_defence_roll`` (``declared``: True; ``first_attack``,
    the default: False)."""


def _joined(state: HouseState, event: CharacterJoined[CharacterSheet]) -> None:
    seat(
        state.fighters, event, Fighter, wounds=event.sheet.wounds, void_spent=event.sheet.void_spent
    )


def _rolled(state: HouseState, event: DiceRolled) -> None:
    combat = state.combat
    if combat is None or event.character is None:
        return
    if event.purpose != "initiative":
        current = combat.current()
        if current is not None and key(current) == key(event.character):
            combat.rolled_in_turn = True
        return
    fighter = state.fighters[key(event.character)]
    roll = event.roll
    void = any(part.source == "Point de Vide" for part in event.parts)
    kept = [sum(roll.dice[i].faces) for i in roll.kept_dice]
    combat.initiative[key(event.character)] = Initiative(
        total=roll.total,
        void_die=min(kept) if void and kept else 0,
        void_rounds=fighter.sheet.ring("void") if void else 0,
    )


def _combat_started(state: HouseState, event: CombatStarted) -> None:
    state.combat = Combat()


def _combat_ended(state: HouseState, event: CombatEnded) -> None:
    state.combat = None
    for fighter in state.fighters.values():
        fighter.hit = None
        fighter.disarmed.clear()


def _round_started(state: HouseState, event: RoundStarted) -> None:
    combat = state.combat
    assert combat is not None
    combat.round = event.number
    combat.declared.clear()
    combat.resolved.clear()
    combat.void_round.clear()
    combat.void_tn.clear()
    combat.ignore_wounds.clear()
    combat.late_wounds.clear()
    combat.attacked.clear()
    combat.defences.clear()
    combat.rolled_in_turn = False
    for one in state.fighters.values():
        one.hit = None  # damage follows its hit in the same round
    set_order(state)


def _declared(state: HouseState, event: ActionDeclared) -> None:
    combat = state.combat
    assert combat is not None
    who = key(event.character)
    combat.declared[who] = event
    if event.defence:
        combat.defences[who] = event.defence


def _full_defence(state: HouseState, event: FullDefenceRolled) -> None:
    combat = state.combat
    assert combat is not None
    combat.defences[key(event.character)] = event.defence


def _turn_passed(state: HouseState, event: TurnPassed) -> None:
    combat = state.combat
    assert combat is not None
    combat.resolved.append(key(event.character))
    combat.rolled_in_turn = False


def _attack(state: HouseState, event: AttackMade) -> None:
    attacker = state.fighters[key(event.character)]
    damage = event.extra_damage + event.assault_on_damage
    attacker.hit = (event.target, event.weapon, damage) if event.hit else None
    attacker.wielding = event.weapon
    if state.combat is not None:
        state.combat.attacked.append(key(event.character))
    if event.disarmed:
        target = state.fighters[key(event.target)]
        target.disarmed.append(event.disarmed_of)


def _void(state: HouseState, event: VoidSpent) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.void_spent += 1
    combat = state.combat
    if combat is None or event.use == "initiative":
        return
    combat.void_round.append(key(event.character))
    if event.use == "tn":
        combat.void_tn.append(key(event.character))
    elif event.use == "ignore_wounds":
        combat.ignore_wounds.append(key(event.character))


def _wounds(state: HouseState, event: WoundsTaken) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.wounds += event.amount
    source = key(event.source)
    if source in state.fighters:
        state.fighters[source].hit = None
    combat = state.combat
    if combat is None:
        return
    hurt = key(event.character)
    if source in combat.now and hurt in combat.now and combat.now[source] <= combat.now[hurt]:
        combat.late_wounds[hurt] = combat.late_wounds.get(hurt, 0) + event.amount
    if not can_act_now(state, fighter) and fighter.name in combat.order:
        combat.order.remove(fighter.name)  # out of the round: no one waits on them


def _tn_ruled(state: HouseState, event: TnRuled) -> None:
    state.fighters[key(event.character)].tn_ruling = event


def _tn_lifted(state: HouseState, event: TnLifted) -> None:
    state.fighters[key(event.character)].tn_ruling = None


def _succeeded(state: HouseState, event: ActionSucceeded) -> None:
    """A record of the outcome: the action's effects are the GM's to narrate, the state's
    to hold none."""


def _healed(state: HouseState, event: WoundsHealed) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.wounds = max(0, fighter.wounds - event.amount)


HANDLERS: Mapping[type[Event], Callable[[Any, Any], None]] = {
    CharacterJoined: _joined,
    DiceRolled: _rolled,
    CombatStarted: _combat_started,
    CombatEnded: _combat_ended,
    RoundStarted: _round_started,
    ActionDeclared: _declared,
    FullDefenceRolled: _full_defence,
    TurnPassed: _turn_passed,
    AttackMade: _attack,
    VoidSpent: _void,
    WoundsTaken: _wounds,
    WoundsHealed: _healed,
    TnRuled: _tn_ruled,
    TnLifted: _tn_lifted,
    ActionSucceeded: _succeeded,
}
