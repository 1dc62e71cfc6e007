"""4e mass battle (Annex 6, « Combat de masse »).

- One battle turn (30 minutes) for each 250 combatants of an army: two armies of 500
  fight two turns (Kiroku counts the larger army, rounded up).
- Each turn every character declares an engagement — reserve (« Soutien »), disengaged,
  engaged, front line — moving at most one step from the last turn.
- The commanders roll an opposed Battle (Mass Combat)/Perception; raises may be granted
  for numbers, ground, weather, heroic opportunities won (free raises here). For the
  characters' army: winning by more than 5 — it wins; winning by less — it is held
  (« tenue en échec »; Kiroku reads a margin of exactly 5 as held, since the text says
  « > 5 » for a win); losing — it loses. Ties are rolled again (« En cas d'égalité, on
  recommence »), the free raises counted in the totals first: a tie they make is rolled
  again, never read as held.
- Each character rolls 1d10 + Water + Battle and reads the GM's table (not in the text:
  loaded as data with the battle) for their engagement and the army's status: glory,
  wounds, a heroic opportunity or a duel. A character may refuse an opportunity or a
  duel.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from math import ceil

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.roll import RollOptions
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e.contests import Side, oppose
from domain.rulesets.l5r4e.events import (
    ENGAGEMENTS,
    ArmyStatus,
    BattleBegan,
    BattleEnded,
    BattleEntry,
    BattleResultDrawn,
    BattleStatusSet,
    BattleTurnBegan,
    DiceRolled,
    EngagementDeclared,
    Event,
    HeroicOpportunityTaken,
    StandingChanged,
    WoundsTaken,
)
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.l5r4e.state_records import BattleState
from domain.rulesets.roll_keep_kit.modifiers import Part

Dice = DiceSource | Sequence[Die]
COMBATANTS_PER_TURN = 250
WIN_MARGIN = 5


def _battle(session: Play) -> BattleState:
    battle = session.state.battle
    if battle is None or battle.ended:
        raise IllegalUnderRules("no battle is under way")
    return battle


def begin(
    session: Play,
    *,
    actor: str,
    at: datetime,
    name: str,
    armies: tuple[int, int],
    table: Sequence[BattleEntry],
) -> list[Event]:
    session.gm_only(actor, "begin a battle")
    if session.state.battle is not None and not session.state.battle.ended:
        raise IllegalUnderRules(f"the battle {session.state.battle.name!r} is still going on")
    if min(armies) < 1:
        raise MalformedInput(f"armies of {armies[0]} and {armies[1]}: each needs a combatant")
    if not table:
        raise MalformedInput("a battle needs the GM's mass-battle table")
    for entry in table:
        if entry.low > entry.high:
            raise MalformedInput(f"table row {entry.low}–{entry.high} runs backwards")
    turns = ceil(max(armies) / COMBATANTS_PER_TURN)
    return [
        BattleBegan(actor=actor, at=at, name=name, armies=armies, turns=turns, table=tuple(table))
    ]


def next_turn(session: Play, *, actor: str, at: datetime) -> list[Event]:
    session.gm_only(actor, "start a battle turn")
    battle = _battle(session)
    if battle.turn >= battle.turns:
        raise IllegalUnderRules(f"all {battle.turns} battle turns are fought: end the battle")
    return [BattleTurnBegan(actor=actor, at=at, number=battle.turn + 1)]


def declare(
    session: Play, *, actor: str, at: datetime, character: str, engagement: str
) -> list[Event]:
    battle = _battle(session)
    if battle.turn == 0:
        raise IllegalUnderRules("engagement is declared at the start of a battle turn")
    who = session.acting_for(actor, character)
    if engagement not in ENGAGEMENTS:
        raise MalformedInput(f"engagement {engagement!r}; choose from {', '.join(ENGAGEMENTS)}")
    if who.engagement is not None and battle.turn > 1:
        step = abs(ENGAGEMENTS.index(engagement) - ENGAGEMENTS.index(who.engagement))
        if step > 1:
            raise IllegalUnderRules(
                f"{who.name} was {who.engagement}: one step a turn, not to {engagement}"
            )
    return [EngagementDeclared(actor=actor, at=at, character=who.name, engagement=engagement)]


def commanders(
    session: Play,
    *,
    actor: str,
    at: datetime,
    ours: str,
    theirs: str,
    dice: DiceSource,
    our_free_raises: int = 0,
    their_free_raises: int = 0,
) -> list[Event]:
    battle = _battle(session)
    if battle.turn == 0 or battle.status is not None:
        raise IllegalUnderRules("the commanders roll once a battle turn, after declaring")
    events = oppose(
        session,
        actor=actor,
        at=at,
        contest="commanders",
        first=Side(ours, "Battle", "perception", free_raises=our_free_raises),
        second=Side(theirs, "Battle", "perception", free_raises=their_free_raises),
        dice=dice,
    )
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    margin = rolls[-2].roll.total - rolls[-1].roll.total  # free raises in: never a tie
    status: ArmyStatus = "winning" if margin > WIN_MARGIN else "held" if margin > 0 else "losing"
    events.append(BattleStatusSet(actor=actor, at=at, status=status, margin=margin))
    return events


def draw(session: Play, *, actor: str, at: datetime, character: str, dice: Dice) -> list[Event]:
    """1d10 + Water + Battle, read in the GM's table; its glory and wounds follow."""
    battle = _battle(session)
    who = session.acting_for(actor, character)
    if battle.status is None:
        raise IllegalUnderRules("the commanders have not rolled this turn")
    if who.engagement is None:
        raise IllegalUnderRules(f"{who.name} has not declared an engagement")
    if who.name.casefold() in battle.results:
        raise IllegalUnderRules(f"{who.name} has already drawn this turn's result")
    bonus = who.sheet.ring("water") + who.sheet.skill_rank("Battle")
    events = session.roll(
        actor=actor,
        at=at,
        expression="1k1",
        options=RollOptions(unskilled=True),
        dice=dice,
        purpose="other",
        label=f"{who.name}: 1d10 + Water + Battle",
        parts=[Part(source="Water + Battle", total=bonus)],
        target=who.name,
    )
    rolled = last_rolled(events)
    result = rolled.roll.total
    entry = next(
        (
            e
            for e in battle.table
            if e.engagement == who.engagement
            and e.status == battle.status
            and e.low <= result <= e.high
        ),
        None,
    )
    if entry is None:
        raise IllegalUnderRules(
            f"the GM's table has no row for {who.engagement}, {battle.status}, {result}"
        )
    events.append(
        BattleResultDrawn(actor=actor, at=at, character=who.name, result=result, entry=entry)
    )
    if entry.glory:
        events.append(
            StandingChanged(
                actor=actor,
                at=at,
                character=who.name,
                standing="glory",
                delta=entry.glory,
                reason="mass battle",
            )
        )
    if entry.wounds:
        events.append(
            WoundsTaken(
                actor=actor, at=at, character=who.name, amount=entry.wounds, source="mass battle"
            )
        )
    return events


def heroic(
    session: Play, *, actor: str, at: datetime, character: str, accepted: bool, note: str = ""
) -> list[Event]:
    _battle(session)
    who = session.acting_for(actor, character)
    return [
        HeroicOpportunityTaken(actor=actor, at=at, character=who.name, accepted=accepted, note=note)
    ]


def end(session: Play, *, actor: str, at: datetime) -> list[Event]:
    session.gm_only(actor, "end the battle")
    battle = _battle(session)
    return [BattleEnded(actor=actor, at=at, status=battle.status)]
