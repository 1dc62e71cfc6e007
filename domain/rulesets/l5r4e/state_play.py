"""The fold's handlers for play at the table: conditions, actions, attacks, healing kits,
money, duels, spells and battles. Registered into :class:`domain.rulesets.l5r4e.state.FourEState`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from domain.events import ClockAdvanced
from domain.rulesets.l5r4e.events import (
    ActionTaken,
    AttackResolved,
    BattleBegan,
    BattleEnded,
    BattleResultDrawn,
    BattleStatusSet,
    BattleTurnBegan,
    ConditionApplied,
    ConditionEnded,
    DuelAssessed,
    DuelBegan,
    DuelConceded,
    DuelEnded,
    DuelFocused,
    DuelStruck,
    EngagementDeclared,
    Equipped,
    FullDefenseRolled,
    GuardTaken,
    HeroicOpportunityTaken,
    HoursPassed,
    InitiativeSwapped,
    MedicineKitGained,
    MedicineKitUsed,
    MoneyChanged,
    NightRested,
    OpposedRollSettled,
    Revealed,
    SpellCast,
    SpellSlotsRestored,
    StayedAwake,
    TurnDelayed,
    WeaponDestroyed,
)
from domain.rulesets.l5r4e.state_records import (
    HOURS_PER_ROLL,
    BattleState,
    ConditionState,
    DuelState,
    add_key,
    key,
    worn_out,
)

if TYPE_CHECKING:
    from domain.rulesets.l5r4e.state import FourEState

Handler = Callable[["FourEState", Any], None]


def _condition_applied(state: FourEState, event: ConditionApplied) -> None:
    if (who := state.character(event.character)) is not None:
        if event.condition == "concentrating":
            who.concentration_due = False  # kept (again): no check is due
        if event.condition == "asleep":
            who.awake_hours = 0
        since = state.combat.round if state.combat else 0
        previous = who.conditions.get(event.condition)
        who.conditions[event.condition] = ConditionState(
            event.level, event.note, previous.failures if previous else 0, since
        )


def _condition_ended(state: FourEState, event: ConditionEnded) -> None:
    if (who := state.character(event.character)) is not None:
        who.conditions.pop(event.condition, None)
        if event.condition == "concentrating":
            who.concentration_due = False
        if event.condition == "fatigued":
            who.awake_hours = 0


def _action(state: FourEState, event: ActionTaken) -> None:
    if state.combat is not None:
        state.combat.actions.setdefault(key(event.character), []).append((event.kind, event.action))


def _delayed(state: FourEState, event: TurnDelayed) -> None:
    if state.combat is not None:
        state.combat.delayed[key(event.character)] = event.behind
        add_key(state.combat.begun, key(event.character))  # delayed on their turn


def _swapped(state: FourEState, event: InitiativeSwapped) -> None:
    combat = state.combat
    if combat is None:
        return
    turn = combat.current()  # whose turn had come before the trade
    first, second = (
        combat.initiative.get(key(event.character)),
        combat.initiative.get(key(event.other)),
    )
    if first is not None and second is not None:
        first.total, second.total = second.total, first.total
        first.bonus, second.bonus = second.bonus, first.bonus
    if turn is not None:
        add_key(combat.begun, key(turn))


def _full_defense(state: FourEState, event: FullDefenseRolled) -> None:
    if (who := state.character(event.character)) is not None and state.combat is not None:
        who.full_defense_bonus = event.bonus
        who.full_defense_round = state.combat.round


def _guard(state: FourEState, event: GuardTaken) -> None:
    if (who := state.character(event.character)) is not None and state.combat is not None:
        who.guarding = event.protected
        who.guard_round = state.combat.round


def _attack(state: FourEState, event: AttackResolved) -> None:
    if (who := state.character(event.attacker)) is not None:
        who.wielding = None if event.weapon == "Unarmed" else event.weapon
    if state.combat is None:
        return
    if event.hit:
        state.combat.pending[key(event.attacker)] = event
    else:
        state.combat.pending.pop(key(event.attacker), None)


def _settled(state: FourEState, event: OpposedRollSettled) -> None:
    return None


def _weapon_destroyed(state: FourEState, event: WeaponDestroyed) -> None:
    if (who := state.character(event.character)) is not None:
        kept = tuple(w for w in who.sheet.weapons if w.name != event.weapon)
        who.sheet = msgspec.structs.replace(who.sheet, weapons=kept)
        if who.wielding == event.weapon:
            who.wielding = None


def _equipped(state: FourEState, event: Equipped) -> None:
    who = state.character(event.character)
    if who is None:
        return
    sheet = who.sheet
    if event.weapon is not None:  # taken up: the weapon in hand
        sheet = msgspec.structs.replace(sheet, weapons=(*sheet.weapons, event.weapon))
        who.wielding = event.weapon.name
    if event.arrow is not None:
        sheet = msgspec.structs.replace(sheet, arrows=(*sheet.arrows, event.arrow))
    if event.armour is not None:
        sheet = msgspec.structs.replace(sheet, armour=event.armour)
    who.sheet = sheet


def _kit(state: FourEState, event: MedicineKitGained) -> None:
    if (who := state.character(event.character)) is not None:
        who.kit_uses += event.uses


def _kit_used(state: FourEState, event: MedicineKitUsed) -> None:
    healer, patient = state.character(event.character), state.character(event.patient)
    if healer is not None:
        healer.kit_uses = max(0, healer.kit_uses - 1)
    if patient is not None:
        patient.treated_today = True


def _night(state: FourEState, event: NightRested) -> None:
    if (who := state.character(event.character)) is not None:
        who.treated_today = False
        who.rested_at = state.hours


def _hours(state: FourEState, event: HoursPassed) -> None:
    """The clock moves on (as 4e's own ``time`` recorded it before the session's clock
    was the core's): every worn-out character counts the hours awake."""
    _pass(state, event.hours)


def _clock(state: FourEState, event: ClockAdvanced) -> None:
    """The story's clock moves on (:mod:`domain.session.clock`): each whole hour counts,
    the minutes over wait for the next move."""
    hours, state.minutes = divmod(state.minutes + event.minutes, 60)
    state.clock_kept = True  # not by HoursPassed: those sessions re-judge as recorded
    _pass(state, hours)


def _pass(state: FourEState, hours: int) -> None:
    state.hours += hours
    for who in state.characters.values():
        if worn_out(who):
            who.awake_hours += hours


def _stayed_awake(state: FourEState, event: StayedAwake) -> None:
    if (who := state.character(event.character)) is not None:
        who.awake_hours = max(0, who.awake_hours - HOURS_PER_ROLL)


def _money(state: FourEState, event: MoneyChanged) -> None:
    if (who := state.character(event.character)) is not None:
        who.zeni += event.zeni


def _revealed(state: FourEState, event: Revealed) -> None:
    if (who := state.character(event.character)) is not None:
        who.revealed.append((event.about, event.what, event.value))


def _duel_began(state: FourEState, event: DuelBegan) -> None:
    state.duels[event.duel] = DuelState(event.duel, event.challenger, event.defender, event.kind)


def _duel_assessed(state: FourEState, event: DuelAssessed) -> None:
    duel = state.duels.get(event.duel)
    if duel is None:
        return
    total = event.total
    if total is None:  # recorded before assessments carried their total
        roll = state.last_roll.get(key(event.character))
        total = roll.roll.total if roll else 0
    duel.assessed[key(event.character)] = total
    if event.focus_bonus:
        add_key(duel.focus_bonus, key(event.character))
    if len(duel.assessed) == 2:
        duel.phase = "focus"


def _duel_conceded(state: FourEState, event: DuelConceded) -> None:
    if (duel := state.duels.get(event.duel)) is not None:
        duel.phase = "over"


def _duel_focused(state: FourEState, event: DuelFocused) -> None:
    if (duel := state.duels.get(event.duel)) is not None:
        duel.first, duel.free_raises, duel.phase = event.first, event.free_raises, "strike"


def _duel_struck(state: FourEState, event: DuelStruck) -> None:
    if (duel := state.duels.get(event.duel)) is not None:
        duel.struck.append(event.character)
        if event.hit:
            duel.hits.append(event.character)


def _duel_ended(state: FourEState, event: DuelEnded) -> None:
    if (duel := state.duels.get(event.duel)) is not None:
        duel.phase, duel.winner, duel.outcome = "over", event.winner, event.outcome


def _spell_cast(state: FourEState, event: SpellCast) -> None:
    if (who := state.character(event.character)) is not None:
        who.slots_used[event.slot] = who.slots_used.get(event.slot, 0) + 1
        if event.success:
            add_key(who.spells_cast, event.spell)
        if state.combat is not None:
            who.casting = event.spell
            who.casting_until = state.combat.round + event.casting_rounds - 1


def _slots_restored(state: FourEState, event: SpellSlotsRestored) -> None:
    if (who := state.character(event.character)) is not None:
        who.slots_used = {}


def _battle_began(state: FourEState, event: BattleBegan) -> None:
    state.battle = BattleState(event.name, event.armies, event.turns, event.table)
    for who in state.characters.values():
        who.engagement = None


def _battle_turn(state: FourEState, event: BattleTurnBegan) -> None:
    if state.battle is not None:
        state.battle.turn, state.battle.status, state.battle.results = event.number, None, {}


def _engagement(state: FourEState, event: EngagementDeclared) -> None:
    if (who := state.character(event.character)) is not None:
        who.engagement = event.engagement


def _battle_status(state: FourEState, event: BattleStatusSet) -> None:
    if state.battle is not None:
        state.battle.status = event.status


def _battle_result(state: FourEState, event: BattleResultDrawn) -> None:
    if state.battle is not None:
        state.battle.results[key(event.character)] = event.result


def _heroic(state: FourEState, event: HeroicOpportunityTaken) -> None:
    return None


def _battle_ended(state: FourEState, event: BattleEnded) -> None:
    if state.battle is not None:
        state.battle.ended = True


HANDLERS: dict[type[Any], Handler] = {
    ConditionApplied: _condition_applied,
    ConditionEnded: _condition_ended,
    ActionTaken: _action,
    TurnDelayed: _delayed,
    InitiativeSwapped: _swapped,
    FullDefenseRolled: _full_defense,
    GuardTaken: _guard,
    AttackResolved: _attack,
    OpposedRollSettled: _settled,
    Equipped: _equipped,
    WeaponDestroyed: _weapon_destroyed,
    MedicineKitGained: _kit,
    MedicineKitUsed: _kit_used,
    NightRested: _night,
    HoursPassed: _hours,
    ClockAdvanced: _clock,
    StayedAwake: _stayed_awake,
    MoneyChanged: _money,
    Revealed: _revealed,
    DuelBegan: _duel_began,
    DuelAssessed: _duel_assessed,
    DuelConceded: _duel_conceded,
    DuelFocused: _duel_focused,
    DuelStruck: _duel_struck,
    DuelEnded: _duel_ended,
    SpellCast: _spell_cast,
    SpellSlotsRestored: _slots_restored,
    BattleBegan: _battle_began,
    BattleTurnBegan: _battle_turn,
    EngagementDeclared: _engagement,
    BattleStatusSet: _battle_status,
    BattleResultDrawn: _battle_result,
    HeroicOpportunityTaken: _heroic,
    BattleEnded: _battle_ended,
}
