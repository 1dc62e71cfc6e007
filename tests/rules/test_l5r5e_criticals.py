"""A critical strike's effects under ``l5r5e-house`` (issue 31): the published game's
critical table, which the house text refers to without holding it (« Les Résultats des
coups critiques selon leur gravité sont notés dans la table idoine »), each band and
each condition's rule as the published 5th edition reads it (:mod:`domain.rulesets.
l5r5e_house.afflictions`). Each critical here is the GM's (``kiroku hit --critical``),
met by a Fitness test that fails (blank faces), so its severity stands; « the ring »
is the resist check's, Daini's Water stance."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from adapters.replay_file import read_replay
from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.events import Event
from domain.rulesets.base import Campaigning
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.criticals import Severity
from domain.rulesets.l5r5e_house.events import CheckRolled, CriticalSuffered, DamageResolved
from domain.rulesets.l5r5e_house.injury_commands import Afflict, LoadCriticalTable, Treat
from domain.rulesets.l5r5e_house.injury_events import (
    INJURY_EVENT_TYPES,
    ArmourDamaged,
    Bled,
    BleedingBegan,
    DyingBegan,
    DyingCounted,
    Scarred,
    Treated,
    Wounded,
)
from domain.rulesets.l5r5e_house.sheet import Armour, FifthSheet, Rings, Skill
from domain.session.commands import Amend, JoinCharacter, Retract
from tests.replays.curate import REPLAYS
from tests.replays.curate_5e import faces, join, mirumoto_daini
from tests.rules.test_l5r5e_house import RULES, duel, view
from tests.support import RecordedTable, refused

DAINI = "Mirumoto Daini"
BLANKS = (1, 1, 1, 1, 1)
"""Daini's Fitness test in Water (3 ring dice, Fitness 2): five blanks, a failure."""


def critical(t: RecordedTable, severity: int, *, fitness: tuple[int, ...] = BLANKS) -> list[Event]:
    """A critical of ``severity`` dealt to Daini and met: the events of his resist."""
    t.do(c.DealHit(character=DAINI, critical=severity, source="the GM's table"))
    return [r.event for r in t.do(c.Resist(character=DAINI), dice=faces(*fitness), actor="ben")]


def after(events: list[Event]) -> list[Event]:
    """The effects: what follows the critical in its batch."""
    index = next(i for i, e in enumerate(events) if isinstance(e, CriticalSuffered))
    return events[index + 1 :]


def conditions(t: RecordedTable, who: str = DAINI) -> Any:
    return view(t, "fighters")[who]["conditions"]


def armoured() -> FifthSheet:
    return msgspec.structs.replace(mirumoto_daini(), armour=Armour("Lacquered armour", 3))


# -- the table, band by band -------------------------------------------------------------------


@pytest.mark.parametrize("severity", [0, 1, 2])
def test_a_close_call_damages_the_worn_armour(severity: int) -> None:
    """0–2, Close call: the target's worn armour is Damaged, −2 to its resistance."""
    t = duel(daini=armoured())
    [damaged] = after(critical(t, severity))
    assert isinstance(damaged, ArmourDamaged) and not damaged.destroyed
    assert damaged.resistance == 1
    assert conditions(t)["armour"] == {
        "name": "Lacquered armour", "state": "Damaged", "resistance": 1,
    }  # fmt: skip


def test_armour_damaged_twice_is_destroyed_and_resists_nothing() -> None:
    t = duel(daini=armoured())
    critical(t, 0)
    [destroyed] = after(critical(t, 2))
    assert isinstance(destroyed, ArmourDamaged) and destroyed.destroyed
    t.do(c.DealHit(character=DAINI, damage=5, deadliness=3, source="a rock"))
    [met] = [r.event for r in t.do(c.Resist(character=DAINI), actor="ben")]
    assert isinstance(met, DamageResolved) and (met.resistance, met.fatigue) == (0, 5)


def test_a_close_call_on_a_character_without_armour_leaves_no_mark() -> None:
    t = duel()
    assert after(critical(t, 1)) == []


