"""The l5r4e state as a fold over a session's events (DESIGN principle 5).

Commands validate against this state and the views read from it, so there is one fold,
not one per reader. For speed it accumulates into mutable records
(:mod:`domain.rulesets.l5r4e.state_records`) that only the fold changes; the core owns the
fold and leaves retracted events out of it. The handlers for play at the table —
combat, conditions, duels, magic, battles — are in :mod:`domain.rulesets.l5r4e.state_play`.

Every event carries what its fold needs: an XP spend records the rank it reached, so a
later change to the prices never rewrites a past sheet.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from domain.rulesets.l5r4e import state_play
from domain.rulesets.l5r4e.events import (
    ArmouryLoaded,
    CharacterJoined,
    CombatEnded,
    CombatStarted,
    DiceRolled,
    Event,
    EventRetracted,
    ExperienceAwarded,
    ExperienceSpent,
    HonourLoss,
    HonourTableLoaded,
    NoteTaken,
    RoundStarted,
    RulingsCorrected,
    SessionOpened,
    StanceChosen,
    StandingChanged,
    TurnPassed,
    VoidPointSpent,
    VoidPointsRegained,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.l5r4e.state_records import (
    BattleState,
    CharacterState,
    CombatState,
    DuelState,
    InitiativeEntry,
    add_key,
    key,
)
from domain.rulesets.roll_keep_kit.character import CharacterSheet
from domain.rulesets.roll_keep_kit.purchase import bought

if TYPE_CHECKING:
    from domain.rulesets.l5r4e.ruleset import FourthEdition

__all__ = ["CharacterState", "CombatState", "FourEState", "InitiativeEntry", "key"]


@dataclass
class FourEState:
    """Everything 4e commands check and views show: plain data (so a snapshot of it is a
    msgspec encoding), bound to the session's rules by :meth:`attach`."""

    characters: dict[str, CharacterState] = field(default_factory=dict)
    combat: CombatState | None = None
    combats: int = 0
    hours: int = 0
    """The session's clock, in hours the GM has moved it on (:mod:`.fatigue`)."""
    minutes: int = 0
    """Minutes the clock has moved on past its last whole hour."""
    clock_kept: bool = False
    """The GM keeps the story's clock in this session (it has moved once): a night's
    rest then needs the night on it (:func:`domain.rulesets.l5r4e.recovery.rest`)."""
    rolls: int = 0
    last_roll: dict[str, DiceRolled] = field(default_factory=dict)
    duels: dict[str, DuelState] = field(default_factory=dict)
    battle: BattleState | None = None
    armoury: ArmouryLoaded | None = None
    honour_table: tuple[HonourLoss, ...] = ()

    def attach(self, ruleset: "FourthEdition") -> "FourEState":
        """Bind the state to the session's rules (after it is made or read back)."""
        self.ruleset = ruleset
        return self

    def character(self, name: str | None) -> CharacterState | None:
        return None if name is None else self.characters.get(key(name))

    # -- the fold, event by event --------------------------------------------------

    def _joined(self, event: CharacterJoined[CharacterSheet]) -> None:
        sheet: CharacterSheet = event.sheet
        self.characters[key(sheet.name)] = CharacterState(
            sheet=sheet,
            player=event.player,
            joined=len(self.characters),
            standing={
                "honour": sheet.honour,
                "glory": sheet.glory,
                "status": sheet.status,
                "taint": sheet.taint,
            },
            zeni=sheet.zeni,
            wounds=sheet.wounds,
            void_spent=sheet.void_spent,
        )

    def _rolled(self, event: DiceRolled) -> None:
        self.rolls += 1
        name = event.character
        if name is None:
            return
        who = key(name)
        state = self.characters.get(who)
        if state is None:
            return
        self.last_roll[who] = event
        combat = self.combat
        if state.center_round >= 0 and combat and combat.round == state.center_round + 1:
            state.center_bonus_used = state.center_bonus_used or any(
                p.source.startswith("Center stance") for p in event.parts
            )
        if combat is None:
            return
        purpose = event.purpose
        if purpose == "damage":
            hit = combat.pending.pop(who, None)
            if hit is not None and "extra_attack" in hit.manoeuvres:
                add_key(combat.extra_attacks, who)
        elif purpose == "attack":
            if who in combat.extra_attacks:
                combat.extra_attacks.remove(who)
        elif purpose == "initiative":
            combat.initiative[who] = InitiativeEntry(
                state.name, event.roll.total, state.sheet.trait("reflexes"), state.joined
            )

    def _combat_started(self, event: CombatStarted) -> None:
        self.combat = CombatState()
        self.combats += 1

    def _round_started(self, event: RoundStarted) -> None:
        combat = self.combat
        if combat is None:
            return
        combat.round = event.number
        combat.acted = []
        combat.delayed = {}
        combat.actions = {}
        combat.pending = {}
        combat.extra_attacks = []
        combat.begun = []
        combat.skipped = {}
        combat.centered = [
            key(c.name) for c in self.characters.values() if c.center_round == event.number - 1
        ]
        for state in self.characters.values():
            if state.center_round != event.number - 1:
                state.center_round = -1
                state.center_bonus_used = False
            state.stance = None  # « À chaque début de round, un personnage choisit sa posture »

    def _turn_passed(self, event: TurnPassed) -> None:
        if self.combat is None:
            return
        self.combat.acted.append(event.character)
        if event.skipped is not None:
            self.combat.skipped[key(event.character)] = event.skipped

    def _combat_ended(self, event: CombatEnded) -> None:
        self.combat = None
        for state in self.characters.values():
            state.stance = None
            state.full_defense_bonus, state.full_defense_round = 0, -1
            state.guarding, state.guard_round = None, -1
            state.casting, state.casting_until = None, -1
            state.center_round = -1
            state.void_round = -1
            state.armour_void_round = -1

    def _stance(self, event: StanceChosen) -> None:
        state = self.character(event.character)
        if state is None:
            return
        state.stance = event.stance
        if event.stance == "center" and self.combat is not None:
            state.center_round = self.combat.round

    def _void_spent(self, event: VoidPointSpent) -> None:
        state = self.character(event.character)
        if state is None:
            return
        state.void_spent += 1
        combat = self.combat
        if combat is None:
            return
        if event.use != "technique":
            state.void_round = combat.round
        if event.use == "armour":
            state.armour_void_round = combat.round
        elif event.use == "initiative":
            entry = combat.initiative.get(key(state.name))
            if entry is not None:
                entry.bonus += 10

    def _void_regained(self, event: VoidPointsRegained) -> None:
        if (state := self.character(event.character)) is not None:
            state.void_spent = max(0, state.void_spent - event.amount)

    def _wounded(self, event: WoundsTaken) -> None:
        if (state := self.character(event.character)) is not None:
            state.wounds += event.amount
            # « une blessure supérieure en valeur à son anneau de Terre » (Concentration)
            if "concentrating" in state.conditions and event.amount > state.sheet.ring("earth"):
                state.concentration_due = True

    def _healed(self, event: WoundsHealed) -> None:
        if (state := self.character(event.character)) is not None:
            state.wounds = max(0, state.wounds - event.amount)

    def _standing(self, event: StandingChanged) -> None:
        if (state := self.character(event.character)) is not None:
            state.standing[event.standing] = state.standing.get(event.standing, 0) + event.delta

    def _awarded(self, event: ExperienceAwarded) -> None:
        if (state := self.character(event.character)) is not None:
            state.xp_awarded += event.amount

    def _spent(self, event: ExperienceSpent) -> None:
        state = self.character(event.character)
        if state is None:
            return
        after = bought(state.sheet, event.kind, event.name, event.emphasis, event.new_rank)
        if after is None:
            # An earlier purchase it stood on was retracted: the sheet cannot follow, so
            # nothing was bought and nothing is charged until the GM rules on it.
            return
        state.xp_spent += event.cost
        state.sheet = after

    def _armoury(self, event: ArmouryLoaded) -> None:
        self.armoury = event

    def _honour_table(self, event: HonourTableLoaded) -> None:
        self.honour_table = event.rows


def _ignored(state: FourEState, event: Event) -> None:
    return None


HANDLERS: dict[type[Any], Callable[[FourEState, Any], None]] = {
    SessionOpened: _ignored,
    NoteTaken: _ignored,
    EventRetracted: _ignored,
    RulingsCorrected: _ignored,
    CharacterJoined: FourEState._joined,
    DiceRolled: FourEState._rolled,
    CombatStarted: FourEState._combat_started,
    RoundStarted: FourEState._round_started,
    TurnPassed: FourEState._turn_passed,
    CombatEnded: FourEState._combat_ended,
    StanceChosen: FourEState._stance,
    VoidPointSpent: FourEState._void_spent,
    VoidPointsRegained: FourEState._void_regained,
    WoundsTaken: FourEState._wounded,
    WoundsHealed: FourEState._healed,
    StandingChanged: FourEState._standing,
    ExperienceAwarded: FourEState._awarded,
    ExperienceSpent: FourEState._spent,
    ArmouryLoaded: FourEState._armoury,
    HonourTableLoaded: FourEState._honour_table,
    **state_play.HANDLERS,
}
"""Each event type's handler (the kit's and 4e's here, play at the table's in fold_play)."""
