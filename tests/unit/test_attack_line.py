"""An attack's line states the TN its roll was decided on (issue 28, item 6): Kaneka's 32
is set against Fumi's armour TN 20, his own light armour's +5 and, « Chaque Augmentation
déclarée augmente le ND de 5 », 5 for each raise he calls — not the armour TN alone. An attack
recorded before its event held that TN reads as it did, and is re-judged and corrected
as recorded: the TN is the roll's, checked there."""

from __future__ import annotations

import msgspec

from domain.dice.source import FaceQueue
from domain.events import Recorded
from domain.rulesets.l5r4e.commands.fight import Attack
from domain.rulesets.l5r4e.events import AttackResolved
from domain.session.chain import GENESIS, seal
from domain.session.commands import Retract, TakeNote
from domain.session.verify import verify
from projections.timeline import timeline
from tests.support import RecordedTable
from tests.unit.test_corrections import ATTACK_FACES, FUMI, KANEKA, fight, ready


def raised_attack() -> tuple[RecordedTable, int]:
    """Kaneka and Fumi in the Attack stance, a note, then Kaneka's attack with one raise
    called (6k3: 32)."""
    t = ready()
    t.do(TakeNote(text="the bandits come back"))
    attack = Attack(attacker=KANEKA, target=FUMI, weapon="Katana", raises=1)
    [*_, resolved] = t.do(attack, actor="ana", dice=FaceQueue(ATTACK_FACES))
    return t, resolved.position


def line(t: RecordedTable, position: int) -> str:
    [row] = [r for r in timeline(t.events) if r["position"] == position]
    return str(row["summary"])


def recorded_before(t: RecordedTable) -> RecordedTable:
    """``t`` as recorded before AttackResolved held its TN, sealed again (as it was)."""
    old = RecordedTable()
    old.events = [
        Recorded(r.position, msgspec.structs.replace(r.event, tn=None))
        if isinstance(r.event, AttackResolved)
        else r
        for r in t.events
    ]
    old.records = seal(old.session.opened.session, GENESIS, old.events, t.records)[0]
    return old


def test_an_attack_line_states_the_tn_its_roll_was_decided_on() -> None:
    t, at = raised_attack()
    resolved = t.events[at - 1].event
    assert isinstance(resolved, AttackResolved) and (resolved.armour_tn, resolved.tn) == (20, 30)
    assert "hits Bayushi Fumi (32 vs TN 30: armour TN 20 and the roll's parts)" in line(t, at)
    assert (  # the roll's line, which it agrees with, with the TN reckoned from its base
        "= 32 vs TN 30 (20 base, Light armour on agility +5 = 25, 1 raise called +5): success"
        in line(t, at - 1)
    )
    plain, _ = fight()
    [unraised] = [r.position for r in plain.events if isinstance(r.event, AttackResolved)]
    assert "(32 vs TN 25: armour TN 20 and the roll's parts)" in line(plain, unraised)


def test_an_attack_recorded_before_it_held_its_tn_reads_and_re_judges_as_recorded() -> None:
    t, at = raised_attack()
    old = recorded_before(t)
    assert "hits Bayushi Fumi (32 vs armour TN 20)" in line(old, at)
    assert verify(old.events, old.records).ok
    note = next(
        r.position for r in old.events if getattr(r.event, "text", "") == "the bandits come back"
    )
    correction = old.correct(Retract(position=note, reason="no bandits"))
    assert correction.kept >= 1 and not correction.revised  # the attack stands as recorded


def test_a_forged_tn_is_found_by_re_judging() -> None:
    t, at = raised_attack()
    forged = list(t.events)
    forged[at - 1] = Recorded(at, msgspec.structs.replace(t.events[at - 1].event, tn=40))
    records = seal(t.session.opened.session, GENESIS, forged, t.records)[0]
    verdict = verify(forged, records)
    [first] = [r.first for r in t.records if r.first <= at <= r.last]
    assert not verdict.ok and verdict.problem is not None
    assert (verdict.problem.position, verdict.problem.message) == (
        first,
        f"the attack at {first} by ana does not give the events recorded",
    )
