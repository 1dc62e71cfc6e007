"""Whose command it is, said once: a core command the GM alone gives is marked so on its
spec (``CommandSpec.gm_only``), the rules refuse it to a player (``NotAllowed``), and what
the surfaces describe of it (``kiroku rules --json``, ``GET /v1/rulesets/ID``, which the
console's forms read) carries the mark — so no surface keeps a list of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.store import EventStore, StoreConfig
from application.rows import describe_ruleset
from application.service import SessionService
from domain.commands import Command
from domain.errors import NotAllowed
from domain.rulesets import load_ruleset
from domain.session.commands import (
    CORE_COMMANDS,
    CORRECTIONS,
    AddParticipant,
    AdvanceClock,
    Amend,
    CloseSession,
    JoinCharacter,
    Reinstate,
    ReopenSession,
    Retract,
    Reveal,
    TakeNote,
    Undo,
)
from tests.support import GM, Clock

SHEET = json.loads(
    (Path(__file__).resolve().parents[2] / "replays" / "sheets" / "akodo-kaneka.json").read_text()
)
GIVEN: dict[str, Command] = {
    "join": JoinCharacter(sheet=SHEET, player="ben", name="Akodo Two"),
    "participant": AddParticipant(participant="kenji", role="observer"),
    "retract": Retract(position=3, reason="r"),
    "undo": Undo(reason="r"),
    "amend": Amend(position=3, changes={"text": "the tea"}, reason="r"),
    "reinstate": Reinstate(position=3, reason="r"),
    "reveal": Reveal(position=3),
    "close": CloseSession(),
    "reopen": ReopenSession(),
    "clock advance": AdvanceClock(minutes=30),
}
"""One of each of the GM's commands, as a player might send it."""


@pytest.fixture
def table() -> SessionService:
    """A session with ana's character and a note of hers."""
    service = SessionService(EventStore(StoreConfig(kind="memory")), clock=Clock())
    service.open(session_id="s", ruleset="l5r4e", gm=GM)
    service.decide("s", JoinCharacter(sheet=SHEET, player="ana"))
    service.decide("s", TakeNote(text="mine", character="Akodo Kaneka"), actor="ana")
    return service


def test_the_gm_s_commands_are_marked_and_none_else_of_the_core() -> None:
    assert {t.spec.name for t in CORE_COMMANDS if t.spec.gm_only} == set(GIVEN)


@pytest.mark.parametrize("name", sorted(GIVEN))
def test_a_player_giving_one_is_refused(table: SessionService, name: str) -> None:
    command = GIVEN[name]
    give = table.correct if isinstance(command, CORRECTIONS) else table.decide
    with pytest.raises(NotAllowed):
        give("s", command, actor="ana")


def test_a_player_s_note_is_no_command_of_the_gm_s(table: SessionService) -> None:
    table.decide("s", TakeNote(text="the tea smells odd", character="Akodo Kaneka"), actor="ana")


def test_the_description_the_surfaces_serve_carries_the_mark() -> None:
    described = describe_ruleset(load_ruleset("l5r4e"))["core_commands"]
    assert {c["name"] for c in described if c["gm_only"]} == set(GIVEN) & {
        c["name"] for c in described
    }
