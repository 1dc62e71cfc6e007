"""Curated replays walking through the l5r4e ruleset, with the summary's worked examples.

Authored like :mod:`tests.replays.curate` (fixed clock, written faces); run by hand with
``python -m tests.replays.curate``, which includes these.
"""

from __future__ import annotations

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.rulesets.l5r4e import (
    afflictions,
    attacks,
    battle,
    combat,
    contests,
    duels,
    equipment,
    magic,
    recovery,
    society,
)
from domain.rulesets.l5r4e.events import BattleEntry, HonourLoss
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.l5r4e.skills import skill_roll
from domain.rulesets.roll_keep_kit.character import (
    Armour,
    Arrow,
    CharacterSheet,
    Skill,
    Spell,
    Traits,
    Weapon,
)
from domain.session.aggregate import Session
from tests.support import Scripted, Table

KATANA = Weapon("Katana", "3k2")


def pad(*faces: int) -> Scripted:
    """These faces, then 2s."""
    return Scripted(*faces, *[2] * 60)


def d(spec: str) -> Scripted:
    """The faces written in ``spec`` drawn in order, then 2s: the faces that matter are
    written, the dice a pool has beyond them show 2 (so pools may grow with insight)."""
    faces: list[int] = []
    for die in parse_faces(spec):
        faces.extend(((1,) if die.rerolled_one else ()) + die.faces)
    return Scripted(*faces, *[2] * 40)


HEAVY = Armour("Heavy armour", 10, 5, 10)


def bushi(name: str, **fields: object) -> CharacterSheet:
    base: dict[str, object] = {
        "name": name,
        "traits": Traits(3, 3, 3, 3, 3, 3, 3, 3),
        "void": 3,
        "skills": (Skill("Kenjutsu", 3), Skill("Defense", 2)),
        "weapons": (KATANA,),
    }
    base.update(fields)
    return CharacterSheet(**base)  # type: ignore[arg-type]


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


def stances_and_conditions() -> Table:
    """Full Attack's +2k1 and −10, Full Defense's halved roll, the Center stance's +10
    initiative and +1k1 + Void the next round, a guard, a delay, a Void swap, prone and
    standing up, a dazed character's reaction phase."""
    t = Table("stances-and-conditions")
    t.do(
        Session.join,
        player="ana",
        sheet=bushi("Akodo Ken", skills=(Skill("Kenjutsu", 3), Skill("Defense", 3))),
    )
    t.do(Session.join, player="ben", sheet=bushi("Bayushi Tai"))
    t.do(Session.join, player="cat", sheet=bushi("Doji Rei"))
    t.do(Play.start_combat)
    for name, faces in (
        ("Akodo Ken", "9,8,7,2"),
        ("Bayushi Tai", "8,7,6,2"),
        ("Doji Rei", "5,4,3,2"),
    ):
        t.do(Play.roll_initiative, character=name, dice=d(faces))
    t.do(Play.start_round)
    t.do(Play.choose_stance, character="Akodo Ken", stance="full_attack")
    t.do(Play.choose_stance, character="Bayushi Tai", stance="full_defense")
    t.do(Play.choose_stance, character="Doji Rei", stance="center")
    t.do(
        attacks.attack,
        attacker="Akodo Ken",
        target="Bayushi Tai",
        weapon="Katana",
        dice=d("9,8,7,6,5,2,2,2"),
    )
    t.do(Play.next_turn)
    t.do(combat.full_defense, character="Bayushi Tai", dice=d("9,8,5,2,2"))
    t.do(Play.next_turn)
    t.do(Play.next_turn)  # Doji Rei, centred, does nothing
    t.do(Play.start_round)  # Rei now has +10 initiative for this round
    t.do(Play.choose_stance, character="Doji Rei", stance="attack")
    t.do(combat.delay, character="Akodo Ken", behind="Bayushi Tai")
    t.do(
        skill_roll,
        character="Doji Rei",
        skill="Kenjutsu",
        trait="agility",
        options=RollOptions(tn=25),
        use_center=True,
        dice=d("9,8,5,4,3,2,2"),
    )
    t.do(combat.guard, character="Doji Rei", protected="Bayushi Tai")
    t.do(Play.next_turn)
    t.do(afflictions.apply_condition, character="Bayushi Tai", condition="prone")
    t.do(combat.stand, character="Bayushi Tai")
    t.do(Play.next_turn)
    t.do(afflictions.apply_condition, character="Akodo Ken", condition="dazed")
    t.do(afflictions.recover, character="Akodo Ken", condition="dazed", dice=d("9,8,2"))
    t.do(afflictions.recover, character="Akodo Ken", condition="dazed", dice=d("9,8,2"))
    t.do(Play.next_turn)
    t.do(Play.start_round)
    t.do(combat.swap_initiative, character="Doji Rei", other="Akodo Ken")
    t.do(Play.end_combat)
    return t


