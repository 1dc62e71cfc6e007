"""Re-judging: every recorded ruling decided again under the current rules gives the
events recorded; an edited one is found, with what the rules give instead (issue 8)."""

from __future__ import annotations

import msgspec
import pytest

from domain.dice.source import FaceQueue
from domain.errors import MalformedInput
from domain.events import Event, Recorded
from domain.rulesets.l5r4e.events import AttackResolved, DiceRolled, WoundsTaken
from domain.session.chain import GENESIS, Stored, broken_seal, seal
from domain.session.commands import Amend, Reinstate, Retract
from domain.session.record import CommandRecord
from domain.session.verify import check_signatures, verify
from tests.unit.test_corrections import fight


def edited(events: list[Recorded], position: int, **changes: object) -> list[Recorded]:
    copy = list(events)
    event: Event = msgspec.structs.replace(events[position - 1].event, **changes)
    copy[position - 1] = Recorded(position, event)
    return copy


def resealed(events: list[Recorded], records: list[CommandRecord]) -> list[CommandRecord]:
    """The records sealed again over ``events``: a forger who rewrote the whole chain
    after editing an event (only the rules, re-judging, can catch that)."""
    session: str = events[0].event.session  # type: ignore[attr-defined]
    return seal(session, GENESIS, events, records)[0]


def test_an_event_edited_breaks_the_chain_at_its_ruling() -> None:
    t, at = fight()
    verdict = verify(edited(t.events, at["damage"] + 1, amount=5), t.records)
    assert verdict.problem is not None and verdict.problem.position == at["damage"]
    assert "do not hash to the seal of the damage" in verdict.problem.message


def test_an_event_deleted_is_found_missing() -> None:
    t, at = fight()
    events = [r for r in t.events if r.position != at["heal"]]
    verdict = verify(events, t.records)
    assert verdict.problem is not None and verdict.problem.position == at["heal"]
    assert f"event {at['heal']} is missing" in verdict.problem.message


def test_two_events_swapped_break_the_chain() -> None:
    t, at = fight()
    events = list(t.events)
    first, second = at["damage"], at["damage"] + 1
    events[first - 1] = Recorded(first, t.events[second - 1].event)
    events[second - 1] = Recorded(second, t.events[first - 1].event)
    verdict = verify(events, t.records)
    assert verdict.problem is not None and verdict.problem.position == at["damage"]


def test_a_truncation_is_found_against_the_head_given() -> None:
    t, at = fight()
    whole = verify(t.events, t.records)
    assert whole.ok
    cut = at["heal"] - 1
    shorter_events = t.events[:cut]
    shorter_records = [r for r in t.records if r.last <= cut]
    assert verify(shorter_events, shorter_records).ok  # whole, as far as it goes
    verdict = verify(shorter_events, shorter_records, expected_head=whole.head)
    assert verdict.problem is not None and "never reaches the head given" in verdict.problem.message


def test_a_head_noted_before_later_events_is_reached_on_the_way() -> None:
    t, at = fight()
    noted = verify(t.events[: at["heal"]], [r for r in t.records if r.last <= at["heal"]]).head
    verdict = verify(t.events, t.records, expected_head=noted.upper())
    assert verdict.ok and "1 events were recorded since" in verdict.notes[0]


@pytest.mark.parametrize("head", ["garbage", "", "0" * 63])
def test_a_head_that_is_no_hash_is_refused(head: str) -> None:
    t, _ = fight()
    with pytest.raises(MalformedInput, match="64 hexadecimal digits"):
        verify(t.events, t.records, expected_head=head)


def test_seals_removed_after_sealed_records_are_found() -> None:
    t, at = fight()
    records = [msgspec.structs.replace(r, chain="") if r.first >= at["heal"] else r
               for r in t.records]  # fmt: skip
    verdict = verify(t.events, records)
    assert verdict.problem is not None and "its seal was removed" in verdict.problem.message


def test_a_plain_retraction_is_re_judged_as_the_retractions_alone() -> None:
    """A retraction recorded before consequences were drawn (no heading) stands as the
    retractions it recorded."""
    t, at = fight()
    t.do(Retract(position=at["note"], reason="no note"))  # nothing after it: no heading
    assert verify(t.events, t.records).ok


def test_an_untouched_session_re_judges_to_itself() -> None:
    t, _ = fight()
    verdict = verify(t.events, t.records)
    assert verdict.ok and verdict.rulings == len(t.records)
    assert verdict.events == len(t.events) - 1  # every event but the opening


