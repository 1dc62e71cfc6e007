"""Curated replays walking through the l5r4e ruleset, with the summary's worked examples.

Authored like :mod:`tests.replays.curate` (fixed clock, written faces, every command a
Struct recorded with its dice); run by hand with ``python -m tests.replays.curate``, which
includes these.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.l5r4e.commands.aid import (
    GiveKit,
    LeadRoll,
    Medicine,
    Meditate,
    Oppose,
    Rest,
    SecondAttempt,
    TeaCeremony,
)
from domain.rulesets.l5r4e.commands.books import SpendVoid, TakeWounds
from domain.rulesets.l5r4e.commands.court import (
    Armoury,
    Cast,
    Concentrate,
    ConcentrationCheck,
    Equip,
    LoadArmoury,
)
from domain.rulesets.l5r4e.commands.fight import ApplyCondition, Attack, Damage
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    EndCombat,
    NextTurn,
    Roll,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.rulesets.l5r4e.contests import tn_for
from domain.rulesets.roll_keep_kit.character import (
    Arrow,
    CharacterSheet,
    Skill,
    Spell,
    Traits,
    Weapon,
)
from tests.replays.curate_4e_more import MORE
from tests.replays.kit_4e import HEAVY, Curated, bushi, d, join, no_dice, pad
from tests.support import RecordedTable


def armour_and_feint() -> RecordedTable:
    """The 47 armour TN (Reflexes 3, heavy armour, Air stance with Air 3 and Defense 4, a
    Void point) and the feint (insight rank 3; 53 against a TN of 20 raised twice to 30
    adds 12; 21 damage becomes 33)."""
    t = RecordedTable("armour-and-feint")
    t.do(
        join(
            bushi(
                "Matsu Hitomi",
                skills=(Skill("Kenjutsu", 10), *[Skill(f"Lore {i}", 7) for i in range(5)]),
                traits=Traits(3, 3, 3, 3, 3, 3, 3, 3),
            ),
            "ana",
        )
    )
    t.do(
        join(
            bushi("Matsu Goemon", armour=HEAVY, skills=(Skill("Defense", 4), Skill("Kenjutsu", 3))),
            "ben",
        )
    )
    t.do(join(bushi("Ronin", skills=(Skill("Kenjutsu", 2),)), "cat"))
    t.do(StartCombat())
    for name, faces in (
        ("Matsu Hitomi", "9,9,9,5,5,5"),
        ("Matsu Goemon", "8,8,8,2,2"),
        ("Ronin", "3,3,3,2"),
    ):
        t.do(RollInitiative(character=name), dice=d(faces))
    t.do(StartRound())
    t.do(SpendVoid(character="Matsu Goemon", use="armour"), actor="ben")
    t.do(ChooseStance(character="Matsu Goemon", stance="defense"), actor="ben")
    t.do(ChooseStance(character="Matsu Hitomi", stance="attack"), actor="ana")
    t.do(ChooseStance(character="Ronin", stance="attack"), actor="cat")
    # Hitomi feints the ronin (armour TN 20, two raises: 30) and rolls 53
    t.do(
        Attack(
            attacker="Matsu Hitomi",
            target="Ronin",
            weapon="Katana",
            raises=2,
            manoeuvres=("feint",),
        ),
        dice=d("10+10+5,10+9,7,2,2,2,2,2,2,2"),
    )
    t.do(Damage(attacker="Matsu Hitomi"), dice=d("10+2,9,4,4,3,2"))
    t.do(NextTurn())
    # Goemon, in the Defense stance, does not attack; he guards nobody and passes
    t.do(NextTurn(), actor="ben")
    # the ronin swings at the 47 and misses
    t.do(
        Attack(attacker="Ronin", target="Matsu Goemon", weapon="Katana"),
        dice=d("10+10+3,9,8,2,2"),
        actor="cat",
    )
    t.do(NextTurn(), actor="cat")
    t.do(EndCombat())
    return t


def damage_and_archery() -> RecordedTable:
    """The dai tsuchi (5k2, Strength 3: 8k2), unarmed 0k1 (3k1), the yumi of strength 3
    with a sage-leaf arrow (2k2: 5k2), a shot 25 m past the bow's range (one complete
    15 m band: −1k0, 7k3 → 6k3), one into a melee."""
    t = RecordedTable("damage-and-archery")
    dai_tsuchi = Weapon("Dai tsuchi", "5k2", "Heavy Weapons", size="large")
    t.do(
        join(
            bushi(
                "Hida Tsuneo",
                weapons=(dai_tsuchi,),
                skills=(Skill("Heavy Weapons", 4), Skill("Jiujutsu", 2)),
            ),
            "ana",
        )
    )
    t.do(join(bushi("Tsuruchi Aoi", skills=(Skill("Kyujutsu", 4),)), "ben"))
    t.do(
        join(
            bushi(
                "Bandit",
                void=1,
                traits=Traits(4, 4, 2, 2, 2, 2, 2, 2),
                skills=(Skill("Knives", 1),),
            ),
            "gm",
        )
    )
    yumi = Weapon("Yumi", skill="Kyujutsu", kind="bow", strength=3, range_m=75, size="large")
    t.do(LoadArmoury(armoury=Armoury(weapons=(yumi,), arrows=(Arrow("Sage leaf", "2k2"),))))
    t.do(Equip(character="Tsuruchi Aoi", item="Yumi"))
    t.do(Equip(character="Tsuruchi Aoi", item="Sage leaf"))
    t.do(StartCombat())
    for name, faces in (
        ("Hida Tsuneo", "9,9,9,2"),
        ("Tsuruchi Aoi", "8,8,8,2"),
        ("Bandit", "2,2,2"),
    ):
        t.do(RollInitiative(character=name), dice=d(faces))
    t.do(StartRound())
    t.do(
        Attack(attacker="Hida Tsuneo", target="Bandit", weapon="Dai tsuchi"),
        dice=d("9,9,9,2,2,2,2"),
    )
    t.do(Damage(attacker="Hida Tsuneo"), dice=d("9,8,3,3,2,2,2,2"))
    t.do(NextTurn())
    t.do(
        Attack(
            attacker="Tsuruchi Aoi", target="Bandit", weapon="Yumi", arrow="Sage leaf", range_m=100
        ),
        dice=d("10+5,9,8,2,2"),
        actor="ben",
    )
    t.do(Damage(attacker="Tsuruchi Aoi"), dice=d("7,6,2,2,2"), actor="ben")
    t.do(NextTurn(), actor="ben")
    t.do(NextTurn())
    t.do(StartRound())
    t.do(ApplyCondition(character="Bandit", condition="in_melee"))
    t.do(Attack(attacker="Hida Tsuneo", target="Bandit", weapon="unarmed"), dice=d("9,9,9,2,2"))
    t.do(Damage(attacker="Hida Tsuneo"), dice=d("6,5,4"))
    t.do(NextTurn())
    t.do(
        Attack(attacker="Tsuruchi Aoi", target="Bandit", weapon="Yumi", arrow="Sage leaf"),
        dice=d("9,9,9,9,2,2,2"),
        actor="ben",
    )
    t.do(Damage(attacker="Tsuruchi Aoi"), dice=d("8,7,2,2,2"), actor="ben")
    t.do(NextTurn(), actor="ben")
    t.do(EndCombat())
    return t


def contests_and_cooperation() -> RecordedTable:
    """The master carpenter's 35 with workers of 4 and 5 (44); an opposed roll with a tie
    rolled again; Intimidation resisted with the honour rank; a failed Investigation
    tried again at +15; the TN ladder's « average »."""
    t = RecordedTable("contests-and-cooperation")
    t.do(
        join(
            bushi(
                "Kaiu Master",
                traits=Traits(3, 3, 3, 3, 3, 3, 3, 3),
                skills=(Skill("Craft: Carpentry", 6),),
            ),
            "ana",
        )
    )
    t.do(join(bushi("Worker One", skills=(Skill("Craft: Carpentry", 4),)), "gm"))
    t.do(join(bushi("Worker Two", skills=(Skill("Craft: Carpentry", 5),)), "gm"))
    t.do(
        join(
            bushi(
                "Kitsuki Yasu",
                honour=55,
                skills=(Skill("Investigation", 3), Skill("Etiquette", 2)),
            ),
            "ben",
        )
    )
    t.do(join(bushi("Thug", honour=5, skills=(Skill("Intimidation", 3),)), "gm"))
    t.do(
        LeadRoll(
            leader="Kaiu Master",
            followers=("Worker One", "Worker Two"),
            skill="Craft: Carpentry",
            trait="intelligence",
            tn=tn_for("very_hard"),
        ),
        dice=d("10+9,10+4,2,2,2,2,2,2,2"),
    )
    t.do(
        Oppose(
            contest="arm wrestling",
            first="Kaiu Master",
            first_trait="strength",
            second="Thug",
            second_trait="strength",
        ),
        dice=pad(5, 5, 5, 5, 5, 5, 9, 8, 7, 3, 2, 1),
    )
    t.do(
        Oppose(
            contest="intimidation",
            first="Thug",
            first_skill="Intimidation",
            first_trait="willpower",
            second="Kitsuki Yasu",
            second_skill="Etiquette",
            second_trait="awareness",
            honour="second",
        ),
        dice=pad(9, 8, 7, 2, 2, 2, 9, 8, 4, 2, 2),
    )
    t.do(
        Roll(
            character="Kitsuki Yasu",
            skill="Investigation",
            trait="perception",
            difficulty="average",
        ),
        dice=d("4,3,2,2,2,2"),
        actor="ben",
    )
    t.do(SecondAttempt(character="Kitsuki Yasu"), dice=d("10+10+8,9,5,2,2,2"), actor="ben")
    return t