@pytest.mark.parametrize("severity", [3, 4])
def test_a_flesh_wound_leaves_the_resisting_ring_lightly_wounded(severity: int) -> None:
    """3–4, Flesh wound: Lightly Wounded on the ring of the resist check (the stance's)."""
    t = duel()
    [wounded] = after(critical(t, severity))
    assert isinstance(wounded, Wounded)
    assert (wounded.ring, wounded.level, wounded.worsened) == ("water", "lightly", False)
    assert conditions(t)["wounds"] == {"water": "lightly"}


@pytest.mark.parametrize("severity", [5, 6])
def test_a_debilitating_gash_leaves_it_severely_wounded(severity: int) -> None:
    t = duel()
    [wounded] = after(critical(t, severity))
    assert isinstance(wounded, Wounded) and (wounded.ring, wounded.level) == ("water", "severely")


@pytest.mark.parametrize("severity", [7, 8])
def test_a_permanent_injury_bleeds_and_scars_the_ring(severity: int) -> None:
    t = duel()
    bleeding, scarred = after(critical(t, severity))
    assert isinstance(bleeding, BleedingBegan) and isinstance(scarred, Scarred)
    assert (scarred.ring, scarred.scar) == ("water", "scar")
    assert scarred.disadvantage == "Scarred (water)"
    assert conditions(t)["bleeding"]
    assert conditions(t)["disadvantages"] == [{"name": "Scarred (water)", "ring": "water"}]


@pytest.mark.parametrize("severity", [9, 10, 11])
def test_a_maiming_blow_bleeds_and_leaves_a_worse_scar(severity: int) -> None:
    t = duel()
    bleeding, scarred = after(critical(t, severity))
    assert isinstance(bleeding, BleedingBegan) and isinstance(scarred, Scarred)
    assert (scarred.scar, scarred.disadvantage) == ("maimed", "Maimed (water)")


@pytest.mark.parametrize(("severity", "rounds"), [(12, 3), (13, 3), (14, 1), (15, 1)])
def test_the_agonizing_and_the_swift_deaths_are_dying_not_dead(severity: int, rounds: int) -> None:
    """12–13 Agonizing death: Severely Wounded, Bleeding, Dying 3 rounds; 14–15 Swift
    death: the same, Dying 1 round — not dead at once: the table can still save him."""
    t = duel()
    effects = after(critical(t, severity))
    assert [type(e) for e in effects] == [Wounded, BleedingBegan, DyingBegan]
    assert isinstance(effects[2], DyingBegan) and effects[2].rounds == rounds
    fighter = view(t, "fighters")[DAINI]
    assert not fighter["dead"] and fighter["conditions"]["dying"] == rounds


@pytest.mark.parametrize("severity", [16, 25])
def test_an_instant_death_kills_at_once(severity: int) -> None:
    t = duel()
    events = critical(t, severity)
    assert after(events) == []
    assert view(t, "fighters")[DAINI]["dead"]


# -- the conditions' rules ------------------------------------------------------------------


def test_a_second_light_wound_on_a_ring_makes_it_severely_wounded() -> None:
    t = duel()
    critical(t, 3)
    [wounded] = after(critical(t, 4))
    assert isinstance(wounded, Wounded)
    assert (wounded.level, wounded.worsened) == ("severely", True)


def test_a_further_wound_on_a_severely_wounded_ring_takes_a_permanent_injury() -> None:
    """Severity 8's effects: Bleeding and a scar of the ring, said to come from the wound."""
    t = duel()
    critical(t, 5)
    bleeding, scarred = after(critical(t, 3))
    assert isinstance(bleeding, BleedingBegan)
    assert isinstance(scarred, Scarred) and scarred.from_wound and scarred.ring == "water"
    assert conditions(t)["wounds"] == {"water": "severely"}


def test_a_wounded_ring_raises_its_checks_tn_by_one_lightly_three_severely() -> None:
    t = duel()
    critical(t, 3)
    t.do(c.Check(character=DAINI, skill="Fitness", ring="water", tn=2), dice=faces(*BLANKS))
    rolled = t.events[-1].event
    assert isinstance(rolled, CheckRolled) and rolled.roll.tn == 3
    assert rolled.tn_parts[-1].source == "Lightly Wounded (water)"
    critical(t, 5)
    t.do(c.Check(character=DAINI, skill="Fitness", ring="water", tn=2), dice=faces(*BLANKS))
    rolled = t.events[-1].event
    assert isinstance(rolled, CheckRolled) and rolled.roll.tn == 5


