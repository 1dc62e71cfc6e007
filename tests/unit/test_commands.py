"""Commands are data: decoded and bounded as Structs, decided by the core or the ruleset."""

from __future__ import annotations

import inspect
from typing import Any

import msgspec
import pytest

from domain.commands import Command, CommandSpec, Context
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed
from domain.events import Recorded
from domain.rulesets.l5r4e.commands import DECIDERS
from domain.rulesets.l5r4e.commands.aid import LeadRoll, Oppose
from domain.rulesets.l5r4e.commands.books import TakeWounds
from domain.rulesets.l5r4e.commands.deciding import CARRIED
from domain.rulesets.l5r4e.commands.fight import Attack
from domain.rulesets.l5r4e.commands.table import Roll, StartCombat
from domain.rulesets.l5r4e.events import WoundsTaken
from domain.session.commands import AddParticipant, JoinCharacter, Retract, TakeNote
from tests.support import GM, T0, Scripted, Table, sheet


class Shout(Command, frozen=True, kw_only=True):
    """No ruleset has this command."""

    spec = CommandSpec(("shout",), phase="session")


def decide(table: Table, command: Command, dice: Any = None, actor: str = GM) -> list[Any]:
    return table.session.decide(command, Context(actor, T0, dice))


def test_every_field_of_every_4e_command_reaches_its_rule() -> None:
    for command_type, decider in DECIDERS.items():
        rule = getattr(decider, "rule", None)
        if rule is None:
            continue  # a decider of its own, tested with its command
        taken = list(inspect.signature(rule).parameters.values())[1:]  # after the session
        parameters = {p.name for p in taken} - {"actor", "at"}
        needed = {p.name for p in taken if p.default is inspect.Parameter.empty} - {"actor", "at"}
        needed |= parameters & ({"dice"} | CARRIED)  # never left to a default: given or not
        fields = {f.name for f in msgspec.structs.fields(command_type)} - CARRIED
        fields -= getattr(decider, "own", frozenset())  # what the decider deals with itself
        given = fields | decider.takes  # type: ignore[attr-defined]
        name = command_type.__name__
        assert not given - parameters, f"{name}: {sorted(given - parameters)} reach no argument"
        assert not needed - given, (
            f"{name}: its rule's {sorted(needed - given)} are not given on its DECIDERS line"
        )


def test_every_4e_command_has_a_name_and_help_for_every_field() -> None:
    names = [t.spec.name for t in DECIDERS]
    assert len(names) == len(set(names)), "two commands share a name"
    for command_type in DECIDERS:
        assert command_type.__doc__, f"{command_type.__name__} has no help"


def test_bounds_are_declared_once_on_the_struct() -> None:
    with pytest.raises(msgspec.ValidationError, match="Expected `int` <= 20"):
        msgspec.convert({"attacker": "A", "target": "B", "raises": 21}, Attack)
    with pytest.raises(msgspec.ValidationError, match=r"length >= 1 - at `\$.character`"):
        msgspec.convert({"character": "", "amount": 1}, TakeWounds)


def test_a_command_decided_through_the_core_is_the_rule_s_batch() -> None:
    table = Table()
    table.join("Akodo Kaneka", "ana")
    events = decide(table, TakeWounds(character="akodo kaneka", amount=7, source="a fall"))
    assert events == [
        WoundsTaken(actor=GM, at=T0, character="Akodo Kaneka", amount=7, source="a fall")
    ]


def test_the_command_s_reason_goes_on_every_event_of_its_batch() -> None:
    table = Table()
    table.join("Akodo Kaneka", "ana")
    [started] = decide(table, StartCombat(reason="ambush at the bridge"))
    assert started.reason == "ambush at the bridge"


def test_a_command_the_ruleset_lacks_is_refused_naming_the_ruleset() -> None:
    with pytest.raises(IllegalUnderRules, match="played under 'l5r4e', which has no command"):
        decide(Table(), Shout())


def test_a_sheet_is_checked_against_the_ruleset_s_schema_and_quoted() -> None:
    bad = msgspec.to_builtins(sheet("Hida Oni")) | {"void": "lots"}
    with pytest.raises(MalformedInput, match="sheet of 'Hida Oni': Expected `int`"):
        decide(Table(), JoinCharacter(sheet=bad, player="ana"))


def test_a_retraction_names_a_position_or_the_last_never_both() -> None:
    with pytest.raises(MalformedInput, match="either a position or the last"):
        decide(Table(), Retract(position=1, last=True, reason="oops"))


def test_dice_come_from_the_context() -> None:
    roll = Roll(expression="3k2", tn=15)
    with pytest.raises(TypeError, match="Roll throws dice"):
        decide(Table(), roll)
    [rolled] = decide(Table(), roll, Scripted(9, 7, 2))
    assert (rolled.roll.total, rolled.roll.success) == (16, True)


