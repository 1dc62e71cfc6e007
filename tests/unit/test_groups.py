"""NPC groups: one sheet joins as several characters at once (three ronin: Ronin 1, Ronin
2, Ronin 3), each its own character for wounds, Void and conditions; the GM rolls the
group's initiative in one command, each member its own roll, recorded."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed
from domain.events import CharacterJoined
from domain.rulesets.l5r4e.commands.table import RollInitiative
from domain.rulesets.roll_keep_kit.table_commands import StartCombat, TakeWounds
from domain.session.commands import MAX_GROUP, JoinCharacter, Retract
from domain.session.snapshot import restore, take
from tests.support import GM, RecordedTable, Scripted, sheet

RONIN: dict[str, Any] = msgspec.to_builtins(sheet("Ronin", void=3))
KANEKA: dict[str, Any] = msgspec.to_builtins(sheet("Akodo Kaneka"))


@pytest.fixture
def table() -> RecordedTable:
    table = RecordedTable()
    table.do(JoinCharacter(sheet=RONIN, player=GM, count=3))
    table.do(JoinCharacter(sheet=KANEKA, player="ana"))
    return table


def names(table: RecordedTable) -> list[str]:
    return [m.name for m in table.session.state.members.values()]


def test_three_join_from_one_sheet_numbered_in_one_batch(table: RecordedTable) -> None:
    joined = [r.event for r in table.events[1:4]]
    assert [e.sheet.name for e in joined] == ["Ronin 1", "Ronin 2", "Ronin 3"]  # type: ignore[attr-defined]
    assert {e.group for e in joined} == {"Ronin"}  # type: ignore[attr-defined]
    assert (table.records[0].first, table.records[0].count) == (2, 3)  # one command, one batch
    assert table.session.state.group("ronin") == ("Ronin", "Ronin 1", "Ronin 2", "Ronin 3")


def test_a_name_given_is_the_groups_not_the_sheets() -> None:
    table = RecordedTable()
    table.do(JoinCharacter(sheet=RONIN, player=GM, count=2, name="Bandit"))
    table.do(JoinCharacter(sheet=RONIN, player=GM, name="Old Ronin"))
    assert names(table) == ["Bandit 1", "Bandit 2", "Old Ronin"]
    assert table.session.state.group("Old Ronin") is None  # one character, under that name


def test_joining_the_group_again_numbers_on(table: RecordedTable) -> None:
    table.do(JoinCharacter(sheet=RONIN, player=GM, count=2))
    assert names(table)[-2:] == ["Ronin 4", "Ronin 5"]
    assert table.session.state.group("Ronin") == ("Ronin", *(f"Ronin {n}" for n in range(1, 6)))


def test_each_member_is_its_own_character(table: RecordedTable) -> None:
    table.do(TakeWounds(character="Ronin 2", amount=12, source="katana"))
    wounds = {n: c.wounds for n, c in table.session.table.characters.items()}
    assert wounds["ronin 2"] == 12 and wounds["ronin 1"] == wounds["ronin 3"] == 0


def test_the_groups_initiative_is_one_command_each_its_own_roll(table: RecordedTable) -> None:
    table.do(StartCombat())
    rolled = table.do(
        RollInitiative(character="Ronin"), dice=Scripted(9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3)
    )
    assert [r.event.character for r in rolled] == ["Ronin 1", "Ronin 2", "Ronin 3"]  # type: ignore[attr-defined]
    record = table.records[-1]
    assert record.inputs == {"character": "Ronin"} and len(record.drawn) == 12  # every face kept
    order = [e.character for e in table.session.table.combat.order()]
    assert order == ["Ronin 1", "Ronin 2", "Ronin 3"]


def test_retracting_the_groups_initiative_takes_back_every_members_roll(
    table: RecordedTable,
) -> None:
    table.do(StartCombat())
    rolled = table.do(RollInitiative(character="Ronin"), dice=Scripted(*[5] * 12))
    table.do(Retract(position=rolled[1].position, reason="rolled before the ambush was sprung"))
    assert table.session.table.combat.initiative == {}


def test_a_member_who_has_rolled_stops_the_group_roll_whole(table: RecordedTable) -> None:
    table.do(StartCombat())
    table.do(RollInitiative(character="Ronin 2"), dice=Scripted(5, 5, 5, 5))
    before = len(table.events)
    with pytest.raises(IllegalUnderRules, match="Ronin 2 has already rolled initiative"):
        table.do(RollInitiative(character="Ronin"), dice=Scripted(*[5] * 12))
    assert len(table.events) == before


def test_faces_typed_die_by_die_are_one_members_not_the_groups(table: RecordedTable) -> None:
    table.do(StartCombat())
    with pytest.raises(MalformedInput, match="for the group 'Ronin': faces typed die by die"):
        table.do(RollInitiative(character="Ronin"), dice=[])


def test_a_player_rolls_for_no_group_of_the_gms(table: RecordedTable) -> None:
    table.do(StartCombat())
    with pytest.raises(NotAllowed, match="'ana' may not act for 'Ronin 1'"):
        table.do(RollInitiative(character="Ronin"), actor="ana", dice=Scripted(*[5] * 12))


@pytest.mark.parametrize("count", [0, MAX_GROUP + 1, 10_000])
def test_a_group_of_none_or_of_thousands_is_refused(count: int) -> None:
    with pytest.raises(msgspec.ValidationError, match="count"):
        msgspec.convert({"sheet": RONIN, "player": GM, "count": count}, JoinCharacter)


def test_names_cannot_clash_with_a_group_or_its_members(table: RecordedTable) -> None:
    with pytest.raises(IllegalUnderRules, match="'Akodo Kaneka' is already in the session"):
        table.do(JoinCharacter(sheet=RONIN, player=GM, count=2, name="Akodo Kaneka"))
    with pytest.raises(IllegalUnderRules, match="'Ronin 2' is already in the session"):
        table.do(JoinCharacter(sheet=RONIN, player=GM, name="Ronin 2"))


def test_a_plain_join_is_recorded_as_before_groups_existed(table: RecordedTable) -> None:
    assert set(table.records[1].inputs) == {"sheet", "player"}
    assert table.records[0].inputs["count"] == 3 and "name" not in table.records[0].inputs
    assert (
        isinstance(table.events[4].event, CharacterJoined) and table.events[4].event.group is None
    )


def test_a_snapshot_keeps_the_groups(table: RecordedTable) -> None:
    state = table.session.state
    assert (
        restore(take(state)).groups
        == state.groups
        == {"ronin": ("Ronin", "Ronin 1", "Ronin 2", "Ronin 3")}
    )


def test_a_new_group_numbers_on_past_a_member_of_its_name_joined_alone() -> None:
    """A Ronin 2 carried in from an earlier session (joined alone, in no group): three
    more ronin are Ronin 3 to 5, not a Ronin 2 again."""
    table = RecordedTable()
    table.do(JoinCharacter(sheet=RONIN, player=GM, name="Ronin 2"))
    table.do(JoinCharacter(sheet=RONIN, player=GM, count=3))
    assert names(table) == ["Ronin 2", "Ronin 3", "Ronin 4", "Ronin 5"]


def test_no_one_joins_already_dead() -> None:
    """4e: wounds past Out are death (a sheet saved from a session where they died)."""
    table = RecordedTable()
    with pytest.raises(MalformedInput, match="200 wounds leave them Dead"):
        table.do(JoinCharacter(sheet=KANEKA | {"wounds": 200}, player="ana"))
    assert len(table.events) == 1


def test_a_groups_command_copies_the_state_once_not_once_per_member(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 32: each member's ruling folds onto one copy of the state, so a group's
    command costs one copy whatever its size (a copy per member cost members x the
    state's size, and grew with the session: 0.8, 1.5, 2.2 s for 100 NPCs)."""
    table = RecordedTable()
    table.do(JoinCharacter(sheet=RONIN, player=GM, count=40))
    table.do(StartCombat())
    ruleset = table.session.ruleset
    copies = 0
    dump = type(ruleset).dump_state

    def counted(self: Any, state: Any) -> bytes:
        nonlocal copies
        copies += 1
        return dump(self, state)

    monkeypatch.setattr(type(ruleset), "dump_state", counted)
    table.do(RollInitiative(character="Ronin"), dice=Scripted(*[7] * 400))
    assert copies <= 2  # the group's copy (and none per member)
    order = {e.character for e in table.session.table.combat.order()}
    assert order == {f"Ronin {n}" for n in range(1, 41)}  # each its own roll, all folded
