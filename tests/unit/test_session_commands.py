"""The session aggregate: each command validates, then returns one batch or a typed error."""

from __future__ import annotations

from typing import Any

import pytest

from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound
from domain.rulesets.l5r4e.events import DiceRolled, VoidPointSpent, WoundsHealed
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Weapon
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.purchase import Purchase
from domain.session.aggregate import Session, open_session
from projections import project_state
from tests.support import GM, T0, Scripted, Table, sheet


@pytest.fixture
def table() -> Table:
    table = Table()
    table.join("Akodo Kaneka", "ana")
    table.join("Bayushi Fumi", "ben", reflexes=3, agility=2, void=3)
    return table


def state_of(table: Table, view: str) -> Any:
    return project_state(table.session.state)[view]


class TestOpening:
    def test_an_unknown_ruleset_is_not_found_and_quoted(self) -> None:
        with pytest.raises(NotFound, match="no ruleset 'l5r9e'"):
            open_session(session_id="x", ruleset="l5r9e", gm=GM, at=T0)

    def test_an_unknown_option_is_refused(self) -> None:
        with pytest.raises(MalformedInput, match="no option 'dice'"):
            open_session(session_id="x", ruleset="l5r4e", gm=GM, at=T0, options={"dice": "d6"})

    def test_a_bad_session_id_is_refused(self) -> None:
        with pytest.raises(MalformedInput, match="session id 'Night 1'"):
            open_session(session_id="Night 1", ruleset="l5r4e", gm=GM, at=T0)


class TestJoining:
    def test_two_characters_cannot_share_a_name(self, table: Table) -> None:
        with pytest.raises(IllegalUnderRules, match="already in the session"):
            table.join("akodo kaneka", "cat")

    def test_only_the_gm_adds_characters(self, table: Table) -> None:
        with pytest.raises(NotAllowed, match="'ana' may not add a character"):
            table.do(
                Session.join,
                actor="ana",
                sheet=table.state.characters["akodo kaneka"].sheet,
                player="ana",
            )


class TestRolls:
    def test_a_void_point_is_spent_in_the_same_batch_as_the_roll(self, table: Table) -> None:
        events = table.do(
            Play.roll,
            expression="6k3",
            options=RollOptions(tn=20, void=True),
            dice=Scripted(5, 5, 5, 5, 5, 5, 5),
            character="Akodo Kaneka",
            actor="ana",
        )
        assert [type(e) for e in events] == [VoidPointSpent, DiceRolled]
        roll = events[1]
        assert isinstance(roll, DiceRolled)
        assert (roll.roll.rolled, roll.roll.kept, roll.roll.total) == (7, 4, 20)
        assert state_of(table, "void")["Akodo Kaneka"] == {"ring": 2, "spent": 1, "left": 1}

    def test_a_void_point_that_is_not_there_appends_nothing(self, table: Table) -> None:
        for _ in range(2):
            table.do(Play.spend_void, character="Akodo Kaneka", purpose="armour TN +10")
        before = table.session.version
        with pytest.raises(IllegalUnderRules, match="no Void point left"):
            table.do(
                Play.roll,
                expression="6k3",
                options=RollOptions(void=True),
                dice=Scripted(*[5] * 7),
                character="Akodo Kaneka",
            )
        assert table.session.version == before

    def test_no_void_on_damage(self, table: Table) -> None:
        with pytest.raises(IllegalUnderRules, match="damage roll"):
            table.do(
                Play.roll,
                expression="6k2",
                options=RollOptions(void=True),
                dice=Scripted(),
                character="Akodo Kaneka",
                purpose="damage",
            )

    def test_raises_are_capped_by_the_characters_void_ring(self, table: Table) -> None:
        with pytest.raises(IllegalUnderRules, match="at most 2"):
            table.do(
                Play.roll,
                expression="6k3",
                options=RollOptions(tn=15, raises=3),
                dice=Scripted(),
                character="Akodo Kaneka",
            )

    def test_the_wound_penalty_is_added_to_the_tn(self, table: Table) -> None:
        table.do(Play.take_wounds, character="Akodo Kaneka", amount=12)  # Nicked: +3
        (event,) = table.do(
            Play.roll,
            expression="3k3",
            options=RollOptions(tn=20),
            dice=parse_faces("7,7,7"),
            character="Akodo Kaneka",
        )
        assert isinstance(event, DiceRolled)
        assert event.parts == (Part(source="wound penalty (Nicked)", tn=3),)
        assert (event.base_tn, event.roll.tn, event.roll.success) == (20, 23, False)

    def test_nobody_at_out_rolls(self, table: Table) -> None:
        table.do(Play.take_wounds, character="Akodo Kaneka", amount=35)
        with pytest.raises(IllegalUnderRules, match="Akodo Kaneka is Out and cannot act"):
            table.do(
                Play.roll,
                expression="3k3",
                options=RollOptions(),
                dice=Scripted(),
                character="Akodo Kaneka",
            )

    def test_a_player_rolls_only_for_their_own_character(self, table: Table) -> None:
        with pytest.raises(NotAllowed, match="'ben' may not act for 'Akodo Kaneka'"):
            table.do(
                Play.roll,
                actor="ben",
                expression="3k3",
                options=RollOptions(),
                dice=Scripted(),
                character="Akodo Kaneka",
            )

    def test_only_the_gm_rolls_hidden(self, table: Table) -> None:
        with pytest.raises(NotAllowed, match="hidden roll"):
            table.do(
                Play.roll,
                actor="ana",
                expression="3k3",
                options=RollOptions(),
                dice=Scripted(),
                character="Akodo Kaneka",
                hidden=True,
            )

    def test_an_unknown_character_is_not_found_and_named(self, table: Table) -> None:
        with pytest.raises(NotFound, match="no character 'Doji Hana'"):
            table.do(
                Play.roll,
                expression="3k3",
                options=RollOptions(),
                dice=Scripted(),
                character="Doji Hana",
            )