class TestParticipants:
    """The GM lets players and observers take part; an observer may act for no one."""

    def test_an_observer_follows_but_gives_no_command(self) -> None:
        table = Table()
        table.join("Akodo Kaneka", "ana")
        for added in (
            AddParticipant(participant="zed", role="observer"),
            AddParticipant(participant="kim", role="player"),
        ):
            [event] = decide(table, added)
            table.session.record([Recorded(table.session.version + 1, event)])
        roles = {"ana": "player", "zed": "observer", "kim": "player"}
        assert table.session.state.roles == roles

    def test_an_observer_s_command_is_refused_and_quoted(self) -> None:
        table = Table()
        events = decide(table, AddParticipant(participant="zed", role="observer"))
        table.session.record([Recorded(2, events[0])])
        with pytest.raises(
            NotAllowed, match="'zed' observes session 'test-night' and may not note"
        ):
            decide(table, TakeNote(text="I whisper"), actor="zed")

    def test_only_the_gm_adds_and_a_player_of_a_character_is_no_mere_observer(self) -> None:
        table = Table()
        table.join("Akodo Kaneka", "ana")
        with pytest.raises(NotAllowed, match="'ana' may not add a participant"):
            decide(table, AddParticipant(participant="zed", role="observer"), actor="ana")
        with pytest.raises(IllegalUnderRules, match="'ana' plays Akodo Kaneka"):
            decide(table, AddParticipant(participant="ana", role="observer"))
        with pytest.raises(IllegalUnderRules, match="already a player"):
            decide(table, AddParticipant(participant="ana", role="player"))
        with pytest.raises(IllegalUnderRules, match="is the session's GM"):
            decide(table, AddParticipant(participant=GM, role="player"))


def test_a_skill_the_character_lacks_is_rolled_only_when_asked_for_unskilled() -> None:
    table = Table()
    table.join("Akodo Kaneka", "ana")
    typo = Roll(character="Akodo Kaneka", skill="Kenjutsuu", trait="agility", tn=10)
    with pytest.raises(IllegalUnderRules, match="did you mean 'Kenjutsu'"):
        decide(table, typo, Scripted(5, 5, 5, 5, 5, 5))
    asked = Roll(character="Akodo Kaneka", skill="Tea Ceremony", trait="awareness",
                 unskilled=True)  # fmt: skip
    [rolled] = decide(table, asked, Scripted(10, 3))
    assert rolled.roll.unskilled and rolled.roll.total == 13  # 2k2: the 10 does not explode


def test_an_opposed_or_cooperative_roll_refuses_a_skill_typo_too() -> None:
    """Each side of an opposed roll, and a cooperative roll, rolls only skills its
    characters have unless told (``--first-unskilled``): a typo is named, with the skill
    meant; a skill nobody has is not led at all."""
    table = Table()
    table.join("Akodo Kaneka", "ana")
    table.join("Bayushi Fumi", "ben")
    typo = Oppose(contest="a stare", first="Akodo Kaneka", first_skill="Kenjutsi",
                  first_trait="agility", second="Bayushi Fumi", second_trait="agility")  # fmt: skip
    with pytest.raises(IllegalUnderRules, match=r"did you mean 'Kenjutsu'\? To roll it "
                       r"unskilled, say --first-unskilled"):  # fmt: skip
        decide(table, typo, Scripted(*[5] * 20))
    lacking = msgspec.structs.replace(typo, first_skill="Hunting")
    with pytest.raises(IllegalUnderRules, match=r"no skill 'Hunting'\. To roll it unskilled"):
        decide(table, lacking, Scripted(*[5] * 20))
    asked = msgspec.structs.replace(lacking, first_unskilled=True)
    assert decide(table, asked, Scripted(9, 9, 9, 1, 1, 1))
    lead = LeadRoll(leader="Akodo Kaneka", followers=("Bayushi Fumi",), skill="Kenjutsi",
                    trait="agility")  # fmt: skip
    with pytest.raises(IllegalUnderRules, match="did you mean 'Kenjutsu'"):
        decide(table, lead, Scripted(*[5] * 10))


def test_a_note_or_a_reason_that_could_forge_a_log_line_is_refused() -> None:
    table = Table()
    with pytest.raises(MalformedInput, match=r"note text 'the GM\\n#9 forged': one line"):
        decide(table, TakeNote(text="the GM\n#9 forged"))
    with pytest.raises(MalformedInput, match=r"reason 'ok\\n#9 forged': one line"):
        decide(table, TakeNote(text="fine", reason="ok\n#9 forged"))
    table.join("Akodo Kaneka", "ana")  # any text of any command, however deep: a wound's source
    with pytest.raises(MalformedInput, match=r"wound source 'a fall\\x1b\[2J': one line"):
        decide(table, TakeWounds(character="Akodo Kaneka", amount=1, source="a fall\x1b[2J"))
