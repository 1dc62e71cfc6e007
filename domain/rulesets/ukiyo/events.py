"""The ukiyo events: past tense, frozen, every die of every test and every manche's
reckoning in them (the fold re-runs no rule)."""

from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta

from domain.events import Event

Kind = Literal["duel", "contest", "three_way"]
"""A duel (two sides, initiative); a contest (« concours »: no initiative, the highest
result wins the manche); a three-way duel (« duel à trois »: as a contest, and the winner
beats them all)."""
Gain = Literal[
    "wound", "ground", "keep_initiative", "take_down", "force_tie", "right_technique",
    "grit_teeth", "heal_two", "none",
]  # fmt: skip
"""The yakuza bet's gains (« GAINS DU PARI DU YAKUZA »), or none claimed."""
Special = Literal["all_or_nothing", "sacrifice"]
"""The special bets, named before the dice are thrown (« PARIS SPECIAUX »)."""
Call = Literal["even", "odd"]
MalusKind = Literal[
    "edge", "unsuitable", "variety", "wounds", "aggravated", "refused_surrender", "screen",
]  # fmt: skip
"""What a malus is for; ``screen``: what weighs on a player's test behind the GM's screen
(only ever in what the players read of it: :meth:`TechniqueTested.for_players`)."""
GAIN_NAMES: dict[str, str] = {
    "wound": "wound the other (« Blesser l'autre »)",
    "ground": "change ground (« Changer de terrain »)",
    "keep_initiative": "keep the initiative (« Conserver l'initiative »)",
    "take_down": "take the other down (« Emporter l'autre avec soi »)",
    "force_tie": "force a tie (« Forcer l'égalité »)",
    "right_technique": "the right technique (« La bonne technique au bon moment »)",
    "grit_teeth": "grit your teeth (« Serrer les dents »)",
    "heal_two": "heal two wounds (« Soigner l'autre »)",
    "none": "no gain",
}


class Malus(msgspec.Struct, frozen=True):
    """One malus on a test's score, with what it is for."""

    kind: MalusKind
    amount: int


class SideSpec(msgspec.Struct, frozen=True):
    """A side (« camp ») of a conflict and its characters; ``falls_at`` is the count of
    manches an opponent must win to beat it (extras: their threat)."""

    name: str
    members: tuple[str, ...]
    threat: int | None = None


class ConflictStarted(Event, frozen=True, kw_only=True):
    conflict: str
    kind: Kind
    sides: tuple[SideSpec, ...]
    extended: bool = False
    """« MANCHES ETENDUES »: its manches may lie days or years apart."""


class ObjectiveStated(Event, frozen=True, kw_only=True):
    """A side's objective and its gravity (1 minor, 2 grave, 3 deadly, 4–5 the rare)."""

    conflict: str
    side: str
    objective: str
    gravity: Annotated[int, Meta(ge=1, le=5)]
    changed: bool = False


class CountsSet(Event, frozen=True, kw_only=True):
    """The manches an opponent must win to beat each side, and why (the gravest objective;
    extras' threat; a side's own objective against extras)."""

    conflict: str
    falls_at: tuple[tuple[str, int], ...]
    why: tuple[str, ...] = ()


class InitiativeTaken(Event, frozen=True, kw_only=True):
    conflict: str
    side: str
    how: Literal["conceded", "initiator", "bet", "manche", "kept"]