def iaijutsu_duel() -> Table:
    """Assessment (one thing, one more per raise; beaten by 10: +1k1 on focus), focus
    (won by 18: first strike and two free raises), the strike, first blood."""
    t = Table("iaijutsu-duel")
    for name, player in (("Kakita Ryoku", "ana"), ("Mirumoto Taki", "ben")):
        t.do(Session.join, player=player, sheet=bushi(name, skills=(Skill("Iaijutsu", 3),)))
    t.do(duels.begin, challenger="Kakita Ryoku", defender="Mirumoto Taki")
    t.do(duels.assess, duel="duel-1", raises=(1, 0), dice=pad(10, 9, 5, 2, 2, 2, 7, 6, 2, 2, 2, 2))
    t.do(duels.focus, duel="duel-1", dice=pad(10, 9, 9, 2, 2, 2, 2, 5, 5, 2, 2, 2))
    t.do(duels.strike, duel="duel-1", dice=pad(9, 9, 9, 2, 2, 2, 8, 8, 2, 2, 2, 2))
    return t


def mass_battle() -> Table:
    """Two armies of 500: two battle turns; engagement one step a turn; the commanders'
    contest; results read in the GM's table; a heroic opportunity taken."""
    t = Table("mass-battle")
    t.do(Session.join, player="ana", sheet=bushi("Akodo Tadao", skills=(Skill("Battle", 4),)))
    t.do(Session.join, player="gm", sheet=bushi("Enemy General", skills=(Skill("Battle", 3),)))
    table = [
        BattleEntry(
            engagement=e, status=s, low=lo, high=hi, glory=g, wounds=w, heroic_opportunity=h
        )
        for e in ("reserve", "disengaged", "engaged", "front_line")
        for s in ("winning", "held", "losing")
        for lo, hi, g, w, h in ((1, 10, 1, 5, False), (11, 99, 3, 0, e == "front_line"))
    ]
    t.do(battle.begin, name="Beiden Pass", armies=(500, 500), table=table)
    t.do(battle.next_turn)
    t.do(battle.declare, character="Akodo Tadao", engagement="engaged")
    t.do(
        battle.commanders,
        ours="Akodo Tadao",
        theirs="Enemy General",
        dice=pad(9, 9, 8, 2, 2, 2, 2, 6, 5, 4, 2, 2, 2),
    )
    t.do(battle.draw, character="Akodo Tadao", dice=d("4"))
    t.do(battle.next_turn)
    t.do(battle.declare, character="Akodo Tadao", engagement="front_line")
    t.do(
        battle.commanders,
        ours="Akodo Tadao",
        theirs="Enemy General",
        dice=pad(5, 4, 3, 2, 2, 2, 2, 6, 5, 4, 2, 2, 2),
    )
    t.do(battle.draw, character="Akodo Tadao", dice=d("9"))
    t.do(battle.heroic, character="Akodo Tadao", accepted=True, note="holds the bridge")
    t.do(battle.end)
    return t


def honour_and_society() -> Table:
    """Perceiving honour (TN 30), heraldry (50 − 5 × glory), the Taint resisted with jade,
    fear, a degrading skill priced by the GM's honour table, a peasant weapon, koku."""
    t = Table("honour-and-society")
    t.do(
        Session.join,
        player="ana",
        sheet=bushi(
            "Kitsuki Jo",
            honour=65,
            skills=(
                Skill("Lore: Bushido", 3),
                Skill("Lore: Heraldry", 4),
                Skill("Intimidation", 2),
                Skill("Kama", 1),
            ),
        ),
    )
    t.do(
        Session.join,
        player="gm",
        sheet=bushi("Famous Lord", honour=35, glory=60, clan="Lion", school="Akodo Bushi"),
    )
    t.do(
        society.perceive_honour,
        character="Kitsuki Jo",
        target="Famous Lord",
        dice=d("10+9,9,5,2,2,2"),
    )
    t.do(society.recognise, character="Kitsuki Jo", target="Famous Lord", dice=d("9,8,4,2,2,2,2"))
    t.do(society.resist_taint, character="Kitsuki Jo", tn=25, taint=5, jade=True, dice=d("6,5,2"))
    t.do(society.resist_taint, character="Kitsuki Jo", tn=30, taint=5, dice=d("6,5,2"))
    t.do(society.fear, character="Kitsuki Jo", rank=3, dice=d("6,4,2"))
    t.do(
        afflictions.end_condition,
        character="Kitsuki Jo",
        condition="afraid",
        note="far from the haunted shrine",
    )
    t.do(
        society.load_honour_table,
        rows=[
            HonourLoss("degrading skill: Intimidation", 6, 5),
            HonourLoss("peasant weapon", 6, 3),
        ],
    )
    t.do(
        society.degrading_roll,
        character="Kitsuki Jo",
        skill="Intimidation",
        trait="willpower",
        tn=15,
        dice=d("9,8,2,2,2"),
    )
    t.do(
        equipment.load_armoury,
        weapons=[Weapon("Kama", "1k2", "Kama", size="small", keywords=("peasant",))],
    )
    t.do(equipment.equip, character="Kitsuki Jo", item="Kama")
    t.do(Play.start_combat)
    t.do(Play.roll_initiative, character="Kitsuki Jo", dice=d("9,9,9,2"))
    t.do(Play.roll_initiative, character="Famous Lord", dice=d("2,2,2,2"))
    t.do(Play.start_round)
    t.do(
        attacks.attack,
        attacker="Kitsuki Jo",
        target="Famous Lord",
        weapon="Kama",
        honour_loss=3,
        dice=d("9,8,7,2"),
    )
    t.do(Play.end_combat)
    t.do(society.change_money, character="Kitsuki Jo", koku=2, bu=3, zeni=5)
    t.do(society.change_money, character="Kitsuki Jo", bu=-4)
    return t


