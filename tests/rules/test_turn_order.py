"""Turn order in the three forms of the roll & keep texts (the kit serves 4e, 3e and the
house flow alike)."""

from __future__ import annotations

from domain.rulesets.roll_keep_kit.turn_order import (
    Place,
    descending,
    end_of_round,
    house_round,
    next_up,
    with_delays,
)

KANEKA = Place("Akodo Kaneka", 25, 3, 0)
FUMI = Place("Bayushi Fumi", 31, 3, 1)
GOEMON = Place("Matsu Goemon", 25, 4, 2)


def names(places: list[Place]) -> list[str]:
    return [p.character for p in places]


def test_one_pass_a_round_goes_highest_first_ties_to_reflexes_then_to_who_joined() -> None:
    assert names(descending([KANEKA, FUMI, GOEMON])) == [
        "Bayushi Fumi", "Matsu Goemon", "Akodo Kaneka"]  # fmt: skip
    twin = Place("Akodo Twin", 25, 3, 5)
    assert names(descending([twin, KANEKA])) == ["Akodo Kaneka", "Akodo Twin"]


def test_a_delay_moves_behind_the_one_waited_for_or_to_the_end() -> None:
    order = descending([KANEKA, FUMI, GOEMON])
    assert names(with_delays(order, {"bayushi fumi": "Akodo Kaneka"})) == [
        "Matsu Goemon", "Akodo Kaneka", "Bayushi Fumi"]  # fmt: skip
    assert names(with_delays(order, {"Bayushi Fumi": None})) == [
        "Matsu Goemon", "Akodo Kaneka", "Bayushi Fumi"]  # fmt: skip


def test_the_next_up_is_the_first_who_has_not_acted() -> None:
    order = descending([KANEKA, FUMI, GOEMON])
    assert next_up(order, ["bayushi fumi"]) == "Matsu Goemon"
    assert next_up(order, ["Bayushi Fumi", "Matsu Goemon", "Akodo Kaneka"]) is None


def test_the_house_flow_declares_low_to_high_and_resolves_high_to_low() -> None:
    declare, resolve = house_round([KANEKA, FUMI, GOEMON])
    assert names(declare) == ["Akodo Kaneka", "Matsu Goemon", "Bayushi Fumi"]
    assert names(resolve) == ["Bayushi Fumi", "Matsu Goemon", "Akodo Kaneka"]


def test_3e_kept_initiative_loses_the_wound_penalty_and_moves_with_reversals() -> None:
    """Fumi (31) is Hurt (−10); Kaneka's reversal die of 7 goes on his own 25; Goemon's 4
    comes off Fumi's: 25 + 7 = 32, 31 − 10 − 4 = 17, Goemon 25."""
    kept, order = end_of_round(
        [KANEKA, FUMI, GOEMON],
        wound_penalty={"bayushi fumi": 10},
        reversals=[("Akodo Kaneka", "Akodo Kaneka", 7), ("Matsu Goemon", "Bayushi Fumi", 4)],
    )
    assert [(p.character, p.initiative) for p in order] == [
        ("Akodo Kaneka", 32), ("Matsu Goemon", 25), ("Bayushi Fumi", 17)]  # fmt: skip
    assert {p.character: p.initiative for p in kept}["Bayushi Fumi"] == 27  # 31 − 4, kept


def test_3e_the_wound_penalty_comes_off_the_kept_initiative_anew_each_round() -> None:
    """« Il passe donc de 21 à 11 ! … Gravement Blessé (malus +15), son Initiative passera
    alors à 6 (i.e. 21 - 15 = 6) »: the worst penalty, from the kept 21, every round."""
    rola = Place("Mirumoto Rola", 21, 3, 0)
    kept, order = end_of_round([rola], {"mirumoto rola": 10})
    assert order[0].initiative == 11
    kept, order = end_of_round(kept, {"mirumoto rola": 10})  # still Hurt: still 11
    assert order[0].initiative == 11
    kept, order = end_of_round(kept, {"mirumoto rola": 15})
    assert order[0].initiative == 6 and kept[0].initiative == 21