def test_another_ring_s_checks_are_not_raised() -> None:
    """Outside a confrontation the Fitness test's ring is the one chosen (« l'anneau de
    son choix au cours d'une scène narrative »): Water wounded, Fire not."""
    t = RecordedTable("narrative", "l5r5e-house")
    t.do(join(mirumoto_daini(), "ben"))
    t.do(c.DealHit(character=DAINI, critical=3, source="a fall"))
    t.do(c.Resist(character=DAINI, ring="water"), dice=faces(*BLANKS), actor="ben")
    assert conditions(t)["wounds"] == {"water": "lightly"}
    t.do(c.Check(character=DAINI, skill="Fitness", ring="fire", tn=2), dice=faces(1, 1, 1, 1))
    rolled = t.events[-1].event
    assert isinstance(rolled, CheckRolled) and rolled.roll.tn == 2


def test_bleeding_deals_the_strife_kept_on_each_check_past_any_armour() -> None:
    """Bleeding: on each check, physical damage equal to the strife kept, resistance
    ignored — owed, and met like any hit."""
    t = duel(daini=armoured())
    critical(t, 7)
    # Water 3: two ring dice showing success and strife (4) kept, a blank
    done = [r.event for r in t.do(c.Check(character=DAINI, skill="Fitness", ring="water", tn=1,
                                          keep="0,1"), dice=faces(4, 4, 1, 1, 1))]  # fmt: skip
    rolled, bled = done
    assert isinstance(rolled, CheckRolled) and rolled.roll.strife == 2
    assert isinstance(bled, Bled) and bled.damage == 2
    [met] = [r.event for r in t.do(c.Resist(character=DAINI), actor="ben")]
    assert isinstance(met, DamageResolved) and (met.resistance, met.fatigue) == (0, 2)


def test_a_check_without_strife_bleeds_nothing() -> None:
    t = duel()
    critical(t, 7)
    done = t.do(c.Check(character=DAINI, skill="Fitness", ring="water", tn=1), dice=faces(*BLANKS))
    assert [type(r.event) for r in done] == [CheckRolled]


def healer() -> FifthSheet:
    """Asahina Tomo, a healer beside the duel: Water 3, Medicine 3."""
    return FifthSheet(name="Asahina Tomo", rings=Rings(air=2, earth=2, fire=2, water=3, void=2),
                      skills=(Skill("Medicine", 3),))  # fmt: skip


def test_medicine_stops_bleeding_at_tn_2() -> None:
    t = duel()
    t.do(join(healer(), "cy"))
    critical(t, 8)
    failed = t.do(Treat(character="Asahina Tomo", patient=DAINI, condition="bleeding",
                        ring="water"), dice=faces(5, 1, 1, 1, 1, 1))  # fmt: skip
    assert isinstance(failed[-1].event, Treated) and not failed[-1].event.success
    assert conditions(t)["bleeding"]
    done = t.do(Treat(character="Asahina Tomo", patient=DAINI, condition="bleeding",
                      ring="water"), dice=faces(5, 5, 1, 1, 1, 1))  # fmt: skip
    treated = done[-1].event
    assert isinstance(treated, Treated) and treated.success and treated.tn == 2
    assert not conditions(t)["bleeding"]


def test_medicine_stops_dying_at_tn_4_and_the_saved_live_on() -> None:
    t = duel()
    t.do(join(healer(), "cy"))
    critical(t, 14)
    done = t.do(Treat(character="Asahina Tomo", patient=DAINI, condition="dying", ring="water"),
                dice=faces(5, 5, 1, 12, 1, 1, 9))  # fmt: skip
    treated = done[-1].event
    assert isinstance(treated, Treated) and treated.success and treated.tn == 4
    t.do(c.NextTurn())
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    assert not view(t, "fighters")[DAINI]["dead"]


def test_dying_counts_down_as_rounds_begin_and_kills_at_0() -> None:
    t = duel()
    critical(t, 12)
    for left in (2, 1):
        t.do(c.NextTurn())
        t.do(c.NextTurn(), actor="ben")
        counted = next(r.event for r in t.do(c.StartRound()))
        assert isinstance(counted, DyingCounted) and counted.rounds_left == left
        assert not view(t, "fighters")[DAINI]["dead"]
    t.do(c.NextTurn())
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    assert view(t, "fighters")[DAINI]["dead"]
    assert view(t, "confrontation")["order"][-1]["character"] == "Kakita Ryoku"


