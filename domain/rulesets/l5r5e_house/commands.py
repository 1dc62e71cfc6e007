"""The l5r5e-house commands as data, decided by :mod:`.play`."""

from typing import Annotated, Literal

from msgspec import Meta

from domain.commands import Command, CommandSpec
from domain.rulesets.l5r5e_house.events import Kind
from domain.rulesets.l5r5e_house.sheet import Ring
from domain.rulesets.l5r5e_house.waiting import HeldAction

Character = Annotated[str, Meta(min_length=1, max_length=100, description="the character who acts")]
Name = Annotated[str, Meta(min_length=1, max_length=100, description="a character's name")]
Keep = Annotated[
    str, Meta(max_length=40, description="the dice kept, as 0,2 (ring dice first); none")
]
Label = Annotated[str, Meta(max_length=100)]
Tn = Annotated[int, Meta(ge=0, le=20, description="the TN (successes needed)")]
ReadiedWeapon = Annotated[
    str, Meta(max_length=100, description="the weapon used (default: the one readied)")
]


class Check(Command, frozen=True, kw_only=True):
    """A narrative check: a skill with a ring (the stance's in a confrontation)."""

    spec = CommandSpec(("check",), dice="queue", family="narrative", phase="rolls")

    character: Character
    skill: Annotated[Label, Meta(description="the skill rolled")]
    ring: (
        Annotated[Ring, Meta(description="the ring rolled (in a confrontation: the stance's)")]
        | None
    ) = None
    tn: Tn | None = None
    keep: Keep | None = None
    label: Annotated[Label, Meta(description="what the log calls the check")] = ""
    use_reserved: (
        Annotated[
            str, Meta(max_length=40, description="skill dice (pool indices) « Centrer » replaces")
        ]
        | None
    ) = None


class StartConfrontation(Command, frozen=True, kw_only=True):
    """Start a confrontation: a duel or a skirmish."""

    spec = CommandSpec(("confront", "start"), positional=("kind",), gm_only=True, phase="turns")

    kind: Annotated[Kind, Meta(description="a duel (Meditation) or a skirmish (Tactics)")]


class StartRound(Command, frozen=True, kw_only=True):
    """Start the next round, in descending initiative (ties: lower honour first)."""

    spec = CommandSpec(("confront", "round"), gm_only=True, phase="turns")


class NextTurn(Command, frozen=True, kw_only=True):
    """The character whose turn it is is done."""

    spec = CommandSpec(("confront", "next"), phase="turns")


class EndConfrontation(Command, frozen=True, kw_only=True):
    """End the confrontation (the scene goes on)."""

    spec = CommandSpec(("confront", "end"), gm_only=True, phase="turns")


class RollInitiative(Command, frozen=True, kw_only=True):
    """Initiative: Meditation (duel) or Tactics (skirmish) TN 1; the ring is the stance."""

    spec = CommandSpec(
        ("initiative",), dice="queue", family="narrative", for_groups=True, phase="turns"
    )

    character: Character
    ring: Annotated[Ring, Meta(description="the ring rolled, which is the stance taken")]
    surprised: Annotated[bool, Meta(description="not ready: vigilance, not focus")] = False
    side: Annotated[str, Meta(max_length=40, description="a skirmish side (allies share it)")] = ""
    weapon: Annotated[str, Meta(max_length=100, description="readied on an opportunity")] | (
        None
    ) = None
    keep: Keep | None = None


class ChooseStance(Command, frozen=True, kw_only=True):
    """Choose the turn's stance (its ring for every check) before acting."""

    spec = CommandSpec(("stance",), positional=("stance",), for_groups=True, phase="turns")

    character: Character
    stance: Annotated[Ring, Meta(description="the stance, whose ring every check rolls")]


class Stare(Command, frozen=True, kw_only=True):
    """The duel's stare-down: each duellist's secret bid of strife, added to initiative."""

    spec = CommandSpec(("stare",), flags={"bids": "--bid"}, gm_only=True, phase="turns")

    bids: Annotated[
        tuple[Annotated[str, Meta(max_length=110)], ...],
        Meta(min_length=1, max_length=2, description="NAME=STRIFE, once per duellist"),
    ]


