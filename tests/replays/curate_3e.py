"""Curated replays of the l5r3e skirmish text's worked examples, number for number.

Authored like :mod:`tests.replays.curate` (fixed clock, the text's faces written out,
every command a Struct recorded with its dice); ``python -m tests.replays.curate``
includes these. Where the text gives only a total, the faces are chosen to make it.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.source import FaceQueue
from domain.rulesets.l5r3e import commands as c
from domain.rulesets.l5r3e.sheet import ThirdSheet
from domain.rulesets.roll_keep_kit.character import Armour, Skill, Spell, Traits, Weapon
from domain.session.commands import JoinCharacter
from tests.support import RecordedTable

KATANA = Weapon("Katana", "3k2", "Kenjutsu")
WAKIZASHI = Weapon("Wakizashi", "2k2", "Kenjutsu")
TANTO = Weapon("Tanto", "1k1", "Knives", size="small")
LIGHT = Armour("Armure légère", 5, 0)


def join(sheet: ThirdSheet, player: str) -> JoinCharacter:
    return JoinCharacter(sheet=msgspec.to_builtins(sheet), player=player)


def faces(spec: str) -> object:
    """One roll's faces, written as the text gives them (``10+7`` a 10 rerolled to 7)."""
    return parse_faces(spec)


def queue(*specs: str) -> FaceQueue:
    """Several rolls' faces, drawn in order (an attack and its opposed rolls)."""
    drawn: list[int] = []
    for spec in specs:
        for die in parse_faces(spec):
            drawn.extend(((1,) if die.rerolled_one else ()) + die.faces)
    return FaceQueue(drawn)


def traits(*, reflexes: int = 2, agility: int = 3, strength: int = 2, earth: int = 2,
           fire: int = 2) -> Traits:  # fmt: skip
    """Stamina, Willpower, Reflexes, Awareness, Strength, Perception, Agility,
    Intelligence: Earth and Fire as given, the rest 2."""
    return Traits(earth, earth, reflexes, 2, strength, 2, agility, fire)


def bayushi_fumi(**more: object) -> ThirdSheet:
    """« Bayushi Fumi … 2 en Réflexes … Agilité 3 et Kenjutsu 3 … Force de 2 … 2 en Terre »;
    Défense 3 (his Dodge), Void 3 (the three ronin)."""
    fields: dict[str, object] = {
        "name": "Bayushi Fumi",
        "clan": "Scorpion",
        "school": "Bayushi Bushi",
        "traits": traits(reflexes=2),
        "void": 3,
        "skills": (Skill("Kenjutsu", 3), Skill("Defense", 3), Skill("Iaijutsu", 3)),
        "weapons": (KATANA,),
    }
    fields.update(more)
    return ThirdSheet(**fields)  # type: ignore[arg-type]


def mirumoto_rola(**more: object) -> ThirdSheet:
    """« 3 en Réflexes … 3 en Agilité et 3 en Kenjutsu … Force de 2 … 2 en Terre »; Void 3."""
    fields: dict[str, object] = {
        "name": "Mirumoto Rola",
        "clan": "Dragon",
        "school": "Mirumoto Bushi",
        "traits": traits(reflexes=3),
        "void": 3,
        "skills": (Skill("Kenjutsu", 3, ("Katana",)), Skill("Defense", 3)),
        "weapons": (KATANA, WAKIZASHI),
    }
    fields.update(more)
    return ThirdSheet(**fields)  # type: ignore[arg-type]


def kuni_lingus() -> ThirdSheet:
    """« 2 en Agilité et 2 en Jiujutsu … une Force de 2 … un Anneau de Feu de 2 »; Reflexes
    and Void 3 (the three ronin); « Fureur d'Osano-Wo », Fire, level 1."""
    return ThirdSheet(
        name="Kuni Lingus",
        clan="Crab",
        school="Kuni Shugenja",
        traits=traits(reflexes=3, agility=2),
        void=3,
        skills=(Skill("Jiujutsu", 2), Skill("Knives", 1)),
        weapons=(TANTO,),
        spells=(Spell("Fureur d'Osano-Wo", "fire", 1),),
    )


