"""4e honour and society (« Honneur et société », Annex 1).

- Honour bands: 0–1 « Chien sans honneur », 2–3 « Pas digne de confiance », 4–5 « Ce qui
  est attendu », 6–7 « Exceptionnel », 8–9 « Une âme au dessus de tout reproche », 10
  « La force d'un millier d'ancêtres ». Taint: 0 « Germes des ténèbres » … 5
  « Damnation » (living with taint is lawful below rank 4).
- Perceiving honour: Lore: Bushido/Awareness against 30.
- Recognising someone by heraldry: Lore: Heraldry/Intelligence against 50 − 5 × glory.
- Resisting taint: an Earth roll against the exposure's TN; jade adds +10; a failure
  gains taint, as much as the source gives (the GM says).
- Fear rank 1–10: Willpower against 5 + 5 × rank, the honour rank added; a failure is
  −XkX near the source; failing by 15 or more, the character flees or cowers.
- Degrading skills (Intimidation, Temptation) and peasant weapons cost honour to anyone
  of honour rank above 0; the amount is the GM's table's (loaded) or the GM's ruling —
  never invented here.
- Money: 1 koku = 5 bu, 1 bu = 10 zeni (50 zeni = 1 koku).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.roll import RollOptions
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e.contests import honour_rank
from domain.rulesets.l5r4e.events import (
    ConditionApplied,
    Event,
    HonourLoss,
    HonourTableLoaded,
    MoneyChanged,
    Revealed,
    StandingChanged,
)
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.l5r4e.standing_bands import ZENI_PER_BU, ZENI_PER_KOKU, money
from domain.rulesets.l5r4e.state_records import CharacterState
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.standing import whole_rank

Dice = DiceSource | Sequence[Die]
DEGRADING_SKILLS = ("intimidation", "temptation")
PERCEIVE_HONOUR_TN = 30
HERALDRY_TN = 50
JADE = 10


def change_money(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    koku: int = 0,
    bu: int = 0,
    zeni: int = 0,
) -> list[Event]:
    session.gm_only(actor, "change a purse")
    who = session.character_named(character)
    delta = koku * ZENI_PER_KOKU + bu * ZENI_PER_BU + zeni
    if delta == 0:
        raise MalformedInput("a change of 0 zeni changes nothing")
    if who.zeni + delta < 0:
        have = money(who.zeni)
        raise IllegalUnderRules(
            f"{who.name} has {have['koku']} koku {have['bu']} bu {have['zeni']} zeni; "
            f"{-delta} zeni is more"
        )
    return [MoneyChanged(actor=actor, at=at, character=who.name, zeni=delta)]


def _reveal_roll(
    session: Play,
    actor: str,
    at: datetime,
    who: CharacterState,
    skill: str,
    trait: str,
    tn: int,
    dice: Dice,
    target: CharacterState,
    what: str,
    value: str,
) -> list[Event]:
    events = session.check(
        who, actor=actor, at=at, dice=dice, skill=skill, trait=trait, tn=tn, target=target.name
    )
    rolled = last_rolled(events)
    if rolled.roll.success:
        events.append(
            Revealed(
                actor=actor, at=at, character=who.name, about=target.name, what=what, value=value
            )
        )
    return events


def perceive_honour(
    session: Play, *, actor: str, at: datetime, character: str, target: str, dice: Dice
) -> list[Event]:
    who, other = session.acting_for(actor, character), session.character_named(target)
    return _reveal_roll(
        session,
        actor,
        at,
        who,
        "Lore: Bushido",
        "awareness",
        PERCEIVE_HONOUR_TN,
        dice,
        other,
        "honour rank",
        str(honour_rank(other)),
    )


def recognise(
    session: Play, *, actor: str, at: datetime, character: str, target: str, dice: Dice
) -> list[Event]:
    who, other = session.acting_for(actor, character), session.character_named(target)
    tn = max(0, HERALDRY_TN - 5 * whole_rank(other.standing.get("glory", 0)))
    identity = ", ".join(x for x in (other.name, other.sheet.clan, other.sheet.school) if x)
    return _reveal_roll(
        session,
        actor,
        at,
        who,
        "Lore: Heraldry",
        "intelligence",
        tn,
        dice,
        other,
        "identity",
        identity,
    )


def resist_taint(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    tn: int,
    taint: int,
    dice: Dice,
    jade: bool = False,
) -> list[Event]:
    """``taint`` is what a failure gains, in tenths (the source's, as the GM rules)."""
    session.gm_only(actor, "expose a character to the Taint")
    who = session.character_named(character)
    if taint <= 0:
        raise MalformedInput("say how much taint a failure gains (in tenths, above 0)")
    earth = who.sheet.ring("earth")
    parts = [Part(source="jade", total=JADE)] if jade else []
    events = session.roll(
        actor=actor,
        at=at,
        expression=f"{earth}k{earth}",
        options=RollOptions(tn=tn),
        dice=dice,
        character=who.name,
        purpose="ring",
        label="Earth: resisting the Taint",
        parts=parts,
    )
    rolled = last_rolled(events)
    if not rolled.roll.success:
        events.append(
            StandingChanged(
                actor=actor,
                at=at,
                character=who.name,
                standing="taint",
                delta=min(taint, 100 - who.standing.get("taint", 0)),
            )
        )
    return events


def fear(
    session: Play, *, actor: str, at: datetime, character: str, rank: int, dice: Dice
) -> list[Event]:
    session.gm_only(actor, "call for a fear roll")
    if not 1 <= rank <= 10:
        raise MalformedInput(f"fear rank {rank} is not between 1 and 10")
    who = session.character_named(character)
    willpower = who.sheet.trait("willpower")
    events = session.roll(
        actor=actor,
        at=at,
        expression=f"{willpower}k{willpower}",
        options=RollOptions(tn=5 + 5 * rank),
        dice=dice,
        character=who.name,
        purpose="trait",
        label=f"Willpower against fear {rank}",
        trait="willpower",
        parts=[Part(source="honour rank", total=honour_rank(who))],
    )
    rolled = last_rolled(events)
    if not rolled.roll.success:
        events.append(
            ConditionApplied(actor=actor, at=at, character=who.name, condition="afraid", level=rank)
        )
        if (rolled.roll.margin or 0) <= -15:
            events.append(
                ConditionApplied(
                    actor=actor,
                    at=at,
                    character=who.name,
                    condition="fleeing",
                    note="flees or cowers, as the GM chooses",
                )
            )
    return events


def degrading_roll(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    skill: str,
    trait: str,
    dice: Dice,
    tn: int | None = None,
    honour_loss: int | None = None,
    raises: int = 0,
) -> list[Event]:
    """A degrading skill's roll (Intimidation, Temptation), with its honour loss."""
    if skill.strip().casefold() not in DEGRADING_SKILLS:
        raise MalformedInput(f"{skill!r} is not a degrading skill ({', '.join(DEGRADING_SKILLS)})")
    who = session.acting_for(actor, character)
    events: list[Event] = list(
        honour_loss_events(session, actor, at, who, f"degrading skill: {skill}", honour_loss)
    )
    events += session.check(
        who, actor=actor, at=at, dice=dice, skill=skill, trait=trait, tn=tn, raises=raises
    )
    return events


def honour_loss_events(
    session: Play, actor: str, at: datetime, who: CharacterState, act: str, given: int | None
) -> list[Event]:
    rank = honour_rank(who)
    if rank < 1:
        return []
    if given is None:
        row = next(
            (
                r
                for r in session.state.honour_table
                if r.act.casefold() == act.casefold() and r.rank == rank
            ),
            None,
        )
        if row is None:
            raise IllegalUnderRules(
                f"{act!r} costs {who.name} honour (rank {rank}): give the loss in tenths, or "
                "load the GM's honour table with a row for it"
            )
        given = row.tenths
    if given <= 0:
        raise MalformedInput("an honour loss is a number of tenths above 0")
    return [
        StandingChanged(
            actor=actor,
            at=at,
            character=who.name,
            standing="honour",
            delta=-min(given, who.standing.get("honour", 0)),
            reason=act,
        )
    ]


def load_honour_table(
    session: Play, *, actor: str, at: datetime, rows: Sequence[HonourLoss]
) -> list[Event]:
    session.gm_only(actor, "load the honour table")
    if not rows:
        raise MalformedInput("an honour table needs at least one row")
    for row in rows:
        if not 0 <= row.rank <= 10 or row.tenths <= 0 or not row.act.strip():
            raise MalformedInput(f"honour table row {row!r}: act, rank 0–10, tenths above 0")
    return [HonourTableLoaded(actor=actor, at=at, rows=tuple(rows))]