class Strike(Command, frozen=True, kw_only=True):
    """« Frapper »: Martial Arts TN 2 with a readied weapon; damage + bonus successes."""

    spec = CommandSpec(("strike",), dice="queue", family="narrative", phase="fighting")

    character: Character
    target: Name
    weapon: ReadiedWeapon | None = None
    keep: Keep | None = None
    use_reserved: (
        Annotated[
            str, Meta(max_length=40, description="skill dice (pool indices) « Centrer » replaces")
        ]
        | None
    ) = None


class CoupDeGrace(Command, frozen=True, kw_only=True):
    """A coup de grâce, at any moment: a critical of twice the deadliness + bonus."""

    spec = CommandSpec(("coup-de-grace",), dice="queue", family="narrative", phase="fighting")

    character: Character
    weapon: ReadiedWeapon | None = None
    keep: Keep | None = None


class Resist(Command, frozen=True, kw_only=True):
    """Meet the hit one owes: armour, then defend (fatigue) or take the critical."""

    spec = CommandSpec(("resist",), dice="queue", family="narrative", phase="fighting")

    character: Character
    take_critical: Annotated[
        bool, Meta(description="a Void point: take the critical, not the fatigue")
    ] = False
    keep: Keep | None = None
    ring: (
        Annotated[
            Ring,
            Meta(description="the Fitness test's ring outside a confrontation (« l'anneau de "
                 "son choix »); none named: the highest ring, ties Earth first"),
        ]
        | None
    ) = None  # fmt: skip


class Breathe(Command, frozen=True, kw_only=True):
    """« Reprendre son souffle »: 1 strife and 1 fatigue off, each above its half."""

    spec = CommandSpec(("breathe",), phase="fighting")

    character: Character


class Prepare(Command, frozen=True, kw_only=True):
    """« Préparer un objet »: ready a weapon (or stow it, none named)."""

    spec = CommandSpec(("prepare",), phase="fighting")

    character: Character
    weapon: (
        Annotated[str, Meta(max_length=100, description="the weapon readied (none: stowed)")] | None
    ) = None


class Unmask(Command, frozen=True, kw_only=True):
    """« Tomber le masque »: the character's strife is gone (a duel's opening for the foe)."""

    spec = CommandSpec(("unmask",), phase="fighting")

    character: Character


class GiveStrife(Command, frozen=True, kw_only=True):
    """Strife the GM rules (a check's own strife records itself)."""

    spec = CommandSpec(("strife",), positional=("amount",), gm_only=True, phase="wounds")

    character: Character
    amount: Annotated[int, Meta(ge=1, le=100, description="how much strife")]
    source: Annotated[Label, Meta(description="what caused it")] = ""


class GiveFatigue(Command, frozen=True, kw_only=True):
    """Fatigue the GM rules (a march, a fall, a night awake)."""

    spec = CommandSpec(("fatigue",), positional=("amount",), gm_only=True, phase="wounds")

    character: Character
    amount: Annotated[int, Meta(ge=1, le=100, description="how much fatigue")]
    source: Annotated[Label, Meta(description="what caused it")] = ""


class EndScene(Command, frozen=True, kw_only=True):
    """End the scene: fatigue and strife above half endurance and composure come off."""

    spec = CommandSpec(("scene", "end"), gm_only=True, phase="wounds")


class Sleep(Command, frozen=True, kw_only=True):
    """A night's sleep: twice the Water ring's fatigue comes off."""

    spec = CommandSpec(("sleep",), gm_only=True, phase="wounds")

    character: Character


Band = Annotated[int, Meta(ge=0, le=20, description="a range band on the line")]


class Place(Command, frozen=True, kw_only=True):
    """The GM places a character on the line of range bands."""

    spec = CommandSpec(("place",), positional=("band",), gm_only=True, phase="fighting")

    character: Character
    band: Band


class Move(Command, frozen=True, kw_only=True):
    """The turn's free move of one range band (before or after the action)."""

    spec = CommandSpec(("move",), positional=("band",), phase="fighting")

    character: Character
    band: Band


class Manoeuvre(Command, frozen=True, kw_only=True):
    """« Manœuvrer »: a move action of one band, more for a Fitness check TN 2."""

    spec = CommandSpec(
        ("manoeuvre",), dice="queue", family="narrative", positional=("band",), phase="fighting"
    )

    character: Character
    band: Band
    check: Annotated[bool, Meta(description="roll Fitness TN 2 for more bands")] = False
    keep: Keep | None = None


