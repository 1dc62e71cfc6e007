"""A curated l5r3e replay of issue 31's rules, authored like :mod:`tests.replays.curate_3e`:
a rider, and an attack two companions encourage.

The text has no worked example of either; the numbers are chosen to show each rule once:
Mirumoto Rola, mounted at the ford, attacks Ronin 1 (Attack: Assault and Dodge are barred
in the saddle) with his own Void point's free raise and a point from each of Bayushi Fumi
and Kuni Lingus (2 Void each): 8k5 + 5. Unhorsed in round 2, he chooses Assault; the GM
then finds the horse was only grazed and retracts the dismount — and the Assault, chosen
on the ground that is gone, is dropped with it (« Il est IMPOSSIBLE de choisir cette
Manoeuvre lorsque l'on chevauche une monture »)."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.l5r3e import commands as c
from domain.session.commands import Retract
from tests.replays.curate_3e import (
    bayushi_fumi,
    faces,
    join,
    kuni_lingus,
    mirumoto_rola,
    queue,
    ronin,
)
from tests.support import RecordedTable


def riders() -> RecordedTable:
    t = RecordedTable("l5r3e-riders", "l5r3e")
    t.do(join(mirumoto_rola(), "ben"))
    t.do(join(bayushi_fumi(), "ana"))
    t.do(join(kuni_lingus(), "cat"))
    t.do(join(ronin(1), "gm-npc"))
    t.do(c.Mount(character="Mirumoto Rola", reason="Rola rides to the ford"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Mirumoto Rola"), dice=faces("9,8,7,2"), actor="ben")
    t.do(c.RollInitiative(character="Bayushi Fumi"), dice=faces("6,5,1"), actor="ana")
    t.do(c.RollInitiative(character="Kuni Lingus"), dice=faces("7,4,3,1"), actor="cat")
    t.do(c.RollInitiative(character="Ronin 1"), dice=faces("8,6,2,1"))
    t.do(c.StartRound())
    t.do(c.ChooseManoeuvre(character="Mirumoto Rola", manoeuvre="attack"), actor="ben")
    t.do(
        c.Attack(
            character="Mirumoto Rola", target="Ronin 1", weapon="Katana", void="roll_free_raise",
            encouraged_by=("Bayushi Fumi", "Kuni Lingus"),
            reason="Fumi and Lingus shout him on",
        ),
        dice=queue("9,8,7,6,5,3,2,1"),
    )  # fmt: skip
    t.do(c.Damage(character="Mirumoto Rola"), dice=faces("8,6,4,3,1"), actor="ben")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.NextTurn())
    t.do(c.NextTurn(), actor="cat")
    t.do(c.NextTurn(), actor="ana")
    t.do(c.StartRound())
    dismounted = t.do(c.Dismount(character="Mirumoto Rola", reason="his horse is cut down"))
    t.do(c.ChooseManoeuvre(character="Mirumoto Rola", manoeuvre="assault"), actor="ben")
    t.do(Retract(position=dismounted[0].position, reason="the horse was only grazed"))
    return t


SESSIONS: dict[str, Callable[[], RecordedTable]] = {"l5r3e-riders": riders}
