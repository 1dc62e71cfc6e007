"""Corrections follow their consequences: a GM amends, retracts or reinstates a ruling and
every later ruling is decided again on the history so corrected (issue 8).

Each test plays a short fight through the command Structs, each command recorded with its
dice, then corrects it as a GM contesting a ruling would.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from domain.dice.source import FaceQueue
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound
from domain.events import EventRetracted, RulingsCorrected
from domain.rulesets.l5r4e.commands.books import AwardExperience, Heal, SpendExperience
from domain.rulesets.l5r4e.commands.fight import Attack, Damage
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.rulesets.l5r4e.events import AttackResolved, WoundsTaken
from domain.session.commands import Amend, JoinCharacter, Reinstate, Retract, TakeNote, Undo
from domain.session.rejudge import DiceRanOut, ReplayedDice
from domain.session.state import fold
from tests.support import RecordedTable, sheet

KANEKA, FUMI = "Akodo Kaneka", "Bayushi Fumi"
ATTACK_FACES = [10, 5, 6, 9, 1, 8, 4, 1, 3]  # 6k3 with emphasis: 15, 6, 9, 8, 4, 3 → 32
DAMAGE_FACES = [10, 2, 8, 5, 1, 1, 3]  # 6k2 → 12 + 8 = 20


def ready() -> RecordedTable:
    """Kaneka and Fumi joined, in combat, initiative rolled, round 1, both in the Attack
    stance."""
    t = RecordedTable()
    t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(KANEKA)), player="ana"))
    t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(FUMI, reflexes=2)), player="bo"))
    t.do(StartCombat())
    t.do(RollInitiative(character=KANEKA), dice=random.Random(1))
    t.do(RollInitiative(character=FUMI), dice=random.Random(2))
    t.do(StartRound())
    t.do(ChooseStance(character=KANEKA, stance="attack"), actor="ana")
    t.do(ChooseStance(character=FUMI, stance="attack"), actor="bo")
    return t


def fight() -> tuple[RecordedTable, dict[str, int]]:
    """Kaneka attacks Fumi (32 against armour TN 20: a hit), rolls 20 damage (17 wounds
    after armour), the GM heals 3, and writes a note. Returns the positions of each."""
    t = ready()
    at: dict[str, int] = {}
    attack = Attack(attacker=KANEKA, target=FUMI, weapon="Katana")
    at["attack"] = t.do(attack, actor="ana", dice=FaceQueue(ATTACK_FACES))[0].position
    at["damage"] = t.do(Damage(attacker=KANEKA), actor="ana", dice=FaceQueue(DAMAGE_FACES))[
        0
    ].position
    at["heal"] = t.do(Heal(character=FUMI, amount=3))[0].position
    at["note"] = t.do(TakeNote(text="the bandits flee"))[0].position
    return t, at


def wounds(t: RecordedTable, name: str = FUMI) -> int:
    character = t.session.state.table.character(name)
    assert character is not None
    return int(character.wounds)


def test_the_fight_as_played() -> None:
    t, _ = fight()
    assert wounds(t) == 17 - 3
    resolved = [r.event for r in t.events if isinstance(r.event, AttackResolved)]
    assert resolved[0].hit


def test_an_amended_tn_turns_the_hit_into_a_miss_and_drops_the_damage_and_the_heal() -> None:
    t, at = fight()
    correction = t.correct(
        Amend(position=at["attack"], changes={"circumstances": 15}, reason="behind the screen")
    )
    assert correction.kind == "amend"
    [revision] = correction.revised
    assert revision.original.first == at["attack"]
    assert not any(isinstance(e, AttackResolved) and e.hit for e in revision.after)
    assert [d.original.command for d in correction.dropped] == ["damage", "heal"]
    assert "no hit waiting" in correction.dropped[0].why
    assert correction.kept == 1  # the note stands
    heading = correction.events[0]
    assert isinstance(heading, RulingsCorrected) and heading.reason == "behind the screen"
    assert heading.dropped == (at["damage"], at["heal"])
    t.append(correction.events, correction.records)
    assert wounds(t) == 0
    # the originals stay in the log, retracted; the revision reads in the attack's place
    retracted = {e.event.position for e in t.events if isinstance(e.event, EventRetracted)}
    assert set(range(at["attack"], at["note"])) <= retracted
    assert t.session.state.position == len(t.events)


def test_an_amendment_keeps_the_dice_drawn_and_draws_more_only_where_needed() -> None:
    t, at = fight()
    more = Amend(
        position=at["attack"],
        changes={"raises": 1, "manoeuvres": ["increased_damage:1"]},
        reason="she called a raise for damage",
    )
    correction = t.correct(more, fresh=FaceQueue([7]))
    attack, damage = correction.revised
    assert attack.record.drawn == tuple(ATTACK_FACES)  # the same nine faces
    assert damage.original.first == at["damage"]
    assert damage.record.drawn == (*DAMAGE_FACES, 7)  # one more die for 7k2, drawn fresh
    assert correction.kept == 2 and not correction.dropped  # the heal and the note stand
    t.append(correction.events, correction.records)
    taken = [e for e in damage.after if isinstance(e, WoundsTaken)]
    assert wounds(t) == taken[0].amount - 3


def test_a_ruling_that_would_need_more_dice_than_it_drew_is_dropped_without_fresh_ones() -> None:
    t, at = fight()
    more = Amend(
        position=at["attack"],
        changes={"raises": 1, "manoeuvres": ["increased_damage:1"]},
        reason="a raise for damage",
    )
    correction = t.correct(more, fresh=None)
    assert [d.original.command for d in correction.dropped] == ["damage", "heal"]
    assert "needs more" in correction.dropped[0].why


def test_retracting_the_attack_retracts_its_damage_as_a_consequence() -> None:
    t, at = fight()
    correction = t.correct(Retract(position=at["attack"] + 1, reason="out of reach"))
    assert correction.kind == "retract" and not correction.revised
    assert [d.original.first for d in correction.dropped] == [at["damage"], at["heal"]]
    t.append(correction.events, correction.records)
    assert wounds(t) == 0


def test_undoing_the_latest_ruling_has_no_consequence_and_is_the_retractions_alone() -> None:
    t, at = fight()
    correction = t.correct(Undo(reason="no note"))
    assert all(isinstance(e, EventRetracted) for e in correction.events)
    assert [e.position for e in correction.events] == [at["note"]]  # type: ignore[attr-defined]
    assert [r.command for r in correction.records] == ["undo"]


def test_retracting_an_xp_award_drops_the_spend_it_paid_for() -> None:
    t = RecordedTable()
    t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(KANEKA)), player="ana"))
    award = t.do(AwardExperience(character=KANEKA, amount=20))[0].position
    t.do(SpendExperience(character=KANEKA, void=True))  # Void 3: 6 × 3 = 18 XP
    t.do(SpendExperience(character=KANEKA, void=True))  # Void 4: 6 × 4 = 24 XP, 42 in all
    before = t.session.state.table.character(KANEKA)
    assert before is not None and (before.xp_awarded, before.xp_spent) == (20, 42)
    correction = t.correct(Retract(position=award, reason="the award was for another table"))
    assert [d.original.command for d in correction.dropped] == ["xp spend"]
    assert correction.kept == 1  # the first raise, 18 of the 40 XP the sheet has
    t.append(correction.events, correction.records)
    after = t.session.state.table.character(KANEKA)
    assert after is not None and (after.xp_awarded, after.xp_spent) == (0, 18)


def test_a_reinstated_retraction_counts_again_in_its_place() -> None:
    t, at = fight()
    t.do(Retract(position=at["heal"], reason="no healer"))
    assert wounds(t) == 17
    correction = t.correct(Reinstate(position=at["heal"], reason="the healer was there"))
    assert correction.kind == "reinstate"
    heading = correction.events[0]
    assert isinstance(heading, RulingsCorrected) and heading.reinstated == (at["heal"],)
    t.append(correction.events, correction.records)
    assert wounds(t) == 14
    assert at["heal"] not in t.session.state.retracted


def test_an_amended_amendment_reads_in_the_first_ruling_s_place() -> None:
    t, at = fight()
    t.do(Amend(position=at["attack"], changes={"circumstances": 15}, reason="cover"))
    revision = t.records[-1].first
    t.do(Amend(position=revision, changes={"circumstances": 0}, reason="no cover after all"))
    assert wounds(t) == 0  # what was dropped stays dropped: the damage is reinstated apart
    attacks = [r.event for r in t.events if isinstance(r.event, AttackResolved)]
    assert attacks[-1].hit


def test_the_state_as_corrected_reads_an_old_position_as_the_later_corrections_do() -> None:
    t, at = fight()
    t.do(Amend(position=at["attack"], changes={"circumstances": 15}, reason="cover"))
    as_recorded = fold(t.events, at["heal"]).table.character(FUMI)
    as_corrected = fold(t.events, at["heal"], as_corrected=True).table.character(FUMI)
    assert as_recorded is not None and as_recorded.wounds == 14
    assert as_corrected is not None and as_corrected.wounds == 0


def test_an_amendment_that_changes_nothing_is_refused() -> None:
    t, at = fight()
    with pytest.raises(MalformedInput, match="would change nothing"):
        t.correct(Amend(position=at["attack"], changes={"circumstances": 0}, reason="r"))


@pytest.mark.parametrize(
    ("position", "changes", "error", "says"),
    [
        (999, {"raises": 1}, NotFound, "no event at position 999"),
        (2, {"player": "bo"}, IllegalUnderRules, "cannot be amended"),
        (1, {"x": 1}, IllegalUnderRules, "not given by a recorded command"),
        ("attack", {"spin": 3}, MalformedInput, "spin"),
        ("attack", {"raises": 99}, MalformedInput, "raises"),
    ],
)
def test_bad_amendments_are_refused_with_what_was_given(
    position: int | str, changes: dict[str, object], error: type[Exception], says: str
) -> None:
    t, at = fight()
    where = at[position] if isinstance(position, str) else position
    with pytest.raises(error, match=says):
        t.correct(Amend(position=where, changes=changes, reason="r"))


def test_only_the_gm_corrects() -> None:
    t, at = fight()
    with pytest.raises(NotAllowed):
        t.correct(Retract(position=at["attack"], reason="mine"), actor="ana")


def test_reinstating_what_counts_is_refused() -> None:
    t, at = fight()
    with pytest.raises(IllegalUnderRules, match="counts"):
        t.correct(Reinstate(position=at["heal"], reason="r"))


def test_replayed_dice_hand_out_the_recorded_faces_then_fresh_ones() -> None:
    dice = ReplayedDice([3, 4], FaceQueue([9]))
    assert [dice.randint(1, 10) for _ in range(3)] == [3, 4, 9]
    assert dice.drawn == [3, 4, 9] and dice.replayed == 2
    with pytest.raises(DiceRanOut):
        ReplayedDice([3]).randint(1, 10) and ReplayedDice([]).randint(1, 10)
    with pytest.raises(MalformedInput, match="not a face"):
        ReplayedDice([12]).randint(1, 10)


def test_a_correction_is_not_itself_retracted_nor_undone_by_halves() -> None:
    """A correction's heading is refused to ``retract``, and ``undo`` passes over it: a
    correction is taken back by correcting again."""
    t, at = fight()
    t.do(Amend(position=at["attack"], changes={"circumstances": 15}, reason="cover"))
    heading = next(r.position for r in t.events if isinstance(r.event, RulingsCorrected))
    with pytest.raises(IllegalUnderRules, match="heads a correction"):
        t.correct(Retract(position=heading, reason="r"))
    assert heading not in t.session.state.retracted


def test_events_recorded_before_commands_were_leave_the_session_unverified() -> None:
    """Events no recorded command gave are never verified, whatever came after them: the
    later rulings are re-judged, and the session is still not verified (issue 28)."""
    from domain.session.verify import verify

    t, _ = fight()
    later = [r for r in t.records if r.first > 5]  # as if 2–5 came from before the records
    verdict = verify(t.events, later)
    assert verdict.problem is None and verdict.rulings == len(later)
    assert verdict.unverified == 4 and not verdict.ok


def test_a_ruling_decided_in_the_light_of_a_retracted_event_is_decided_again_not_dropped() -> None:
    """The attack used Fumi's stance (her armour TN reads it) but was not given *for*
    it: retracting the stance decides the attack again; only a ruling given for what is
    gone (damage for its hit) is dropped with it."""
    t, at = fight()
    stance = at["attack"] - 1  # Fumi's attack stance
    correction = t.correct(Retract(position=stance, reason="she had not chosen yet"))
    assert not correction.dropped
