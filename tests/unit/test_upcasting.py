"""Old events stay readable: an upcaster turns version N of an event into version N + 1."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from adapters.codec import codec_for
from domain.dice.roll_keep.roll import RollOptions
from domain.errors import MalformedInput
from domain.rulesets.l5r4e.events import WoundsTaken
from domain.upcasting import UPCASTERS

OLD = (
    b'{"type":"WoundsTaken","actor":"gm","at":"2026-11-29T19:00:00Z","schema_version":1,'
    b'"character":"Akodo Kaneka","wounds":5}'
)


@pytest.fixture
def wounds_v2(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend WoundsTaken is at schema 2, whose v1 called ``amount`` ``wounds``."""

    def rename(raw: dict[str, Any]) -> dict[str, Any]:
        raw["amount"] = raw.pop("wounds")
        return raw

    monkeypatch.setattr(WoundsTaken, "schema", 2)
    monkeypatch.setitem(UPCASTERS, ("WoundsTaken", 1), rename)


@pytest.mark.usefixtures("wounds_v2")
def test_a_version_1_event_is_read_as_the_current_version() -> None:
    event = codec_for("l5r4e").decode(OLD)
    assert isinstance(event, WoundsTaken)
    assert (event.amount, event.schema_version) == (5, 2)


def test_without_an_upcaster_an_old_shape_is_refused_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(WoundsTaken, "schema", 2)
    with pytest.raises(MalformedInput, match="WoundsTaken: no upcaster from schema_version 1"):
        codec_for("l5r4e").decode(OLD)


def test_an_event_from_a_newer_kiroku_is_refused() -> None:
    newer = OLD.replace(b'"schema_version":1', b'"schema_version":9')
    with pytest.raises(MalformedInput, match="schema_version 9 is newer"):
        codec_for("l5r4e").decode(newer)


def test_a_roll_is_recorded_with_its_dice_family_and_an_old_one_reads_without() -> None:
    """``DiceRolled.roll`` is a tagged union of the dice families; rolls recorded before
    the tag existed (every curated replay's) read as roll & keep."""
    from domain.rulesets.l5r4e.dice import roll
    from domain.rulesets.l5r4e.events import DiceRolled
    from tests.support import T0, Scripted

    rolled = roll("2k1", RollOptions(), Scripted(4, 7))
    event = DiceRolled(actor="gm", at=T0, character=None, purpose="other", roll=rolled)
    encoded = msgspec.json.encode(event)
    assert b'"roll":{"family":"roll_keep",' in encoded
    old = encoded.replace(b'"family":"roll_keep",', b"")
    assert codec_for("l5r4e").decode(old) == event
