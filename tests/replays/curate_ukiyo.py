"""Curated replays of Les Errants d'Ukiyo's conflicts (``ukiyo``): the text's examples —
Tengu against Wasari, the revenge, Sakura and her pimp (then the relay against Wasari),
the Shinsengumi troop, the three-way fight with Sukinoko, and the extras of a complex
conflict — re-judged under the rules. The text cuts every example short: where it gives
an outcome (« deux manches à une », « un score de 2-1 … 3-1 »), the dice are chosen to
give it; what follows a cut is played out to a finish and said in each docstring."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.dice.source import FaceQueue
from domain.rulesets.ukiyo import commands as c
from domain.rulesets.ukiyo.sheet import Technique, UkiyoSheet
from domain.session.commands import JoinCharacter
from tests.support import RecordedTable


def join(sheet: UkiyoSheet, player: str) -> JoinCharacter:
    return JoinCharacter(sheet=msgspec.to_builtins(sheet), player=player)


def faces(*numbers: int) -> FaceQueue:
    return FaceQueue(list(numbers))


def sheet(name: str, *techniques: tuple[str, int], threat: int | None = None) -> UkiyoSheet:
    return UkiyoSheet(
        name=name, techniques=tuple(Technique(n, s) for n, s in techniques), threat=threat
    )


def tengu() -> UkiyoSheet:
    return sheet("Tengu", ("châtiment des égoïstes", 6), ("déluge de plomb", 7),
                 ("sabre du tengu", 6))  # fmt: skip


def wasari() -> UkiyoSheet:
    return sheet("Wasari", ("solides bases d'escrime", 7), ("feinte martiale", 4),
                 ("poignard caché", 5))  # fmt: skip


def sakura() -> UkiyoSheet:
    return sheet("Sakura", ("air innocent", 6), ("éloquence", 5), ("larmes sincères", 4))


def pimp() -> UkiyoSheet:
    return sheet("Le souteneur", ("intimidation", 5), ("menaces voilées", 4))


def sukinoko() -> UkiyoSheet:
    return sheet("Sukinoko", ("faux volante", 7), ("force brute", 6))


def shinsengumi() -> UkiyoSheet:
    """« des guerriers solidement entraînés (menace de niveau 3) »."""
    return sheet("Shinsengumi", ("escrime de la troupe", 7), ("encerclement", 6), threat=3)


def swordsmen() -> UkiyoSheet:
    """« une poignée de sabreurs (menace de niveau 2) »."""
    return sheet("Sabreurs", ("assaut des sabreurs", 5), ("nombre", 4), threat=2)


def army() -> UkiyoSheet:
    """« une armée de sabreurs (menace de niveau 4) »."""
    return sheet("Armée", ("marée d'acier", 8), ("charge", 7), threat=4)


def test(t: RecordedTable, who: str, technique: str, dice: tuple[int, ...], actor: str,
         **options: object) -> None:  # fmt: skip
    t.do(c.Test(character=who, technique=technique, **options), dice=faces(*dice), actor=actor)  # type: ignore[arg-type]


def tengu_against_wasari() -> RecordedTable:
    """« Tengu contre Wasari », a duel to the death in three manches. Manche 1 (the text's
    techniques; its outcome cut): Wasari's « solides bases d'escrime » 14 beats the
    Tengu's « châtiment des égoïstes » 11. Manche 2 (cut): Wasari reuses his fencing, −3
    for variety, 10; the Tengu's « déluge de plomb » 16. Manche 3, as the text has it:
    Wasari's only applicable technique, « feinte martiale », −3 unsuitable, fails (9 to
    12): « Le Tengu mène le jeu désormais avec deux manches à une ». Manche 4, as the text
    begins it: Wasari's « poignard caché » 14 against 8 (the Tengu's first technique
    again, −3); his bet on odd wins and wounds the Tengu. Manche 5 (cut): the Tengu 15 to
    10 — three manches to two; a deadly punishment, two wounds: « Reconnaissant ses torts
    mais trop tard, Wasari … décide de se retirer définitivement du monde ». A new
    scenario heals them both (« récupère entièrement de ses blessures »)."""
    t = RecordedTable("ukiyo-tengu-wasari", "ukiyo")
    t.do(join(tengu(), "ana"))
    t.do(join(wasari(), "ben"))
    t.do(c.StartConflict(sides=("Tengu", "Wasari")))
    t.do(c.StateObjective(side="Tengu", objective="faire payer Wasari", gravity=3))
    t.do(c.StateObjective(side="Wasari", objective="tuer le Tengu", gravity=3))
    t.do(c.TakeInitiative(side="Tengu", how="initiator"))
    test(t, "Tengu", "châtiment des égoïstes", (2, 3), "ana")
    test(t, "Wasari", "solides bases d'escrime", (4, 3), "ben")
    test(t, "Wasari", "solides bases d'escrime", (3, 3), "ben")
    test(t, "Tengu", "déluge de plomb", (5, 4), "ana")
    test(t, "Tengu", "déluge de plomb", (4, 4), "ana")
    test(t, "Wasari", "feinte martiale", (5, 3), "ben", unsuitable=3,
         reason="jeter du sable dans les yeux du tireur")  # fmt: skip
    test(t, "Tengu", "châtiment des égoïstes", (3, 2), "ana")
    test(t, "Wasari", "poignard caché", (4, 5), "ben", call="odd")
    t.do(c.Claim(gain="wound", character="Wasari"), actor="ben")
    test(t, "Wasari", "poignard caché", (6, 2), "ben")
    test(t, "Tengu", "déluge de plomb", (6, 5), "ana")
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=3, wounds=2,
                  punishment="Wasari se retire définitivement du monde"), actor="ana")  # fmt: skip
    t.do(c.EndConflict())
    t.do(c.Recover(reason="un nouveau scénario"))
    return t


def revenge() -> RecordedTable:
    """« AGGRAVER LE CONFLIT »: « le Tengu a battu Wasari et lui a infligé une cuisante
    estafilade au cours d'un affrontement sans gravité en une manche. … Wasari réclame sa
    revanche, dans un combat à mort cette fois. Le duel passe à trois manches gagnantes,
    le Tengu conservant sa manche d'avance, et Wasari subit un malus de 3 lors du test
    suivant. » Then (past the text): Wasari wins two manches, the Tengu offers to
    surrender and Wasari refuses (−3 on his next manche, which he loses); the Tengu takes
    the last: three to two, one wound for Wasari."""
    t = RecordedTable("ukiyo-revenge", "ukiyo")
    t.do(join(tengu(), "ana"))
    t.do(join(wasari(), "ben"))
    t.do(c.StartConflict(sides=("Tengu", "Wasari")))
    t.do(c.StateObjective(side="Tengu", objective="donner une leçon", gravity=1))
    t.do(c.StateObjective(side="Wasari", objective="humilier le Tengu", gravity=1))
    t.do(c.TakeInitiative(side="Tengu", how="conceded"))
    test(t, "Tengu", "châtiment des égoïstes", (5, 4), "ana")
    test(t, "Wasari", "poignard caché", (3, 2), "ben")
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=1, punishment="une cuisante estafilade"),
         actor="ana")  # fmt: skip
    t.do(c.Aggravate(side="Wasari", gravity=3, reason="furieux d'avoir été ainsi humilié"),
         actor="ben")  # fmt: skip
    test(t, "Tengu", "déluge de plomb", (2, 2), "ana")
    test(t, "Wasari", "solides bases d'escrime", (6, 6), "ben")
    test(t, "Wasari", "feinte martiale", (5, 5), "ben")
    test(t, "Tengu", "châtiment des égoïstes", (2, 1), "ana")
    t.do(c.OfferSurrender(side="Tengu"), actor="ana")
    t.do(c.RefuseSurrender(side="Wasari"), actor="ben")
    test(t, "Wasari", "solides bases d'escrime", (3, 4), "ben")
    test(t, "Tengu", "déluge de plomb", (5, 4), "ana")
    test(t, "Tengu", "sabre du tengu", (4, 4), "ana")
    test(t, "Wasari", "poignard caché", (6, 5), "ben", call="even")
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=3, wounds=1,
                  punishment="Wasari, vaincu, est laissé pour mort"), actor="ana")  # fmt: skip
    t.do(c.EndConflict())
    return t


def sakura_and_her_pimp() -> RecordedTable:
    """« Sakura, une jeune prostituée, tente de convaincre son souteneur de la laisser
    partir. Le meneur de jeu décide qu'il s'agit d'un enjeu grave et qu'il faudra donc deux
    manches gagnantes à la jeune fille. Celle-ci utilise la technique air innocent dans la
    première manche et la remporte. » Then (cut): her « éloquence » loses by 3 but her bet
    on even wins — she forces a tie; her « larmes sincères » win the second manche; she
    is magnanimous: no wound. The relay (« Se relayer »), against Wasari, to the death:
    « Après une première manche désastreuse, elle est rejointe par le Tengu qui la
    remplace sabre à la main. Ce dernier remporte coup sur coup deux manches avec brio
    (soit un score de 2-1 pour nos héros). Sakura décide alors de reprendre la main, gagne
    la manche et convainc Wasari d'abandonner le combat, sur un score final de 3-1 »."""
    t = RecordedTable("ukiyo-sakura", "ukiyo")
    t.do(join(sakura(), "cho"))
    t.do(join(pimp(), "gm"))
    t.do(join(tengu(), "ana"))
    t.do(join(wasari(), "ben"))
    t.do(c.StartConflict(sides=("Sakura", "Le souteneur")))
    t.do(c.StateObjective(side="Sakura", objective="partir librement", gravity=2))
    t.do(c.StateObjective(side="Le souteneur", objective="la garder", gravity=2))
    t.do(c.TakeInitiative(side="Sakura", how="initiator"))
    test(t, "Sakura", "air innocent", (4, 3), "cho")
    test(t, "Le souteneur", "intimidation", (2, 3), "gm")
    test(t, "Sakura", "éloquence", (3, 3), "cho", call="even")
    test(t, "Le souteneur", "menaces voilées", (6, 4), "gm")
    t.do(c.Claim(gain="force_tie", character="Sakura"), actor="cho")
    test(t, "Sakura", "larmes sincères", (5, 6), "cho")
    test(t, "Le souteneur", "intimidation", (4, 4), "gm")
    t.do(c.Punish(by="Sakura", side="Le souteneur", gravity=2, magnanimous=True,
                  punishment="il la laisse partir"), actor="cho")  # fmt: skip
    t.do(c.EndConflict())
    t.do(c.StartConflict(sides=("héros=Sakura", "Wasari")))
    t.do(c.StateObjective(side="héros", objective="convaincre Wasari d'abandonner", gravity=2))
    t.do(c.StateObjective(side="Wasari", objective="tuer Sakura", gravity=3))
    t.do(c.TakeInitiative(side="Wasari", how="initiator"))
    test(t, "Wasari", "solides bases d'escrime", (5, 5), "ben")
    test(t, "Sakura", "air innocent", (1, 1), "cho")
    t.do(c.JoinSide(side="héros", character="Tengu", replacing="Sakura"))
    test(t, "Wasari", "feinte martiale", (3, 3), "ben")
    test(t, "Tengu", "sabre du tengu", (5, 4), "ana")
    test(t, "Tengu", "déluge de plomb", (4, 3), "ana")
    test(t, "Wasari", "poignard caché", (2, 4), "ben")
    t.do(c.JoinSide(side="héros", character="Sakura", replacing="Tengu"))
    test(t, "Sakura", "éloquence", (4, 4), "cho")
    test(t, "Wasari", "solides bases d'escrime", (3, 2), "ben")
    t.do(c.Punish(by="héros", side="Wasari", gravity=3, wounds=1,
                  punishment="Wasari abandonne le combat et doit la vie à Sakura"),
         actor="cho")  # fmt: skip
    t.do(c.EndConflict())
    return t