class ShownTest(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A test's maluses as the players know them, when something the GM keeps from them
    weighs on it (a wound given behind the screen): the same test decided on what the
    players see (:mod:`domain.session.screen`)."""

    maluses: tuple[Malus, ...] = ()


class TechniqueTested(Event, frozen=True, kw_only=True):
    """A test: two dice (none for the side that does not throw under the ``single``
    resolution) + the technique's score − its maluses; the bet called on the dice.

    ``shown``: a player's test decided in the open while the GM keeps from the players
    something that weighs on its maluses (a hidden wound's malus) — the maluses as they
    know them. The test, its dice and its result are the GM's, decided on everything;
    players read the maluses they know and one ``screen`` malus for the rest, so the
    result they read still adds up (as a roll & keep roll's, DiceRolled)."""

    later_fields: ClassVar[tuple[str, ...]] = ("shown",)

    character: str
    technique: str
    score: int
    maluses: tuple[Malus, ...] = ()
    faces: tuple[int, ...] = ()
    result: int
    conflict: str | None = None
    side: str | None = None
    manche: int | None = None
    call: Call | None = None
    bet_won: bool | None = None
    special: Special | None = None
    bet_ruled: bool = False
    """The GM ruled the bet (``bet_won``) over the dice's parity; the reason says why
    (:mod:`domain.rulesets.ukiyo.bet_ruling`)."""
    against: int | None = None
    """A test outside the manches (« TESTS HORS MANCHE »), against this opposition score."""
    opposition_faces: tuple[int, ...] = ()
    opposition: int | None = None
    """The opposition's result (2d6 + ``against``, or 7 + ``against`` under ``single``)."""
    heal: str | None = None
    """The character this test tries to heal (« Soigner l'autre »)."""
    shown: ShownTest | None = None

    def screened_by(self, seen: Event) -> Event:
        if not isinstance(seen, TechniqueTested) or seen.maluses == self.maluses:
            return self
        return msgspec.structs.replace(self, shown=ShownTest(maluses=seen.maluses))

    def screened_blind(self) -> Event:
        return msgspec.structs.replace(self, shown=ShownTest()) if self.maluses else self

    def for_players(self) -> Event:
        if self.shown is None:
            return self
        known = self.shown.maluses
        rest = sum(m.amount for m in self.maluses) - sum(m.amount for m in known)
        maluses = (*known, Malus("screen", rest)) if rest else known
        return msgspec.structs.replace(self, maluses=maluses, shown=None)

    def unscreened(self) -> Event:
        return self if self.shown is None else msgspec.structs.replace(self, shown=None)


class GainClaimed(Event, frozen=True, kw_only=True):
    character: str
    gain: Gain
    conflict: str | None = None
    manche: int | None = None
    target: str | None = None


class MancheWon(Event, frozen=True, kw_only=True):
    """A manche reckoned: each test's final result, the winner (none on a tie), the
    manches each side gains and how, the score after."""

    conflict: str
    manche: int
    results: tuple[tuple[str, int], ...]
    winner: str | None
    gained: tuple[tuple[str, int], ...]
    how: tuple[str, ...]
    score: tuple[tuple[str, int], ...]


class OppositionSettled(Event, frozen=True, kw_only=True):
    """A test outside the manches reckoned: its final result against the opposition."""

    character: str
    result: int
    opposition: int
    success: bool


class SideOut(Event, frozen=True, kw_only=True):
    """A side beaten: an opponent won as many manches as it falls at (extras leave a
    complex conflict so)."""

    conflict: str
    side: str
    by: str | None
    """The side that beat it (none: it forfeited)."""
    due: int = 0
    """The gravity of punishment it is due (the manches its beater won)."""
    overshot: bool = False
    """Its beater won more manches than it fell at: the GM may aggravate its punishment."""
    takes_down: int = 0
    """« Emporter l'autre avec soi » won as it fell: the gravity it may punish its beater
    with (the manches it won)."""
    mildest: int | None = None
    """Beaten past its count: the mildest punishment it may be given (the count it fell
    at); its due is the most the GM may aggravate it to. None: not overshot, or recorded
    before it was."""

    later_fields: ClassVar[tuple[str, ...]] = ("mildest",)


class ConflictWon(Event, frozen=True, kw_only=True):
    """The conflict's end: the winner (none: both beaten at once), who lost, the gravity of
    punishment each loser is due, and whether a count was overshot (the GM may aggravate)."""

    conflict: str
    winner: str | None
    how: Literal["manches", "surrender", "forfeit"]
    dues: tuple[tuple[str, int], ...]
    """Loser side → the gravity of punishment due (the manches the winner won)."""
    overshot: bool = False
    taken_down: tuple[tuple[str, int], ...] = ()
    """Sides whose « Emporter l'autre avec soi » won: the gravity they may punish the
    winner with (the manches they won)."""
    mildest: tuple[tuple[str, int], ...] | None = None
    """Losers beaten past their count: the mildest punishment they may be given (the count
    they fell at) — their due is the most the GM may aggravate it to (« le meneur de jeu
    est en droit d'aggraver »). None: recorded before it was."""

    later_fields: ClassVar[tuple[str, ...]] = ("mildest",)


class Punished(Event, frozen=True, kw_only=True):
    """A side's punishment: by whom, its gravity, what it is, the wounds it deals."""

    conflict: str
    by: str
    side: str
    gravity: int
    punishment: str
    wounds: int
    magnanimous: bool = False
    dead: tuple[str, ...] = ()


class WoundsTaken(Event, frozen=True, kw_only=True):
    character: str
    count: int
    wounds: int
    """The wounds after (at most four boxes)."""
    source: Literal["bet", "conflict", "gm"]
    by: str | None = None


class WoundsHealed(Event, frozen=True, kw_only=True):
    character: str
    count: int
    wounds: int
    how: Literal["care", "heal_two", "time", "scenario"]
    by: str | None = None


class Aggravated(Event, frozen=True, kw_only=True):
    """« AGGRAVER LE CONFLIT »: the asker's objective graver, the count raised, the wins
    kept, a malus of 3 on the asker's next test."""

    conflict: str
    side: str
    gravity: int
    reopened: bool = False
    back: tuple[str, ...] = ()
    """The sides beaten at counts now raised: back in the conflict."""


class SurrenderOffered(Event, frozen=True, kw_only=True):
    conflict: str
    side: str


class SurrenderAnswered(Event, frozen=True, kw_only=True):
    """Accepted: the winner punishes by the manches won. Refused: a malus of 3 on the
    refuser's next manche."""

    conflict: str
    side: str
    accepted: bool


class ConflictInterrupted(Event, frozen=True, kw_only=True):
    """« ETRE INTERROMPU »: both sides agree; the manches won are cancelled, no
    consequence (wounds from bets stay)."""

    conflict: str


class SideJoined(Event, frozen=True, kw_only=True):
    """A relay (« Se relayer »: replacing one) or support (« Soutenir un ami »): one more
    character on a side; the side's manches are pooled."""

    conflict: str
    side: str
    character: str
    replacing: str | None = None


class ConflictEnded(Event, frozen=True, kw_only=True):
    conflict: str


UKIYO_EVENT_TYPES: tuple[type[Event], ...] = (
    ConflictStarted, ObjectiveStated, CountsSet, InitiativeTaken, TechniqueTested, GainClaimed,
    MancheWon, OppositionSettled, SideOut, ConflictWon, Punished, WoundsTaken, WoundsHealed,
    Aggravated, SurrenderOffered, SurrenderAnswered, ConflictInterrupted, SideJoined,
    ConflictEnded,
)  # fmt: skip
