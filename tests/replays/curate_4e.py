"""Curated replays walking through the l5r4e ruleset, with the summary's worked examples.

Authored like :mod:`tests.replays.curate` (fixed clock, written faces); run by hand with
``python -m tests.replays.curate``, which includes these.
"""

from __future__ import annotations

from domain.dice.roll_keep.roll import RollOptions
from domain.rulesets.l5r4e import (
    afflictions,
    attacks,
    combat,
    contests,
    equipment,
    magic,
    recovery,
)
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.l5r4e.skills import skill_roll
from domain.rulesets.roll_keep_kit.character import (
    Arrow,
    CharacterSheet,
    Skill,
    Spell,
    Traits,
    Weapon,
)
from domain.session.aggregate import Session
from tests.replays.curate_4e_more import MORE
from tests.replays.kit_4e import HEAVY, bushi, d, pad
from tests.support import Table


def armour_and_feint() -> Table:
    """The 47 armour TN (Reflexes 3, heavy armour, Air stance with Air 3 and Defense 4, a
    Void point) and the feint (insight rank 3; 53 against a TN of 20 raised twice to 30
    adds 12; 21 damage becomes 33)."""
    t = Table("armour-and-feint")
    t.do(
        Session.join,
        player="ana",
        sheet=bushi(
            "Matsu Hitomi",
            skills=(Skill("Kenjutsu", 10), *[Skill(f"Lore {i}", 7) for i in range(5)]),
            traits=Traits(3, 3, 3, 3, 3, 3, 3, 3),
        ),
    )
    t.do(
        Session.join,
        player="ben",
        sheet=bushi(
            "Matsu Goemon", armour=HEAVY, skills=(Skill("Defense", 4), Skill("Kenjutsu", 3))
        ),
    )
    t.do(Session.join, player="cat", sheet=bushi("Ronin", skills=(Skill("Kenjutsu", 2),)))
    t.do(Play.start_combat)
    for name, faces in (
        ("Matsu Hitomi", "9,9,9,5,5,5"),
        ("Matsu Goemon", "8,8,8,2,2"),
        ("Ronin", "3,3,3,2"),
    ):
        t.do(Play.roll_initiative, character=name, dice=d(faces))
    t.do(Play.start_round)
    t.do(combat.void_armour, character="Matsu Goemon", actor="ben")
    t.do(Play.choose_stance, character="Matsu Goemon", stance="defense", actor="ben")
    t.do(Play.choose_stance, character="Matsu Hitomi", stance="attack", actor="ana")
    t.do(Play.choose_stance, character="Ronin", stance="attack", actor="cat")
    # Hitomi feints the ronin (armour TN 20, two raises: 30) and rolls 53
    t.do(
        attacks.attack,
        attacker="Matsu Hitomi",
        target="Ronin",
        weapon="Katana",
        raises=2,
        manoeuvres=["feint"],
        dice=d("10+10+5,10+9,7,2,2,2,2,2,2,2"),
    )
    t.do(attacks.damage, attacker="Matsu Hitomi", dice=d("10+2,9,4,4,3,2"))
    t.do(Play.next_turn)
    # Goemon, in the Defense stance, does not attack; he guards nobody and passes
    t.do(Play.next_turn, actor="ben")
    # the ronin swings at the 47 and misses
    t.do(
        attacks.attack,
        attacker="Ronin",
        target="Matsu Goemon",
        weapon="Katana",
        dice=d("10+10+3,9,8,2,2"),
        actor="cat",
    )
    t.do(Play.next_turn, actor="cat")
    t.do(Play.end_combat)
    return t