def test_a_session_with_corrections_re_judges_to_itself() -> None:
    t, at = fight()
    t.do(Amend(position=at["attack"], changes={"raises": 1, "manoeuvres": ["increased_damage:1"]},
               reason="a raise for damage"), dice=FaceQueue([7]))  # fmt: skip
    t.do(Retract(position=at["heal"], reason="no healer"))
    t.do(Reinstate(position=at["heal"], reason="the healer was there"))
    verdict = verify(t.events, t.records)
    assert verdict.ok, verdict.problem and verdict.problem.diff()


def test_more_dice_drawn_fresh_by_an_amendment_are_re_judged_with_the_faces_it_drew() -> None:
    t, at = fight()
    more = Amend(position=at["attack"], changes={"raises": 1, "manoeuvres": ["increased_damage:1"]},
                 reason="a raise for damage")  # fmt: skip
    t.append(*_outcome(t, more, FaceQueue([7])))
    assert verify(t.events, t.records).ok
    # the fresh face edited in the revision's record: the damage no longer re-judges
    last = t.records[-1]
    t.records[-1] = msgspec.structs.replace(last, drawn=(*last.drawn[:-1], 10))
    assert not verify(t.events, t.records).ok


def _outcome(t: object, command: Amend, fresh: object) -> tuple[list[Event], list[CommandRecord]]:
    correction = t.correct(command, fresh=fresh)  # type: ignore[attr-defined]
    return correction.events, correction.records


def test_a_miss_edited_into_a_hit_is_found_at_the_attack() -> None:
    t, at = fight()
    resolved = at["attack"] + 2
    assert isinstance(t.events[resolved - 1].event, AttackResolved)
    events = edited(t.events, resolved, hit=False)
    verdict = verify(events, resealed(events, t.records))
    assert verdict.problem is not None and verdict.problem.position == at["attack"]
    assert "does not give the events recorded" in verdict.problem.message
    diff = verdict.problem.diff()
    assert '- "hit": false' in diff and '+ "hit": true' in diff


def test_wounds_edited_are_found_at_the_damage() -> None:
    t, at = fight()
    wounds = at["damage"] + 1
    assert isinstance(t.events[wounds - 1].event, WoundsTaken)
    events = edited(t.events, wounds, amount=5)
    verdict = verify(events, resealed(events, t.records))
    assert verdict.problem is not None and verdict.problem.position == at["damage"]
    assert '"amount": 5' in verdict.problem.diff()


def test_a_lowered_tn_is_found() -> None:
    t, at = fight()
    roll = t.events[at["attack"]].event
    assert isinstance(roll, DiceRolled)
    lowered = msgspec.structs.replace(roll.roll, tn=13)
    events = edited(t.events, at["attack"] + 1, roll=lowered)
    verdict = verify(events, resealed(events, t.records))
    assert verdict.problem is not None and verdict.problem.position == at["attack"]


def test_an_edited_input_is_found() -> None:
    t, at = fight()
    records = [
        msgspec.structs.replace(r, inputs=r.inputs | {"circumstances": -10})
        if r.first == at["attack"] else r
        for r in t.records
    ]  # fmt: skip
    assert not verify(t.events, records).ok


def test_an_event_no_command_gives_is_found() -> None:
    t, at = fight()
    records = [r for r in t.records if r.first != at["heal"]]
    verdict = verify(t.events, records)
    assert verdict.problem is not None and verdict.problem.position == at["heal"]
    assert "no recorded command" in verdict.problem.message


def test_a_ruling_the_rules_refuse_now_is_found() -> None:
    t, at = fight()
    records = [
        msgspec.structs.replace(r, inputs=r.inputs | {"character": "Nobody"})
        if r.first == at["heal"] else r
        for r in t.records
    ]  # fmt: skip
    verdict = verify(t.events, records)
    assert verdict.problem is not None and "the rules refuse it now" in verdict.problem.message


def test_a_session_without_records_is_not_verified() -> None:
    t, _ = fight()
    verdict = verify(t.events, [])
    assert verdict.unrecorded and not verdict.ok


@pytest.mark.parametrize("drop", ["first", "last"])
def test_a_record_of_the_dice_edited_is_found(drop: str) -> None:
    t, at = fight()
    records = [
        msgspec.structs.replace(r, drawn=r.drawn[1:] if drop == "first" else r.drawn[:-1])
        if r.first == at["attack"] else r
        for r in t.records
    ]  # fmt: skip
    assert not verify(t.events, records).ok


