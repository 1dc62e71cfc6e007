"""A rule whose outcome is a success records it (issue 31, « Interface, every ruleset »):
an action that calls for no roll is done, and its event says so.

- House flow: « si son action ne requiert pas de jet de dé, elle est considérée comme
  étant réussie pour le tour » — a declared simple and complex action with no roll in
  the turn is recorded ``ActionSucceeded`` as the turn passes; one the character rolls
  for has its roll as its outcome, and no success is claimed for it.
- 4th edition: ``kiroku action`` (« ne nécessitant pas de jet », the text's words for the
  Guard; the published game's reading for any such action) records ``ActionTaken`` with
  ``succeeded``; a spell's casting, whose roll follows, claims none."""

from __future__ import annotations

from domain.rulesets.l5r4e import combat
from domain.rulesets.l5r4e.events import ActionTaken
from domain.rulesets.l5r_house import commands as c
from domain.rulesets.l5r_house.events import ActionSucceeded
from domain.rulesets.roll_keep_kit.character import Skill
from projections.timeline import describe
from tests.replays.curate_3e import faces
from tests.replays.curate_house import YARI, samurai
from tests.replays.kit_4e import join
from tests.rules.skirmish import skirmish
from tests.support import RecordedTable


def house_round() -> RecordedTable:
    """Kaneka (12) and Tsuneo (8) each declare a simple and a complex action."""
    t = RecordedTable("house", "l5r-house")
    t.do(join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),)), "ana"))
    t.do(join(samurai("Hida Tsuneo", skills=(Skill("Spears", 3),), weapon=YARI), "ben"))
    t.do(c.StartCombat())
    t.do(c.RollInitiative(character="Akodo Kaneka", weapon="Katana"), dice=faces("6"))
    t.do(c.RollInitiative(character="Hida Tsuneo", weapon="Yari"), dice=faces("5,4"))
    t.do(c.StartRound())
    t.do(c.Declare(character="Hida Tsuneo", action="simple_and_complex"), actor="ben")
    t.do(c.Declare(character="Akodo Kaneka", action="simple_and_complex"), actor="ana")
    return t


def test_house_a_no_roll_action_is_recorded_a_success_as_the_turn_passes() -> None:
    t = house_round()
    t.do(c.NextTurn(), actor="ana")
    succeeded, passed = (r.event for r in t.events[-2:])
    assert isinstance(succeeded, ActionSucceeded)
    assert (succeeded.character, succeeded.action) == ("Akodo Kaneka", "simple_and_complex")
    assert type(passed).__name__ == "TurnPassed"
    line = describe(succeeded, t.session.ruleset)
    assert "succeeds" in line and "réussie pour le tour" in line


def test_house_an_action_rolled_for_has_its_roll_as_its_outcome() -> None:
    """Tsuneo's complex action calls for a roll (Athletics, say): it is its outcome, and
    his turn passes with no success claimed."""
    t = house_round()
    t.do(c.NextTurn(), actor="ana")
    t.do(c.Roll(character="Hida Tsuneo", expression="3k3", tn=15), dice=faces("4,3,2"),
         actor="ben")  # fmt: skip
    t.do(c.NextTurn(), actor="ben")
    assert [type(r.event).__name__ for r in t.events[-2:]] == ["DiceRolled", "TurnPassed"]
    assert sum(isinstance(r.event, ActionSucceeded) for r in t.events) == 1  # Kaneka's


def test_4e_an_action_with_no_roll_is_recorded_done() -> None:
    table = skirmish()
    taken = table.do(combat.take_action, character="Akodo Kaneka", kind="simple",
                     action="draw the katana")  # fmt: skip
    assert isinstance(taken[0], ActionTaken) and taken[0].succeeded is True
    assert describe(taken[0], table.play.ruleset).endswith("succeeds (no roll called for)")