def affinity_and_magic() -> RecordedTable:
    """The affinity example: Air 3 at school rank 1 with an Air affinity rolls 5k3, and the
    Earth deficiency forbids Earth spells at rank 1; slots, Void slots as wildcards, a
    failed cast that still uses its slot, raises cutting the casting time, concentration."""
    t = RecordedTable("affinity-and-magic")
    t.do(
        join(
            CharacterSheet(
                name="Isawa Aki",
                traits=Traits(2, 3, 3, 3, 2, 2, 2, 3),
                void=2,
                school_rank=1,
                affinity="air",
                deficiency="earth",
                school="Isawa Shugenja",
                spells=(
                    Spell("Tempest of Air", "air", 2),
                    Spell("Jade Strike", "earth", 1),
                    Spell("Path to Inner Peace", "water", 1),
                ),
            ),
            "ana",
        )
    )
    t.do(Cast(character="Isawa Aki", spell="Tempest of Air"), dice=d("9,8,7,2,2"))
    t.do(
        Cast(character="Isawa Aki", spell="Tempest of Air", time_raises=1),
        dice=d("10+6,9,8,2,2"),
    )
    t.do(
        Cast(character="Isawa Aki", spell="Tempest of Air"), dice=d("3,3,2,2,2")
    )  # fails, but the slot is spent
    t.do(
        Cast(character="Isawa Aki", spell="Tempest of Air"), dice=d("9,9,2,2,2")
    )  # the air slots are spent: a Void slot serves
    t.do(
        Cast(character="Isawa Aki", spell="Path to Inner Peace"), dice=d("7,6,2")
    )  # water 2: rank 1 + 2 = 3k2, TN 10
    t.do(Concentrate(character="Isawa Aki", spell="Tempest of Air"))
    t.do(ConcentrationCheck(character="Isawa Aki", cause="distraction"), dice=d("9,7,2"))
    t.do(Rest(character="Isawa Aki"), dice=no_dice())
    return t


