"""A player's ruling her own view cannot decide (it waits on a declaration kept from her,
or names a character kept from her) is screened blind (:func:`domain.session.screen.
screen_ruling`): what weighs on it is all behind the GM's screen, nothing of it named,
and the numbers she reads still add up. Each ruleset's event with parts, one by one; a
whole flow is in ``tests/integration/test_screened_attacks.py``."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec

from domain.dice.narrative.roll import NarrativeRoll
from domain.dice.recorded import RecordedRoll
from domain.events import SCREEN
from domain.rulesets.l5r5e_house.events import CheckRolled, TnPart
from domain.rulesets.roll_keep_kit.events import DiceRolled
from domain.rulesets.roll_keep_kit.modifiers import Part

AT = datetime(2026, 12, 2, 19, 0, tzinfo=UTC)
WOUNDS = Part(source="Blessures (Nicked)", tn=3)
ARMOUR = Part(source="Light armour on agility", tn=5)
SKILL = Part(source="Kenjutsu", rolled=3)


def roll(**fields: object) -> DiceRolled:
    recorded = msgspec.convert(
        {"family": "roll_keep", "expression": "6k3", "rolled": 6, "kept": 3, "modifier": 0,
         "ten_dice_bonus": 0, "dice": [], "kept_dice": [], "total": 30, "tn": 28, "raises": 0,
         "free_raises": 0, "success": True},
        RecordedRoll,
    )  # fmt: skip
    return DiceRolled(actor="ana", at=AT, character="Akodo Kaneka", purpose="attack",
                      roll=recorded, **fields)  # type: ignore[arg-type]  # fmt: skip


def test_a_blind_roll_keeps_its_tn_and_names_none_of_its_parts() -> None:
    gm = roll(base_tn=20, parts=(SKILL, WOUNDS, ARMOUR))
    theirs = gm.screened_blind().for_players()
    assert isinstance(theirs, DiceRolled)
    assert theirs.base_tn == 20
    assert theirs.parts == (Part(source=SCREEN, rolled=3, tn=8),)
    assert theirs.roll == gm.roll  # the dice and the outcome, as they are
    assert gm.screened_blind().unscreened() == gm


def test_a_roll_without_parts_has_nothing_to_screen() -> None:
    gm = roll(base_tn=28)
    assert gm.screened_blind() is gm


def test_a_blind_check_holds_its_whole_tn_behind_the_screen() -> None:
    narrative = msgspec.convert(
        {"expression": "3r2s", "ring": 3, "skill": 2, "dice": [], "successes": 1,
         "opportunities": 0, "strife": 0, "tn": 3, "success": False},
        NarrativeRoll,
    )  # fmt: skip
    gm = CheckRolled(actor="ana", at=AT, character="Kakita Ryoku", skill="Martial Arts",
                     ring="fire", purpose="strike", roll=narrative,
                     tn_parts=(TnPart("Frapper", 2), TnPart("Posture de l'Air", 1)))  # fmt: skip
    theirs = gm.screened_blind().for_players()
    assert isinstance(theirs, CheckRolled)
    assert theirs.tn_parts == (TnPart(SCREEN, 3),)
    assert gm.screened_blind().unscreened() == gm
