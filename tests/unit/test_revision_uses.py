"""What a revision used is found on the corrected history (:mod:`domain.session.
revision_uses`): first among what the correction decided so far, the latest first, then
before the correction's place — each question asked of the history there once — and a
revision's pending positions become those its batch gives it."""

from __future__ import annotations

from domain.events import NoteTaken, Recorded
from domain.rulesets.base import Follows
from domain.session.record import Used
from domain.session.revision_uses import RevisionUses, pending
from tests.support import GM, Clock


def note(text: str, character: str = "Akodo Kaneka") -> NoteTaken:
    return NoteTaken(actor=GM, at=Clock()(), text=text, character=character)


NOTES = Follows("NoteTaken", {"character": "Akodo Kaneka"})


def test_the_latest_decided_so_far_is_found_before_the_history() -> None:
    asked: list[Follows] = []
    uses = RevisionUses(lambda wanted: asked.append(wanted) or 4)  # type: ignore[func-returns-value]
    uses.take([Recorded(20, note("kept")), Recorded(21, note("other", "Bayushi Fumi"))])
    assert uses.latest(NOTES) == 20 and not asked
    assert uses.latest(NOTES._replace(back=1)) == 4  # one found here: the one before it
    assert [w.back for w in asked] == [0]


def test_each_question_is_asked_of_the_history_before_once() -> None:
    asked: list[Follows] = []
    uses = RevisionUses(lambda wanted: asked.append(wanted) or None)  # type: ignore[func-returns-value]
    for _ in range(3):
        assert uses.latest(NOTES) is None
    assert uses.latest(NOTES._replace(fields={"character": "Bayushi Fumi"})) is None
    assert len(asked) == 2


def test_a_revision_s_pending_positions_become_those_of_its_batch() -> None:
    uses = RevisionUses(lambda wanted: None)
    uses.take([Recorded(pending(0, 1), note("revised"))])
    assert uses.latest(NOTES) == pending(0, 1)
    used = (Used(pending(1, 0), pending(0, 1), True), Used(pending(1, 1), 7))
    assert RevisionUses.resolved(used, [40, 43]) == (Used(43, 41, True), Used(44, 7))
    assert RevisionUses.resolved(None, [40]) is None
