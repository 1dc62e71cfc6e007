"""The table kit: what every ruleset's table shares, whatever its dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from domain.errors import NotAllowed, NotFound
from domain.events import CharacterJoined
from domain.rulesets.table_kit.deciding import Deciding, find
from domain.rulesets.table_kit.seats import next_in, seat
from tests.support import GM, T0, Table, sheet


@dataclass
class Seated:
    name: str
    player: str
    sheet: Any
    joined: int
    wounds: int = 0


def joined(name: str, player: str = "aiko") -> CharacterJoined[Any]:
    return CharacterJoined(actor=GM, at=T0, player=player, sheet=sheet(name))


def test_characters_are_seated_under_their_name_in_the_order_they_joined() -> None:
    seats: dict[str, Seated] = {}
    seat(seats, joined("Akodo Kaneka"), Seated, wounds=3)
    seat(seats, joined("Bayushi Aiko", "ren"), Seated)
    assert [(s.name, s.joined, s.wounds) for s in seats.values()] == [
        ("Akodo Kaneka", 0, 3),
        ("Bayushi Aiko", 1, 0),
    ]
    assert find(seats, " bayushi AIKO ").player == "ren"


def test_a_character_not_at_the_table_is_refused_with_who_is() -> None:
    seats: dict[str, Seated] = {}
    seat(seats, joined("Akodo Kaneka"), Seated)
    with pytest.raises(NotFound, match=r"no character 'Doji Ren'.*characters: Akodo Kaneka"):
        find(seats, "Doji Ren")


def test_the_round_goes_to_the_first_in_order_who_has_not_acted() -> None:
    order = ["Akodo Kaneka", "Bayushi Aiko", "Doji Ren"]
    assert next_in(order, []) == "Akodo Kaneka"
    assert next_in(order, ["akodo kaneka"]) == "Bayushi Aiko"
    assert next_in(order, ["Akodo Kaneka", "Doji Ren"]) == "Bayushi Aiko"
    assert next_in(order, order) is None


def test_the_gm_acts_for_anyone_a_player_for_their_own_characters_only() -> None:
    core = Table().session
    Deciding(core, GM, T0, None).permitted("Bayushi Aiko", "ren")
    Deciding(core, "ren", T0, None).permitted("Bayushi Aiko", "ren")
    with pytest.raises(NotAllowed, match="'aiko' may not act for 'Bayushi Aiko'"):
        Deciding(core, "aiko", T0, None).permitted("Bayushi Aiko", "ren")
