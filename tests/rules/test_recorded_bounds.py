"""A recorded event no command gave is held to the arithmetic a command would give it
(issue 28, item 2), in the 5e house confrontations and in Les Errants d'Ukiyo as in the
roll & keep rulesets: every event of their curated replays adds up, and an edited one
is refused, naming what does not add up."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from adapters.replay_file import read_replay
from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets import load_ruleset
from domain.rulesets.l5r5e_house.events import CriticalSuffered, DamageResolved, StrifeTaken
from domain.rulesets.ukiyo.events import WoundsTaken

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
CURATED = sorted(p for p in REPLAYS.glob("*.jsonl") if p.stem.startswith(("l5r5e", "ukiyo")))


@pytest.mark.parametrize("path", CURATED, ids=[p.stem for p in CURATED])
def test_every_event_of_a_curated_session_adds_up(path: Path) -> None:
    header, events = read_replay(path)
    ruleset = load_ruleset(header.ruleset)
    for recorded in events:
        ruleset.verify(recorded.event)


def first(path: str, kind: type[Event]) -> Event:
    _, events = read_replay(REPLAYS / path)
    return next(r.event for r in events if isinstance(r.event, kind))


def refused(ruleset: str, event: Event, says: str) -> None:
    with pytest.raises(MalformedInput, match=says):
        load_ruleset(ruleset).verify(event)


def test_damage_past_the_armour_is_defended_as_fatigue_or_taken_as_a_critical() -> None:
    """« DEGATS »: the resistance comes off first; what is left is the fatigue, unless a
    critical was taken instead."""
    met = first("l5r5e-house-skirmish.jsonl", DamageResolved)
    assert isinstance(met, DamageResolved)
    more = msgspec.structs.replace(met, fatigue=met.fatigue + 3, critical=None)
    refused("l5r5e-house", more, "defended as fatigue or taken as a critical")
    none = msgspec.structs.replace(met, damage=met.resistance + 4, fatigue=0, critical=None)
    refused("l5r5e-house", none, "leaves 4 past the armour")
    load_ruleset("l5r5e-house").verify(msgspec.structs.replace(none, critical=3))  # taken


def test_a_critical_is_lessened_never_worsened_and_amounts_are_bounded() -> None:
    critical = CriticalSuffered(
        actor="gm", at=first("l5r5e-house-duel.jsonl", Event).at, character="Ronin",
        severity=5, lessened_to=7, result="Debilitating Gash",
    )  # fmt: skip
    refused("l5r5e-house", critical, "lessened to 7 from 5")
    strife = StrifeTaken(actor="gm", at=critical.at, character="Ronin", amount=10**6)
    refused("l5r5e-house", strife, "amount of 1000000: a command gives 0 to 10,000")


def test_an_ukiyo_wound_fits_the_four_boxes() -> None:
    """« une partie blessures avec quatre cases à cocher »."""
    at = first("ukiyo-tengu-wasari.jsonl", Event).at
    wound = WoundsTaken(actor="gm", at=at, character="Tengu", count=5, wounds=5, source="gm")
    refused("ukiyo", wound, "a character has 4 wound boxes")
    load_ruleset("ukiyo").verify(msgspec.structs.replace(wound, count=1, wounds=1))