def shinsengumi_troop() -> RecordedTable:
    """« le Tengu affronte une troupe du Shinsengumi, des guerriers solidement entraînés
    (menace de niveau 3). Ces derniers veulent le capturer et doivent donc obtenir deux
    manches. Que le Tengu veuille s'enfuir ou les tuer tous, il devra remporter quant à lui
    trois manches. » Played out: the troop takes the first; the Tengu's all-or-nothing
    (bet and test won) takes two at once; his bet on even forces a tie when he loses by
    3; his sabre takes the third: 3 to 1, he escapes. Extras take no wounds."""
    t = RecordedTable("ukiyo-shinsengumi", "ukiyo")
    t.do(join(tengu(), "ana"))
    t.do(join(shinsengumi(), "gm"))
    t.do(c.StartConflict(sides=("Tengu", "Shinsengumi")))
    t.do(c.StateObjective(side="Tengu", objective="s'enfuir", gravity=1))
    t.do(c.StateObjective(side="Shinsengumi", objective="capturer le Tengu", gravity=2))
    t.do(c.TakeInitiative(side="Shinsengumi", how="initiator"))
    test(t, "Shinsengumi", "escrime de la troupe", (4, 4), "gm")
    test(t, "Tengu", "sabre du tengu", (3, 2), "ana")
    test(t, "Shinsengumi", "encerclement", (3, 4), "gm")
    test(t, "Tengu", "déluge de plomb", (5, 5), "ana", call="even", special="all_or_nothing")
    test(t, "Tengu", "châtiment des égoïstes", (2, 2), "ana", call="even")
    test(t, "Shinsengumi", "escrime de la troupe", (5, 4), "gm")
    t.do(c.Claim(gain="force_tie", character="Tengu"), actor="ana")
    test(t, "Tengu", "sabre du tengu", (6, 6), "ana")
    test(t, "Shinsengumi", "encerclement", (4, 4), "gm")
    t.do(c.Punish(by="Tengu", side="Shinsengumi", gravity=3,
                  punishment="il s'échappe, la troupe en déroute"), actor="ana")  # fmt: skip
    t.do(c.EndConflict())
    return t


