"""Mass battle (4e Annex 6): turns, engagement, the commanders' contest, each result."""

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from domain.events import Event

Engagement = Literal["reserve", "disengaged", "engaged", "front_line"]
ENGAGEMENTS: tuple[Engagement, ...] = ("reserve", "disengaged", "engaged", "front_line")
ArmyStatus = Literal["winning", "held", "losing"]
ARMY_STATUSES: tuple[ArmyStatus, ...] = ("winning", "held", "losing")


class BattleEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One cell of the GM's mass-battle table: results from ``low`` to ``high`` at an
    engagement and army status give glory (tenths), wounds, a heroic opportunity, a duel."""

    engagement: Engagement
    status: ArmyStatus
    low: Annotated[int, Meta(ge=-10_000, le=10_000)]
    high: Annotated[int, Meta(ge=-10_000, le=10_000)]
    glory: Annotated[int, Meta(ge=-1_000, le=1_000)] = 0
    wounds: Annotated[int, Meta(ge=0, le=10_000)] = 0
    heroic_opportunity: bool = False
    duel: bool = False
    note: Annotated[str, Meta(max_length=2_000)] = ""


class BattleBegan(Event, frozen=True, kw_only=True):
    """A battle of ``turns`` battle turns: one per 250 combatants in the larger army."""

    name: str
    armies: tuple[int, int]
    turns: int
    table: tuple[BattleEntry, ...]


class BattleTurnBegan(Event, frozen=True, kw_only=True):
    number: int


class EngagementDeclared(Event, frozen=True, kw_only=True):
    character: str
    engagement: Engagement


class BattleStatusSet(Event, frozen=True, kw_only=True):
    """The commanders' opposed roll decided how the characters' army fares this turn."""

    status: ArmyStatus
    margin: int


class BattleResultDrawn(Event, frozen=True, kw_only=True):
    """A character's 1d10 + Water + Battle, looked up in the GM's table."""

    character: str
    result: int
    entry: BattleEntry


class HeroicOpportunityTaken(Event, frozen=True, kw_only=True):
    character: str
    accepted: bool
    note: str = ""


class BattleEnded(Event, frozen=True, kw_only=True):
    status: ArmyStatus | None
