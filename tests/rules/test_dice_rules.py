"""The 4e dice rules, as the summary states them (« Règle de base du jet de dés » and after)."""

from __future__ import annotations

import random

import pytest

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.expression import RollExpression
from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.dice.roll_keep.ten_dice import fourth_edition_ten_dice
from domain.dice.source import RollBudgetExceeded
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e.dice import recompute, resolve, roll


class Scripted:
    """A dice port that shows the faces it is given, in order."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int, /) -> int:
        assert (a, b) == (1, 10)
        return self.faces.pop(0)


class AlwaysTen:
    def randint(self, a: int, b: int, /) -> int:
        return 10


def test_a_ten_explodes_and_keeps_exploding_10_10_4_is_one_die_worth_24() -> None:
    result = roll("1k1", RollOptions(), Scripted(10, 10, 4))
    assert result.dice == (Die((10, 10, 4)),)
    assert result.total == 24


def test_the_kept_dice_are_the_highest_chosen_after_explosions() -> None:
    result = resolve("3k1", RollOptions(), parse_faces("9,10+1,8"))
    assert result.kept_dice == (1,)
    assert result.total == 11


def test_ties_for_the_last_kept_place_go_to_the_die_rolled_first() -> None:
    result = resolve("3k1", RollOptions(), parse_faces("7,7,2"))
    assert result.kept_dice == (0,)


@pytest.mark.parametrize(
    ("rolled", "kept", "expected"),
    [((12, 3), (10, 4), 0), ((13, 4), (10, 5), 0), ((11, 5), (10, 5), 0)],
)
def test_the_summary_s_ten_dice_examples(
    rolled: tuple[int, int], kept: tuple[int, int], expected: int
) -> None:
    pool = fourth_edition_ten_dice(RollExpression(*rolled))
    assert (pool.rolled, pool.kept) == kept
    assert pool.ten_dice_bonus == expected


def test_kept_dice_beyond_ten_become_plus_two_each() -> None:
    pool = fourth_edition_ten_dice(RollExpression(16, 9))  # 10k12 → 10k10 + 4
    assert (pool.rolled, pool.kept, pool.ten_dice_bonus) == (10, 10, 4)
    faces = ",".join(["5"] * 10)
    result = resolve("16k9+1", RollOptions(), parse_faces(faces))
    assert result.total == 50 + 4 + 1
    assert result.bonus == 5


def test_unskilled_tens_do_not_explode() -> None:
    result = roll("2k2", RollOptions(unskilled=True), Scripted(10, 10))
    assert result.total == 20
    with pytest.raises(MalformedInput, match="unskilled"):
        resolve("2k2", RollOptions(unskilled=True), parse_faces("10+3,4"))


def test_unskilled_rolls_may_not_call_raises_or_use_free_raises() -> None:
    with pytest.raises(IllegalUnderRules, match="unskilled"):
        roll("3k2", RollOptions(unskilled=True, raises=1), Scripted())
    with pytest.raises(IllegalUnderRules, match="unskilled"):
        roll("3k2", RollOptions(unskilled=True, free_raises=1), Scripted())


def test_emphasis_rerolls_a_one_once_and_the_new_result_stands() -> None:
    result = roll("2k2", RollOptions(emphasis=True), Scripted(1, 1, 1, 10, 3))
    assert result.dice == (Die((1,), rerolled_one=True), Die((10, 3), rerolled_one=True))
    assert result.total == 14


def test_without_emphasis_a_one_is_just_a_one() -> None:
    result = roll("1k1", RollOptions(), Scripted(1))
    assert result.dice == (Die((1,)),)


def test_a_void_point_adds_1k1_before_the_ten_dice_rule() -> None:
    result = roll("10k3", RollOptions(void=True), Scripted(*([2] * 10)))
    assert (result.rolled, result.kept) == (10, 4)  # 11k4 → 10k4
    assert result.total == 8


def test_each_raise_adds_5_to_the_tn_and_success_is_reaching_it() -> None:
    faces = parse_faces("9,8,7")
    assert resolve("3k3", RollOptions(tn=24), faces).success is True
    assert resolve("3k3", RollOptions(tn=15, raises=1), faces).success is True  # 24 ≥ 20
    assert resolve("3k3", RollOptions(tn=15, raises=2), faces).success is False  # 24 < 25


def test_free_raises_add_5_to_the_total_without_counting_against_the_limit() -> None:
    faces = parse_faces("9,8,7")
    options = RollOptions(tn=25, raises=1, free_raises=3, max_raises=1)
    result = resolve("3k3", options, faces)
    assert result.effective_tn == 15
    assert result.success is True


def test_no_more_raises_than_the_void_ring() -> None:
    with pytest.raises(IllegalUnderRules, match=r"at most 2 \(the Void ring\)"):
        roll("5k3", RollOptions(tn=15, raises=3, max_raises=2), Scripted())


def test_missing_the_tn_is_an_outcome_not_an_error() -> None:
    result = resolve("2k1", RollOptions(tn=30), parse_faces("3,4"))
    assert result.success is False
    assert result.margin == -26


def test_no_tn_means_no_verdict() -> None:
    assert resolve("2k1", RollOptions(), parse_faces("3,4")).success is None


def test_a_runaway_roll_is_stopped_by_the_roll_budget() -> None:
    with pytest.raises(RollBudgetExceeded, match="roll budget"):
        roll("1k1", RollOptions(), AlwaysTen(), budget=50)


def test_a_dice_source_that_lies_is_refused() -> None:
    with pytest.raises(MalformedInput, match="not a face"):
        roll("1k1", RollOptions(), Scripted(11))


def test_a_seeded_roll_is_reproducible() -> None:
    first = roll("8k4+2", RollOptions(tn=30, emphasis=True), random.Random(77))
    second = roll("8k4+2", RollOptions(tn=30, emphasis=True), random.Random(77))
    assert first == second


def test_recomputing_from_recorded_faces_gives_the_recorded_result() -> None:
    result = roll("14k5+3", RollOptions(tn=40, raises=1, emphasis=True), random.Random(5))
    assert recompute(result) == result


class TestFacesThatDoNotFit:
    def test_wrong_number_of_dice(self) -> None:
        with pytest.raises(MalformedInput, match=r"'6k3' throws 6 dice .* but 5 were given"):
            resolve("6k3", RollOptions(), parse_faces("1,2,3,4,5"))

    def test_a_ten_without_the_face_it_exploded_into(self) -> None:
        with pytest.raises(MalformedInput, match=r"die 1 \('10'\): a 10 explodes"):
            resolve("1k1", RollOptions(), parse_faces("10"))

    def test_a_chain_through_a_non_ten(self) -> None:
        with pytest.raises(MalformedInput, match="only a 10 explodes"):
            resolve("1k1", RollOptions(), parse_faces("9+3"))

    def test_a_face_beyond_ten(self) -> None:
        with pytest.raises(MalformedInput, match="face 11 is not between 1 and 10"):
            resolve("1k1", RollOptions(), parse_faces("11"))

    def test_a_reroll_without_emphasis(self) -> None:
        with pytest.raises(MalformedInput, match="only with an emphasis"):
            resolve("1k1", RollOptions(), parse_faces("1r4"))

    def test_an_unrerolled_one_under_emphasis(self) -> None:
        with pytest.raises(MalformedInput, match="a 1 is rerolled"):
            resolve("1k1", RollOptions(emphasis=True), parse_faces("1"))

    def test_a_spec_that_is_not_faces(self) -> None:
        with pytest.raises(MalformedInput, match=r"faces '6,x,3'.*'x' is not a face"):
            parse_faces("6,x,3")

    def test_only_a_one_is_rerolled(self) -> None:
        with pytest.raises(MalformedInput, match="only a 1 is rerolled"):
            parse_faces("2r5")


def test_the_faces_notation_examples() -> None:
    dice = parse_faces("6,7,8,10+7,3,5")
    assert len(dice) == 6
    assert dice[3].value == 17
    (rerolled,) = parse_faces("1r10+3")
    assert rerolled == Die((10, 3), rerolled_one=True)
    assert rerolled.value == 13


class TestSuccessOnATie:
    """« Pour réussir un jet de dés, la valeur des dés gardés doit excéder le ND »: the
    summary's word; the published game lets a total equal to the TN succeed. The option
    ``success_on_tie`` picks the reading (default true, the published game's)."""

    def roll_15(self, **options: str) -> object:
        from domain.rulesets.l5r4e.play import Play
        from tests.support import Table

        table = Table(**options)
        table.join("Akodo Kaneka", "ana")
        [rolled] = table.do(
            Play.roll,
            character="Akodo Kaneka",
            expression="3k3",
            options=RollOptions(tn=15),
            dice=parse_faces("5,5,5"),
        )
        return rolled

    def test_a_tie_succeeds_by_default_and_fails_when_it_must_exceed(self) -> None:
        assert self.roll_15().roll.success is True  # type: ignore[attr-defined]
        assert self.roll_15(success_on_tie="false").roll.success is False  # type: ignore[attr-defined]

    def test_the_reading_is_kept_when_the_roll_is_checked_and_in_the_odds(self) -> None:
        from domain.rulesets.l5r4e import ruleset as l5r4e

        strict, usual = l5r4e.build({"success_on_tie": "false"}), l5r4e.build({})
        rolled = self.roll_15(success_on_tie="false")
        strict.verify(rolled)  # type: ignore[arg-type]
        with pytest.raises(MalformedInput, match="does not recompute"):
            usual.verify(rolled)  # type: ignore[arg-type]
        assert strict.odds("1k1", 9) == pytest.approx(usual.odds("1k1", 10)) == 0.1
        assert usual.odds("1k1", 9) == pytest.approx(0.2)
        with pytest.raises(MalformedInput, match="success_on_tie='maybe'"):
            l5r4e.build({"success_on_tie": "maybe"})

    def test_an_attack_that_ties_its_tn_is_checked_by_the_session_s_reading(self) -> None:
        """A recorded attack of 25 against TN 25: a hit by default, a miss where a total
        must exceed the TN — each verified under its own reading, refused under the
        other."""
        from domain.rulesets.l5r4e import ruleset as l5r4e
        from domain.rulesets.l5r4e.events.combat import AttackResolved
        from tests.support import GM, Clock

        def attack(hit: bool) -> AttackResolved:
            return AttackResolved(
                actor=GM, at=Clock()(), attacker="Akodo Kaneka", target="Bayushi Fumi",
                weapon="Katana", hit=hit, armour_tn=25, total=25, tn=25,
                damage="6k2" if hit else "",
            )  # fmt: skip

        strict, usual = l5r4e.build({"success_on_tie": "false"}), l5r4e.build({})
        usual.verify(attack(hit=True))
        strict.verify(attack(hit=False))
        with pytest.raises(MalformedInput, match="hits with 25 against TN 25"):
            strict.verify(attack(hit=True))
        with pytest.raises(MalformedInput, match="misses with 25 against TN 25"):
            usual.verify(attack(hit=False))