def void_and_movement() -> Table:
    """Every use of a Void point in play: +1k1, a skill from 0 to 1, −10 damage, +10
    initiative for the combat, a school technique beside the one-a-round limit, one free
    action at Out with the GM's leave; moves by Water; a thrown knife."""
    t = Table("void-and-movement")
    knife = Weapon("Knife", "1k1", "Athletics", kind="thrown", size="small")
    t.do(
        Session.join,
        player="ana",
        sheet=bushi(
            "Shiba Ren",
            weapons=(KATANA, knife),
            skills=(Skill("Kenjutsu", 3), Skill("Athletics", 2)),
        ),
    )
    t.do(Session.join, player="ben", sheet=bushi("Shosuro Mei"))
    t.do(
        skill_roll,
        character="Shiba Ren",
        skill="Swim",
        trait="strength",
        void_skill=True,
        options=RollOptions(tn=15),
        dice=d("10+3,6,2,2"),
        actor="ana",
    )
    t.do(Play.start_combat)
    t.do(Play.roll_initiative, character="Shiba Ren", dice=d("5,5,5"))
    t.do(Play.roll_initiative, character="Shosuro Mei", dice=d("9,8,7"))
    t.do(Play.start_round)
    t.do(combat.void_initiative, character="Shiba Ren", actor="ana")
    t.do(
        Play.spend_void,
        character="Shosuro Mei",
        purpose="a Shosuro technique",
        use="technique",
        actor="ben",
    )
    t.do(combat.move, character="Shiba Ren", kind="free", actor="ana")
    t.do(
        attacks.attack,
        attacker="Shiba Ren",
        target="Shosuro Mei",
        weapon="Knife",
        dice=d("9,8,7,2,2"),
        actor="ana",
    )
    t.do(attacks.damage, attacker="Shiba Ren", dice=d("8,3,2,2"), void_reduction=True)
    t.do(Play.next_turn, actor="ana")
    t.do(combat.move, character="Shosuro Mei", kind="simple", actor="ben")
    t.do(Play.next_turn, actor="ben")
    t.do(Play.start_round)
    t.do(
        attacks.attack,
        attacker="Shiba Ren",
        target="Shosuro Mei",
        weapon="Katana",
        void=True,
        dice=d("10+10+9,10+8,9,9,2,2,2"),
        actor="ana",
    )
    t.do(attacks.damage, attacker="Shiba Ren", dice=d("10+10+10+5,10+9,9,2,2,2"))
    t.do(
        Play.roll,
        character="Shosuro Mei",
        expression="3k3",
        options=RollOptions(tn=10),
        dice=d("7,5,2"),
        void_free_action=True,
        label="a last word",
    )
    t.do(Play.end_combat)
    return t


SESSIONS = {
    "armour-and-feint": armour_and_feint,
    "damage-and-archery": damage_and_archery,
    "contests-and-cooperation": contests_and_cooperation,
    "affinity-and-magic": affinity_and_magic,
    "healing-and-void": healing_and_void,
    "stances-and-conditions": stances_and_conditions,
    "iaijutsu-duel": iaijutsu_duel,
    "mass-battle": mass_battle,
    "honour-and-society": honour_and_society,
    "void-and-movement": void_and_movement,
}