def damage_and_archery() -> Table:
    """The dai tsuchi (5k2, Strength 3: 8k2), unarmed 0k1 (3k1), the yumi of strength 3
    with a sage-leaf arrow (2k2: 5k2), a shot past the bow's range, one into a melee."""
    t = Table("damage-and-archery")
    dai_tsuchi = Weapon("Dai tsuchi", "5k2", "Heavy Weapons", size="large")
    t.do(
        Session.join,
        player="ana",
        sheet=bushi(
            "Hida Tsuneo",
            weapons=(dai_tsuchi,),
            skills=(Skill("Heavy Weapons", 4), Skill("Jiujutsu", 2)),
        ),
    )
    t.do(Session.join, player="ben", sheet=bushi("Tsuruchi Aoi", skills=(Skill("Kyujutsu", 4),)))
    t.do(
        Session.join,
        player="gm",
        sheet=bushi(
            "Bandit", void=1, traits=Traits(4, 4, 2, 2, 2, 2, 2, 2), skills=(Skill("Knives", 1),)
        ),
    )
    t.do(
        equipment.load_armoury,
        weapons=[
            Weapon("Yumi", skill="Kyujutsu", kind="bow", strength=3, range_m=75, size="large")
        ],
        arrows=[Arrow("Sage leaf", "2k2")],
    )
    t.do(equipment.equip, character="Tsuruchi Aoi", item="Yumi")
    t.do(equipment.equip, character="Tsuruchi Aoi", item="Sage leaf")
    t.do(Play.start_combat)
    for name, faces in (
        ("Hida Tsuneo", "9,9,9,2"),
        ("Tsuruchi Aoi", "8,8,8,2"),
        ("Bandit", "2,2,2"),
    ):
        t.do(Play.roll_initiative, character=name, dice=d(faces))
    t.do(Play.start_round)
    t.do(
        attacks.attack,
        attacker="Hida Tsuneo",
        target="Bandit",
        weapon="Dai tsuchi",
        dice=d("9,9,9,2,2,2,2"),
    )
    t.do(attacks.damage, attacker="Hida Tsuneo", dice=d("9,8,3,3,2,2,2,2"))
    t.do(Play.next_turn)
    t.do(
        attacks.attack,
        attacker="Tsuruchi Aoi",
        target="Bandit",
        weapon="Yumi",
        arrow="Sage leaf",
        range_m=100,
        dice=d("10+5,9,8,2,2"),
        actor="ben",
    )
    t.do(attacks.damage, attacker="Tsuruchi Aoi", dice=d("7,6,2,2,2"), actor="ben")
    t.do(Play.next_turn, actor="ben")
    t.do(Play.next_turn)
    t.do(Play.start_round)
    t.do(afflictions.apply_condition, character="Bandit", condition="in_melee")
    t.do(attacks.attack, attacker="Hida Tsuneo", target="Bandit", dice=d("9,9,9,2,2"))
    t.do(attacks.damage, attacker="Hida Tsuneo", dice=d("6,5,4"))
    t.do(Play.next_turn)
    t.do(
        attacks.attack,
        attacker="Tsuruchi Aoi",
        target="Bandit",
        weapon="Yumi",
        arrow="Sage leaf",
        dice=d("9,9,9,9,2,2,2"),
        actor="ben",
    )
    t.do(attacks.damage, attacker="Tsuruchi Aoi", dice=d("8,7,2,2,2"), actor="ben")
    t.do(Play.next_turn, actor="ben")
    t.do(Play.end_combat)
    return t


def contests_and_cooperation() -> Table:
    """The master carpenter's 35 with workers of 4 and 5 (44); an opposed roll with a tie
    rolled again; Intimidation resisted with the honour rank; a failed Investigation
    tried again at +15; the TN ladder's « average »."""
    t = Table("contests-and-cooperation")
    t.do(
        Session.join,
        player="ana",
        sheet=bushi(
            "Kaiu Master",
            traits=Traits(3, 3, 3, 3, 3, 3, 3, 3),
            skills=(Skill("Craft: Carpentry", 6),),
        ),
    )
    t.do(
        Session.join, player="gm", sheet=bushi("Worker One", skills=(Skill("Craft: Carpentry", 4),))
    )
    t.do(
        Session.join, player="gm", sheet=bushi("Worker Two", skills=(Skill("Craft: Carpentry", 5),))
    )
    t.do(
        Session.join,
        player="ben",
        sheet=bushi(
            "Kitsuki Yasu", honour=55, skills=(Skill("Investigation", 3), Skill("Etiquette", 2))
        ),
    )
    t.do(
        Session.join, player="gm", sheet=bushi("Thug", honour=5, skills=(Skill("Intimidation", 3),))
    )
    t.do(
        contests.lead_roll,
        leader="Kaiu Master",
        followers=["Worker One", "Worker Two"],
        skill="Craft: Carpentry",
        trait="intelligence",
        tn=contests.tn_for("very_hard"),
        dice=d("10+9,10+4,2,2,2,2,2,2,2"),
    )
    t.do(
        contests.oppose,
        contest="arm wrestling",
        first=contests.Side("Kaiu Master", trait="strength"),
        second=contests.Side("Thug", trait="strength"),
        dice=pad(5, 5, 5, 5, 5, 5, 9, 8, 7, 3, 2, 1),
    )
    t.do(
        contests.oppose,
        contest="intimidation",
        first=contests.Side("Thug", "Intimidation", "willpower"),
        second=contests.Side("Kitsuki Yasu", "Etiquette", "awareness", add_honour=True),
        dice=pad(9, 8, 7, 2, 2, 2, 9, 8, 4, 2, 2),
    )
    t.do(
        skill_roll,
        character="Kitsuki Yasu",
        skill="Investigation",
        trait="perception",
        options=RollOptions(tn=contests.tn_for("average")),
        dice=d("4,3,2,2,2,2"),
        actor="ben",
    )
    t.do(
        contests.second_attempt, character="Kitsuki Yasu", dice=d("10+10+8,9,5,2,2,2"), actor="ben"
    )
    return t


