"""Curated 4e replays, continued: stances and conditions, the iaijutsu duel, the mass
battle, honour and society, every use of a Void point with movement.

Authored like :mod:`tests.replays.curate_4e`: each command a Struct recorded with its
dice, so that the suite re-judges every ruling — all but :func:`void_and_movement`'s.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.l5r4e.commands.books import SpendVoid
from domain.rulesets.l5r4e.commands.court import (
    Armoury,
    ChangeMoney,
    DegradingRoll,
    Equip,
    Fear,
    LoadArmoury,
    LoadHonourTable,
    PerceiveHonour,
    Recognise,
    ResistTaint,
)
from domain.rulesets.l5r4e.commands.duel_battle import (
    Assess,
    BeginBattle,
    BeginDuel,
    Commanders,
    DeclareEngagement,
    DrawBattleResult,
    EndBattle,
    Focus,
    HeroicOpportunity,
    NextBattleTurn,
    Strike,
)
from domain.rulesets.l5r4e.commands.fight import (
    ApplyCondition,
    Attack,
    Damage,
    Delay,
    EndCondition,
    FullDefense,
    Guard,
    Move,
    Recover,
    Stand,
    SwapInitiative,
)
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    EndCombat,
    NextTurn,
    Roll,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.rulesets.l5r4e.events import BattleEntry, HonourLoss
from domain.rulesets.roll_keep_kit.character import Skill, Weapon
from tests.replays.kit_4e import KATANA, Curated, bushi, d, join, no_dice, pad
from tests.support import RecordedTable


def stances_and_conditions() -> RecordedTable:
    """Full Attack's +2k1 and −10, Full Defense's halved roll, the Center stance's +10
    initiative and +1k1 + Void the next round, a guard, a delay, a Void swap, prone and
    standing up, a dazed character's reaction phase."""
    t = RecordedTable("stances-and-conditions")
    t.do(join(bushi("Akodo Ken", skills=(Skill("Kenjutsu", 3), Skill("Defense", 3))), "ana"))
    t.do(join(bushi("Bayushi Tai"), "ben"))
    t.do(join(bushi("Doji Rei"), "cat"))
    t.do(StartCombat())
    for name, faces in (
        ("Akodo Ken", "9,8,7,2"),
        ("Bayushi Tai", "8,7,6,2"),
        ("Doji Rei", "5,4,3,2"),
    ):
        t.do(RollInitiative(character=name), dice=d(faces))
    t.do(StartRound())
    t.do(ChooseStance(character="Akodo Ken", stance="full_attack"))
    t.do(ChooseStance(character="Bayushi Tai", stance="full_defense"))
    t.do(ChooseStance(character="Doji Rei", stance="center"))
    t.do(
        Attack(attacker="Akodo Ken", target="Bayushi Tai", weapon="Katana"),
        dice=d("9,8,7,6,5,2,2,2"),
    )
    t.do(NextTurn())
    t.do(FullDefense(character="Bayushi Tai"), dice=d("9,8,5,2,2"))
    t.do(NextTurn())
    t.do(NextTurn())  # Doji Rei, centred, does nothing
    t.do(StartRound())  # Rei now has +10 initiative for this round
    t.do(ChooseStance(character="Doji Rei", stance="attack"))
    t.do(Delay(character="Akodo Ken", behind="Bayushi Tai"))
    t.do(
        Roll(character="Doji Rei", skill="Kenjutsu", trait="agility", tn=25, use_center=True),
        dice=d("9,8,5,4,3,2,2"),
    )
    t.do(Guard(character="Doji Rei", protected="Bayushi Tai"))
    t.do(NextTurn())
    t.do(ApplyCondition(character="Bayushi Tai", condition="prone"))
    t.do(Stand(character="Bayushi Tai"))
    t.do(NextTurn())
    t.do(ApplyCondition(character="Akodo Ken", condition="dazed"))
    # Earth 3k3, dazed −3k0 (« -3g0 à toutes ses actions »): 1k1 — 9 < 20, then 16 ≥ 15
    t.do(Recover(character="Akodo Ken", condition="dazed"), dice=d("9"))
    t.do(Recover(character="Akodo Ken", condition="dazed"), dice=d("10+6"))
    t.do(NextTurn())
    t.do(StartRound())
    t.do(SwapInitiative(character="Doji Rei", other="Akodo Ken"))
    t.do(EndCombat())
    return t


