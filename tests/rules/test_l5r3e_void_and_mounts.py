"""Issue 31's l5r3e rules, each test one sentence of the skirmish text: a Void point is
never spent on damage, encouragement from several companions at once (each held to the
rule's cap), and the Manoeuvres a rider may not choose. Each refusal quotes what it
refuses and records nothing."""

from __future__ import annotations

import msgspec
import pytest

from domain.errors import IllegalUnderRules
from domain.rulesets.l5r3e import commands as c
from domain.rulesets.l5r3e.events import VoidSpent
from domain.rulesets.roll_keep_kit.events import DiceRolled
from tests.replays.curate_3e import faces
from tests.rules.test_l5r3e_play import fumi_first, refused, view

# -- « NE PEUT PAS ETRE UTILISE POUR AUGMENTER UN JET DE DOMMAGES ! » ---------------------


@pytest.mark.parametrize(
    ("use", "flag"),
    [({"void": True}, "--void"), ({"void_raise": True}, "--void-raise"),
     ({"void_skill": True}, "--void-skill")],
)  # fmt: skip
def test_no_void_point_is_spent_on_a_damage_roll(use: dict[str, bool], flag: str) -> None:
    """« Utilisation sur 1 jet de dés : 1 SEUL point de Vide par jet ! … NE PEUT PAS ETRE
    UTILISE POUR AUGMENTER UN JET DE DOMMAGES ! »: whichever of the three a roll's point
    would buy, a damage roll refuses it, quoting the roll, and the point stays."""
    t = fumi_first()
    refused(
        t,
        msgspec.convert(
            {"character": "Bayushi Fumi", "expression": "5k2", "purpose": "damage", **use}, c.Roll
        ),
        IllegalUnderRules,
        f"'5k2' --purpose damage {flag}\\): .*NE PEUT PAS ETRE UTILISE POUR AUGMENTER UN JET "
        "DE DOMMAGES",
        dice=faces("9,9,9,9,9,9"),
    )
    assert view(t, "void")["Bayushi Fumi"]["left"] == 3


def test_the_same_damage_roll_without_void_is_recorded() -> None:
    """The refusal is the Void point's, not the damage roll's: 5k2 alone stands."""
    t = fumi_first()
    t.do(
        c.Roll(character="Bayushi Fumi", expression="5k2", purpose="damage"),
        dice=faces("9,8,1,1,1"),
    )
    rolled = t.events[-1].event
    assert isinstance(rolled, DiceRolled) and rolled.roll.total == 17
    assert not any(isinstance(r.event, VoidSpent) for r in t.events)


def test_void_on_any_other_roll_is_still_spent() -> None:
    """A point on a roll that is not damage: « +1g1 au jet »."""
    t = fumi_first()
    t.do(
        c.Roll(character="Bayushi Fumi", expression="5k2", purpose="other", void=True),
        dice=faces("9,8,1,1,1,1"),
    )
    assert view(t, "void")["Bayushi Fumi"]["left"] == 2
