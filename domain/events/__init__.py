"""Every fact of a session, as an immutable event (DESIGN principle 1).

Events are frozen msgspec Structs with tuple fields only, tagged by class name (the
``type`` field of their JSON), carrying a schema version, the actor (the GM's or a
player's id), the time the command was given, and an optional reason. Their names are
past tense. The clock and the dice are read before an event is made, never while it is
applied.
"""

from __future__ import annotations

import msgspec

from domain.events.base import Event
from domain.events.battle import (
    ARMY_STATUSES,
    ENGAGEMENTS,
    ArmyStatus,
    BattleBegan,
    BattleEnded,
    BattleEntry,
    BattleResultDrawn,
    BattleStatusSet,
    BattleTurnBegan,
    Engagement,
    EngagementDeclared,
    HeroicOpportunityTaken,
)
from domain.events.combat import (
    ActionKind,
    ActionTaken,
    AttackResolved,
    ConditionApplied,
    ConditionEnded,
    FullDefenseRolled,
    GuardTaken,
    InitiativeSwapped,
    OpposedRollSettled,
    TurnDelayed,
)
from domain.events.duel import (
    DuelAssessed,
    DuelBegan,
    DuelConceded,
    DuelEnded,
    DuelFocused,
    DuelKind,
    DuelStruck,
)
from domain.events.magic import SpellCast, SpellSlotsRestored
from domain.events.session import (
    ROLL_PURPOSES,
    VOID_USES,
    CharacterJoined,
    CombatEnded,
    CombatStarted,
    DiceRolled,
    EventRetracted,
    ExperienceAwarded,
    ExperienceSpent,
    RollPurpose,
    RoundStarted,
    SessionOpened,
    StanceChosen,
    StandingChanged,
    TurnPassed,
    VoidPointSpent,
    VoidPointsRegained,
    VoidUse,
    WoundsHealed,
    WoundsTaken,
)
from domain.events.table import (
    ArmouryLoaded,
    Equipped,
    HonourLoss,
    HonourTableLoaded,
    MedicineKitGained,
    MedicineKitUsed,
    MoneyChanged,
    NightRested,
    Revealed,
)

AnyEvent = (
    SessionOpened
    | CharacterJoined
    | DiceRolled
    | CombatStarted
    | RoundStarted
    | TurnPassed
    | CombatEnded
    | StanceChosen
    | VoidPointSpent
    | VoidPointsRegained
    | WoundsTaken
    | WoundsHealed
    | StandingChanged
    | ExperienceAwarded
    | ExperienceSpent
    | EventRetracted
    | ConditionApplied
    | ConditionEnded
    | ActionTaken
    | TurnDelayed
    | InitiativeSwapped
    | FullDefenseRolled
    | GuardTaken
    | AttackResolved
    | OpposedRollSettled
    | MedicineKitGained
    | MedicineKitUsed
    | NightRested
    | MoneyChanged
    | Revealed
    | ArmouryLoaded
    | Equipped
    | HonourTableLoaded
    | DuelBegan
    | DuelAssessed
    | DuelConceded
    | DuelFocused
    | DuelStruck
    | DuelEnded
    | SpellCast
    | SpellSlotsRestored
    | BattleBegan
    | BattleTurnBegan
    | EngagementDeclared
    | BattleStatusSet
    | BattleResultDrawn
    | HeroicOpportunityTaken
    | BattleEnded
)

EVENT_TYPES: dict[str, type[Event]] = {cls.__name__: cls for cls in AnyEvent.__args__}


class Recorded(msgspec.Struct, frozen=True, gc=False):
    """An event at its place in its session's stream (1-based ``position``)."""

    position: int
    event: AnyEvent


__all__ = [
    "ARMY_STATUSES",
    "ENGAGEMENTS",
    "EVENT_TYPES",
    "ROLL_PURPOSES",
    "VOID_USES",
    "ActionKind",
    "ActionTaken",
    "AnyEvent",
    "ArmouryLoaded",
    "ArmyStatus",
    "AttackResolved",
    "BattleBegan",
    "BattleEnded",
    "BattleEntry",
    "BattleResultDrawn",
    "BattleStatusSet",
    "BattleTurnBegan",
    "CharacterJoined",
    "CombatEnded",
    "CombatStarted",
    "ConditionApplied",
    "ConditionEnded",
    "DiceRolled",
    "DuelAssessed",
    "DuelBegan",
    "DuelConceded",
    "DuelEnded",
    "DuelFocused",
    "DuelKind",
    "DuelStruck",
    "Engagement",
    "EngagementDeclared",
    "Equipped",
    "Event",
    "EventRetracted",
    "ExperienceAwarded",
    "ExperienceSpent",
    "FullDefenseRolled",
    "GuardTaken",
    "HeroicOpportunityTaken",
    "HonourLoss",
    "HonourTableLoaded",
    "InitiativeSwapped",
    "MedicineKitGained",
    "MedicineKitUsed",
    "MoneyChanged",
    "NightRested",
    "OpposedRollSettled",
    "Recorded",
    "Revealed",
    "RollPurpose",
    "RoundStarted",
    "SessionOpened",
    "SpellCast",
    "SpellSlotsRestored",
    "StanceChosen",
    "StandingChanged",
    "TurnDelayed",
    "TurnPassed",
    "VoidPointSpent",
    "VoidPointsRegained",
    "VoidUse",
    "WoundsHealed",
    "WoundsTaken",
]  # fmt: skip
