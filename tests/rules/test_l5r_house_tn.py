"""A TN to be hit the GM sets, in the house combat flow (issue 31). The text gives the TN
as « ND actuel » (Reflexes × 5 + 5 and the armour, the published game's reading) and
lowers it only by the Assault, « son ND est réduit de 15, avec pour minimum 5+ armure »;
a circumstance or another base is the GM's ruling: an event with its reason, shown in
``state``, lifted by the GM, corrected as any ruling is — and the Assault's floor holds
against it."""

from __future__ import annotations

from typing import Any

from domain.errors import IllegalUnderRules, KirokuError, MalformedInput, NotAllowed
from domain.events import RulingsCorrected
from domain.rulesets import load_ruleset
from domain.rulesets.l5r_house import commands as c
from domain.rulesets.l5r_house.events import AttackMade, TnLifted, TnRuled
from domain.rulesets.roll_keep_kit.character import Armour, Skill
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.session.commands import Amend, Retract
from tests.replays.curate_3e import faces, queue
from tests.replays.curate_house import YARI, samurai
from tests.replays.kit_4e import join
from tests.support import RecordedTable, refused

RULES = load_ruleset("l5r-house")


def defence(t: RecordedTable, name: str) -> Any:
    return RULES.views["defence"](t.session.table)[name]


def duel(armour: Armour | None = None) -> RecordedTable:
    """Kaneka (ana's, 12) against Tsuneo (ben's, 8; Reflexes 3: TN 20 and his armour),
    round 1 begun."""
    t = RecordedTable("house", "l5r-house")
    t.do(join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),)), "ana"))
    tsuneo = samurai("Hida Tsuneo", skills=(Skill("Spears", 3),), weapon=YARI, armour=armour)
    t.do(join(tsuneo, "ben"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Kaneka", weapon="Katana"), dice=faces("6"))
    t.do(c.RollInitiative(character="Hida Tsuneo", weapon="Yari"), dice=faces("5,4"))
    t.do(c.StartRound())
    return t


def kaneka_attacks(t: RecordedTable) -> AttackMade:
    """Each declares an attack on the other; Kaneka's, the faster, is made: her 6k3 keeps
    9 + 8 + 7 = 24."""
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"),
         actor="ben")  # fmt: skip
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"), actor="ana")
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("9,8,7,3,1,1"), actor="ana")
    made = t.events[-1].event
    assert isinstance(made, AttackMade)
    return made


def test_a_circumstance_the_gm_rules_adds_to_the_tn_with_its_reason() -> None:
    t = duel()
    t.do(c.RuleTn(character="Hida Tsuneo", modifier=5, reason="in the reeds"))
    ruled = t.events[-1].event
    assert isinstance(ruled, TnRuled) and (ruled.modifier, ruled.reason) == (5, "in the reeds")
    assert defence(t, "Hida Tsuneo") == {
        "tn": 25,
        "parts": [
            {"source": "Réflexes × 5 + 5", "value": 20},
            {"source": "MJ (in the reeds)", "value": 5},
        ],
        "ruling": {"modifier": 5, "base": None, "reason": "in the reeds"},
    }
    made = kaneka_attacks(t)
    assert (made.tn, made.total, made.hit) == (25, 24, False)  # 20 would have been hit
    assert Part(source="MJ (in the reeds)", tn=5) in made.tn_parts


def test_a_base_of_the_gm_s_stands_in_place_of_reflexes_and_the_armour_still_counts() -> None:
    t = duel(armour=Armour("Light", 5, 1))
    t.do(c.RuleTn(character="Hida Tsuneo", base=5, reason="asleep in his armour"))
    assert defence(t, "Hida Tsuneo")["parts"] == [
        {"source": "base du MJ (asleep in his armour)", "value": 5},
        {"source": "Light", "value": 5},
    ]
    assert defence(t, "Hida Tsuneo")["tn"] == 10


