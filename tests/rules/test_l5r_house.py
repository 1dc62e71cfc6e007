"""The house combat flow (``l5r-house``) played command by command: each test one rule of
``../shared/rules/house-combat-flow.fr.txt``; each refusal quotes what it refuses and
records nothing. The text's example and a walk through its flow are the curated replays
``replays/l5r-house-*.jsonl`` (:mod:`tests.replays.curate_house`)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import IllegalUnderRules, KirokuError, MalformedInput
from domain.rulesets import load_ruleset
from domain.rulesets.l5r_house import commands as c
from domain.rulesets.l5r_house.events import AttackMade
from domain.rulesets.roll_keep_kit.character import Armour, Skill
from domain.rulesets.roll_keep_kit.events import DiceRolled
from tests.replays.curate_3e import faces, queue
from tests.replays.curate_house import KATANA, YARI, samurai
from tests.replays.kit_4e import join
from tests.support import RecordedTable, refused

RULES = load_ruleset("l5r-house")


def view(t: RecordedTable, name: str) -> Any:
    return RULES.views[name](t.session.table)


def duel(options: dict[str, str] | None = None, **more: Any) -> RecordedTable:
    """Kaneka (katana, 1k1 [6] + 3 + 3 = 12) against Tsuneo (yari, 2k1 [5, 4] + 3 = 8)."""
    t = RecordedTable("house", "l5r-house", options)
    t.do(join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),), **more), "ana"))
    t.do(join(samurai("Hida Tsuneo", skills=(Skill("Spears", 3),), weapon=YARI), "ben"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Kaneka", weapon="Katana"), dice=faces("6"))
    t.do(c.RollInitiative(character="Hida Tsuneo", weapon="Yari"), dice=faces("5,4"))
    t.do(c.StartRound())
    return t


def test_initiative_is_1k1_exploding_plus_reflexes_and_the_weapon_s_bonus() -> None:
    t = duel()
    rolls = [r.event for r in t.events if isinstance(r.event, DiceRolled)]
    assert [(r.roll.expression, r.roll.total) for r in rolls] == [("1k1+6", 12), ("2k1+3", 8)]


def test_initiative_is_kept_for_the_whole_combat_and_takes_no_raises() -> None:
    t = duel()
    refused(t, c.RollInitiative(character="Akodo Kaneka"), IllegalUnderRules,
            "toute la durée", dice=faces("9"))  # fmt: skip


def test_declarations_go_lowest_initiative_first_and_actions_highest_first() -> None:
    """« c'est le dernier à jouer qui parlera en premier … le dernier à parler qui sera le
    premier à jouer »."""
    t = duel()
    refused(t, c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"),
            IllegalUnderRules, "Hida Tsuneo declares first")  # fmt: skip
    refused(t, c.NextTurn(), IllegalUnderRules, "declarations are not done")
    t.do(c.Declare(character="Hida Tsuneo", action="full_defence"))
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"))
    assert view(t, "initiative")["current"] == "Akodo Kaneka"
    refused(t, c.Attack(character="Hida Tsuneo"), IllegalUnderRules,
            "not Hida Tsuneo's action now", dice=queue("9,9,9"))  # fmt: skip


def guarded_duel(options: dict[str, str] | None = None) -> RecordedTable:
    """Kaneka (12) against Tsuneo (8), who has Defense 2: round 1 begun."""
    t = RecordedTable("house", "l5r-house", options)
    t.do(join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),)), "ana"))
    tsuneo = samurai("Hida Tsuneo", skills=(Skill("Spears", 3), Skill("Defense", 2)), weapon=YARI)
    t.do(join(tsuneo, "ben"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Kaneka", weapon="Katana"), dice=faces("6"))
    t.do(c.RollInitiative(character="Hida Tsuneo", weapon="Yari"), dice=faces("5,4"))
    t.do(c.StartRound())
    return t


def test_full_defence_adds_its_roll_to_the_tn_for_the_round_and_forbids_attacking() -> None:
    """« son ND passe durant tout le tour à : ND actuel + (agilité + défense)g(défense) »:
    with no Defense, (agilité)g0 keeps nothing."""
    t = duel()
    t.do(c.Declare(character="Hida Tsuneo", action="full_defence"))
    assert view(t, "defence")["Hida Tsuneo"]["tn"] == 20
    guarded = guarded_duel()
    guarded.do(c.Declare(character="Hida Tsuneo", action="full_defence", void=True), actor="ben")
    guarded.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"))
    # his 6k3 with the Void die (9 + 8 + 1), then her 6k3 (10 + 9 + 8 + 7 = 34)
    guarded.do(c.Attack(character="Akodo Kaneka"), dice=queue("9,8,1,1,1,1", "10+9,8,7,1,1,1"))
    made = guarded.events[-1].event
    assert isinstance(made, AttackMade) and made.tn == 20 + 18 and not made.hit
    assert view(guarded, "defence")["Hida Tsuneo"]["tn"] == 20 + 18
    guarded.do(c.NextTurn())
    refused(
        guarded,
        c.Attack(character="Hida Tsuneo"),
        IllegalUnderRules,
        "declared « Défense totale », not an attack",
        dice=queue("9,9,9"),
        actor="ben",
    )


def test_full_defence_is_rolled_when_first_attacked_not_when_declared() -> None:
    """« dès que l'on essaie de le toucher, son ND passe durant tout le tour à : ND actuel
    + (agilité + défense)g(défense) »: nothing is rolled as it is declared; the first
    attack on it rolls it (its faces first), and every later attack of the round meets
    the same roll."""
    t = guarded_duel()
    refused(t, c.Declare(character="Hida Tsuneo", action="full_defence"), MalformedInput,
            "rolled at the first attack", dice=faces("9,8,7,1"), actor="ben")  # fmt: skip
    t.do(c.Declare(character="Hida Tsuneo", action="full_defence"), actor="ben")
    assert not any(isinstance(r.event, DiceRolled) and r.event.purpose == "defense"
                   for r in t.events)  # fmt: skip
    assert view(t, "defence")["Hida Tsuneo"] == {
        "tn": 20,
        "parts": [{"source": "Réflexes × 5 + 5", "value": 20}],
        "full_defence": "awaits the first attack",
    }
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"))
    refused(t, c.Attack(character="Akodo Kaneka"), MalformedInput,
            r"Full Defence rolls it first \(5k2\): its faces, then the attack's",
            dice=queue("10+9,8,7,1,1,1"))  # fmt: skip  # her faces alone
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("7,6,1,1,1", "10+9,8,7,1,1,1"))
    kinds = [type(r.event).__name__ for r in t.events[-4:]]
    assert kinds == ["DiceRolled", "FullDefenceRolled", "DiceRolled", "AttackMade"]
    rolled = t.events[-4].event
    assert isinstance(rolled, DiceRolled) and rolled.character == "Hida Tsuneo"
    assert rolled.roll.expression == "5k2" and rolled.roll.total == 13
    made = t.events[-1].event
    assert isinstance(made, AttackMade) and made.tn == 33 and made.hit
    assert view(t, "defence")["Hida Tsuneo"]["full_defence"] == "rolled"


def test_a_full_defence_nobody_attacks_rolls_nothing() -> None:
    """The roll is made « dès que l'on essaie de le toucher »: in a round where nobody
    does, there is none, and the next round starts without it."""
    t = guarded_duel()
    t.do(c.Declare(character="Hida Tsuneo", action="full_defence"), actor="ben")
    t.do(c.Declare(character="Akodo Kaneka", action="simple_and_complex"))
    t.do(c.NextTurn())
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    assert not any(isinstance(r.event, DiceRolled) and r.event.purpose == "defense"
                   for r in t.events)  # fmt: skip
    assert view(t, "defence")["Hida Tsuneo"]["tn"] == 20


def test_the_option_declared_keeps_the_roll_at_the_declaration() -> None:
    """Option ``full_defence_roll=declared``: a table's older reading, the roll made as
    the Full Defence is declared, standing for the round."""
    t = guarded_duel({"full_defence_roll": "declared"})
    t.do(c.Declare(character="Hida Tsuneo", action="full_defence"), dice=faces("7,6,1,1,1"),
         actor="ben")  # fmt: skip
    assert view(t, "defence")["Hida Tsuneo"]["tn"] == 33
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"))
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("10+9,8,7,1,1,1"))
    made = t.events[-1].event
    assert isinstance(made, AttackMade) and made.tn == 33 and made.hit
    with pytest.raises(MalformedInput, match="full_defence_roll='sometimes'"):
        load_ruleset("l5r-house", {"full_defence_roll": "sometimes"})


def test_an_assault_lowers_one_s_tn_by_15_but_never_under_5_plus_armour() -> None:
    armoured = duel(armour=Armour("Heavy", 10, 3))
    armoured.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"))
    armoured.do(c.Declare(character="Akodo Kaneka", action="assault", target="Hida Tsuneo"))
    # Reflexes 3 × 5 + 5 + 10 = 30 → 15, the floor is 5 + 10 = 15
    assert view(armoured, "defence")["Akodo Kaneka"]["tn"] == 15
    bare = duel()
    bare.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"))
    bare.do(c.Declare(character="Akodo Kaneka", action="assault", target="Hida Tsuneo"))
    assert view(bare, "defence")["Akodo Kaneka"]["tn"] == 20 - 15


def test_the_assault_s_free_raises_go_on_the_tn_or_on_damage() -> None:
    t = duel()
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"))
    t.do(c.Declare(character="Akodo Kaneka", action="assault", target="Hida Tsuneo"))
    t.do(c.Attack(character="Akodo Kaneka", assault_on_damage=2), dice=queue("9,8,7,1,1,1"))
    made = t.events[-1].event
    assert isinstance(made, AttackMade) and made.needed == 20 and made.hit  # none on the TN
    t.do(c.Damage(character="Akodo Kaneka"), dice=faces("9,8,1,1,1,1,1,1"))
    rolled = t.events[-2].event
    assert isinstance(rolled, DiceRolled) and rolled.roll.expression == "8k2"  # 6k2 + 2k0


def test_raises_are_capped_by_the_void_ring_and_priced_as_the_text_prices_them() -> None:
    t = duel()
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"))
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"))
    refused(t, c.Attack(character="Akodo Kaneka", called_shot="head"), IllegalUnderRules,
            r"at most 3 raises .*not 4", dice=queue("9,9,9,9,9,9"))  # fmt: skip
    t.do(c.Attack(character="Akodo Kaneka", called_shot="head", void="free_raise"),
         dice=queue("10+10+5,9,8,1,1,1"))  # fmt: skip
    made = t.events[-1].event
    assert isinstance(made, AttackMade) and made.raises == 3 and made.needed == 20 + 15


def test_one_void_point_a_round() -> None:
    t = duel()
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"))
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"))
    t.do(c.SpendVoid(character="Akodo Kaneka", use="tn"))
    assert view(t, "defence")["Akodo Kaneka"]["tn"] == 30
    refused(t, c.Attack(character="Akodo Kaneka", void="dice"), IllegalUnderRules,
            "1 point par action", dice=queue("9,9,9,9,9,9,9"))  # fmt: skip


def test_wounds_from_a_faster_foe_count_in_the_pool_at_one_die_a_level() -> None:
    """« Si durant le tour le joueur a subi des dégâts provenant d'une personne ayant une
    meilleure initiative qu'elle, ses dégâts comptent dans le calcul du nombre de dés
    jetés et gardés. »"""
    t = duel()
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"))
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"))
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("10+9,8,7,1,1,1"))
    t.do(c.Damage(character="Akodo Kaneka"), dice=faces("9,8,1,1,1,1"))  # 17: Grazed, −2
    t.do(c.NextTurn())
    t.do(c.Attack(character="Hida Tsuneo"), dice=queue("9,8,7,1"))
    rolled = t.events[-2].event
    assert isinstance(rolled, DiceRolled) and rolled.roll.expression == "4k1"  # 6k3 − 2k2


def test_the_malus_may_go_on_the_tn_instead() -> None:
    t = duel({"malus_on": "tn", "wound_malus": "published"})
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"))
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"))
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("10+9,8,7,1,1,1"))
    t.do(c.Damage(character="Akodo Kaneka"), dice=faces("9,8,1,1,1,1"))
    t.do(c.NextTurn())
    t.do(c.Attack(character="Hida Tsuneo"), dice=queue("9,8,7,1,1,1"))
    rolled = t.events[-2].event
    assert isinstance(rolled, DiceRolled)
    assert rolled.roll.expression == "6k3" and rolled.roll.tn == 20 + 5  # Grazed +5


def test_a_disarm_takes_three_raises_and_an_opposed_roll() -> None:
    t = duel()
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"))
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"))
    t.do(c.Attack(character="Akodo Kaneka", disarm=True),
         dice=queue("10+10+5,9,8,1,1,1", "5,4,1,1,1,1", "9,8,7,1,1,1"))  # fmt: skip
    made = t.events[-1].event
    assert isinstance(made, AttackMade) and made.hit and not made.disarmed  # 9 < 24


def test_bad_input_is_refused_quoting_it() -> None:
    t = duel()
    refused(t, c.Declare(character="Hida Tsuneo", action="attack"), MalformedInput,
            "names its target")  # fmt: skip
    refused(t, c.Declare(character="Hida Tsuneo", action="attack", target="Nobody"),
            KirokuError, "no character 'Nobody'")  # fmt: skip
    with pytest.raises(MalformedInput, match="wound_malus='tenths'"):
        load_ruleset("l5r-house", {"wound_malus": "tenths"})
    assert KATANA.skill == "Kenjutsu"


# -- the review's findings: each rule where a first version went wrong --------------------


def both_declared(**kaneka: Any) -> RecordedTable:
    t = duel()
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Akodo Kaneka"))
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo", **kaneka))
    return t


def test_one_attack_a_round_against_the_declared_target() -> None:
    """« A chaque tour, le personnage peut faire 1 action »; the target is said « au moment
    des annonces »."""
    t = both_declared()
    refused(
        t,
        c.Attack(character="Akodo Kaneka", target="Akodo Kaneka"),
        IllegalUnderRules,
        "declared « Attaque » on Hida Tsuneo, not Akodo Kaneka",
        dice=queue("9"),
    )
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("2,2,1,1,1,1"))
    refused(
        t,
        c.Attack(character="Akodo Kaneka"),
        IllegalUnderRules,
        "this round's attack",
        dice=queue("9,9,9,9,9,9"),
    )


def test_one_hit_one_damage_roll_in_its_round() -> None:
    t = both_declared()
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("9,8,7,1,1,1"))
    t.do(c.Damage(character="Akodo Kaneka"), dice=faces("3,2,1,1,1,1"))
    refused(
        t,
        c.Damage(character="Akodo Kaneka"),
        IllegalUnderRules,
        "no hit awaiting damage",
        dice=faces("3,2,1,1,1,1"),
    )


def test_the_fallen_leave_the_order_so_no_one_waits_on_them() -> None:
    t = both_declared()
    t.do(c.TakeWounds(character="Hida Tsuneo", amount=60, source="a falling rock"))
    t.do(c.NextTurn())
    t.do(c.StartRound())
    assert [r["character"] for r in view(t, "initiative")["order"]] == ["Akodo Kaneka"]
    t.do(c.Declare(character="Akodo Kaneka", action="simple_and_complex"))
    t.do(c.NextTurn())


def test_a_tied_rival_struck_down_still_strikes_back() -> None:
    """« En cas d'égalité … ils jouent en même temps … ne prennent effet qu'après leurs
    jets respectifs »."""
    t = RecordedTable("house", "l5r-house")
    t.do(join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),)), "ana"))
    t.do(join(samurai("Frail Bandit", earth=1, skills=(Skill("Kenjutsu", 1),)), "ben"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Kaneka", weapon="Katana"), dice=faces("3"))
    t.do(c.RollInitiative(character="Frail Bandit", weapon="Katana"), dice=faces("5"))  # 9 each
    t.do(c.StartRound())
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Frail Bandit"))
    t.do(c.Declare(character="Frail Bandit", action="attack", target="Akodo Kaneka"))
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("10+10+9,9,8,1,1,1"))
    t.do(c.Damage(character="Akodo Kaneka"), dice=faces("10+10+5,9,1,1,1,1"))
    t.do(c.NextTurn())
    t.do(c.Attack(character="Frail Bandit"), dice=queue("9,8,1,1"))
    rolled = t.events[-2].event
    assert isinstance(rolled, DiceRolled) and rolled.roll.expression == "4k3"
    assert rolled.parts[0].source == "34 wounds from a foe no faster: after this roll"


def test_a_disarm_takes_the_weapon_in_hand_and_it_stays_taken() -> None:
    t = both_declared()
    t.do(
        c.Attack(character="Akodo Kaneka", disarm=True),
        dice=queue("10+10+5,9,8,1,1,1", "9,8,7,1,1,1", "5,4,1,1,1,1"),
    )
    made = t.events[-1].event
    assert isinstance(made, AttackMade) and made.disarmed and made.disarmed_of == "Yari"
    t.do(c.NextTurn())
    refused(
        t,
        c.Attack(character="Hida Tsuneo", weapon="Yari"),
        IllegalUnderRules,
        "disarmed of the Yari",
        dice=queue("9"),
        actor="ben",
    )
    t.do(c.Attack(character="Hida Tsuneo", weapon="bare hands"), dice=queue("9,8,7"), actor="ben")


def test_a_bare_roll_is_never_an_initiative_roll() -> None:
    t = duel()
    refused(
        t,
        c.Roll(character="Akodo Kaneka", expression="10k10", purpose="initiative"),
        IllegalUnderRules,
        "kiroku initiative",
        dice=faces("9,9,9,9,9,9,9,9,9,9"),
    )


def test_published_penalties_go_on_the_tn_and_off_the_total_of_a_roll_without_one() -> None:
    with pytest.raises(MalformedInput, match="goes on the TN: malus_on=tn"):
        load_ruleset("l5r-house", {"wound_malus": "published", "malus_on": "pool"})
    t = duel({"wound_malus": "published"})
    t.do(c.TakeWounds(character="Akodo Kaneka", amount=17))
    t.do(c.Roll(character="Akodo Kaneka", expression="3k3"), dice=faces("5,4,3"))
    rolled = t.events[-1].event
    assert isinstance(rolled, DiceRolled) and rolled.roll.total == 12 - 5


def test_void_may_ignore_the_malus_from_before_the_first_round() -> None:
    """« A tout moment … Ignorer les malus dus à des blessures pour 1 tour » — the
    initiative roll included."""
    t = RecordedTable("house", "l5r-house")
    t.do(join(samurai("Moto Chagatai"), "ana"))
    t.do(c.TakeWounds(character="Moto Chagatai", amount=15))
    t.do(c.StartCombat())
    t.do(c.SpendVoid(character="Moto Chagatai", use="ignore_wounds"))
    t.do(c.RollInitiative(character="Moto Chagatai"), dice=faces("5"))
    assert t.events[-1].event.roll.total == 8  # type: ignore[attr-defined]


def test_the_dead_are_not_attacked() -> None:
    """The Dead leave the fight (past Out on the published ladder): a declared attack on
    one is refused, and nothing is recorded."""
    t = RecordedTable("house", "l5r-house")
    t.do(join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),)), "ana"))
    dead = msgspec.structs.replace(samurai("Hida Tsuneo", weapon=YARI), wounds=200)
    t.do(join(dead, "ben"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Kaneka", weapon="Katana"), dice=faces("6"))
    t.do(c.StartRound())
    refused(t, c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"),
            IllegalUnderRules, "Hida Tsuneo is Dead")  # fmt: skip
