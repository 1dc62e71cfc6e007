"""Curated replays of the house combat flow (``l5r-house``): the text's one worked example
(« quelqu'un à -2, faisant un score total de 8 d'initiative en aura une de 6 ») and two
rounds that walk through its flow. Authored like :mod:`tests.replays.curate`."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.l5r_house import commands as c
from domain.rulesets.roll_keep_kit.character import Armour, CharacterSheet, Skill, Traits, Weapon
from domain.session.commands import Amend, Retract
from tests.replays.curate_3e import faces, queue
from tests.replays.kit_4e import join
from tests.support import RecordedTable

KATANA = Weapon("Katana", "3k2", "Kenjutsu")
YARI = Weapon("Yari", "2k2", "Spears", size="large")


def samurai(name: str, *, reflexes: int = 3, earth: int = 2, strength: int = 3,
            skills: tuple[Skill, ...] = (), weapon: Weapon = KATANA,
            armour: Armour | None = None) -> CharacterSheet:  # fmt: skip
    """Stamina and Willpower make Earth; Agility 3, Void 3; the rest as given."""
    return CharacterSheet(
        name=name,
        traits=Traits(earth, earth, reflexes, 3, strength, 3, 3, 3),
        void=3,
        skills=skills,
        weapons=(weapon,),
        armour=armour,
    )


def initiative() -> RecordedTable:
    """The text's example: Reflexes 3 and a die of 5 make 8, and a character « à -2 » (the
    second wounded level, 15 wounds on Earth 2) has 6. Beside it: a katana adds the
    Kenjutsu rank (6 + 3 + 3 = 12), a yari rolls 2k1 (9 + 3 = 12: a tie, who act at the
    same time), and a Void point's 2k2 (6 + 3 + Reflexes 2 + Kenjutsu 3 = 14) loses its
    lower die after the Void ring's three rounds: 11 from round 4."""
    t = RecordedTable("l5r-house-initiative", "l5r-house")
    t.do(join(samurai("Moto Chagatai"), "ana"))
    t.do(join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),)), "ben"))
    t.do(join(samurai("Hida Tsuneo", skills=(Skill("Spears", 3),), weapon=YARI), "cat"))
    t.do(join(samurai("Bayushi Fumi", reflexes=2, skills=(Skill("Kenjutsu", 3),)), "dan"))
    t.do(c.TakeWounds(character="Moto Chagatai", amount=15, source="an earlier ambush"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Moto Chagatai"), dice=faces("5"), actor="ana")
    t.do(c.RollInitiative(character="Akodo Kaneka", weapon="Katana"), dice=faces("6"),
         actor="ben")  # fmt: skip
    t.do(c.RollInitiative(character="Hida Tsuneo", weapon="Yari"), dice=faces("9,4"),
         actor="cat")  # fmt: skip
    t.do(c.RollInitiative(character="Bayushi Fumi", weapon="Katana", void=True),
         dice=faces("6,3"), actor="dan")  # fmt: skip
    lowest_first = {
        1: ("Moto Chagatai", "Akodo Kaneka", "Hida Tsuneo", "Bayushi Fumi"),
        4: ("Moto Chagatai", "Bayushi Fumi", "Akodo Kaneka", "Hida Tsuneo"),
    }
    for number in (1, 2, 3, 4):
        t.do(c.StartRound())
        for name in lowest_first.get(number, lowest_first[1]):
            t.do(c.Declare(character=name, action="simple_and_complex"))
        for _ in range(4):
            t.do(c.NextTurn())
    return t


def two_rounds() -> RecordedTable:
    """Declarations low to high, actions high to low. Round 1: Fumi (14) holds a full
    defence nobody attacks, so nothing is rolled for it (« dès que l'on essaie de le
    toucher »); Kaneka and Tsuneo (12, tied) strike each other « en même
    temps » — Kaneka's arm shot (2 raises) hits Tsuneo's Assault TN of 5 (20 − 15) for 15,
    yet Tsuneo's own roll carries no malus from it; his Assault puts one free raise on
    Kaneka's TN (20 → 15) and one on damage (5k2 + 1k0: 17). Round 2: both wounded at
    the second level, −2k2 off their pools; Fumi's disarm (3 raises, one paid by a Void
    free raise) hits 31 against 30 and wins the opposed roll 16 to 6 (Tsuneo's 6k3 less
    his 2k2); his yari gone, Tsuneo fights bare-handed and unskilled: 1k1."""
    t = RecordedTable("l5r-house-two-rounds", "l5r-house")
    t.do(join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),)), "ben"))
    t.do(join(samurai("Hida Tsuneo", skills=(Skill("Spears", 3),), weapon=YARI), "cat"))
    t.do(join(samurai("Bayushi Fumi", reflexes=2, strength=2,
                      skills=(Skill("Kenjutsu", 3), Skill("Defense", 3))), "dan"))  # fmt: skip
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Kaneka", weapon="Katana"), dice=faces("6"))
    t.do(c.RollInitiative(character="Hida Tsuneo", weapon="Yari"), dice=faces("9,4"))
    t.do(c.RollInitiative(character="Bayushi Fumi", weapon="Katana", void=True),
         dice=faces("6,3"))  # fmt: skip
    t.do(c.StartRound())
    t.do(c.Declare(character="Hida Tsuneo", action="assault", target="Akodo Kaneka"),
         actor="cat")  # fmt: skip
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"),
         actor="ben")  # fmt: skip
    t.do(c.Declare(character="Bayushi Fumi", action="full_defence"), actor="dan")
    t.do(c.NextTurn(), actor="dan")
    t.do(c.Attack(character="Akodo Kaneka", called_shot="arms"), dice=queue("9,7,6,2,1,1"),
         actor="ben")  # fmt: skip
    t.do(c.Damage(character="Akodo Kaneka"), dice=faces("8,7,3,2,1,1"), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.Attack(character="Hida Tsuneo", assault_on_damage=1), dice=queue("8,6,5,2,1,1"),
         actor="cat")  # fmt: skip
    t.do(c.Damage(character="Hida Tsuneo"), dice=faces("9,8,3,2,1,1"), actor="cat")
    t.do(c.NextTurn(), actor="cat")
    t.do(c.StartRound())
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"),
         actor="ben")  # fmt: skip
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Bayushi Fumi"),
         actor="cat")  # fmt: skip
    t.do(c.Declare(character="Bayushi Fumi", action="attack", target="Hida Tsuneo"),
         actor="dan")  # fmt: skip
    t.do(c.Attack(character="Bayushi Fumi", disarm=True, void="free_raise"),
         dice=queue("10+4,9,8,2,1,1", "9,7,2,1,1", "6,5,4,2"), actor="dan")  # fmt: skip
    t.do(c.NextTurn(), actor="dan")
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("9,5,3,2"), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.Attack(character="Hida Tsuneo", weapon="bare hands"), dice=queue("10"), actor="cat")
    t.do(c.NextTurn(), actor="cat")
    t.do(c.EndCombat())
    return t


