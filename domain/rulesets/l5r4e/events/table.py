"""Healing, Void regained, money, the GM's tables and what rolls reveal."""

import msgspec

from domain.events import Event
from domain.rulesets.roll_keep_kit.character import Armour, Arrow, Weapon


class MedicineKitGained(Event, frozen=True, kw_only=True):
    """A medicine kit: 10 uses (« peut être utilisé 10 fois avant d'être épuisé »)."""

    character: str
    uses: int = 10


class MedicineKitUsed(Event, frozen=True, kw_only=True):
    character: str
    patient: str


class NightRested(Event, frozen=True, kw_only=True):
    """A night passes for a character: a new day for Medicine and for fasting."""

    character: str


class HoursPassed(Event, frozen=True, kw_only=True):
    """The GM moves the session's clock on (the hours the story takes)."""

    hours: int


class StayedAwake(Event, frozen=True, kw_only=True):
    """A fatigued character's Willpower roll to stay awake succeeded: two more hours."""

    character: str


class MoneyChanged(Event, frozen=True, kw_only=True):
    """Koku, bu and zeni, counted in zeni (1 koku = 5 bu = 50 zeni)."""

    character: str
    zeni: int


class Revealed(Event, frozen=True, kw_only=True):
    """What a successful roll tells its roller about someone: an honour rank, an identity,
    a duellist's Void."""

    character: str
    about: str
    what: str
    value: str


class ArmouryLoaded(Event, frozen=True, kw_only=True):
    """The GM's armoury (the summary's Annex 5 is not in the text): weapons, bows, arrows
    and armours characters may take up."""

    weapons: tuple[Weapon, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    armours: tuple[Armour, ...] = ()


class Equipped(Event, frozen=True, kw_only=True):
    """A character takes up an item from the GM's armoury: a weapon or arrows join the
    sheet, armour replaces the armour worn."""

    character: str
    weapon: Weapon | None = None
    arrow: Arrow | None = None
    armour: Armour | None = None


class HonourLoss(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One row of the GM's honour table: what an act costs at an honour rank."""

    act: str
    rank: int
    tenths: int


class HonourTableLoaded(Event, frozen=True, kw_only=True):
    """The GM's honour gains and losses by rank (the summary's table is not in the text)."""

    rows: tuple[HonourLoss, ...]