def affinity_and_magic() -> Table:
    """The affinity example: Air 3 at school rank 1 with an Air affinity rolls 5k3, and the
    Earth deficiency forbids Earth spells at rank 1; slots, Void slots as wildcards, a
    failed cast that still uses its slot, raises cutting the casting time, concentration."""
    t = Table("affinity-and-magic")
    t.do(
        Session.join,
        player="ana",
        sheet=CharacterSheet(
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
    )
    t.do(magic.cast, character="Isawa Aki", spell="Tempest of Air", dice=d("9,8,7,2,2"))
    t.do(
        magic.cast,
        character="Isawa Aki",
        spell="Tempest of Air",
        time_raises=1,
        dice=d("10+6,9,8,2,2"),
    )
    t.do(
        magic.cast, character="Isawa Aki", spell="Tempest of Air", dice=d("3,3,2,2,2")
    )  # fails, but the slot is spent
    t.do(
        magic.cast, character="Isawa Aki", spell="Tempest of Air", dice=d("9,9,2,2,2")
    )  # the air slots are spent: a Void slot serves
    t.do(
        magic.cast, character="Isawa Aki", spell="Path to Inner Peace", dice=d("7,6,2")
    )  # water 2: rank 1 + 2 = 3k2, TN 10
    t.do(magic.concentrate, character="Isawa Aki", spell="Tempest of Air")
    t.do(magic.concentration_check, character="Isawa Aki", cause="distraction", dice=d("9,7,2"))
    t.do(recovery.rest, character="Isawa Aki")
    return t


def healing_and_void() -> Table:
    """Natural healing (Stamina × 2 + insight rank), a Medicine kit, meditation by rank,
    a tea ceremony for three, and a fasting character who regains no Void by sleeping."""
    t = Table("healing-and-void")
    t.do(
        Session.join,
        player="ana",
        sheet=bushi(
            "Asahina Sei",
            traits=Traits(2, 3, 2, 3, 2, 2, 2, 3),
            void=3,
            skills=(Skill("Medicine", 3), Skill("Tea Ceremony", 5), Skill("Meditation", 3)),
        ),
    )
    t.do(Session.join, player="ben", sheet=bushi("Hida Rin"))
    t.do(Session.join, player="cat", sheet=bushi("Doji Ume"))
    t.do(Play.take_wounds, character="Hida Rin", amount=25, source="an oni's claw")
    t.do(recovery.give_kit, character="Asahina Sei")
    t.do(
        recovery.medicine,
        healer="Asahina Sei",
        patient="Hida Rin",
        raises=1,
        dice=pad(9, 8, 7, 2, 2, 2, 8, 5),
        actor="ana",
    )
    t.do(recovery.rest, character="Hida Rin")
    for name in ("Asahina Sei", "Hida Rin", "Doji Ume"):
        t.do(Play.spend_void, character=name, purpose="a long day")
    t.do(
        recovery.tea_ceremony,
        leader="Asahina Sei",
        participants=["Hida Rin", "Doji Ume"],
        dice=d("10+4,9,8,5,5,5,5,2"),
        actor="ana",
    )
    t.do(Play.spend_void, character="Asahina Sei", purpose="again")
    t.do(Play.spend_void, character="Asahina Sei", purpose="and again")
    t.do(recovery.meditate, character="Asahina Sei", dice=d("10+3,9,2,2,2,2"), actor="ana")
    t.do(afflictions.apply_condition, character="Doji Ume", condition="fasting", level=2)
    t.do(Play.spend_void, character="Doji Ume", purpose="a vigil")
    t.do(recovery.rest, character="Doji Ume")
    return t


SESSIONS = {
    "armour-and-feint": armour_and_feint,
    "damage-and-archery": damage_and_archery,
    "contests-and-cooperation": contests_and_cooperation,
    "affinity-and-magic": affinity_and_magic,
    "healing-and-void": healing_and_void,
    **MORE,
}
