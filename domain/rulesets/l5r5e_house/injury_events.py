"""The effects of a critical strike, each an event (issue 31): the armour damaged, a ring
wounded, bleeding, a scar, dying and its count, the damage bleeding deals, and the
Medicine that stops bleeding or dying. Each comes in the batch of the command that
caused it (the ``resist`` that met the critical, the check that bled, the round that
counted), so a correction of that command carries it: amend or retract the critical's
command and its effects follow. What each one does is :mod:`.afflictions`'."""

from typing import Literal

import msgspec

from domain.events import SCREEN, Event
from domain.rulesets.l5r5e_house.criticals import Severity
from domain.rulesets.l5r5e_house.sheet import Ring

WoundLevel = Literal["lightly", "severely"]
Scar = Literal["scar", "maimed"]
Treatable = Literal["bleeding", "dying"]


class ArmourDamaged(Event, frozen=True, kw_only=True):
    """A close call: the worn armour is Damaged (−2 to its resistance), or, Damaged
    already, Destroyed (no resistance left); ``resistance``: what it has left."""

    character: str
    armour: str
    destroyed: bool = False
    resistance: int = 0


class Wounded(Event, frozen=True, kw_only=True):
    """Lightly Wounded (+1 TN on the ring's checks) or Severely Wounded (+3) on a ring;
    ``worsened``: a second light wound on a Lightly Wounded ring, which becomes Severely
    Wounded."""

    character: str
    ring: Ring
    level: WoundLevel
    worsened: bool = False


class BleedingBegan(Event, frozen=True, kw_only=True):
    """Bleeding: each later check deals the character damage equal to the strife kept,
    resistance ignored, until Medicine (TN 2) stops it."""

    character: str


class Scarred(Event, frozen=True, kw_only=True):
    """A scar of the ring (a permanent injury) or a worse one (maimed), written on the
    sheet as a disadvantage; ``from_wound``: a wound on a ring Severely Wounded already
    (which takes a permanent injury's effects)."""

    character: str
    ring: Ring
    scar: Scar
    disadvantage: str
    from_wound: bool = False


class DyingBegan(Event, frozen=True, kw_only=True):
    """Dying: dead when ``rounds`` more rounds have begun, unless Medicine (TN 4) saves
    the character first."""

    character: str
    rounds: int
    hidden: bool | None = None
    """Given by a ruling the GM kept hidden: the rounds it counts are kept from the players
    too (:class:`DyingCounted`)."""


class DyingCounted(Event, frozen=True, kw_only=True):
    """A round began on a dying character: ``rounds_left`` to live; at 0, dead.

    A round begun in the open counts down a Dying the GM gave in secret all the same (a
    secret is decided on, DESIGN principle 9), but the count is the GM's secret as the
    Dying is (``hidden``, :func:`domain.session.secrets.hidden_event`): the players learn
    of it, or of the death it ends in, when the GM reveals it."""

    character: str
    rounds_left: int
    hidden: bool | None = None


class Bled(Event, frozen=True, kw_only=True):
    """The check just before it was made Bleeding: damage equal to the strife kept, owed
    (met by ``kiroku resist``) with no resistance against it.

    A Bleeding the GM keeps hidden bleeds all the same (DESIGN principle 9: a secret is
    decided on): the player's check that bleeds is screened (:mod:`domain.session.
    screen`), ``screened`` recorded, and players read the damage owed with its cause
    behind the GM's screen (:meth:`for_players`), never the Bleeding."""

    character: str
    damage: int
    cause: str = "Bleeding"
    """What the damage is owed to, as the reader is told: the Bleeding, or, for players
    reading a screened one, the GM's screen."""
    screened: bool = False
    """Recorded: the players do not see the Bleeding this damage comes from."""

    def screened_by(self, seen: Event) -> Event:
        return self if isinstance(seen, Bled) else self.screened_blind()

    def screened_blind(self) -> Event:
        return msgspec.structs.replace(self, screened=True)

    def for_players(self) -> Event:
        if not self.screened:
            return self
        return msgspec.structs.replace(self, screened=False, cause=SCREEN)

    def unscreened(self) -> Event:
        return msgspec.structs.replace(self, screened=False) if self.screened else self


class Treated(Event, frozen=True, kw_only=True):
    """Medicine on a patient's bleeding (TN 2) or dying (TN 4): the check just before it;
    on a success the condition is gone."""

    character: str
    patient: str
    condition: Treatable
    tn: int
    success: bool


class CriticalTableLoaded(Event, frozen=True, kw_only=True):
    """The GM's own critical table, in place of the published game's from here on: its
    bands, each with its effects."""

    rows: tuple[Severity, ...]


INJURY_EVENT_TYPES: tuple[type[Event], ...] = (
    ArmourDamaged,
    Wounded,
    BleedingBegan,
    Scarred,
    DyingBegan,
    DyingCounted,
    Bled,
    Treated,
    CriticalTableLoaded,
)
