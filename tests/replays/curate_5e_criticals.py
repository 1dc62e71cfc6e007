"""The curated replay of the critical table's effects under ``l5r5e-house`` (issue 31):
a critical of every band, each met by a failed Fitness test (blank faces: the severity
stands), the conditions they leave, Medicine, a dying counted down by rounds, and the
GM's corrections — a critical retracted, another amended — carrying their effects."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.criticals import Severity
from domain.rulesets.l5r5e_house.injury_commands import Afflict, LoadCriticalTable, Treat
from domain.rulesets.l5r5e_house.sheet import Armour, FifthSheet, Rings, Skill
from domain.session.commands import Amend, Retract
from tests.replays.curate_5e import bandit, faces, join, kakita_ryoku, mirumoto_daini
from tests.support import RecordedTable

RYOKU, DAINI, TOMO = "Kakita Ryoku", "Mirumoto Daini", "Asahina Tomo"


def asahina_tomo() -> FifthSheet:
    """A healer beside the duel: Water 3, Medicine 3 (six dice, three kept)."""
    return FifthSheet(name=TOMO, rings=Rings(air=2, earth=2, fire=2, water=3, void=2),
                      skills=(Skill("Medicine", 3),))  # fmt: skip


def criticals() -> RecordedTable:
    """Ryoku (Fire stance) and Daini (Water stance, lacquered armour of 3) in a duel's
    first round, Tomo the healer beside them, a bandit watching:

    - Daini: close calls of 1 and 2 (his armour Damaged, 1 resistance left, then
      Destroyed); a flesh wound of 3 (Lightly Wounded on Water) and another of 4 (a
      second light wound: Severely Wounded);
    - Ryoku: a debilitating gash of 6 (Severely Wounded on Fire), then a gash of 5 on
      that Severely Wounded ring (a permanent injury's effects: Bleeding and a scar of
      Fire); his check keeping 2 strife bleeds him 2 damage past any armour, defended
      as fatigue; Tomo's Medicine (TN 2) stops the bleeding;
    - Daini: a permanent injury of 8 (Bleeding, Scarred (water)); a maiming blow of 10
      (Maimed (water)), which the GM retracts — the maiming goes with it; an agonizing
      death of 13 (on his Severely Wounded Water: a permanent injury's scar; Dying in 3
      rounds), and Tomo's Medicine (TN 4) saves him;
    - Ryoku: a swift death of 14 (a scar on his Severely Wounded Fire; Dying in 1
      round): not dead at once, but round 2 begins and he dies of his wounds — until
      the GM amends that critical to 12, an agonizing death: round 2 leaves him 2 rounds;
    - the bandit: an instant death of 16, outside the duel (Fitness in Earth).
    """
    t = RecordedTable("l5r5e-house-criticals", "l5r5e-house")
    daini = msgspec.structs.replace(mirumoto_daini(), armour=Armour("Lacquered armour", 3))
    t.do(join(kakita_ryoku(), "ana"))
    t.do(join(daini, "ben"))
    t.do(join(asahina_tomo(), "cy"))
    t.do(join(bandit(1), "gm-npc"))
    t.do(c.StartConfrontation(kind="duel"))
    t.do(c.RollInitiative(character=RYOKU, ring="fire", keep="0,1"), dice=faces(5, 3, 1, 8, 1),
         actor="ana")  # fmt: skip
    t.do(c.RollInitiative(character=DAINI, ring="water", keep="0"), dice=faces(5, 4, 1, 9),
         actor="ben")  # fmt: skip
    t.do(c.StartRound())
    positions: dict[int, int] = {}

    def critical(who: str, severity: int, source: str) -> None:
        dealt = t.do(c.DealHit(character=who, critical=severity, source=source))
        positions[severity] = dealt[0].position
        blanks = faces(1, 1, 1, 1, 1) if who == DAINI else faces(1, 1, 1, 1)
        t.do(c.Resist(character=who), dice=blanks, actor="ben" if who == DAINI else "ana")

    critical(DAINI, 1, "a glancing arrow")
    critical(DAINI, 2, "a second arrow")
    critical(DAINI, 3, "a thrown knife")
    critical(DAINI, 4, "another knife")
    critical(RYOKU, 6, "a spear")
    critical(RYOKU, 5, "the spear again")
    t.do(c.Check(character=RYOKU, skill="Fitness", tn=1, keep="0,1", label="keeps his feet"),
         dice=faces(4, 4, 1, 1))  # fmt: skip
    t.do(c.Resist(character=RYOKU), actor="ana")
    t.do(Treat(character=TOMO, patient=RYOKU, condition="bleeding", ring="water"),
         dice=faces(5, 5, 1, 1, 1, 1), actor="cy")  # fmt: skip
    critical(DAINI, 8, "an axe")
    critical(DAINI, 10, "a falling beam")
    t.do(Retract(position=positions[10], reason="the beam never fell: it was a shadow"))
    critical(DAINI, 13, "a bandit's sword")
    t.do(Treat(character=TOMO, patient=DAINI, condition="dying", ring="water"),
         dice=faces(5, 5, 1, 12, 1, 1, 9), actor="cy")  # fmt: skip
    critical(RYOKU, 14, "an assassin's blade")
    t.do(c.NextTurn(), actor="ana")
    t.do(c.NextTurn(), actor="ben")
    t.do(c.StartRound())
    t.do(
        Amend(
            position=positions[14],
            changes={"critical": 12},
            reason="the blade missed the heart: an agonizing death, not a swift one",
        )
    )
    t.do(c.DealHit(character="Bandit 1", critical=16, source="an avalanche"))
    t.do(c.Resist(character="Bandit 1", ring="earth"), dice=faces(1, 1, 1))
    return t


def gm_table() -> RecordedTable:
    """A GM's own critical table (0–5 a bleeding scratch, 6–9 a maiming, 10+ dead),
    loaded as data: Daini's critical of 4 bleeds him, the GM rules a light wound of Air
    from a poison besides (``afflict``), a critical of 7 maims his Water; the bandit's
    of 11 kills him."""
    t = RecordedTable("l5r5e-house-gm-critical-table", "l5r5e-house")
    t.do(join(mirumoto_daini(), "ben"))
    t.do(join(bandit(1), "gm-npc"))
    t.do(LoadCriticalTable(rows=(
        Severity(0, 5, "Scratch", effects=("bleeding",)),
        Severity(6, 9, "Crippled", effects=("maimed",)),
        Severity(10, None, "Slain", effects=("dead",)),
    )))  # fmt: skip
    t.do(c.DealHit(character=DAINI, critical=4, source="a thrown knife"))
    t.do(c.Resist(character=DAINI, ring="water"), dice=faces(1, 1, 1, 1, 1), actor="ben")
    t.do(Afflict(character=DAINI, effect="lightly-wounded", ring="air", source="a poison"))
    t.do(c.DealHit(character=DAINI, critical=7, source="an axe"))
    t.do(c.Resist(character=DAINI, ring="water"), dice=faces(1, 1, 1, 1, 1), actor="ben")
    t.do(c.DealHit(character="Bandit 1", critical=11, source="an avalanche"))
    t.do(c.Resist(character="Bandit 1", ring="earth"), dice=faces(1, 1, 1))
    return t


SESSIONS: dict[str, Callable[[], RecordedTable]] = {
    "l5r5e-house-criticals": criticals,
    "l5r5e-house-gm-critical-table": gm_table,
}