def test_a_treatment_of_what_the_patient_does_not_have_is_refused() -> None:
    t = duel()
    t.do(join(healer(), "cy"))
    treat = Treat(character="Asahina Tomo", patient=DAINI, condition="bleeding", ring="water")
    refused(t, treat, IllegalUnderRules, "Mirumoto Daini is not Bleeding", dice=faces(5))
    refused(t, Treat(character="Asahina Tomo", patient="Nobody", condition="dying",
                     ring="water"), NotFound, "Nobody", dice=faces(5))  # fmt: skip


def test_scars_are_disadvantages_carried_to_the_next_session() -> None:
    t = duel()
    critical(t, 9)
    t.do(join(healer(), "cy"))
    t.do(Treat(character="Asahina Tomo", patient=DAINI, condition="bleeding", ring="water"),
         dice=faces(5, 5, 1, 1, 1, 1))  # fmt: skip
    assert isinstance(RULES, Campaigning)
    carried = RULES.carried(t.session.table, DAINI, None)
    assert [(d.name, d.ring) for d in carried.disadvantages] == [("Maimed (water)", "water")]
    after_session = RecordedTable("next", "l5r5e-house")
    after_session.do(JoinCharacter(sheet=msgspec.to_builtins(carried), player="ben"))
    assert conditions(after_session)["disadvantages"] == [
        {"name": "Maimed (water)", "ring": "water"}
    ]


# -- the GM's table, and corrections --------------------------------------------------------


def test_under_the_gm_s_table_a_critical_has_no_effect_but_the_gm_s_ruling() -> None:
    t = duel(options={"critical_table": "gm"})
    assert after(critical(t, 8)) == []
    [wounded] = [r.event for r in t.do(Afflict(character=DAINI, effect="lightly-wounded",
                                               ring="air", source="their own table"))]  # fmt: skip
    assert isinstance(wounded, Wounded) and wounded.ring == "air"


def test_an_affliction_missing_its_ring_or_with_nothing_to_afflict_is_refused_quoting_it() -> None:
    t = duel()
    refused(t, Afflict(character=DAINI, effect="scar"), MalformedInput, "afflict 'scar'")
    refused(t, Afflict(character=DAINI, effect="armour-damaged"), IllegalUnderRules,
            "no armour")  # fmt: skip


def test_retracting_the_critical_retracts_its_effects() -> None:
    t = duel()
    t.do(c.DealHit(character=DAINI, critical=12, source="a falling beam"))
    hit = t.events[-1].position
    t.do(c.Resist(character=DAINI), dice=faces(*BLANKS), actor="ben")
    assert conditions(t)["dying"] == 3
    t.do(Retract(position=hit, reason="the beam never fell"))
    assert conditions(t) | {"armour": None} == {
        "wounds": {}, "bleeding": False, "dying": None, "armour": None, "disadvantages": [],
    }  # fmt: skip


def test_amending_the_critical_s_severity_amends_its_effects() -> None:
    t = duel()
    t.do(c.DealHit(character=DAINI, critical=12, source="a falling beam"))
    hit = t.events[-1].position
    t.do(c.Resist(character=DAINI), dice=faces(*BLANKS), actor="ben")
    t.do(Amend(position=hit, changes={"critical": 3}, reason="the beam only grazed him"))
    assert conditions(t)["wounds"] == {"water": "lightly"}
    assert conditions(t)["dying"] is None and not conditions(t)["bleeding"]


def test_the_dying_are_not_carried_to_the_next_session() -> None:
    t = duel()
    critical(t, 12)
    assert isinstance(RULES, Campaigning)
    with pytest.raises(IllegalUnderRules, match=r"Mirumoto Daini is Dying \(3 round\(s\) left\)"):
        RULES.carried(t.session.table, DAINI, None)


