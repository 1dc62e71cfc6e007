"""Curated replays of the house 5th edition confrontations (``l5r5e-house``): the text's
worked example and a full duel. Authored like :mod:`tests.replays.curate`; each check's
faces are written in the order they are thrown (the ring dice, the skill dice, then each
explosion as it comes)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.dice.source import FaceQueue
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.sheet import FifthSheet, Rings, Skill, Weapon
from domain.session.commands import JoinCharacter
from tests.support import RecordedTable

KATANA = Weapon("Katana", "Martial Arts [Melee]", (0, 1), damage=4, deadliness=5)


def join(sheet: FifthSheet, player: str) -> JoinCharacter:
    return JoinCharacter(sheet=msgspec.to_builtins(sheet), player=player)


def faces(*numbers: int) -> FaceQueue:
    return FaceQueue(list(numbers))


def kakita_ryoku() -> FifthSheet:
    """Air 3, Earth 2, Fire 3, Water 2, Void 2: endurance 10, composure 8, focus 6."""
    return FifthSheet(
        name="Kakita Ryoku",
        rings=Rings(air=3, earth=2, fire=3, water=2, void=2),
        skills=(Skill("Meditation", 2), Skill("Martial Arts [Melee]", 3), Skill("Fitness", 1)),
        honour=65,
        weapons=(KATANA,),
    )


def mirumoto_daini() -> FifthSheet:
    """Air 2, Earth 3, Fire 2, Water 3, Void 2: endurance 10, composure 12, focus 4."""
    return FifthSheet(
        name="Mirumoto Daini",
        rings=Rings(air=2, earth=3, fire=2, water=3, void=2),
        skills=(Skill("Meditation", 1), Skill("Martial Arts [Melee]", 3), Skill("Fitness", 2)),
        honour=55,
        weapons=(KATANA,),
    )


def recovery() -> RecordedTable:
    """« un personnage ayant 7 en Endurance et 6 en Fatigue élimine 2 points de Fatigue
    (pour revenir à 4, soit la moitié de son Endurance, arrondie à l'entier supérieur) »;
    then a night's sleep takes twice the Water ring off (2 × 2: 4 → 0)."""
    t = RecordedTable("l5r5e-house-recovery", "l5r5e-house")
    t.do(join(FifthSheet(name="Asahina Tomo", rings=Rings(air=2, earth=2, fire=1, water=2, void=2),
                         endurance_bonus=1), "ana"))  # fmt: skip
    t.do(c.GiveFatigue(character="Asahina Tomo", amount=6, source="a day's hard ride"))
    t.do(c.EndScene())
    t.do(c.Sleep(character="Asahina Tomo"))
    return t


def duel() -> RecordedTable:
    """Kakita Ryoku (initiative 7, readying his katana on an opportunity) against Mirumoto
    Daini (5). Round 1: the stare-down (1 + 1 strife and 1 + 0), Ryoku's Fire-stance
    strike — 3 successes, his kept strife a bonus success: 4 + 2 = 6 damage, defended as
    fatigue; Daini readies his blade. Round 2: bids 0 and 2 tie them at 7 — the lower
    honour, Daini, acts first: 4 damage; Ryoku's two opportunities add a critical of 5,
    which Daini's Fitness test (2 successes: 1 + 1 bonus) lessens to 3, a flesh wound:
    Lightly Wounded on Fire, his stance's ring. Round 3: Ryoku's bid of 2 takes him past
    his composure — Compromised — and Daini's coup de grâce, at TN 3 for his wounded Fire
    (his exploding skill die gives the third success), lands: a critical of 2 × 5,
    lessened by Ryoku's Fitness test (1 + 1 bonus) to 8, a permanent injury — Bleeding
    and a scar of Fire. The scene's end takes fatigue and strife down to half."""
    t = RecordedTable("l5r5e-house-duel", "l5r5e-house")
    t.do(join(kakita_ryoku(), "ana"))
    t.do(join(mirumoto_daini(), "ben"))
    t.do(c.StartConfrontation(kind="duel"))
    t.do(c.RollInitiative(character="Kakita Ryoku", ring="fire", keep="0,1"),
         dice=faces(5, 3, 1, 8, 1), actor="ana")  # fmt: skip
    t.do(c.RollInitiative(character="Mirumoto Daini", ring="water", keep="0"),
         dice=faces(5, 4, 1, 9), actor="ben")  # fmt: skip
    t.do(c.StartRound())
    t.do(c.Stare(bids=("Kakita Ryoku=1", "Mirumoto Daini=0")))
    t.do(c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,1,3"),
         dice=faces(6, 5, 2, 10, 11, 1, 4), actor="ana")  # fmt: skip
    t.do(c.Resist(character="Mirumoto Daini"), actor="ben")
    t.do(c.NextTurn(), actor="ana")
    t.do(c.Prepare(character="Mirumoto Daini", weapon="Katana"), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    t.do(c.Stare(bids=("Kakita Ryoku=0", "Mirumoto Daini=2")))
    t.do(c.ChooseStance(character="Mirumoto Daini", stance="fire"), actor="ben")
    t.do(c.Strike(character="Mirumoto Daini", target="Kakita Ryoku", keep="0,3"),
         dice=faces(5, 6, 12, 8, 3, 9), actor="ben")  # fmt: skip
    t.do(c.Resist(character="Kakita Ryoku"), actor="ana")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.Strike(character="Kakita Ryoku", target="Mirumoto Daini", keep="0,3,4"),
         dice=faces(3, 2, 5, 10, 9, 1), actor="ana")  # fmt: skip
    t.do(c.Resist(character="Mirumoto Daini"), dice=faces(5, 1, 8, 3), actor="ben")
    t.do(c.NextTurn(), actor="ana")
    t.do(c.StartRound())
    t.do(c.Stare(bids=("Kakita Ryoku=2", "Mirumoto Daini=1")))
    t.do(c.CoupDeGrace(character="Mirumoto Daini"), dice=faces(5, 4, 12, 8, 1, 9), actor="ben")
    t.do(c.Resist(character="Kakita Ryoku"), dice=faces(5, 1, 3, 9), actor="ana")
    t.do(c.EndConfrontation())
    t.do(c.EndScene())
    return t


TETSUBO = Weapon("Tetsubo", "Martial Arts [Melee]", (1, 2), damage=6, deadliness=4)
YARI = Weapon("Yari", "Martial Arts [Melee]", (1, 2), damage=4, deadliness=4)


def hida_tsuneo() -> FifthSheet:
    return FifthSheet(
        name="Hida Tsuneo",
        rings=Rings(air=2, earth=3, fire=2, water=3, void=2),
        skills=(
            Skill("Tactics", 2),
            Skill("Martial Arts [Melee]", 3),
            Skill("Fitness", 2),
            Skill("Command", 1),
        ),
        honour=50,
        glory=40,
        weapons=(TETSUBO,),
    )


def bandit(number: int) -> FifthSheet:
    return FifthSheet(
        name=f"Bandit {number}",
        rings=Rings(air=2, earth=2, fire=2, water=2, void=1),
        skills=(Skill("Martial Arts [Melee]", 2), Skill("Tactics", 1), Skill("Fitness", 1)),
        honour=20,
        glory=10,
        weapons=(YARI,),
    )


def skirmish() -> RecordedTable:
    """A skirmish on a line of range bands: Ryoku and Tsuneo (side « party ») against two
    bandits. Initiative: Ryoku 7; Bandit 2 and Tsuneo tie at 5 and the bandit, of lower
    honour, goes first; Bandit 1 4. Round 1: Ryoku's free move closes to band 1 and his
    strike costs Bandit 1 5 fatigue; Bandit 2 manoeuvres two bands on a Fitness success;
    Tsuneo protects Ryoku, and Bandit 1's 2 successes miss a TN of 4 (2, Ryoku's Air
    stance +1, the protection +1). Round 2: Ryoku challenges Bandit 2 (Command TN 1, 3
    successes), who refuses: 2 + 2 glory lost, 2 strife to Bandit 1 (glory rank 1 under
    Ryoku's 5); Tsuneo waits; Bandit 1's explosive Fire-stance strike (both explosions
    kept: 4 successes) hits for 6, and
    Tsuneo's held tetsubo answers for 7: 12 fatigue over an endurance of 8, Bandit 1 is
    Incapacitated. The scene's end brings fatigue and strife down to half."""
    t = RecordedTable("l5r5e-house-skirmish", "l5r5e-house")
    ryoku = msgspec.structs.replace(
        kakita_ryoku(),
        skills=(*kakita_ryoku().skills, Skill("Tactics", 1), Skill("Command", 2)),
        glory=55,
    )
    t.do(join(ryoku, "ana"))
    t.do(join(hida_tsuneo(), "ben"))
    t.do(join(bandit(1), "gm-npc"))
    t.do(join(bandit(2), "gm-npc"))
    t.do(c.StartConfrontation(kind="skirmish"))
    for name, band in (("Kakita Ryoku", 0), ("Hida Tsuneo", 0), ("Bandit 1", 2), ("Bandit 2", 5)):
        t.do(c.Place(character=name, band=band))
    t.do(c.RollInitiative(character="Kakita Ryoku", ring="air", side="party", keep="0,1"),
         dice=faces(5, 3, 1, 9))  # fmt: skip
    t.do(c.RollInitiative(character="Hida Tsuneo", ring="earth", side="party", keep="0,1"),
         dice=faces(5, 2, 1, 8, 1))  # fmt: skip
    t.do(c.RollInitiative(character="Bandit 1", ring="fire", side="bandits", weapon="Yari"),
         dice=faces(3, 1, 1))  # fmt: skip
    t.do(c.RollInitiative(character="Bandit 2", ring="water", side="bandits", weapon="Yari"),
         dice=faces(5, 3, 1))  # fmt: skip
    t.do(c.StartRound())
    t.do(c.Move(character="Kakita Ryoku", band=1), actor="ana")
    t.do(c.Strike(character="Kakita Ryoku", target="Bandit 1"), dice=faces(5, 4, 1, 9, 1, 1),
         actor="ana")  # fmt: skip
    t.do(c.Resist(character="Bandit 1"))
    t.do(c.NextTurn(), actor="ana")
    t.do(c.Manoeuvre(character="Bandit 2", band=1, check=True), dice=faces(5, 4, 9))
    t.do(c.NextTurn())
    t.do(c.Protect(character="Hida Tsuneo", target="Kakita Ryoku"), dice=faces(5, 1, 1, 8, 1),
         actor="ben")  # fmt: skip
    t.do(c.NextTurn(), actor="ben")
    t.do(c.Strike(character="Bandit 1", target="Kakita Ryoku"), dice=faces(5, 1, 9, 1))
    t.do(c.NextTurn())
    t.do(c.StartRound())
    t.do(c.Challenge(character="Kakita Ryoku", target="Bandit 2"), dice=faces(5, 1, 1, 9, 8),
         actor="ana")  # fmt: skip
    t.do(c.Answer(character="Bandit 2", answer="refuse"))
    t.do(c.NextTurn(), actor="ana")
    t.do(c.NextTurn())
    t.do(c.Wait(character="Hida Tsuneo", trigger="a bandit attacks Ryoku", action="strike"),
         actor="ben")  # fmt: skip
    t.do(c.NextTurn(), actor="ben")
    t.do(c.Strike(character="Bandit 1", target="Kakita Ryoku"), dice=faces(6, 5, 12, 8, 5, 9))
    t.do(c.Resist(character="Kakita Ryoku"), actor="ana")
    t.do(c.Strike(character="Hida Tsuneo", target="Bandit 1"), dice=faces(5, 5, 1, 9, 8, 1),
         actor="ben")  # fmt: skip
    t.do(c.Resist(character="Bandit 1"))
    t.do(c.NextTurn())
    t.do(c.EndConfrontation())
    t.do(c.EndScene())
    return t


SESSIONS: dict[str, Callable[[], RecordedTable]] = {
    "l5r5e-house-recovery": recovery,
    "l5r5e-house-duel": duel,
    "l5r5e-house-skirmish": skirmish,
}
