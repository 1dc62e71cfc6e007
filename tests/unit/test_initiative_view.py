"""Views that agree with what they decide by (issue 28, 6): the 4e initiative view gives
each character's roll and the figure the order is taken on — a Void point spent on
initiative adds 10 « pour le reste du combat » — and ``kiroku state``'s table shows that
figure, its parts named."""

from __future__ import annotations

import msgspec

from domain.dice.source import FaceQueue
from domain.rulesets.l5r4e.commands.books import SpendVoid
from domain.rulesets.l5r4e.commands.table import RollInitiative, StartCombat, StartRound
from domain.rulesets.l5r4e.views import tables
from domain.session.commands import JoinCharacter
from projections import project_state
from tests.support import RecordedTable, sheet

KANEKA, FUMI = "Akodo Kaneka", "Bayushi Fumi"


def test_the_order_and_the_view_agree_on_a_void_point_s_ten() -> None:
    t = RecordedTable()
    t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(KANEKA)), player="ana"))
    t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet(FUMI)), player="bo"))
    t.do(StartCombat())
    t.do(RollInitiative(character=KANEKA), dice=FaceQueue([9, 9, 1, 1]))  # 4k3: 19
    t.do(RollInitiative(character=FUMI), dice=FaceQueue([6, 3, 2, 1]))  # 11
    t.do(StartRound())
    t.do(SpendVoid(character=FUMI, use="initiative"))  # 21: before Kaneka's 19
    view = project_state(t.session.state)
    order = view["initiative"]["order"]
    assert [e["character"] for e in order] == [FUMI, KANEKA]
    assert [(e["total"], e["score"]) for e in order] == [(11, 21), (19, 19)]
    assert order[0]["score_parts"] == [
        {"source": "roll", "value": 11},
        {"source": "Void point", "value": 10},
    ]
    [_, combat] = tables(view)
    assert combat.rows[0][1:3] == (FUMI, "21 (11 + 10 Void point)")
    assert combat.rows[1][1:3] == (KANEKA, "19")
