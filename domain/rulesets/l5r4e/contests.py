"""4e opposed and cooperative rolls, the TN ladder and a second Investigation attempt.

Rules, from the 4e summary:
- « ND »: 10 easy, 15 average, 30 very hard, 60 supposedly impossible.
- « Jet d'opposition »: both roll; the higher total wins; a tie is rolled again.
- « Jets coopératifs »: followers to the leader — the leader is whoever has the highest
  rank in the skill, and the others' ranks add to the leader's total (the master
  carpenter's 35 with workers of 4 and 5 is 44); the leader to followers — the leader's
  rank adds to each follower's own roll.
- « Second jet d'Enquête »: right after failing an Investigation/Perception roll, one more
  try at +15 TN.
- Resisting Intimidation, Temptation (and Fear) adds the honour rank to the total
  (« Compétences sociales », « Peur »).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.roll import RollOptions
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, KirokuError, MalformedInput
from domain.rulesets.l5r4e.events import (
    ConditionApplied,
    Event,
    OpposedRollSettled,
    WeaponDestroyed,
)
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.l5r4e.skills import require_skill
from domain.rulesets.l5r4e.state_records import CharacterState, key
from domain.rulesets.roll_keep_kit.character import Weapon
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.rolls import roll_spec
from domain.rulesets.roll_keep_kit.standing import whole_rank

Dice = DiceSource | Sequence[Die]

TN_LADDER = {"easy": 10, "average": 15, "very_hard": 30, "impossible": 60}
MAX_TIES = 20
SECOND_ATTEMPT_TN = 15
EFFECTS = ("disarm", "knockdown")


def tn_for(difficulty: str) -> int:
    name = difficulty.strip().casefold().replace(" ", "_")
    if name not in TN_LADDER:
        raise MalformedInput(
            f"difficulty {difficulty!r}; choose from "
            + ", ".join(f"{k} ({v})" for k, v in TN_LADDER.items())
        )
    return TN_LADDER[name]


def honour_rank(who: CharacterState) -> int:
    return whole_rank(who.standing.get("honour", 0))


@dataclass(frozen=True)
class Side:
    """One side of an opposed roll: who, and with what."""

    character: str
    skill: str | None = None
    trait: str | None = None
    ring: str | None = None
    add_honour: bool = False
    free_raises: int = 0
    """Free raises granted to this side, +5 each to its total — before totals are
    compared, so a tie they make is rolled again like any other."""


def oppose(
    session: Play,
    *,
    actor: str,
    at: datetime,
    contest: str,
    first: Side,
    second: Side,
    dice: DiceSource,
    effect: str | None = None,
    weapon: str | None = None,
) -> list[Event]:
    """Both sides roll until one total beats the other; every roll is recorded. With an
    ``effect``, the winner of a disarm or knockdown contest (the first side) applies it
    (a disarm made with ``weapon``; without it, the weapon in the first side's hands)."""
    session.gm_only(actor, "run an opposed roll")
    if effect is not None and effect not in EFFECTS:
        raise MalformedInput(f"effect {effect!r}; choose from {', '.join(EFFECTS)}")
    sides = [session.character_named(first.character), session.character_named(second.character)]
    if key(sides[0].name) == key(sides[1].name):
        raise MalformedInput("an opposed roll needs two different characters")
    events: list[Event] = []
    ties = 0
    while True:
        totals = []
        for side, who in zip((first, second), sides, strict=True):
            parts = [Part(source="honour rank", total=honour_rank(who))] if side.add_honour else []
            if side.free_raises:
                parts.append(
                    Part(source=f"{side.free_raises} free raise(s)", total=5 * side.free_raises)
                )
            rolled = session.check(
                who,
                actor=actor,
                at=at,
                dice=dice,
                skill=side.skill,
                trait=side.trait,
                ring=side.ring,
                purpose="opposed",
                label_before=f"{contest}: ",
                parts=parts,
            )
            event = last_rolled(rolled)
            events += rolled
            totals.append(event.roll.total)
        if totals[0] != totals[1]:
            break
        ties += 1
        if ties > MAX_TIES:
            raise KirokuError(f"{contest}: {MAX_TIES} ties in a row; check the dice")
    won = 0 if totals[0] > totals[1] else 1
    winner, loser = sides[won], sides[1 - won]
    events.append(
        OpposedRollSettled(
            actor=actor,
            at=at,
            contest=contest,
            winner=winner.name,
            loser=loser.name,
            totals=(totals[0], totals[1]),
            ties=ties,
        )
    )
    if effect is not None and won == 0:
        events += _effect(actor, at, effect, winner, loser, weapon)
    return events


def in_hand(who: CharacterState) -> Weapon | None:
    """The weapon in ``who``'s hands: the one they last attacked with, still on their
    sheet — or, before they have attacked, the first melee weapon on it (the Kiroku
    reading where the summary does not say which)."""
    if who.wielding is not None:
        held = who.sheet.weapon(who.wielding)
        if held is not None:
            return held
    return next((w for w in who.sheet.weapons if w.kind == "melee"), None)


def _effect(
    actor: str,
    at: datetime,
    effect: str,
    winner: CharacterState,
    loser: CharacterState,
    weapon: str | None,
) -> list[Event]:
    """Knockdown: the loser is prone. Disarm: the loser drops the weapon in their hands
    (« la cible lâche son arme »), or, if it is wood and the winner's is metal, it is
    destroyed (« Une arme de métal désarmant une arme de bois la détruit ») — the
    winner's being ``weapon``, the one the disarm was made with."""
    if effect == "knockdown":
        return [
            ConditionApplied(
                actor=actor,
                at=at,
                character=loser.name,
                condition="prone",
                note=f"knocked down by {winner.name}",
            )
        ]
    theirs = in_hand(loser)
    mine = winner.sheet.weapon(weapon) if weapon is not None else in_hand(winner)
    if theirs is None:
        return [
            ConditionApplied(
                actor=actor,
                at=at,
                character=loser.name,
                condition="disarmed",
                note=f"disarmed by {winner.name}",
            )
        ]
    if mine is not None and mine.material == "metal" and theirs.material == "wood":
        return [
            WeaponDestroyed(
                actor=actor, at=at, character=loser.name, weapon=theirs.name, by=winner.name
            )
        ]
    return [
        ConditionApplied(
            actor=actor,
            at=at,
            character=loser.name,
            condition="disarmed",
            level=0,
            note=f"{theirs.name} dropped, disarmed by {winner.name}",
        )
    ]


def lead_roll(
    session: Play,
    *,
    actor: str,
    at: datetime,
    leader: str,
    followers: Sequence[str],
    skill: str,
    trait: str,
    dice: Dice,
    tn: int | None = None,
    raises: int = 0,
) -> list[Event]:
    """Followers to the leader: their ranks in the skill add to the leader's total."""
    head = session.acting_for(actor, leader)
    helpers = _followers(session, head, followers)
    if all(c.sheet.skill(skill) is None for c in (head, *helpers)):
        require_skill(head.sheet, skill, "a skill one of them has (nobody leads a skill unknown)")
    top = max(helpers, key=lambda c: c.sheet.skill_rank(skill))
    if top.sheet.skill_rank(skill) > head.sheet.skill_rank(skill):
        raise IllegalUnderRules(
            f"{top.name} has the highest {skill} ({top.sheet.skill_rank(skill)}) and leads"
        )
    bonus = sum(c.sheet.skill_rank(skill) for c in helpers)
    names = ", ".join(f"{c.name} {c.sheet.skill_rank(skill)}" for c in helpers)
    return session.check(
        head,
        actor=actor,
        at=at,
        dice=dice,
        skill=skill,
        trait=trait,
        tn=tn,
        raises=raises,
        label_after=", leading",
        parts=[Part(source=f"followers' {skill} ({names})", total=bonus)],
    )


def follow_rolls(
    session: Play,
    *,
    actor: str,
    at: datetime,
    leader: str,
    followers: Sequence[str],
    skill: str,
    trait: str,
    dice: Dice,
    tn: int | None = None,
) -> list[Event]:
    """The leader to followers: the leader's rank adds to each follower's roll."""
    session.gm_only(actor, "run a led group roll")
    head = session.character_named(leader)
    rank = head.sheet.skill_rank(skill)
    if rank < 1:
        raise IllegalUnderRules(f"{head.name} has no rank in {skill!r} to lead with")
    events: list[Event] = []
    for follower in _followers(session, head, followers):
        events += session.check(
            follower,
            actor=actor,
            at=at,
            dice=dice,
            skill=skill,
            trait=trait,
            tn=tn,
            label_after=", led",
            parts=[Part(source=f"{head.name}'s {skill} rank", total=rank)],
        )
    return events


def _followers(session: Play, head: CharacterState, names: Sequence[str]) -> list[CharacterState]:
    if not names:
        raise MalformedInput("a cooperative roll needs at least one other character")
    helpers = [session.character_named(name) for name in names]
    if any(key(c.name) == key(head.name) for c in helpers) or len(
        {key(c.name) for c in helpers}
    ) != len(helpers):
        raise MalformedInput("each character takes part in a cooperative roll once")
    return helpers


def second_attempt(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    dice: Dice,
    void: bool = False,
) -> list[Event]:
    """Right after a failed Investigation/Perception roll, the same roll again at +15."""
    who = session.acting_for(actor, character)
    last = session.state.last_roll.get(key(who.name))
    if (
        last is None
        or not last.label.casefold().startswith("investigation/perception")
        or last.roll.success is not False
    ):
        raise IllegalUnderRules(
            f"{who.name}'s last roll was not a failed Investigation/Perception roll"
        )
    if any(p.source == "second attempt" for p in last.parts):
        raise IllegalUnderRules("there is only one second attempt")
    spec = roll_spec(
        who.sheet, skill="Investigation", trait="perception", emphasis=last.roll.emphasis
    )
    return session.roll(
        actor=actor,
        at=at,
        expression=spec.expression,
        options=RollOptions(
            tn=last.base_tn, unskilled=spec.unskilled, void=void, emphasis=last.roll.emphasis
        ),
        dice=dice,
        character=who.name,
        purpose="skill",
        label=spec.label,
        parts=[Part(source="second attempt", tn=SECOND_ATTEMPT_TN)],
        trait="perception",
    )