def three_way() -> RecordedTable:
    """The three-way duel: « Sukinoko veut juste tester sa force, le Tengu souhaite
    capturer Wasari mais ce dernier est prêt à tuer tous ceux se mettant au travers de sa
    route. L'objectif le plus grave étant le meurtre, le premier à remporter trois manches
    triomphera. Sukinoko se lance. Il tente d'utiliser sa faux volante » — and wins the
    first manche (past the cut); the Tengu the second; in the third Sukinoko's flying
    scythe again (−3) wins the test and Wasari's sacrifice bet gives every side one manche
    more: Sukinoko reaches three and beats both, punishing each his own way."""
    t = RecordedTable("ukiyo-three-way", "ukiyo")
    t.do(join(sukinoko(), "gm"))
    t.do(join(tengu(), "ana"))
    t.do(join(wasari(), "ben"))
    t.do(c.StartConflict(kind="three_way", sides=("Sukinoko", "Tengu", "Wasari")))
    t.do(c.StateObjective(side="Sukinoko", objective="tester sa force", gravity=1))
    t.do(c.StateObjective(side="Tengu", objective="capturer Wasari", gravity=2))
    t.do(c.StateObjective(side="Wasari", objective="tuer tous ceux sur sa route", gravity=3))
    test(t, "Sukinoko", "faux volante", (5, 4), "gm")
    test(t, "Tengu", "sabre du tengu", (3, 3), "ana")
    test(t, "Wasari", "solides bases d'escrime", (2, 4), "ben")
    test(t, "Sukinoko", "force brute", (2, 2), "gm")
    test(t, "Tengu", "déluge de plomb", (6, 3), "ana")
    test(t, "Wasari", "poignard caché", (4, 4), "ben")
    test(t, "Sukinoko", "faux volante", (6, 6), "gm")
    test(t, "Tengu", "châtiment des égoïstes", (4, 5), "ana")
    test(t, "Wasari", "feinte martiale", (5, 5), "ben", call="even", special="sacrifice")
    t.do(c.Punish(by="Sukinoko", side="Tengu", gravity=3, wounds=1,
                  punishment="il perd sa proie et son rang"))  # fmt: skip
    t.do(c.Punish(by="Sukinoko", side="Wasari", gravity=3, wounds=2,
                  punishment="un coup de faux qui le laisse pour mort"))  # fmt: skip
    t.do(c.EndConflict())
    return t