def fumi_and_rola() -> RecordedTable:
    """The basic and advanced rules' running example, rounds 1 to 4.

    Initiative 13 and 21; Fumi's 21 hits Rola's TN 15 and his katana's 13 leaves Rola
    Blessé (+10): 21 → 11 at the round's end, while Fumi's reversal of 6 makes 19. Fumi
    dodges; Rola's Assault with 3 raises to disarm makes 32 + 10 = 42 and misses. After
    reversals (Fumi +3: 22; Rola +9: 20) Kuni Lingus surprises both (2 and 0 to his 10),
    grapples Rola (25 against 15; Strength 9 + 15 = 24 to 11) and stabs him for 6:
    Gravement Blessé, and Rola's initiative is 21 + 9 − 15 = 15.

    The text's one slip: the Dodge « 6, 2, 8, 3, 4 et 5 » keeping three is 8 + 6 + 5 = 19,
    not 18, so Fumi's TN is 29 and Rola's attack needed 54, not 53 (a miss either way).
    Opened with ``defense_to_tn=false``: these examples count Reflexes × 5 alone, before
    the text's « Exceptions » add Defense.
    """
    t = RecordedTable("l5r3e-fumi-and-rola", "l5r3e", {"defense_to_tn": "false"})
    t.do(join(bayushi_fumi(), "ana"))
    t.do(join(mirumoto_rola(), "ben"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Bayushi Fumi"), dice=faces("6,7,3"))
    t.do(c.RollInitiative(character="Mirumoto Rola"), dice=faces("7,2,6,8"))
    t.do(c.StartRound())
    # « Mirumoto Rola dégaine son katana (Action Simple) et s'approche (Déplacement) »
    t.do(c.TakeActions(character="Mirumoto Rola", actions=("simple", "move")), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.TakeActions(character="Bayushi Fumi", actions=("simple",)), actor="ana")
    t.do(
        c.Attack(character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana"),
        dice=queue("6,7,2,3,8,1"),
        actor="ana",
    )
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("6,3,4,7,2"), actor="ana")
    t.do(c.NextTurn(), actor="ana")
    t.do(c.Reversal(character="Bayushi Fumi"), dice=faces("6"), actor="ana")
    t.do(c.StartRound())
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="dodge"),
         dice=faces("6,2,8,3,4,5"), actor="ana")  # fmt: skip
    t.do(c.TakeActions(character="Bayushi Fumi", actions=("half_move",)), actor="ana")
    t.do(c.NextTurn(), actor="ana")
    t.do(c.ChooseManoeuvre(character="Mirumoto Rola", manoeuvre="assault"), actor="ben")
    t.do(
        c.Attack(
            character="Mirumoto Rola", target="Bayushi Fumi", weapon="Katana", move=True,
            raises=3, manoeuvre="disarm",
        ),
        dice=queue("6,7,8,10+7,3,5"),
        actor="ben",
    )  # fmt: skip
    t.do(c.NextTurn(), actor="ben")
    t.do(c.Reversal(character="Bayushi Fumi"), dice=faces("3"), actor="ana")
    t.do(c.Reversal(character="Mirumoto Rola"), dice=faces("9"), actor="ben")
    t.do(join(kuni_lingus(), "cat"))
    t.do(c.RollInitiative(character="Kuni Lingus"), dice=faces("4,3,3,1"), actor="cat")
    t.do(c.StartRound(surprised=("Bayushi Fumi", "Mirumoto Rola"),
                      reason="Kuni Lingus, hidden until now, makes his entrance"))  # fmt: skip
    t.do(c.ChooseManoeuvre(character="Kuni Lingus", manoeuvre="assault"), actor="cat")
    t.do(c.TakeActions(character="Kuni Lingus", actions=("simple",)), actor="cat")
    t.do(
        c.Attack(
            character="Kuni Lingus", target="Mirumoto Rola", weapon="Tanto", grapple=True,
            move=True, free_to_manoeuvre=3,
        ),
        dice=queue("3,7,8,2", "6,3", "7,4"),
        actor="cat",
    )  # fmt: skip
    t.do(c.Damage(character="Kuni Lingus"), dice=faces("6,2,3"), actor="cat")
    t.do(c.NextTurn(), actor="cat")
    t.do(c.NextTurn(), actor="ana")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    return t


def ronin(number: int) -> ThirdSheet:
    """« Tous les protagonistes sont de Rang de Réputation 1 et possèdent 3 en Réflexes »;
    « 3 en Agilité et en Kenjutsu », Strength 2, light armour (+5), Earth 2; Void 2."""
    return ThirdSheet(
        name=f"Ronin {number}",
        traits=traits(reflexes=3, agility=3),
        void=2,
        skills=(Skill("Kenjutsu", 3),),
        armour=LIGHT,
        weapons=(KATANA,),
    )


