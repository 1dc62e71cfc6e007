"""The ukiyo commands as data, decided by :mod:`.play` and :mod:`.course`."""

from typing import Annotated, Literal

from msgspec import Meta

from domain.commands import Command, CommandSpec, Query
from domain.dice.two_d6.odds import MAX_MANCHES, OddsBet
from domain.rulesets.ukiyo.bet_ruling import BetRuling
from domain.rulesets.ukiyo.events import Call, Gain, Kind, Special

Character = Annotated[str, Meta(min_length=1, max_length=100, description="the character")]
Side = Annotated[str, Meta(min_length=1, max_length=100, description="a side of the conflict")]
ConflictName = Annotated[
    str, Meta(min_length=1, max_length=100, description="the conflict (default: the only one)")
]
Gravity = Annotated[
    int,
    Meta(
        ge=1, le=5,
        description="1 minor, 2 grave, 3 deadly; 4–5 only for an ultimate vengeance, an "
        "army, a terrible monster (say which as the reason)",
    ),
]  # fmt: skip
Malus = Annotated[int, Meta(ge=0, le=6)]
Text = Annotated[str, Meta(min_length=1, max_length=300)]


class StartConflict(Command, frozen=True, kw_only=True):
    """Start a conflict: its sides (« camps ») and their characters."""

    spec = CommandSpec(
        ("conflict", "start"), positional=("kind",),
        flags={"sides": "--side", "threats": "--threat"},
     gm_only=True, phase="turns")  # fmt: skip

    kind: Annotated[
        Kind,
        Meta(description="a duel, a contest (« concours ») or a three-way duel (« duel à trois »)"),
    ] = "duel"
    sides: Annotated[
        tuple[Annotated[str, Meta(min_length=1, max_length=400)], ...],
        Meta(max_length=12, description="NAME, or SIDE=NAME,NAME; once for each side"),
    ]
    conflict: ConflictName | None = None
    extended: Annotated[bool, Meta(description="manches days or years apart")] = False
    threats: Annotated[
        tuple[Annotated[str, Meta(max_length=110)], ...],
        Meta(max_length=12, description="SIDE=N: extras shared out among leads, threat lowered"),
    ] = ()


class StateObjective(Command, frozen=True, kw_only=True):
    """A side's objective, and its gravity (the gravest sets the manches to win)."""

    spec = CommandSpec(("objective",), positional=("objective",), gm_only=True, phase="turns")

    objective: Annotated[Text, Meta(description="what the side wants")]
    side: Side
    gravity: Gravity
    conflict: ConflictName | None = None


class TakeInitiative(Command, frozen=True, kw_only=True):
    """Who has the initiative for the first manche, and how."""

    spec = CommandSpec(("initiative",), gm_only=True, phase="turns")

    side: Annotated[str, Meta(min_length=1, max_length=100, description="the side that has it")]
    how: Annotated[
        Literal["conceded", "initiator", "bet"],
        Meta(description="conceded to it, it began the action, or it won a bet for it"),
    ]
    conflict: ConflictName | None = None


class Test(Command, frozen=True, kw_only=True):
    """A test: two dice + a technique's score − its maluses, for a manche.

    With ``--against N``, a test outside the manches against an opposition score."""

    spec = CommandSpec(("test",), dice="queue", family="two_d6", phase="rolls", added={"bet": None})

    character: Character
    technique: Annotated[
        str, Meta(min_length=1, max_length=100, description="a technique on the sheet")
    ]
    edge: Annotated[
        Malus, Meta(description="this test's malus for the other side's tactical edge: 3, or 6")
    ] = 0
    unsuitable: Annotated[
        Malus, Meta(description="this test's malus for an unsuitable technique: 3, or 6")
    ] = 0
    call: Annotated[Call, Meta(description="a yakuza bet: even or odd on one's dice")] | None = None
    special: Annotated[Special, Meta(description="a special bet, named before the roll")] | (
        None
    ) = None
    against: (
        Annotated[int, Meta(ge=0, le=30, description="outside the manches: the opposition")] | None
    ) = None
    heal: Annotated[str, Meta(min_length=1, max_length=100, description="the one cared for")] | (
        None
    ) = None
    conflict: ConflictName | None = None
    bet: (
        Annotated[
            BetRuling,
            Meta(description="the GM's ruling of the yakuza bet, over the dice's parity "
                 "(with --call and a --reason)"),
        ]
        | None
    ) = None  # fmt: skip


class Claim(Command, frozen=True, kw_only=True):
    """The gain of a yakuza bet won (or none), chosen once the dice are known."""

    spec = CommandSpec(("claim",), positional=("gain",), phase="fighting")

    conflict: ConflictName | None = None
    gain: Annotated[
        Gain,
        Meta(
            description="wound: a wound to the other, won or lost; ground: the fight moves "
            "(the GM says where); keep_initiative; take_down: lost, the winner suffers your "
            "manches; force_tie: lost by 3 or less, a tie; right_technique: no unsuitable "
            "or variety malus; grit_teeth: no wounds' malus; heal_two: care heals two; none"
        ),
    ]
    character: Character
    target: (
        Annotated[
            str, Meta(min_length=1, max_length=100, description="who is wounded (several foes)")
        ]
        | None
    ) = None


