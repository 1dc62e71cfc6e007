"""The l5r4e ruleset's events: the roll & keep kit's (rolls, rounds, stances, Void, wounds,
standing, XP) and 4e's own (combat, duels, magic, mass battle, the GM's tables).

``EVENT_TYPES`` is what the ruleset declares to the core; the core's events
(:mod:`domain.events`) are re-exported here for the ruleset's own modules.
"""

from __future__ import annotations

from domain.events import (
    CharacterJoined,
    Event,
    EventRetracted,
    NoteTaken,
    Recorded,
    RulingsCorrected,
    SessionOpened,
)
from domain.rulesets.l5r4e.events.battle import (
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
from domain.rulesets.l5r4e.events.combat import (
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
    WeaponDestroyed,
)
from domain.rulesets.l5r4e.events.duel import (
    DuelAssessed,
    DuelBegan,
    DuelConceded,
    DuelEnded,
    DuelFocused,
    DuelKind,
    DuelStruck,
)
from domain.rulesets.l5r4e.events.magic import SpellCast, SpellSlotsRestored
from domain.rulesets.l5r4e.events.table import (
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
from domain.rulesets.roll_keep_kit.events import (
    KIT_EVENT_TYPES,
    ROLL_PURPOSES,
    VOID_USES,
    CombatEnded,
    CombatStarted,
    DiceRolled,
    ExperienceAwarded,
    ExperienceSpent,
    RollPurpose,
    RoundStarted,
    StanceChosen,
    StandingChanged,
    TurnPassed,
    VoidPointSpent,
    VoidPointsRegained,
    VoidUse,
    WoundsHealed,
    WoundsTaken,
)

EVENT_TYPES: tuple[type[Event], ...] = (
    *KIT_EVENT_TYPES,
    ConditionApplied,
    ConditionEnded,
    ActionTaken,
    TurnDelayed,
    InitiativeSwapped,
    FullDefenseRolled,
    GuardTaken,
    AttackResolved,
    WeaponDestroyed,
    OpposedRollSettled,
    MedicineKitGained,
    MedicineKitUsed,
    NightRested,
    MoneyChanged,
    Revealed,
    ArmouryLoaded,
    Equipped,
    HonourTableLoaded,
    DuelBegan,
    DuelAssessed,
    DuelConceded,
    DuelFocused,
    DuelStruck,
    DuelEnded,
    SpellCast,
    SpellSlotsRestored,
    BattleBegan,
    BattleTurnBegan,
    EngagementDeclared,
    BattleStatusSet,
    BattleResultDrawn,
    HeroicOpportunityTaken,
    BattleEnded,
)
"""The l5r4e ruleset's own event types (the core's are added by the codec)."""

__all__ = [
    "ARMY_STATUSES", "ENGAGEMENTS", "EVENT_TYPES", "ROLL_PURPOSES", "VOID_USES",
    "ActionKind", "ActionTaken", "ArmouryLoaded", "ArmyStatus", "AttackResolved",
    "BattleBegan", "BattleEnded", "BattleEntry", "BattleResultDrawn", "BattleStatusSet",
    "BattleTurnBegan", "CharacterJoined", "CombatEnded", "CombatStarted", "ConditionApplied",
    "ConditionEnded", "DiceRolled", "DuelAssessed", "DuelBegan", "DuelConceded", "DuelEnded",
    "DuelFocused", "DuelKind", "DuelStruck", "Engagement", "EngagementDeclared", "Equipped",
    "Event", "EventRetracted", "ExperienceAwarded", "ExperienceSpent", "FullDefenseRolled",
    "GuardTaken", "HeroicOpportunityTaken", "HonourLoss", "HonourTableLoaded",
    "InitiativeSwapped", "MedicineKitGained", "MedicineKitUsed", "MoneyChanged",
    "NightRested", "NoteTaken", "OpposedRollSettled", "Recorded", "Revealed", "RollPurpose",
    "RoundStarted", "RulingsCorrected", "SessionOpened", "SpellCast", "SpellSlotsRestored",
    "StanceChosen", "StandingChanged", "TurnDelayed", "TurnPassed", "VoidPointSpent",
    "VoidPointsRegained", "VoidUse", "WeaponDestroyed", "WoundsHealed", "WoundsTaken",
]  # fmt: skip