def three_ronin() -> RecordedTable:
    """« Points de Vide » worked through: Rola's Célérité (5k4: 36), Lingus and Fumi paying
    a point each to swap 22 and 13; Rola's move and attack at TN 25 (15 + armour 5 + the
    move's raise) with his emphasis' +3, 19 damage leaving Ronin 3 Gravement Blessé; the
    ronin's Assault at TN 30 (his +15), 15 damage that Rola's last Void point cuts to 5
    (Égratigné); Fumi's Assault with +10 TN for a point, three raises and the Assault's two
    free ones on damage, his last point and Lingus' encouragement for 8k5 against 35, and
    8k4 for 38: the eighth level full, Ronin 2 dead; Lingus' spell 3k2 = 9 against 15."""
    t = RecordedTable("l5r3e-three-ronin", "l5r3e", {"defense_to_tn": "false"})
    t.do(join(bayushi_fumi(traits=traits(reflexes=3, agility=3)), "ana"))
    t.do(join(kuni_lingus(), "cat"))
    t.do(join(mirumoto_rola(traits=traits(reflexes=3, agility=4, strength=3)), "ben"))
    for number in (1, 2, 3):
        t.do(join(ronin(number), "gm-npc"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Mirumoto Rola", celerity=True), dice=faces("10+6,9,8,3,2"),
         actor="ben")  # fmt: skip
    t.do(c.RollInitiative(character="Bayushi Fumi"), dice=faces("6,4,3,2"), actor="ana")
    t.do(c.RollInitiative(character="Kuni Lingus"), dice=faces("9,7,6,1"), actor="cat")
    for number, spec in ((1, "4,3,2,1"), (2, "6,5,3,1"), (3, "9,8,6,2")):
        t.do(c.RollInitiative(character=f"Ronin {number}"), dice=faces(spec))
    t.do(c.SwapInitiative(character="Kuni Lingus", other="Bayushi Fumi"))
    t.do(c.StartRound())
    t.do(c.TakeActions(character="Mirumoto Rola", actions=("simple",)), actor="ben")
    t.do(
        c.Attack(character="Mirumoto Rola", target="Ronin 3", weapon="Katana", move=True,
                 emphasis=True),
        dice=queue("8,7,6,5,3,2,1"),
        actor="ben",
    )  # fmt: skip
    t.do(c.Damage(character="Mirumoto Rola"), dice=faces("10+1,8,5,4,3,2"), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.ChooseManoeuvre(character="Ronin 3", manoeuvre="assault"))
    t.do(c.TakeActions(character="Ronin 3", actions=("simple",)))
    t.do(c.Attack(character="Ronin 3", target="Mirumoto Rola", weapon="Katana"),
         dice=queue("10+4,10+2,5,3,2,1"))  # fmt: skip
    t.do(c.Damage(character="Ronin 3"), dice=faces("8,7,4,3,1"))
    t.do(c.SpendVoid(character="Mirumoto Rola", use="reduce_damage"), actor="ben")
    t.do(c.NextTurn())
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="assault"), actor="ana")
    t.do(c.SpendVoid(character="Bayushi Fumi", use="armour"), actor="ana")
    t.do(c.TakeActions(character="Bayushi Fumi", actions=("simple",)), actor="ana")
    t.do(
        c.Attack(
            character="Bayushi Fumi", target="Ronin 2", weapon="Katana", move=True, raises=3,
            manoeuvre="extra_damage", free_to_manoeuvre=2, void="roll_dice",
            encouraged_by=("Kuni Lingus",),
        ),
        dice=queue("9,8,8,7,6,5,3,2"),
    )  # fmt: skip
    t.do(c.Damage(character="Bayushi Fumi"), dice=faces("10+5,9,8,6,3,2,1,1"), actor="ana")
    t.do(c.NextTurn(), actor="ana")
    t.do(c.NextTurn(reason="Ronin 2 is dead"))
    t.do(c.Cast(character="Kuni Lingus", spell="Fureur d'Osano-Wo", scroll=True),
         dice=faces("5,4,1"), actor="cat")  # fmt: skip
    t.do(c.NextTurn(), actor="cat")
    return t