class Punish(Command, frozen=True, kw_only=True):
    """The winner's punishment of a beaten side: its gravity, what it is, the wounds."""

    spec = CommandSpec(("punish",), positional=("punishment",), phase="fighting")

    punishment: Annotated[Text, Meta(description="what the winner inflicts")]
    side: Side
    by: Side
    gravity: Gravity
    wounds: (
        Annotated[
            int,
            Meta(ge=0, le=4, description="the wounds it deals, where its gravity leaves a choice"),
        ]
        | None
    ) = None
    magnanimous: Annotated[bool, Meta(description="a grave conflict's wound spared")] = False
    dead: Annotated[
        tuple[Annotated[str, Meta(max_length=100)], ...],
        Meta(max_length=12, description="who dies (a deadly conflict lost, only)"),
    ] = ()
    conflict: ConflictName | None = None


class Wound(Command, frozen=True, kw_only=True):
    """Wounds the GM rules outside a conflict's reckoning."""

    spec = CommandSpec(("wound",), gm_only=True, phase="wounds")

    character: Character
    count: Annotated[int, Meta(ge=1, le=4, description="how many wound boxes")] = 1


class Heal(Command, frozen=True, kw_only=True):
    """Heal the last wound (soon after, with time), or all by the GM's time passing."""

    spec = CommandSpec(("heal",), gm_only=True, phase="wounds")

    character: Character
    how: Annotated[
        Literal["care", "time"],
        Meta(description="care soon after (the last wound), or time passing (every wound)"),
    ] = "care"


class Recover(Command, frozen=True, kw_only=True):
    """A new scenario: every character (or one) recovers from every wound."""

    spec = CommandSpec(("recover",), gm_only=True, phase="wounds")

    character: Character | None = None


class Aggravate(Command, frozen=True, kw_only=True):
    """« Aggraver le conflit »: more manches, the wins kept, −3 on the asker's next test."""

    spec = CommandSpec(("aggravate",), phase="fighting")

    side: Annotated[str, Meta(min_length=1, max_length=100, description="the side asking")]
    gravity: Annotated[
        int,
        Meta(ge=2, le=5, description="its objective's new gravity, graver than any, never "
             "from deadly: 2 grave, 3 deadly (4–5 with a reason)"),
    ]  # fmt: skip
    conflict: ConflictName | None = None


class OfferSurrender(Command, frozen=True, kw_only=True):
    """A side offers to give up (honestly)."""

    spec = CommandSpec(("surrender", "offer"), phase="fighting")

    side: Annotated[str, Meta(min_length=1, max_length=100, description="the side giving up")]
    conflict: ConflictName | None = None


class AcceptSurrender(Command, frozen=True, kw_only=True):
    """The surrender accepted: punishment by the manches won."""

    spec = CommandSpec(("surrender", "accept"), phase="fighting")

    side: Annotated[str, Meta(min_length=1, max_length=100, description="the side answering")]
    conflict: ConflictName | None = None


class RefuseSurrender(Command, frozen=True, kw_only=True):
    """The surrender refused: −3 on the refuser's next manche."""

    spec = CommandSpec(("surrender", "refuse"), phase="fighting")

    side: Annotated[str, Meta(min_length=1, max_length=100, description="the side answering")]
    conflict: ConflictName | None = None


class Forfeit(Command, frozen=True, kw_only=True):
    """A side declares forfeit: the others win, punishing by the manches they won."""

    spec = CommandSpec(("forfeit",), phase="fighting")

    side: Side
    conflict: ConflictName | None = None


class Interrupt(Command, frozen=True, kw_only=True):
    """Both sides agree to stop: the manches won are cancelled."""

    spec = CommandSpec(("conflict", "interrupt"), gm_only=True, phase="turns")

    conflict: ConflictName | None = None


class JoinSide(Command, frozen=True, kw_only=True):
    """A relay or a supporter joins a side; its manches are pooled."""

    spec = CommandSpec(("conflict", "join"), gm_only=True, phase="turns")

    side: Side
    character: Character
    replacing: (
        Annotated[str, Meta(min_length=1, max_length=100, description="the member they relay")]
        | None
    ) = None
    conflict: ConflictName | None = None


class EndConflict(Command, frozen=True, kw_only=True):
    """Close a conflict (won, or ended by the GM)."""

    spec = CommandSpec(("conflict", "end"), gm_only=True, phase="turns")

    conflict: ConflictName | None = None


class ConflictOdds(Query, frozen=True, kw_only=True):
    """A conflict in manches (--ruleset ukiyo: '8-3 vs 7')

    ``kiroku odds --ruleset ukiyo '8-3 vs 7' --manches 3``: the chance of winning the
    conflict from a score, betting on each manche; without ``--manches``, one test's."""

    spec = CommandSpec(("odds",), phase="rolls")

    manches: Annotated[int, Meta(ge=1, le=MAX_MANCHES, description="manches to win")] | None = None
    their_manches: (
        Annotated[int, Meta(ge=1, le=MAX_MANCHES, description="the other's (default: same)")] | None
    ) = None
    score: (
        Annotated[str, Meta(max_length=20, description="manches won so far, as 1-0 (default: 0-0)")]
        | None
    ) = None
    bet: Annotated[OddsBet, Meta(description="what each manche is bet on")] = "none"
    call: Annotated[Call, Meta(description="the call of each bet")] = "even"
    their_initiative: Annotated[
        bool, Meta(description="the other side holds the initiative (ties: initiative)")
    ] = False