def stored_without(events: list[Recorded], field: str) -> list[Stored]:
    """The events as a Kiroku from before ``field`` existed would have stored them."""
    stored = []
    for recorded in events:
        payload = msgspec.to_builtins(recorded.event)
        payload.pop(field, None)
        stored.append(Stored(recorded.position, payload))
    return stored


def test_the_chain_holds_over_the_events_as_stored_when_a_type_gains_a_field() -> None:
    """A session recorded before events had a field (here ``reason``, read today at its
    default): its seals were made over what was stored then. Hashed as stored, the chain
    still holds; hashed as today's types read the events, every seal would break — so
    verify hashes what was stored, and an edit to that is still caught."""
    t, at = fight()
    stored = stored_without(t.events, "reason")
    session = t.session.opened.session
    records = seal(session, GENESIS, stored, t.records)[0]  # as they were sealed then
    assert verify(t.events, records, stored=stored).problem is None
    assert verify(t.events, records).problem is not None  # today's encoding: "reason": null
    forged = list(stored)
    forged[at["damage"]] = Stored(at["damage"] + 1, {**stored[at["damage"]].payload, "amount": 5})
    verdict = verify(t.events, records, stored=forged)
    assert verdict.problem is not None and verdict.problem.position == at["damage"]


def test_the_end_of_a_stream_is_checked_from_a_seal_without_reading_the_rest() -> None:
    """What a read checks (:func:`domain.session.chain.broken_seal`): from the seal of
    the heal on, the note's seal is met by the note as recorded, not by an edited one."""
    t, at = fight()
    [heal] = [r for r in t.records if r.first == at["heal"]]
    after = [r for r in t.records if r.first > heal.last]
    tail = [Stored(r.position, msgspec.to_builtins(r.event)) for r in t.events[heal.last :]]
    assert broken_seal("test-night", tail, after, heal.chain) is None
    note = msgspec.to_builtins(t.events[at["note"] - 1].event) | {"text": "the bandits surrender"}
    edited_tail = [*tail[:-1], Stored(at["note"], note)]
    assert broken_seal("test-night", edited_tail, after, heal.chain) == after[-1]
    assert broken_seal("test-night", tail, after, GENESIS) == after[0]  # from the wrong value


def test_a_ruling_the_rules_can_no_longer_apply_is_found_not_raised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Re-judging decides each ruling without the trial fold a new one gets (the events
    it gave are folded as recorded): a ruling whose events the rules now fail to fold is
    still reported at its place, never raised."""
    t, at = fight()
    healed = type(t.events[at["heal"] - 1].event)
    handlers = t.session.state.ruleset.fold_handlers()  # type: ignore[union-attr]

    def broken(state: object, event: object) -> None:
        raise KeyError("Bayushi Fumi")

    monkeypatch.setitem(handlers, healed, broken)
    verdict = verify(t.events, t.records)
    assert verdict.problem is not None and verdict.problem.position == at["heal"]
    assert "the l5r4e rules cannot apply it now (KeyError" in verdict.problem.message


class NoKey:
    """Signatures where no key is trusted: each signed seal is taken as it stands."""

    knows_a_key = False

    def __init__(self, every: bool) -> None:
        self.every = every

    def __call__(self, record: CommandRecord) -> str | None:
        return None


def test_a_store_s_records_must_all_be_sealed_and_signed() -> None:
    """A store seals and signs every ruling it records, so a record there without a
    seal or signature had it removed — even with the keys gone and every seal stripped
    (a file's may be from before signing: only a store's are held to it)."""
    t, _ = fight()
    unsigned = [msgspec.structs.replace(r, signature="") for r in t.records]
    assert check_signatures(unsigned, NoKey(every=False)) is None
    found = check_signatures(unsigned, NoKey(every=True))
    assert found is not None and "the signature was removed" in found.message
    assert "no key is trusted for the session here" in found.message
    bare = [msgspec.structs.replace(r, chain="") for r in unsigned]
    found = check_signatures(bare, NoKey(every=True))
    assert found is not None and "the seal was removed" in found.message
    assert found.position == min(r.first for r in t.records)
    signed = [msgspec.structs.replace(r, signature="k:s") for r in t.records]
    assert check_signatures(signed, NoKey(every=True)) is None