def iaijutsu_duel() -> RecordedTable:
    """Assessment (one thing, one more per raise; beaten by 10: +1k1 on focus), focus
    (won by 18: first strike and two free raises), the strike, first blood."""
    t = RecordedTable("iaijutsu-duel")
    for name, player in (("Kakita Ryoku", "ana"), ("Mirumoto Taki", "ben")):
        t.do(join(bushi(name, skills=(Skill("Iaijutsu", 3),)), player))
    t.do(BeginDuel(challenger="Kakita Ryoku", defender="Mirumoto Taki"))
    t.do(Assess(duel="duel-1", raises=(1, 0)), dice=pad(10, 9, 5, 2, 2, 2, 7, 6, 2, 2, 2, 2))
    t.do(Focus(duel="duel-1"), dice=pad(10, 9, 9, 2, 2, 2, 2, 5, 5, 2, 2, 2))
    t.do(Strike(duel="duel-1"), dice=pad(9, 9, 9, 2, 2, 2, 8, 8, 2, 2, 2, 2))
    return t


def mass_battle() -> RecordedTable:
    """Two armies of 500: two battle turns; engagement one step a turn; the commanders'
    contest; results read in the GM's table; a heroic opportunity taken."""
    t = RecordedTable("mass-battle")
    t.do(join(bushi("Akodo Tadao", skills=(Skill("Battle", 4),)), "ana"))
    t.do(join(bushi("Enemy General", skills=(Skill("Battle", 3),)), "gm"))
    table = tuple(
        BattleEntry(
            engagement=e, status=s, low=lo, high=hi, glory=g, wounds=w, heroic_opportunity=h
        )
        for e in ("reserve", "disengaged", "engaged", "front_line")
        for s in ("winning", "held", "losing")
        for lo, hi, g, w, h in ((1, 10, 1, 5, False), (11, 99, 3, 0, e == "front_line"))
    )
    t.do(BeginBattle(name="Beiden Pass", armies=(500, 500), table=table))
    t.do(NextBattleTurn())
    t.do(DeclareEngagement(character="Akodo Tadao", engagement="engaged"))
    t.do(
        Commanders(ours="Akodo Tadao", theirs="Enemy General"),
        dice=pad(9, 9, 8, 2, 2, 2, 2, 6, 5, 4, 2, 2, 2),
    )
    t.do(DrawBattleResult(character="Akodo Tadao"), dice=d("4"))
    t.do(NextBattleTurn())
    t.do(DeclareEngagement(character="Akodo Tadao", engagement="front_line"))
    t.do(
        Commanders(ours="Akodo Tadao", theirs="Enemy General"),
        dice=pad(5, 4, 3, 2, 2, 2, 2, 6, 5, 4, 2, 2, 2),
    )
    t.do(DrawBattleResult(character="Akodo Tadao"), dice=d("9"))
    t.do(HeroicOpportunity(character="Akodo Tadao", note="holds the bridge"))
    t.do(EndBattle())
    return t