def full_defence_and_tn() -> RecordedTable:
    """Issue 31. Round 1: Tsuneo (8) declares a full defence with a Void point; nobody
    has attacked him yet, so nothing is rolled. Kaneka (12) attacks him first: his 6k3
    (5k2 and the Void die: 9 + 8 + 6 = 23) is rolled « dès que l'on essaie de le
    toucher », before her 6k3 of 24 — TN 20 + 23 = 43, a miss; Fumi's attack meets the
    same 43. Round 2: the GM rules Tsuneo's TN −5 (« knee-deep in the paddy »); Kaneka's
    Assault, its two free raises on the TN (15 − 10 = 5), hits him with 7. The GM
    retracts the ruling (the paddy was dry): the Assault is decided again against
    20 − 10 = 10, and misses. Fumi's simple and complex action, with no roll, succeeds. The GM rules
    Fumi's TN +5 (« behind a cart »): Tsuneo's 24 hits 20; amended to +10, the attack is
    decided again against 25 and misses. The ruling is lifted as the cart rolls away."""
    t = RecordedTable("l5r-house-full-defence-and-tn", "l5r-house")
    t.do(join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),)), "ben"))
    t.do(join(samurai("Hida Tsuneo", skills=(Skill("Spears", 3), Skill("Defense", 2)),
                      weapon=YARI), "cat"))  # fmt: skip
    t.do(join(samurai("Bayushi Fumi", reflexes=2, skills=(Skill("Kenjutsu", 3),)), "dan"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Kaneka", weapon="Katana"), dice=faces("6"))
    t.do(c.RollInitiative(character="Hida Tsuneo", weapon="Yari"), dice=faces("5,4"))
    t.do(c.RollInitiative(character="Bayushi Fumi", weapon="Katana"), dice=faces("4"))
    t.do(c.StartRound())
    t.do(c.Declare(character="Hida Tsuneo", action="full_defence", void=True), actor="cat")
    t.do(c.Declare(character="Bayushi Fumi", action="attack", target="Hida Tsuneo"),
         actor="dan")  # fmt: skip
    t.do(c.Declare(character="Akodo Kaneka", action="attack", target="Hida Tsuneo"),
         actor="ben")  # fmt: skip
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("9,8,6,2,1,1", "9,8,7,1,1,1"),
         actor="ben")  # fmt: skip
    t.do(c.NextTurn(), actor="ben")
    t.do(c.Attack(character="Bayushi Fumi"), dice=queue("10+5,9,8,1,1,1"), actor="dan")
    t.do(c.NextTurn(), actor="dan")
    t.do(c.NextTurn(), actor="cat")
    t.do(c.StartRound())
    t.do(c.RuleTn(character="Hida Tsuneo", modifier=-5, reason="knee-deep in the paddy"))
    ruling = len(t.events)
    t.do(c.Declare(character="Hida Tsuneo", action="attack", target="Bayushi Fumi"),
         actor="cat")  # fmt: skip
    t.do(c.Declare(character="Bayushi Fumi", action="simple_and_complex"), actor="dan")
    t.do(c.Declare(character="Akodo Kaneka", action="assault", target="Hida Tsuneo"),
         actor="ben")  # fmt: skip
    t.do(c.Attack(character="Akodo Kaneka"), dice=queue("5,1,1,1,1,1"), actor="ben")
    t.do(Retract(position=ruling, reason="the paddy was dry"))
    t.do(c.NextTurn(), actor="ben")
    t.do(c.NextTurn(), actor="dan")
    t.do(c.RuleTn(character="Bayushi Fumi", modifier=5, reason="behind a cart"))
    cart = len(t.events)
    t.do(c.Attack(character="Hida Tsuneo"), dice=queue("9,8,7,1,1,1"), actor="cat")
    t.do(Amend(position=cart, changes={"modifier": 10}, reason="a loaded cart"))
    t.do(c.NextTurn(), actor="cat")
    t.do(c.LiftTn(character="Bayushi Fumi", reason="the cart rolls away"))
    t.do(c.EndCombat())
    return t


SESSIONS: dict[str, Callable[[], RecordedTable]] = {
    "l5r-house-initiative": initiative,
    "l5r-house-two-rounds": two_rounds,
    "l5r-house-full-defence-and-tn": full_defence_and_tn,
}