class TestCombat:
    def test_initiative_is_insight_rank_plus_reflexes_keep_reflexes(self, table: Table) -> None:
        table.do(Play.start_combat)
        (event,) = table.do(
            Play.roll_initiative, character="Akodo Kaneka", dice=Scripted(4, 4, 4, 4)
        )
        assert isinstance(event, DiceRolled)
        assert event.roll.expression == "4k3"  # insight rank 1 + Reflexes 3

    def test_initiative_order_and_its_ties(self) -> None:
        table = Table()
        table.join("A", "p1", reflexes=2)
        table.join("B", "p2", reflexes=3)
        table.join("C", "p3", reflexes=3)
        table.do(Play.start_combat)
        for name, faces in (("A", "9,1,1"), ("B", "6,3,1,1"), ("C", "5,4,1,1")):
            table.do(Play.roll_initiative, character=name, dice=parse_faces(faces))
        # all three total 10: higher Reflexes first, then who joined first
        order = state_of(table, "initiative")["order"]
        assert [e["character"] for e in order] == ["B", "C", "A"]

    def test_turns_follow_initiative_and_rounds_reset_them(self, table: Table) -> None:
        table.do(Play.start_combat)
        table.do(Play.roll_initiative, character="Akodo Kaneka", dice=parse_faces("2,2,2,2"))
        table.do(Play.roll_initiative, character="Bayushi Fumi", dice=parse_faces("9,9,9,9"))
        table.do(Play.start_round)
        assert state_of(table, "initiative")["current"] == "Bayushi Fumi"
        with pytest.raises(NotAllowed, match="'ana' may not act for 'Bayushi Fumi'"):
            table.do(Play.next_turn, actor="ana")
        table.do(Play.next_turn, actor="ben")
        assert state_of(table, "initiative")["current"] == "Akodo Kaneka"
        table.do(Play.next_turn)
        with pytest.raises(IllegalUnderRules, match="everyone has acted in round 1"):
            table.do(Play.next_turn)
        table.do(Play.start_round)
        assert state_of(table, "initiative")["round"] == 2
        assert state_of(table, "initiative")["current"] == "Bayushi Fumi"

    def test_initiative_only_in_combat_and_once(self, table: Table) -> None:
        with pytest.raises(IllegalUnderRules, match="start one first"):
            table.do(Play.roll_initiative, character="Akodo Kaneka", dice=Scripted())
        table.do(Play.start_combat)
        table.do(Play.roll_initiative, character="Akodo Kaneka", dice=parse_faces("2,2,2,2"))
        with pytest.raises(IllegalUnderRules, match="already rolled initiative"):
            table.do(Play.roll_initiative, character="Akodo Kaneka", dice=Scripted())

    def test_stances_are_the_rulesets_and_taken_at_the_start_of_a_round(self, table: Table) -> None:
        with pytest.raises(IllegalUnderRules, match="start of a combat round"):
            table.do(Play.choose_stance, character="Akodo Kaneka", stance="attack")
        table.do(Play.start_combat)
        table.do(Play.roll_initiative, character="Akodo Kaneka", dice=parse_faces("2,2,2,2"))
        table.do(Play.start_round)
        table.do(Play.choose_stance, character="Akodo Kaneka", stance="Full Attack")
        assert state_of(table, "stances")["Akodo Kaneka"] == "full_attack"
        with pytest.raises(MalformedInput, match="stance 'berserk'"):
            table.do(Play.choose_stance, character="Akodo Kaneka", stance="berserk")