class Protect(Command, frozen=True, kw_only=True):
    """« Protéger »: Tactics TN 1; attacks on the protected +1 TN, +1 per 2 bonus."""

    spec = CommandSpec(("protect",), dice="queue", family="narrative", phase="fighting")

    character: Character
    target: Name
    keep: Keep | None = None


class Wait(Command, frozen=True, kw_only=True):
    """« Attendre »: hold a named action (never a move) for an event before the round's end."""

    spec = CommandSpec(("wait",), positional=("trigger",), phase="fighting", added={"action": None})

    character: Character
    trigger: Annotated[str, Meta(min_length=1, max_length=200, description="when to act")]
    action: (
        Annotated[
            HeldAction,
            Meta(description="the action held, the only one its trigger lets the character "
                 "take (required; never a move: « excepté une action de Déplacement »)"),
        ]
        | None
    ) = None  # fmt: skip


class Challenge(Command, frozen=True, kw_only=True):
    """« Défier »: Command TN 1 against one within 0–5 bands, to a single combat."""

    spec = CommandSpec(("challenge",), dice="queue", family="narrative", phase="fighting")

    character: Character
    target: Name
    keep: Keep | None = None


class Answer(Command, frozen=True, kw_only=True):
    """Accept or refuse a challenge (the challenged character's player)."""

    spec = CommandSpec(("answer",), positional=("answer",), phase="fighting")

    character: Character
    answer: Annotated[
        Literal["accept", "refuse"], Meta(description="the challenged character's answer")
    ]


class SingleCombat(Command, frozen=True, kw_only=True):
    """The single combat's outcome: the loser's allies take 3 strife."""

    spec = CommandSpec(("single-combat",), gm_only=True, phase="fighting")

    winner: Name
    loser: Name


class ChangeStanding(Command, frozen=True, kw_only=True):
    """Honour or glory the GM rules (a sabotaged single combat: −10 and −5)."""

    spec = CommandSpec(("standing",), gm_only=True, phase="standing")

    character: Character
    honour: Annotated[int, Meta(ge=-100, le=100, description="honour gained (negative: lost)")] = 0
    glory: Annotated[int, Meta(ge=-100, le=100, description="glory gained (negative: lost)")] = 0
    why: Annotated[Label, Meta(description="what earned it")] = ""


class Center(Command, frozen=True, kw_only=True):
    """« Centrer »: in the Void stance, roll a skill's dice and reserve some for later."""

    spec = CommandSpec(("center",), dice="queue", family="narrative", phase="fighting")

    character: Character
    skill: Annotated[Label, Meta(description="the skill whose dice are rolled")]
    reserve: Annotated[str, Meta(max_length=40, description="the dice reserved, as 0,2")] | (
        None
    ) = None


class Predict(Command, frozen=True, kw_only=True):
    """« Prédire »: write an element in secret; the opponent's matching stance costs 4."""

    spec = CommandSpec(("predict",), phase="fighting")

    character: Character
    target: Name
    element: Annotated[
        Literal["air", "earth", "fire", "water"],
        Meta(description="the stance predicted for the opponent"),
    ]


class DeclineCoup(Command, frozen=True, kw_only=True):
    """Let a coup de grâce pass (so that the other duellist may strike theirs)."""

    spec = CommandSpec(("decline-coup",), phase="fighting")

    character: Character


class DealHit(Command, frozen=True, kw_only=True):
    """Damage (with its deadliness) or a critical from another source than a strike."""

    spec = CommandSpec(("hit",), gm_only=True, phase="fighting")

    character: Character
    damage: Annotated[int, Meta(ge=0, le=100, description="the damage dealt")] = 0
    deadliness: Annotated[int, Meta(ge=0, le=30, description="the damage's deadliness")] = 0
    critical: (
        Annotated[int, Meta(ge=0, le=40, description="a critical of this severity, instead")] | None
    ) = None
    source: Annotated[Label, Meta(description="what dealt it (a fall, a trap)")] = ""


class Recover(Command, frozen=True, kw_only=True):
    """Fatigue or strife taken off as the GM rules (a Medicine check's effect, a rest)."""

    spec = CommandSpec(("recover",), gm_only=True, phase="wounds")

    character: Character
    fatigue: Annotated[int, Meta(ge=0, le=100, description="fatigue taken off")] = 0
    strife: Annotated[int, Meta(ge=0, le=100, description="strife taken off")] = 0
    how: Annotated[Label, Meta(description="what took it off (Medicine, a rest)")] = ""