def honour_and_society() -> RecordedTable:
    """Perceiving honour (TN 30), heraldry (50 − 5 × glory), the Taint resisted with jade,
    fear, a degrading skill priced by the GM's honour table, a peasant weapon, koku."""
    t = RecordedTable("honour-and-society")
    t.do(
        join(
            bushi(
                "Kitsuki Jo",
                honour=65,
                skills=(
                    Skill("Lore: Bushido", 3),
                    Skill("Lore: Heraldry", 4),
                    Skill("Intimidation", 2),
                    Skill("Kama", 1),
                ),
            ),
            "ana",
        )
    )
    t.do(
        join(
            bushi("Famous Lord", honour=35, glory=60, clan="Lion", school="Akodo Bushi"),
            "gm",
        )
    )
    t.do(
        PerceiveHonour(character="Kitsuki Jo", target="Famous Lord"),
        dice=d("10+9,9,5,2,2,2"),
    )
    t.do(Recognise(character="Kitsuki Jo", target="Famous Lord"), dice=d("9,8,4,2,2,2,2"))
    t.do(ResistTaint(character="Kitsuki Jo", tn=25, taint=5, jade=True), dice=d("6,5,2"))
    t.do(ResistTaint(character="Kitsuki Jo", tn=30, taint=5), dice=d("6,5,2"))
    t.do(Fear(character="Kitsuki Jo", rank=3), dice=d("6,4,2"))
    t.do(
        EndCondition(character="Kitsuki Jo", condition="afraid", note="far from the haunted shrine")
    )
    t.do(
        LoadHonourTable(
            rows=(
                HonourLoss("degrading skill: Intimidation", 6, 5),
                HonourLoss("peasant weapon", 6, 3),
            )
        )
    )
    t.do(
        DegradingRoll(character="Kitsuki Jo", skill="Intimidation", trait="willpower", tn=15),
        dice=d("9,8,2,2,2"),
    )
    kama = Weapon("Kama", "1k2", "Kama", size="small", keywords=("peasant",))
    t.do(LoadArmoury(armoury=Armoury(weapons=(kama,))))
    t.do(Equip(character="Kitsuki Jo", item="Kama"))
    t.do(StartCombat())
    t.do(RollInitiative(character="Kitsuki Jo"), dice=d("9,9,9,2"))
    t.do(RollInitiative(character="Famous Lord"), dice=d("2,2,2,2"))
    t.do(StartRound())
    t.do(
        Attack(attacker="Kitsuki Jo", target="Famous Lord", weapon="Kama", honour_loss=3),
        dice=d("9,8,7,2"),
    )
    t.do(EndCombat())
    t.do(ChangeMoney(character="Kitsuki Jo", koku=2, bu=3, zeni=5))
    t.do(ChangeMoney(character="Kitsuki Jo", bu=-4))
    return t


def void_and_movement() -> RecordedTable:
    """Every use of a Void point in play: +1k1, a skill from 0 to 1, −10 damage, +10
    initiative for the combat, a school technique beside the one-a-round limit, one free
    action at Out with the GM's leave; moves by Water; a thrown knife."""
    t = RecordedTable("void-and-movement")
    knife = Weapon("Knife", "1k1", "Athletics", kind="thrown", size="small")
    t.do(
        join(
            bushi(
                "Shiba Ren",
                weapons=(KATANA, knife),
                skills=(Skill("Kenjutsu", 3), Skill("Athletics", 2)),
            ),
            "ana",
        )
    )
    t.do(join(bushi("Shosuro Mei"), "ben"))
    t.do(
        Roll(character="Shiba Ren", skill="Swim", trait="strength", void_skill=True, tn=15),
        dice=d("10+3,6,2,2"),
        actor="ana",
    )
    t.do(StartCombat())
    t.do(RollInitiative(character="Shiba Ren"), dice=d("5,5,5"))
    t.do(RollInitiative(character="Shosuro Mei"), dice=d("9,8,7"))
    t.do(StartRound())
    t.do(SpendVoid(character="Shiba Ren", use="initiative"), actor="ana")
    t.do(
        SpendVoid(character="Shosuro Mei", purpose="a Shosuro technique", use="technique"),
        actor="ben",
    )
    t.do(Move(character="Shiba Ren", kind="free"), actor="ana", dice=no_dice())
    t.do(
        Attack(attacker="Shiba Ren", target="Shosuro Mei", weapon="Knife"),
        dice=d("9,8,7,2,2"),
        actor="ana",
    )
    t.do(Damage(attacker="Shiba Ren", void_reduction=True), dice=d("8,3,2,2"))
    t.do(NextTurn(), actor="ana")
    t.do(Move(character="Shosuro Mei", kind="simple"), actor="ben", dice=no_dice())
    t.do(NextTurn(), actor="ben")
    t.do(StartRound())
    t.do(
        Attack(attacker="Shiba Ren", target="Shosuro Mei", weapon="Katana", void=True),
        dice=d("10+10+9,10+8,9,9,2,2,2"),
        actor="ana",
    )
    t.do(Damage(attacker="Shiba Ren"), dice=d("10+10+10+5,10+9,9,2,2,2"))
    t.do(
        Roll(
            expression="3k3",
            character="Shosuro Mei",
            tn=10,
            void_free_action=True,
            label="a last word",
        ),
        dice=d("7,5,2"),
    )
    t.do(EndCombat())
    return t


MORE: dict[str, Callable[[], Curated]] = {
    "stances-and-conditions": stances_and_conditions,
    "iaijutsu-duel": iaijutsu_duel,
    "mass-battle": mass_battle,
    "honour-and-society": honour_and_society,
    "void-and-movement": void_and_movement,
}