class TestWoundsAndHealing:
    def test_healing_stops_at_no_wounds(self, table: Table) -> None:
        table.do(Play.take_wounds, character="Bayushi Fumi", amount=7)
        (healed,) = table.do(Play.heal, character="Bayushi Fumi", amount=10, method="rest")
        assert isinstance(healed, WoundsHealed)
        assert healed.amount == 7
        with pytest.raises(IllegalUnderRules, match="no wounds to heal"):
            table.do(Play.heal, character="Bayushi Fumi", amount=1)

    @pytest.mark.parametrize("amount", [0, -3, 10_001])
    def test_wounds_are_a_positive_whole_number(self, table: Table, amount: int) -> None:
        with pytest.raises(MalformedInput, match=f"wounds {amount} must be"):
            table.do(Play.take_wounds, character="Bayushi Fumi", amount=amount)

    def test_only_the_gm_deals_wounds(self, table: Table) -> None:
        with pytest.raises(NotAllowed):
            table.do(Play.take_wounds, actor="ana", character="Bayushi Fumi", amount=3)


class TestStanding:
    def test_honour_moves_by_tenths_and_stays_within_ten(self, table: Table) -> None:
        table.do(Play.change_standing, character="Akodo Kaneka", standing="honour", delta=-3)
        assert state_of(table, "standing")["Akodo Kaneka"]["honour"] == "6.2"
        with pytest.raises(IllegalUnderRules, match=r"honour would be 10\.7"):
            table.do(Play.change_standing, character="Akodo Kaneka", standing="honour", delta=45)

    def test_status_may_go_below_zero(self, table: Table) -> None:
        table.do(Play.change_standing, character="Bayushi Fumi", standing="status", delta=-20)
        assert state_of(table, "standing")["Bayushi Fumi"]["status"] == "-1.0"


class TestExperience:
    def test_awarded_spent_and_available_from_40(self, table: Table) -> None:
        table.do(Play.award_xp, character="Akodo Kaneka", amount=6)
        table.do(
            Play.spend_xp,
            actor="ana",
            character="Akodo Kaneka",
            purchase=Purchase("trait", "agility"),
        )
        xp = state_of(table, "experience")["Akodo Kaneka"]
        assert xp == {
            "starting": 40,
            "awarded": 6,
            "spent": 16,
            "available": 30,
            "insight": 105,
            "insight_rank": 1,
        }  # Agility 4 but Intelligence 2: Fire 2

    def test_spending_more_than_is_available_is_refused(self, table: Table) -> None:
        table.do(Play.spend_xp, character="Akodo Kaneka", purchase=Purchase("void"))  # 18
        with pytest.raises(IllegalUnderRules, match="has 22 XP; void void → 4 costs 24"):
            table.do(Play.spend_xp, character="Akodo Kaneka", purchase=Purchase("void"))

    def test_only_the_gm_awards(self, table: Table) -> None:
        with pytest.raises(NotAllowed, match="award XP"):
            table.do(Play.award_xp, actor="ana", character="Akodo Kaneka", amount=5)

    def test_a_spend_changes_the_sheet_and_insight(self, table: Table) -> None:
        table.do(Play.spend_xp, character="Akodo Kaneka", purchase=Purchase("trait", "willpower"))
        assert state_of(table, "characters")["Akodo Kaneka"]["rings"]["earth"] == 3
        assert state_of(table, "experience")["Akodo Kaneka"]["insight"] == 115


