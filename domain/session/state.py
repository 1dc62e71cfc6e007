"""The state of a session as a fold over its events (DESIGN principles 5 and 6).

The session aggregate validates commands against this state, and the projections read
their views from it, so there is one fold, not one per reader. For speed (a 100,000
event session folds in a fraction of a second) it accumulates into private mutable
records (:mod:`domain.session.records`); nothing outside sees them change, and
:func:`fold` always starts from empty. The handlers for play at the table — combat,
conditions, duels, magic, battles — are in :mod:`domain.session.play`.

Retracted events are left out: :func:`fold` first collects every ``EventRetracted``
up to the position asked for, then applies the rest. The aggregate refolds when a new
retraction arrives (they are rare), so an event retracted after the fact is gone from
every view as if it had never counted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from domain.errors import KirokuError
from domain.events import (
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
    Recorded,
    RoundStarted,
    SessionOpened,
    StanceChosen,
    StandingChanged,
    TurnPassed,
    VoidPointSpent,
    VoidPointsRegained,
    WoundsHealed,
    WoundsTaken,
)
from domain.purchase import Purchase
from domain.rulesets import Ruleset, load_ruleset
from domain.session import play
from domain.session.records import (
    BattleState,
    CharacterState,
    CombatState,
    DuelState,
    InitiativeEntry,
    key,
)

__all__ = ["CharacterState", "CombatState", "InitiativeEntry", "SessionState", "fold", "key"]


class SessionState:
    """Everything commands check and projections show, as of ``position``."""

    def __init__(self) -> None:
        self.opened: SessionOpened | None = None
        self.ruleset: Ruleset | None = None
        self.characters: dict[str, CharacterState] = {}
        self.combat: CombatState | None = None
        self.combats = 0
        self.position = 0
        self.rolls = 0
        self.last_roll: dict[str, DiceRolled] = {}
        self.duels: dict[str, DuelState] = {}
        self.battle: BattleState | None = None
        self.armoury: ArmouryLoaded | None = None
        self.honour_table: tuple[HonourLoss, ...] = ()
        self._apply: dict[type[Any], Callable[[Any], None]] = {
            SessionOpened: self._opened,
            CharacterJoined: self._joined,
            DiceRolled: self._rolled,
            CombatStarted: self._combat_started,
            RoundStarted: self._round_started,
            TurnPassed: self._turn_passed,
            CombatEnded: self._combat_ended,
            StanceChosen: self._stance,
            VoidPointSpent: self._void_spent,
            VoidPointsRegained: self._void_regained,
            WoundsTaken: self._wounded,
            WoundsHealed: self._healed,
            StandingChanged: self._standing,
            ExperienceAwarded: self._awarded,
            ExperienceSpent: self._spent,
            EventRetracted: _ignore,
            ArmouryLoaded: self._armoury,
            HonourTableLoaded: self._honour_table,
        }
        for event_type, handler in play.HANDLERS.items():
            self._apply[event_type] = partial(handler, self)

    def character(self, name: str | None) -> CharacterState | None:
        return None if name is None else self.characters.get(key(name))

    def apply(self, recorded: Recorded) -> None:
        self.position = recorded.position
        self._apply[type(recorded.event)](recorded.event)

    # -- the fold, event by event --------------------------------------------------

    def _opened(self, event: SessionOpened) -> None:
        self.opened = event
        self.ruleset = load_ruleset(event.ruleset, dict(event.options))

    def _joined(self, event: CharacterJoined) -> None:
        self.characters[key(event.sheet.name)] = CharacterState(
            sheet=event.sheet,
            player=event.player,
            joined=len(self.characters),
            standing={
                "honour": event.sheet.honour,
                "glory": event.sheet.glory,
                "status": event.sheet.status,
                "taint": event.sheet.taint,
            },
            zeni=event.sheet.zeni,
        )

    def _rolled(self, event: DiceRolled) -> None:
        self.rolls += 1
        state = self.character(event.character)
        if state is None:
            return
        self.last_roll[key(state.name)] = event
        if state.center_round >= 0 and self.combat and self.combat.round == state.center_round + 1:
            state.center_bonus_used = state.center_bonus_used or any(
                p.source.startswith("Center stance") for p in event.parts
            )
        combat = self.combat
        if combat is not None and event.purpose == "damage":
            hit = combat.pending.pop(key(state.name), None)
            if hit is not None and "extra_attack" in hit.manoeuvres:
                combat.extra_attacks.add(key(state.name))
        if combat is not None and event.purpose == "attack":
            combat.extra_attacks.discard(key(state.name))
        if event.purpose == "initiative" and self.combat is not None:
            self.combat.initiative[key(state.name)] = InitiativeEntry(
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
        combat.extra_attacks = set()
        combat.centered = {
            key(c.name) for c in self.characters.values() if c.center_round == event.number - 1
        }
        for state in self.characters.values():
            if state.center_round != event.number - 1:
                state.center_round = -1
                state.center_bonus_used = False
            state.stance = None  # « À chaque début de round, un personnage choisit sa posture »

    def _turn_passed(self, event: TurnPassed) -> None:
        if self.combat is None:
            return
        self.combat.acted.append(event.character)
        state = self.character(event.character)
        if state is not None:
            # Full Defense and Guard last until this character's next turn.
            state.full_defense_bonus = 0
            state.guarding = None

    def _combat_ended(self, event: CombatEnded) -> None:
        self.combat = None
        for state in self.characters.values():
            state.stance = None
            state.full_defense_bonus = 0
            state.guarding = None
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
        if state is None or self.ruleset is None:
            return
        state.xp_spent += event.cost
        purchase = Purchase(event.kind, event.name, event.emphasis)
        try:
            state.sheet = self.ruleset.price(state.sheet, purchase).sheet
        except KirokuError:
            # An earlier purchase this one stood on was retracted: the XP stays spent (it
            # is recorded) but the sheet cannot follow until the GM retracts this one too.
            return

    def _armoury(self, event: ArmouryLoaded) -> None:
        self.armoury = event

    def _honour_table(self, event: HonourTableLoaded) -> None:
        self.honour_table = event.rows


def _ignore(event: Event) -> None:
    return None


def retracted_positions(events: Iterable[Recorded], until: int | None = None) -> set[int]:
    """Positions retracted by ``EventRetracted`` events at or before ``until``."""
    return {
        r.event.position
        for r in events
        if isinstance(r.event, EventRetracted) and (until is None or r.position <= until)
    }


def fold(events: list[Recorded], until: int | None = None) -> SessionState:
    """The state as of ``until`` (every event when None), retracted events left out."""
    retracted = retracted_positions(events, until)
    state = SessionState()
    for recorded in events:
        if until is not None and recorded.position > until:
            break
        if recorded.position in retracted:
            state.position = recorded.position
            continue
        state.apply(recorded)
    return state