def healing_and_void() -> RecordedTable:
    """Natural healing (Stamina × 2 + insight rank), a Medicine kit, meditation by rank,
    a tea ceremony for three, and a fasting character who regains no Void by sleeping."""
    t = RecordedTable("healing-and-void")
    t.do(
        join(
            bushi(
                "Asahina Sei",
                traits=Traits(2, 3, 2, 3, 2, 2, 2, 3),
                void=3,
                skills=(Skill("Medicine", 3), Skill("Tea Ceremony", 5), Skill("Meditation", 3)),
            ),
            "ana",
        )
    )
    t.do(join(bushi("Hida Rin"), "ben"))
    t.do(join(bushi("Doji Ume"), "cat"))
    t.do(TakeWounds(character="Hida Rin", amount=25, source="an oni's claw"))
    t.do(GiveKit(character="Asahina Sei"))
    t.do(
        Medicine(healer="Asahina Sei", patient="Hida Rin", raises=1),
        dice=pad(9, 8, 7, 2, 2, 2, 8, 5),
        actor="ana",
    )
    t.do(Rest(character="Hida Rin"), dice=no_dice())
    for name in ("Asahina Sei", "Hida Rin", "Doji Ume"):
        t.do(SpendVoid(character=name, purpose="a long day"))
    t.do(
        TeaCeremony(leader="Asahina Sei", participants=("Hida Rin", "Doji Ume")),
        dice=d("10+4,9,8,5,5,5,5,2"),
        actor="ana",
    )
    t.do(SpendVoid(character="Asahina Sei", purpose="again"))
    t.do(SpendVoid(character="Asahina Sei", purpose="and again"))
    t.do(Meditate(character="Asahina Sei"), dice=d("10+3,9,2,2,2,2"), actor="ana")
    t.do(ApplyCondition(character="Doji Ume", condition="fasting", level=2))
    t.do(SpendVoid(character="Doji Ume", purpose="a vigil"))
    t.do(Rest(character="Doji Ume"), dice=no_dice())
    return t


SESSIONS: dict[str, Callable[[], Curated]] = {
    "armour-and-feint": armour_and_feint,
    "damage-and-archery": damage_and_archery,
    "contests-and-cooperation": contests_and_cooperation,
    "affinity-and-magic": affinity_and_magic,
    "healing-and-void": healing_and_void,
    **MORE,
}