def test_a_recorded_effect_that_does_not_add_up_is_refused() -> None:
    """A file imported without its records (``--unverified``) is held to what a command
    gives: Destroyed armour keeps no resistance, Medicine's TN is its condition's."""
    t = duel(daini=armoured())
    critical(t, 0)
    [destroyed] = after(critical(t, 1))
    assert isinstance(destroyed, ArmourDamaged)
    RULES.verify(destroyed)
    with pytest.raises(MalformedInput, match="Destroyed armour has none"):
        RULES.verify(msgspec.structs.replace(destroyed, resistance=2))
    treated = Treated(actor="sensei", at=destroyed.at, character=DAINI, patient=DAINI,
                      condition="dying", tn=3, success=True)  # fmt: skip
    with pytest.raises(MalformedInput, match="Medicine on dying at TN 3"):
        RULES.verify(treated)
    RULES.verify(msgspec.structs.replace(treated, tn=7))


def house_table() -> tuple[Severity, ...]:
    """A GM's own table: 0–5 a bleeding scratch, 6–9 maimed, 10+ dead."""
    return (
        Severity(0, 5, "Scratch", effects=("bleeding",)),
        Severity(6, 9, "Crippled", effects=("maimed",)),
        Severity(10, None, "Slain", effects=("dead",)),
    )


def test_a_gm_s_own_critical_table_replaces_the_published_one() -> None:
    """DESIGN: a table the text refers to without holding it is data the GM can supply."""
    t = duel()
    t.do(LoadCriticalTable(rows=house_table()))
    events = critical(t, 4)
    [suffered] = [e for e in events if isinstance(e, CriticalSuffered)]
    assert suffered.result == "Scratch"
    assert [type(e) for e in after(events)] == [BleedingBegan]
    critical(t, 12)
    assert view(t, "fighters")[DAINI]["dead"]


@pytest.mark.parametrize(
    ("rows", "says"),
    [
        ((), "at least one band"),
        ((Severity(1, None, "Late"),), "it should start at 0"),
        ((Severity(0, 4, "A"), Severity(6, None, "B")), "it should start at 5"),
        ((Severity(0, 4, "A"),), "only the last is open"),
        ((Severity(0, None, "A"), Severity(1, None, "B")), "only the last is open"),
        ((Severity(0, None, "A", effects=("dying",)),), "dying_rounds .1 to 10. with « dying »"),
    ],
)
def test_a_critical_table_with_a_gap_or_no_open_end_is_refused_quoting_it(
    rows: tuple[Severity, ...], says: str
) -> None:
    t = duel()
    refused(t, LoadCriticalTable(rows=rows), MalformedInput, says)


def test_every_effect_event_is_played_in_a_curated_replay() -> None:
    """The conformance kit checks the line of every event of the curated replays
    (``it_has_curated_replays``, :mod:`tests.lines`): each effect's event is among them,
    so each has its line checked for the numbers it holds."""
    played: set[type[Event]] = set()
    for path in sorted(REPLAYS.glob("l5r5e-house-*.jsonl")):
        _, events = read_replay(path, recompute_rolls=False)
        played |= {type(r.event) for r in events}
    assert set(INJURY_EVENT_TYPES) <= played, set(INJURY_EVENT_TYPES) - played


def test_under_the_gm_s_rulings_an_instant_death_still_kills() -> None:
    t = duel(options={"critical_table": "gm"})
    critical(t, 16)
    assert view(t, "fighters")[DAINI]["dead"]


def test_a_second_critical_in_one_resist_feels_the_wound_the_first_gave() -> None:
    """A strike's two opportunities carry a critical, and Daini spends a Void point to
    take the damage as another: two Fitness tests in Water, one after the other. The
    first's Debilitating gash leaves Water Severely Wounded, +3 TN on its checks — the
    second Fitness test among them."""
    t = duel()
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    # Fire 3: a success and two successes with an opportunity kept
    t.do(c.Strike(character="Kakita Ryoku", target=DAINI, keep="0,3,4"),
         dice=faces(5, 5, 1, 10, 10, 1))  # fmt: skip
    done = [r.event for r in t.do(c.Resist(character=DAINI, take_critical=True),
                                  dice=faces(*BLANKS, *BLANKS), actor="ben")]  # fmt: skip
    first, second = [e for e in done if isinstance(e, CheckRolled)]
    assert (first.roll.tn, second.roll.tn) == (1, 4)
    assert second.tn_parts[-1].source == "Severely Wounded (water)"
