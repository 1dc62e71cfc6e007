"""The l5r5e-house events: past tense, frozen, every die of every check in them."""

from typing import ClassVar, Literal

import msgspec

from domain.dice.narrative.roll import NarrativeRoll
from domain.events import SCREEN, Event
from domain.rulesets.l5r5e_house.injury_events import INJURY_EVENT_TYPES
from domain.rulesets.l5r5e_house.sheet import Ring

Kind = Literal["duel", "skirmish"]


class TnPart(msgspec.Struct, frozen=True, omit_defaults=True):
    """One part of a check's TN, with its source (the action's base, an Air stance …)."""

    source: str
    value: int


class ShownCheck(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A check's TN parts as the players know them, when something the GM keeps from
    them weighs on it (a hidden Air stance of the target): the same check decided on
    what the players see (:mod:`domain.session.screen`)."""

    tn_parts: tuple[TnPart, ...] = ()


class CheckRolled(Event, frozen=True, kw_only=True):
    """A narrative check: who, which skill and ring (the stance's in a confrontation),
    why, the TN with its parts, and the roll — every die, keep and explosion.

    ``shown``: a player's check decided in the open while the GM keeps from the players
    something that weighs on its TN — its parts as they know them. The check, its dice
    and its outcome are the GM's, decided on everything; players read the parts they
    know and one part :data:`~domain.events.SCREEN` holding the rest, so the TN they
    read still adds up (as a roll & keep roll's, DiceRolled)."""

    later_fields: ClassVar[tuple[str, ...]] = ("shown",)

    character: str
    skill: str
    ring: Ring
    purpose: str
    roll: NarrativeRoll
    tn_parts: tuple[TnPart, ...] = ()
    replaced: tuple[int, ...] = ()
    """Skill dice (pool indices) whose faces are dice « Centrer » reserved."""
    thrown: tuple[int, ...] = ()
    """The faces those replaced dice had shown, in the same order."""
    target: str | None = None
    strife_taken: int = 0
    """The strife the roller takes from it (none in the Void stance)."""
    bonus_from_strife: int = 0
    """Fire stance: the kept strife symbols counted as bonus successes on a success."""
    shown: ShownCheck | None = None

    def screened_by(self, seen: Event) -> Event:
        if not isinstance(seen, CheckRolled) or seen.tn_parts == self.tn_parts:
            return self
        return msgspec.structs.replace(self, shown=ShownCheck(tn_parts=seen.tn_parts))

    def screened_blind(self) -> Event:
        return msgspec.structs.replace(self, shown=ShownCheck()) if self.tn_parts else self

    def for_players(self) -> Event:
        if self.shown is None:
            return self
        known = self.shown.tn_parts
        rest = sum(p.value for p in self.tn_parts) - sum(p.value for p in known)
        parts = (*known, TnPart(source=SCREEN, value=rest)) if rest else known
        return msgspec.structs.replace(self, tn_parts=parts, shown=None)

    def unscreened(self) -> Event:
        return self if self.shown is None else msgspec.structs.replace(self, shown=None)


class ConfrontationStarted(Event, frozen=True, kw_only=True):
    kind: Kind


class ConfrontationEnded(Event, frozen=True, kw_only=True):
    pass


class InitiativeSet(Event, frozen=True, kw_only=True):
    """« Score d'initiative = score d'initiative de base (Attention ou Vigilance) + 1 en cas
    de succès + nombre de succès bonus »; the ring chosen is the opening stance; an
    opportunity readies a weapon."""

    character: str
    base: int
    base_from: Literal["focus", "vigilance"]
    initiative: int
    stance: Ring
    readied: str | None = None
    side: str = ""
    """The character's side in a skirmish (its allies share it)."""


class RoundBegan(Event, frozen=True, kw_only=True):
    number: int


class StanceTaken(Event, frozen=True, kw_only=True):
    character: str
    stance: Ring


class TurnEnded(Event, frozen=True, kw_only=True):
    """The character whose turn it was is done. ``skipped``: their turn came while they
    could do nothing (unconscious), so it ended by itself."""

    character: str
    skipped: str | None = None


class StareDown(Event, frozen=True, kw_only=True):
    """The duel's « Défier du regard » at the start of a round: each duellist takes
    strife equal to the round's number and bids extra strife, added to their initiative
    for the round."""

    round: int
    bids: tuple[tuple[str, int], ...]


class StruckAt(Event, frozen=True, kw_only=True):
    """A « Frapper »: the check just before it in the batch; on a success, its damage
    (base + bonus successes) and, for two opportunities, a critical of the weapon's
    deadliness owed to the target."""

    character: str
    target: str
    weapon: str
    hit: bool
    damage: int = 0
    critical: int | None = None
    coup_de_grace: bool = False


class DamageResolved(Event, frozen=True, kw_only=True):
    """Damage met (« DEGATS »): the armour's resistance first; what is left is defended
    (as fatigue) or taken as a critical of the source's deadliness."""

    character: str
    damage: int
    resistance: int
    fatigue: int
    critical: int | None = None
    void_spent: bool = False
    source: str = ""


class CriticalSuffered(Event, frozen=True, kw_only=True):
    """A critical strike: its severity, what the Fitness test (the check before it, if
    any) took off, and the band of the severity table it falls in."""

    character: str
    severity: int
    lessened_to: int
    result: str


class StrifeTaken(Event, frozen=True, kw_only=True):
    character: str
    amount: int
    source: str = ""


class FatigueTaken(Event, frozen=True, kw_only=True):
    character: str
    amount: int
    source: str = ""


class Unmasked(Event, frozen=True, kw_only=True):
    """« tombe le masque »: the character's strife is gone (and, in a duel, the opponent
    may strike a coup de grâce)."""

    character: str


class Recovered(Event, frozen=True, kw_only=True):
    """Fatigue and strife taken off: a breath, the end of a scene, a night's sleep."""

    character: str
    fatigue: int = 0
    strife: int = 0
    how: str = ""


class WeaponReadied(Event, frozen=True, kw_only=True):
    character: str
    weapon: str | None


class VoidPointSpent(Event, frozen=True, kw_only=True):
    character: str
    use: str


class SceneEnded(Event, frozen=True, kw_only=True):
    pass


class CoupDeclined(Event, frozen=True, kw_only=True):
    """A coup de grâce the character lets pass (so that the other may strike theirs)."""

    character: str


class HitDealt(Event, frozen=True, kw_only=True):
    """Damage or a critical from another source than a strike (« une chute ou un
    accident », an effect that « inflige directement un coup critique »), as the GM rules:
    met like a strike's by ``kiroku resist``."""

    character: str
    damage: int = 0
    deadliness: int = 0
    critical: int | None = None
    source: str = ""


class Moved(Event, frozen=True, kw_only=True):
    """A move along the line of range bands: the turn's free one (« une fois par tour …
    d'un niveau de portée »), or « Manœuvrer »'s (its Fitness check just before it)."""

    character: str
    to_band: int
    bands: int
    manoeuvre: bool = False
    checked: bool = False


class Placed(Event, frozen=True, kw_only=True):
    """The GM's ruling of where a character stands on the line of range bands."""

    character: str
    band: int


class Protecting(Event, frozen=True, kw_only=True):
    """« Protéger »: the Tactics check just before it; until the protector's next turn,
    attacks on the protected are at +TN."""

    character: str
    protected: str
    tn: int


class Waiting(Event, frozen=True, kw_only=True):
    """« Attendre »: the action held for an event before the round's end (``action``:
    the command held, empty in a wait recorded before it was named)."""

    character: str
    trigger: str
    action: str = ""


class Challenged(Event, frozen=True, kw_only=True):
    """« Défier »: the Command check just before it; on a success the target must answer."""

    character: str
    target: str
    success: bool
    bonus: int = 0


class ChallengeAnswered(Event, frozen=True, kw_only=True):
    """The target's answer: accepting stakes 10 honour and 5 glory (lost on an Attack
    before the single combat); refusing costs glory (the challenger's Command rank +
    bonus), strife to lesser allies, and gives the challenger a Void point."""

    character: str
    challenger: str
    accepted: bool
    glory_lost: int = 0
    strife_to: tuple[str, ...] = ()


class SingleCombatWon(Event, frozen=True, kw_only=True):
    """The single combat's outcome: each ally of the loser in the skirmish takes 3 strife."""

    winner: str
    loser: str
    strife_to: tuple[str, ...] = ()


class StandingChanged(Event, frozen=True, kw_only=True):
    character: str
    honour: int = 0
    glory: int = 0
    why: str = ""


class Centered(Event, frozen=True, kw_only=True):
    """« Centrer »: the skill dice rolled and those reserved for the next check of the
    skill (or « Centrer ») in the scene."""

    character: str
    skill: str
    faces: tuple[int, ...]
    reserved: tuple[int, ...]


class Predicted(Event, frozen=True, kw_only=True):
    """« Prédire »: the element written in secret (hidden from players until revealed)."""

    character: str
    target: str
    element: Ring
    hidden: bool = True


class PredictionRevealed(Event, frozen=True, kw_only=True):
    """Revealed at the target's stance choice: a match costs 4 strife and the stance."""

    character: str
    target: str
    element: Ring
    matched: bool


FIFTH_EVENT_TYPES: tuple[type[Event], ...] = (
    CheckRolled,
    ConfrontationStarted,
    ConfrontationEnded,
    InitiativeSet,
    RoundBegan,
    StanceTaken,
    TurnEnded,
    StareDown,
    StruckAt,
    DamageResolved,
    CriticalSuffered,
    StrifeTaken,
    FatigueTaken,
    Unmasked,
    Recovered,
    WeaponReadied,
    VoidPointSpent,
    SceneEnded,
    Moved,
    Placed,
    Protecting,
    Waiting,
    CoupDeclined,
    HitDealt,
    Challenged,
    ChallengeAnswered,
    SingleCombatWon,
    StandingChanged,
    Centered,
    Predicted,
    PredictionRevealed,
    *INJURY_EVENT_TYPES,
)
