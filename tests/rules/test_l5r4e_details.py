"""4e details that a GM checks at the table: each with the rule it comes from."""

from __future__ import annotations

from typing import Any

import pytest

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.errors import IllegalUnderRules
from domain.rulesets.l5r4e import afflictions, attacks, battle, recovery
from domain.rulesets.l5r4e.events import (
    BattleEntry,
    BattleStatusSet,
    DiceRolled,
    StandingChanged,
    VoidPointsRegained,
)
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.l5r4e.skills import skill_roll
from domain.rulesets.roll_keep_kit.character import Skill, Weapon
from tests.support import Scripted, Table


def in_round(**first: object) -> Table:
    table = Table()
    table.join("First", "p1", **first)
    table.join("Second", "p2", armour=None)
    table.do(Play.start_combat)
    table.do(Play.roll_initiative, character="First", dice=Scripted(*[9] * 9))
    table.do(Play.roll_initiative, character="Second", dice=Scripted(*[2] * 9))
    table.do(Play.start_round)
    return table


def test_an_emphasis_only_on_a_skill_the_character_has_one_in() -> None:
    table = Table()
    table.join("A", "p1", skills=(Skill("Etiquette", 2),))
    with pytest.raises(IllegalUnderRules, match="no emphasis in 'Etiquette'"):
        table.do(
            skill_roll,
            character="A",
            skill="Etiquette",
            trait="awareness",
            options=RollOptions(emphasis=True),
            dice=Scripted(),
        )


def test_fasting_from_the_second_day_and_fatigue_add_to_skill_tns() -> None:
    """« Après 48h, +5 au ND … +5 supplémentaire par jour »; fatigue « +5 … +5 par jour »."""
    table = Table()
    table.join("A", "p1", armour=None)
    table.do(afflictions.apply_condition, character="A", condition="fasting", level=3)
    table.do(afflictions.apply_condition, character="A", condition="fatigued", level=1)
    events = table.do(
        skill_roll,
        character="A",
        skill="Etiquette",
        trait="awareness",
        options=RollOptions(tn=15),
        dice=Scripted(*[5] * 9),
    )
    rolled = events[-1]
    assert isinstance(rolled, DiceRolled)
    assert [(p.source, p.tn) for p in rolled.parts] == [
        ("fasting, day 3", 10),
        ("fatigued, day 1", 5),
    ]
    assert rolled.roll.tn == 30


def centred(table: Table) -> list[Any]:
    """Second's Kenjutsu/Agility roll with last round's Center bonus (all fives)."""
    return table.do(
        skill_roll,
        character="Second",
        skill="Kenjutsu",
        trait="agility",
        options=RollOptions(),
        use_center=True,
        dice=Scripted(*[5] * 9),
    )


def test_the_center_stance_gives_plus_10_initiative_and_1k1_plus_void_next_round() -> None:
    table = in_round()
    with pytest.raises(IllegalUnderRules, match="did not hold the Center stance"):
        centred(table)
    table.do(Play.choose_stance, character="Second", stance="center")
    table.do(Play.next_turn)
    table.do(Play.next_turn)
    table.do(Play.start_round)
    order = table.state.combat.order()  # type: ignore[union-attr]
    assert table.state.combat.score(order[1]) == 6 + 10  # type: ignore[union-attr]
    events = centred(table)
    rolled = events[-1]
    assert isinstance(rolled, DiceRolled)
    assert rolled.roll.expression == "7k4+2"  # 6k3 + 1k1 + Void 2
    with pytest.raises(IllegalUnderRules, match="already used this round's Center bonus"):
        centred(table)


def test_a_bow_used_in_melee_costs_10() -> None:
    yumi = Weapon("Yumi", skill="Kyujutsu", kind="bow", strength=3, range_m=75)
    from domain.rulesets.roll_keep_kit.character import Arrow

    table = in_round(
        weapons=(yumi,), arrows=(Arrow("Willow leaf", "2k2"),), skills=(Skill("Kyujutsu", 3),)
    )
    table.do(afflictions.apply_condition, character="First", condition="in_melee")
    events = table.do(
        attacks.attack,
        attacker="First",
        target="Second",
        weapon="Yumi",
        arrow="Willow leaf",
        dice=parse_faces("9,9,9,2,2,2"),
    )
    rolled = events[-2]
    assert isinstance(rolled, DiceRolled)
    assert rolled.roll.total == 27 - 10


def test_a_peasant_weapon_costs_honour_to_the_honourable() -> None:
    kama = Weapon("Kama", "1k2", "Kama", size="small", keywords=("peasant",))
    table = in_round(weapons=(kama,), honour=45, skills=(Skill("Kama", 2),))
    with pytest.raises(IllegalUnderRules, match="'peasant weapon' costs First honour"):
        table.do(
            attacks.attack,
            attacker="First",
            target="Second",
            weapon="Kama",
            dice=Scripted(*[5] * 9),
        )
    events = table.do(
        attacks.attack,
        attacker="First",
        target="Second",
        weapon="Kama",
        honour_loss=4,
        dice=Scripted(*[5] * 9),
    )
    loss = next(e for e in events if isinstance(e, StandingChanged))
    assert loss.delta == -4


def test_a_tea_ceremony_led_at_rank_5_restores_two() -> None:
    table = Table()
    table.join("Host", "p1", skills=(Skill("Tea Ceremony", 5),))
    table.join("Guest", "p2")
    for name in ("Host", "Guest"):
        for _ in range(2):
            table.do(Play.spend_void, character=name, purpose="x")
    events = table.do(
        recovery.tea_ceremony, leader="Host", participants=["Guest"], dice=Scripted(10, 9, *[5] * 9)
    )
    assert [e.amount for e in events if isinstance(e, VoidPointsRegained)] == [2, 2]


def test_winning_by_5_or_less_holds_the_army() -> None:
    table = Table()
    table.join("Ours", "p1", perception=3, skills=(Skill("Battle", 2),))
    table.join("Theirs", "gm", perception=3, skills=(Skill("Battle", 2),))
    entries = [BattleEntry(engagement="engaged", status="held", low=1, high=30)]
    table.do(battle.begin, name="x", armies=(100, 100), table=entries)
    table.do(battle.next_turn)
    events = table.do(
        battle.commanders, ours="Ours", theirs="Theirs", dice=Scripted(6, 5, 5, 2, 2, 5, 5, 5, 2, 2)
    )  # 16 against 15
    status = events[-1]
    assert isinstance(status, BattleStatusSet) and (status.status, status.margin) == ("held", 1)