def delaying() -> RecordedTable:
    """« Retarder ses actions »: Kakita Bill (24) draws and waits; Akodo Bob (15), in
    Assault, draws, closes and hits him with no raise for the move (29 against 15) and
    wounds him (16: Blessé); Bill then ripostes with the three free raises Bob's Assault
    gives every foe (18 + 15 = 33 against Bob's 10 and his own +10)."""
    t = RecordedTable("l5r3e-delaying", "l5r3e")
    t.do(join(ThirdSheet(name="Kakita Bill", clan="Crane", traits=traits(reflexes=3), void=2,
                         skills=(Skill("Kenjutsu", 3), Skill("Iaijutsu", 4)), weapons=(KATANA,)),
              "ana"))  # fmt: skip
    t.do(join(ThirdSheet(name="Akodo Bob", clan="Lion", traits=traits(reflexes=2), void=2,
                         skills=(Skill("Kenjutsu", 2),), weapons=(KATANA,)), "ben"))  # fmt: skip
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Kakita Bill"), dice=faces("9,8,7,1"), actor="ana")
    t.do(c.RollInitiative(character="Akodo Bob"), dice=faces("8,7,3"), actor="ben")
    t.do(c.StartRound())
    t.do(c.TakeActions(character="Kakita Bill", actions=("simple",)), actor="ana")
    t.do(c.Delay(character="Kakita Bill"), actor="ana")
    t.do(c.ChooseManoeuvre(character="Akodo Bob", manoeuvre="assault"), actor="ben")
    t.do(c.TakeActions(character="Akodo Bob", actions=("simple",)), actor="ben")
    t.do(c.Attack(character="Akodo Bob", target="Kakita Bill", weapon="Katana", move=True),
         dice=queue("8,6,5,2,1"), actor="ben")  # fmt: skip
    t.do(c.Damage(character="Akodo Bob"), dice=faces("9,7,3,2,1"), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.Attack(character="Kakita Bill", target="Akodo Bob", weapon="Katana"),
         dice=queue("7,6,5,3,2,1"), actor="ana")  # fmt: skip
    t.do(c.Damage(character="Kakita Bill"), dice=faces("8,5,3,2,1"), actor="ana")
    t.do(c.NextTurn(character="Kakita Bill"), actor="ana")
    t.do(c.StartRound())
    return t


def techniques() -> RecordedTable:
    """« Exceptions »: Akodo Bob's Combat Reflexes take Kakita Bill's 20 for his 15, and
    Bill's « Voie de la Grue » adds Iaijutsu 4 × 2: 23. Bayushi Fumi's « Voie du Scorpion »
    rolls 4k2 and his TN is 10 + 5 + Défense 3 = 18, 23 against the slower Bill (whose 21
    misses); Mirumoto Rola's Daisho adds Fire 2 to his attack and, katana and wakizashi
    in hand, 5 + 1 to his TN: 15 + 5 + 3 + 6 = 29, which Bob's 29 just reaches."""
    t = RecordedTable("l5r3e-techniques", "l5r3e")
    t.do(join(bayushi_fumi(armour=LIGHT, techniques=("La Voie du Scorpion",)), "ana"))
    t.do(join(mirumoto_rola(armour=LIGHT, techniques=("La Technique du Daisho",)), "ben"))
    t.do(join(ThirdSheet(name="Kakita Bill", clan="Crane", school="Kakita Bushi",
                         traits=traits(reflexes=3), void=2,
                         skills=(Skill("Kenjutsu", 3), Skill("Iaijutsu", 4)), weapons=(KATANA,),
                         techniques=("La Voie de la Grue",)), "gm-npc"))  # fmt: skip
    t.do(join(ThirdSheet(name="Akodo Bob", clan="Lion", traits=traits(reflexes=2), void=2,
                         skills=(Skill("Kenjutsu", 2),), weapons=(KATANA,),
                         techniques=("Réflexes de Combat",)), "gm-npc"))  # fmt: skip
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Bob"), dice=faces("8,7,1"))
    t.do(c.RollInitiative(character="Kakita Bill"), dice=faces("8,7,5,2"))
    t.do(c.SwapInitiative(character="Akodo Bob", other="Kakita Bill", cause="combat_reflexes"))
    t.do(c.RollInitiative(character="Bayushi Fumi"), dice=faces("10+5,9,3,1"), actor="ana")
    t.do(c.RollInitiative(character="Mirumoto Rola"), dice=faces("8,7,6,1"), actor="ben")
    t.do(c.StartRound())
    t.do(c.NextTurn(), actor="ana")
    t.do(c.Attack(character="Kakita Bill", target="Bayushi Fumi", weapon="Katana"),
         dice=queue("9,8,4,3,2,1"))  # fmt: skip
    t.do(c.NextTurn())
    t.do(c.ChooseManoeuvre(character="Mirumoto Rola", manoeuvre="attack", two_weapons=True),
         actor="ben")  # fmt: skip
    t.do(c.Attack(character="Mirumoto Rola", target="Kakita Bill", weapon="Katana"),
         dice=queue("7,6,5,4,3,2"), actor="ben")  # fmt: skip
    t.do(c.Damage(character="Mirumoto Rola"), dice=faces("8,4,3,2,1"), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.Attack(character="Akodo Bob", target="Mirumoto Rola", weapon="Katana"),
         dice=queue("10+2,9,8,1,1"))  # fmt: skip
    t.do(c.Damage(character="Akodo Bob"), dice=faces("7,6,3,2,1"))
    t.do(c.NextTurn())
    return t


SESSIONS: dict[str, Callable[[], RecordedTable]] = {
    "l5r3e-fumi-and-rola": fumi_and_rola,
    "l5r3e-three-ronin": three_ronin,
    "l5r3e-delaying": delaying,
    "l5r3e-techniques": techniques,
}