class TestRetraction:
    def test_a_retracted_event_leaves_every_projection(self, table: Table) -> None:
        table.do(Play.take_wounds, character="Bayushi Fumi", amount=9, source="contested cut")
        position = table.session.version
        table.do(Session.retract, position=position, reason="the blow was parried")
        assert state_of(table, "wounds")["Bayushi Fumi"]["wounds"] == 0
        assert table.session.as_of(position).table.characters["bayushi fumi"].wounds == 9

    def test_undo_retracts_the_latest_event_that_still_counts(self, table: Table) -> None:
        table.do(Play.take_wounds, character="Bayushi Fumi", amount=4)
        table.do(Play.take_wounds, character="Bayushi Fumi", amount=5)
        table.do(Session.retract_last, reason="undo")
        table.do(Session.retract_last, reason="undo again")
        assert state_of(table, "wounds")["Bayushi Fumi"]["wounds"] == 0

    def test_only_the_gm_retracts_and_always_with_a_reason(self, table: Table) -> None:
        with pytest.raises(NotAllowed, match="retract"):
            table.do(Session.retract, actor="ana", position=2, reason="I disagree")
        with pytest.raises(MalformedInput, match="needs a reason"):
            table.do(Session.retract, position=2, reason=" ")

    def test_what_cannot_be_retracted(self, table: Table) -> None:
        with pytest.raises(IllegalUnderRules, match="opening"):
            table.do(Session.retract, position=1, reason="x")
        with pytest.raises(NotFound, match="no event at position 99"):
            table.do(Session.retract, position=99, reason="x")
        table.do(Session.retract, position=3, reason="Fumi never came")
        with pytest.raises(IllegalUnderRules, match="already retracted"):
            table.do(Session.retract, position=3, reason="x")
        with pytest.raises(IllegalUnderRules, match="is itself a retraction"):
            table.do(Session.retract, position=4, reason="x")

    def test_a_retracted_xp_spend_gives_the_xp_back_and_the_sheet_returns(
        self, table: Table
    ) -> None:
        table.do(Play.spend_xp, character="Akodo Kaneka", purchase=Purchase("skill", "Kenjutsu"))
        table.do(Session.retract_last, reason="bought by mistake")
        assert state_of(table, "experience")["Akodo Kaneka"]["available"] == 40
        skills = state_of(table, "characters")["Akodo Kaneka"]["skills"]
        assert skills["Kenjutsu"]["rank"] == 3


def test_a_sheet_whose_weapon_damage_is_no_roll_is_refused_at_the_door() -> None:
    bad = sheet("Hida Oni", weapons=(Weapon("Club", "zz"),))
    with pytest.raises(MalformedInput, match="weapon 'Club' damage 'zz'"):
        Table().do(Session.join, sheet=bad, player="ana")


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (sheet("Hida\nOni"), "has a control character"),
        (sheet("x" * 5_000_000), "is 5,000,000 characters"),
    ],
)
def test_a_name_that_could_forge_a_log_line_or_flood_an_error_is_refused(
    bad: Any, message: str
) -> None:
    with pytest.raises(MalformedInput, match=message) as refused:
        Table().do(Session.join, sheet=bad, player="ana")
    assert len(str(refused.value)) < 200


def test_a_session_id_with_a_trailing_newline_is_refused() -> None:
    with pytest.raises(MalformedInput, match="session id 'ok\\\\n'"):
        open_session(session_id="ok\n", ruleset="l5r4e", gm=GM, at=T0)