def test_the_assault_s_floor_holds_against_the_gm_s_ruling() -> None:
    """« son ND est réduit de 15, avec pour minimum 5+ armure »: Kaneka's own TN in her
    Assault, with the GM's −10 for the mud (20 − 10 = 10 + her armour 5 = 15), falls by
    only 5 — to 10, the floor of 5 + armour — not by 15."""
    t = duel()
    t.do(join(samurai("Matsu Hiroko", armour=Armour("Light", 5, 1)), "cat"))
    t.do(c.RuleTn(character="Matsu Hiroko", modifier=-10, reason="knee-deep in mud"))
    assert defence(t, "Matsu Hiroko")["tn"] == 15
    raised = duel()
    raised.do(c.RuleTn(character="Akodo Kaneka", modifier=-10, reason="knee-deep in mud"))
    raised.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"),
              actor="ben")  # fmt: skip
    raised.do(c.Declare(character="Akodo Kaneka", action="assault", target="Hida Tsuneo"),
              actor="ana")  # fmt: skip
    kaneka = defence(raised, "Akodo Kaneka")
    assert kaneka["tn"] == 5  # 20 − 10 = 10, the Assault takes 5: the floor is 5 + no armour
    assert kaneka["parts"][-1] == {"source": "Assaut (ND −15, minimum 5 + armure)", "value": -5}


def test_the_gm_lifts_the_ruling_and_the_tn_is_the_text_s_again() -> None:
    t = duel()
    refused(t, c.LiftTn(character="Hida Tsuneo"), IllegalUnderRules, "no ruling stands")
    t.do(c.RuleTn(character="Hida Tsuneo", modifier=10, reason="behind a screen"))
    t.do(c.RuleTn(character="Hida Tsuneo", modifier=5, reason="the screen torn"))
    assert defence(t, "Hida Tsuneo")["tn"] == 25  # the latest ruling replaces the standing one
    t.do(c.LiftTn(character="Hida Tsuneo", reason="he steps out"))
    lifted = t.events[-1].event
    assert isinstance(lifted, TnLifted) and lifted.modifier == 5
    assert defence(t, "Hida Tsuneo") == {
        "tn": 20,
        "parts": [{"source": "Réflexes × 5 + 5", "value": 20}],
    }


def test_a_ruling_is_the_gm_s_says_why_and_gives_something() -> None:
    t = duel()
    refused(t, c.RuleTn(character="Hida Tsuneo", modifier=5, reason="fog"), NotAllowed,
            "rule a TN", actor="ana")  # fmt: skip
    refused(t, c.RuleTn(character="Hida Tsuneo", modifier=5), MalformedInput, "--reason")
    refused(t, c.RuleTn(character="Hida Tsuneo", reason="fog"), MalformedInput,
            "gives --modifier")  # fmt: skip
    refused(t, c.RuleTn(character="Nobody", modifier=5, reason="fog"), KirokuError,
            "no character 'Nobody'")  # fmt: skip
    refused(t, c.LiftTn(character="Hida Tsuneo"), NotAllowed, "lift", actor="ben")


def test_retracting_the_ruling_decides_the_attack_again_without_it() -> None:
    """A ruling is corrected as any is: the attack decided on it (25: a miss at 24) is
    decided again on Tsuneo's TN of 20 — a hit — in the retraction's batch."""
    t = duel()
    t.do(c.RuleTn(character="Hida Tsuneo", modifier=5, reason="in the reeds"))
    ruling = t.events[-1].position
    made = kaneka_attacks(t)
    assert (made.tn, made.total, made.hit) == (25, 24, False)
    t.do(Retract(position=ruling, reason="there were no reeds"))
    corrected = [r.event for r in t.events if isinstance(r.event, RulingsCorrected)][-1]
    assert corrected.ruling == ruling and corrected.revised
    again = t.events[-1].event
    assert isinstance(again, AttackMade) and (again.tn, again.hit) == (20, True)
    assert "ruling" not in defence(t, "Hida Tsuneo")


def test_amending_the_ruling_decides_the_attack_again_on_the_new_figure() -> None:
    t = duel()
    t.do(c.RuleTn(character="Hida Tsuneo", modifier=5, reason="in the reeds"))
    ruling = t.events[-1].position
    kaneka_attacks(t)
    t.do(Amend(position=ruling, changes={"modifier": 3}, reason="thin reeds"))
    again = t.events[-1].event
    assert isinstance(again, AttackMade) and (again.tn, again.hit) == (23, True)
    assert defence(t, "Hida Tsuneo")["ruling"]["modifier"] == 3