def extras_in_a_melee() -> RecordedTable:
    """« FIGURANTS » in complex conflicts, both of the text's examples. « le Tengu, Wasari
    et une poignée de sabreurs (menace de niveau 2) s'affrontent dans un combat à mort …
    Si Tengu ou Wasari parvient à remporter deux manches avant que les sabreurs n'en aient
    obtenues trois, ces derniers sont mis hors d'état »: the Tengu wins two, the swordsmen
    leave; Wasari one, the Tengu his third. Then « une armée de sabreurs (menace de niveau
    4) … Si le Tengu remporte trois manches, Wasari est vaincu et le héros doit encore
    remporter une manche pour se débarrasser de l'armée »: and he does."""
    t = RecordedTable("ukiyo-extras", "ukiyo")
    t.do(join(tengu(), "ana"))
    t.do(join(wasari(), "ben"))
    t.do(join(swordsmen(), "gm"))
    t.do(join(army(), "gm"))
    t.do(c.StartConflict(kind="three_way", sides=("Tengu", "Wasari", "Sabreurs"),
                         conflict="la poignée"))  # fmt: skip
    for side, objective in (("Tengu", "tuer Wasari"), ("Wasari", "tuer le Tengu"),
                            ("Sabreurs", "tuer tout le monde")):  # fmt: skip
        t.do(c.StateObjective(side=side, objective=objective, gravity=3))
    manches: list[tuple[tuple[int, int] | None, ...]] = [
        ((4, 4), (2, 3), (3, 3)),
        ((5, 5), (4, 1), (2, 2)),
        ((1, 2), (6, 5), None),
        ((6, 4), (2, 2), None),
    ]
    techniques = {"Tengu": ["sabre du tengu", "déluge de plomb", "châtiment des égoïstes",
                            "sabre du tengu"],
                  "Wasari": ["solides bases d'escrime", "poignard caché", "feinte martiale",
                             "poignard caché"],
                  "Sabreurs": ["assaut des sabreurs", "nombre"]}  # fmt: skip
    actors = {"Tengu": "ana", "Wasari": "ben", "Sabreurs": "gm"}
    for number, dice in enumerate(manches):
        for who, thrown in zip(("Tengu", "Wasari", "Sabreurs"), dice, strict=True):
            if thrown is not None:
                test(t, who, techniques[who][number], thrown, actors[who])
    t.do(c.Punish(by="Tengu", side="Sabreurs", gravity=2, punishment="mis hors d'état"),
         actor="ana")  # fmt: skip
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=3, wounds=2,
                  punishment="grièvement blessé, il s'enfuit"), actor="ana")  # fmt: skip
    t.do(c.EndConflict())
    t.do(c.StartConflict(kind="three_way", sides=("Tengu", "Wasari", "Armée"),
                         conflict="l'armée", extended=True))  # fmt: skip
    for side, objective in (("Tengu", "tuer Wasari"), ("Wasari", "tuer le Tengu"),
                            ("Armée", "tuer les deux")):  # fmt: skip
        t.do(c.StateObjective(side=side, objective=objective, gravity=3))
    army_manches: list[tuple[tuple[int, int] | None, ...]] = [
        ((6, 6), (3, 3), (2, 2)),
        ((5, 6), (4, 4), (3, 1)),
        ((6, 5), (2, 1), (1, 1)),
        ((5, 5), None, (2, 3)),
    ]
    techniques["Armée"] = ["marée d'acier", "charge", "marée d'acier", "charge"]
    actors["Armée"] = "gm"
    for number, dice in enumerate(army_manches):
        for who, thrown in zip(("Tengu", "Wasari", "Armée"), dice, strict=True):
            if thrown is not None:
                test(t, who, techniques[who][number], thrown, actors[who])
    t.do(c.Punish(by="Tengu", side="Wasari", gravity=3, dead=("Wasari",),
                  punishment="un coup de sabre mortel"), actor="ana")  # fmt: skip
    t.do(c.Punish(by="Tengu", side="Armée", gravity=4, punishment="l'armée se débande"),
         actor="ana")  # fmt: skip
    t.do(c.EndConflict())
    return t


SESSIONS: dict[str, Callable[[], RecordedTable]] = {
    "ukiyo-tengu-wasari": tengu_against_wasari,
    "ukiyo-revenge": revenge,
    "ukiyo-sakura": sakura_and_her_pimp,
    "ukiyo-shinsengumi": shinsengumi_troop,
    "ukiyo-three-way": three_way,
    "ukiyo-extras": extras_in_a_melee,
}
