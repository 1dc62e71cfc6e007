"""The GM's secrets (issue 14): any command may be given hidden — by the GM alone — and
nothing of it reaches the players until the GM reveals it; a closed session takes no
command until it is reopened."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from adapters.store import EventStore
from application.service import SessionService
from domain.dice.roll_keep.die import Die
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound
from domain.events import SCREEN, RulingRevealed, SessionClosed, SessionReopened
from domain.rulesets.l5r4e.commands.books import TakeWounds
from domain.rulesets.l5r4e.commands.table import Roll
from domain.rulesets.roll_keep_kit.events import DiceRolled
from domain.rulesets.roll_keep_kit.modifiers import tn_with
from domain.rulesets.roll_keep_kit.table_commands import Heal
from domain.session.commands import (
    Amend,
    CloseSession,
    JoinCharacter,
    ReopenSession,
    Retract,
    Reveal,
    TakeNote,
    Undo,
)
from domain.session.screen import for_players
from domain.session.secrets import players_state
from domain.session.verify import verify
from projections import project_state
from tests.support import GM, Clock, sheet

KANEKA = msgspec.to_builtins(sheet())
AMBUSHER = msgspec.to_builtins(sheet("Shinobi"))


@pytest.fixture
def service(store: EventStore) -> SessionService:
    service = SessionService(store, clock=Clock())
    service.open(session_id="night", ruleset="l5r4e", gm=GM)
    service.decide("night", JoinCharacter(sheet=KANEKA, player="ana"))
    return service


def views(service: SessionService, *, players: bool) -> dict[str, Any]:
    events = list(service.store.read("night", 0))
    if not players:
        return project_state(service.load("night").state)
    return project_state(players_state(events, service.secrets("night")))


def wounds(view: dict[str, Any], name: str = "Akodo Kaneka") -> int:
    return int(view["wounds"][name]["wounds"])


def test_a_hidden_wound_is_in_the_gms_state_and_not_in_the_players(
    service: SessionService,
) -> None:
    (poison,) = service.decide(
        "night", TakeWounds(character="Akodo Kaneka", amount=7, source="poison", hidden=True)
    )
    assert wounds(views(service, players=False)) == 7
    assert wounds(views(service, players=True)) == 0
    assert service.secrets("night").unseen() == {poison.position}
    assert service.store.command_of("night", poison.position).inputs["hidden"] is True  # type: ignore[union-attr]


def test_a_revealed_wound_counts_for_the_players_where_it_was_dealt(
    service: SessionService,
) -> None:
    (poison,) = service.decide("night", TakeWounds(character="Akodo Kaneka", amount=7, hidden=True))
    service.decide("night", Heal(character="Akodo Kaneka", amount=3))
    assert wounds(views(service, players=True)) == 0  # healing nothing they know of
    (reveal,) = service.decide("night", Reveal(position=poison.position, reason="the poison"))
    assert isinstance(reveal.event, RulingRevealed)
    assert views(service, players=True) == views(service, players=False)
    assert wounds(views(service, players=True)) == 4
    secrets = service.secrets("night")
    assert secrets.reveals == {reveal.position: (poison.position,)}
    assert not secrets.keeps_any
    before = list(service.store.read("night", 0, until=reveal.position - 1))
    assert wounds(project_state(players_state(before, secrets, reveal.position - 1))) == 0


def test_only_the_gm_keeps_a_ruling_hidden_and_nothing_is_recorded_otherwise(
    service: SessionService,
) -> None:
    head = service.load("night").version
    with pytest.raises(NotAllowed, match=r"'ana' .*give note hidden"):
        service.decide(
            "night", TakeNote(text="I palm the key", character="Akodo Kaneka", hidden=True),
            actor="ana",
        )  # fmt: skip
    with pytest.raises(MalformedInput, match="reveal is for the whole table"):
        service.decide("night", Reveal(position=2, hidden=True))
    with pytest.raises(MalformedInput, match="a correction is as hidden as what it corrects"):
        service.decide("night", Undo(reason="quietly", hidden=True))
    assert service.load("night").version == head


def test_a_reveal_names_a_hidden_ruling_once(service: SessionService) -> None:
    (note,) = service.decide("night", TakeNote(text="the shinobi waits", hidden=True))
    head = service.load("night").version
    with pytest.raises(IllegalUnderRules, match="event 2 is not hidden"):
        service.decide("night", Reveal(position=2))
    with pytest.raises(NotFound, match="no event at position 99"):
        service.decide("night", Reveal(position=99))
    with pytest.raises(NotAllowed, match="'ana'"):
        service.decide("night", Reveal(position=note.position), actor="ana")
    assert service.load("night").version == head
    (reveal,) = service.decide("night", Reveal(position=note.position))
    with pytest.raises(IllegalUnderRules, match=f"revealed at {reveal.position} already"):
        service.decide("night", Reveal(position=note.position))


def test_an_ambusher_joined_hidden_is_in_no_view_of_the_players_until_revealed(
    service: SessionService,
) -> None:
    (joined,) = service.decide("night", JoinCharacter(sheet=AMBUSHER, player=GM, hidden=True))
    service.decide("night", TakeWounds(character="Shinobi", amount=5))  # in the open
    assert "Shinobi" not in views(service, players=True)["wounds"]
    assert wounds(views(service, players=False), "Shinobi") == 5
    service.decide("night", Reveal(position=joined.position))
    assert views(service, players=True) == views(service, players=False)


def test_what_names_an_ambusher_kept_from_the_players_is_in_no_state_of_theirs(
    service: SessionService,
) -> None:
    """Every event in the open that names him stands on his joining: left out of the
    players' state, from scratch and as the service keeps it step by step, until the
    joining is revealed (a note about him, his wounds); what names only those they know
    counts (the shuriken's wound on Kaneka)."""
    (joined,) = service.decide("night", JoinCharacter(sheet=AMBUSHER, player=GM, hidden=True))
    service.decide("night", TakeNote(text="in the rafters", character="Shinobi"))
    service.decide("night", TakeWounds(character="Shinobi", amount=5))
    shuriken = TakeWounds(character="Akodo Kaneka", amount=3, source="a shuriken")
    service.decide("night", shuriken)
    afresh = views(service, players=True)
    kept = project_state(service.seen_by("night", "ana").state)
    assert afresh == kept and "Shinobi" not in afresh["wounds"]
    assert wounds(afresh) == 3
    service.decide("night", Reveal(position=joined.position))
    assert views(service, players=True) == views(service, players=False)


def test_retracting_a_secret_is_a_secret_and_the_reveal_shows_both(
    service: SessionService,
) -> None:
    (note,) = service.decide("night", TakeNote(text="a false trail", hidden=True))
    (retraction,) = service.decide("night", Retract(position=note.position, reason="unused"))
    secrets = service.secrets("night")
    assert secrets.unseen() == {note.position, retraction.position}
    (reveal,) = service.decide("night", Reveal(position=retraction.position))
    assert service.secrets("night").reveals[reveal.position] == (
        note.position,
        retraction.position,
    )


def test_a_closed_session_takes_no_command_until_it_is_reopened(
    service: SessionService,
) -> None:
    (closed,) = service.decide("night", CloseSession(reason="end of the evening"))
    assert isinstance(closed.event, SessionClosed)
    head = service.load("night").version
    for command in (
        TakeNote(text="one more thing"),
        Undo(reason="oops"),
        CloseSession(),
    ):
        with pytest.raises(IllegalUnderRules, match="'night' is closed"):
            service.decide("night", command)
    with pytest.raises(NotAllowed):
        service.decide("night", ReopenSession(), actor="ana")
    assert service.load("night").version == head
    (reopened,) = service.decide("night", ReopenSession())
    assert isinstance(reopened.event, SessionReopened)
    service.decide("night", TakeNote(text="one more thing"))
    with pytest.raises(IllegalUnderRules, match="is open"):
        service.decide("night", ReopenSession())


def test_a_reveal_or_a_closing_is_not_taken_back(service: SessionService) -> None:
    (note,) = service.decide("night", TakeNote(text="a secret", hidden=True))
    (reveal,) = service.decide("night", Reveal(position=note.position))
    with pytest.raises(IllegalUnderRules, match=r"reveal.*whole table"):
        service.decide("night", Retract(position=reveal.position, reason="unsee it"))
    (closed,) = service.decide("night", CloseSession())
    service.decide("night", ReopenSession())
    with pytest.raises(IllegalUnderRules, match=r"close.*whole table"):
        service.decide("night", Retract(position=closed.position, reason="never closed"))


def test_a_players_ruling_weighs_the_secret_and_shows_her_what_she_knows(
    service: SessionService,
) -> None:
    """A hidden poison's wounds weigh on Kaneka's roll whoever rolls it (decided on
    everything, so that re-judging gives it again); ana reads the roll's dice and
    outcome, and its TN as she knows it with the rest behind the GM's screen — no
    wound in it. A hidden ambusher is no character of the session for her: her error
    lists him not."""
    service.decide("night", TakeWounds(character="Akodo Kaneka", amount=12, hidden=True))
    service.decide("night", JoinCharacter(sheet=AMBUSHER, player=GM, hidden=True))
    roll = Roll(character="Akodo Kaneka", trait="agility", tn=15)
    [rolled] = service.decide("night", roll, actor="ana", dice=[Die((5,)), Die((5,)), Die((5,))])
    event = rolled.event
    assert isinstance(event, DiceRolled) and event.roll.tn is not None and event.roll.tn > 20
    theirs = for_players(rolled).event
    assert isinstance(theirs, DiceRolled) and theirs.roll == event.roll
    assert "wound" not in msgspec.json.encode(theirs).decode().lower()
    assert tn_with(theirs.base_tn, theirs.parts) == event.roll.tn  # her numbers add up
    assert [p.source for p in theirs.parts] == ["Light armour on agility", SCREEN]
    with pytest.raises(NotFound) as refused:
        service.decide("night", TakeNote(text="I spot him", character="Shinobi"), actor="ana")
    assert "Shinobi" in str(refused.value) and "Akodo Kaneka" in str(refused.value)
    assert str(refused.value).count("Shinobi") == 1  # quoted as asked, not listed
    gm = service.decide("night", Roll(character="Akodo Kaneka", trait="agility", tn=15),
                        dice=[Die((5,)), Die((5,)), Die((5,))])  # fmt: skip
    gm_roll = gm[0].event
    assert isinstance(gm_roll, DiceRolled) and gm_roll.roll.tn == event.roll.tn
    assert gm_roll.shown is None  # the GM's own, in the open: not screened
    stored = service.store
    verdict = verify(list(stored.read("night", 0)), stored.records("night"))
    assert verdict.ok, verdict.problem


def test_a_players_command_refused_only_by_a_secret_names_nothing_of_it(
    service: SessionService,
) -> None:
    """Kaneka is Dead behind the screen: her roll is refused — the rules refuse it —
    but the refusal says nothing of why, and nothing is appended."""
    service.decide("night", TakeWounds(character="Akodo Kaneka", amount=200, hidden=True))
    head = service.load("night").version
    with pytest.raises(IllegalUnderRules) as refused:
        service.decide(
            "night",
            Roll(character="Akodo Kaneka", trait="agility", tn=15),
            actor="ana",
            dice=[Die((5,)), Die((5,)), Die((5,))],
        )
    said = str(refused.value).lower()
    assert "behind the screen" in said and "dead" not in said and "wound" not in said
    assert service.load("night").version == head


def test_correcting_an_earlier_ruling_keeps_a_later_reveal(service: SessionService) -> None:
    (wound,) = service.decide("night", TakeWounds(character="Akodo Kaneka", amount=3))
    (note,) = service.decide("night", TakeNote(text="a secret", hidden=True))
    (reveal,) = service.decide("night", Reveal(position=note.position))
    service.decide(
        "night", Amend(position=wound.position, changes={"amount": 4}, reason="a deeper cut")
    )
    assert reveal.position not in service.load("night").state.retracted
    assert service.secrets("night").revealed == {note.position: reveal.position}


def test_a_fork_of_a_closed_session_starts_open(service: SessionService) -> None:
    (closed,) = service.decide("night", CloseSession())
    service.fork("night", closed.position, "whatif", reason="had we played on", actor=None)
    assert service.load("whatif").state.closed is None
    service.decide("whatif", TakeNote(text="we play on"))


def test_a_players_show_explains_a_ruling_on_what_they_see(service: SessionService) -> None:
    """Fumi's Defense stance, taken behind the screen, raises the armour TN Kaneka's
    attack in the open is decided on: the GM's `show` of the attack explains the armour
    TN part by part, the stance included; ana's names no part she cannot know."""
    from application.shown import shown
    from domain.dice.source import FaceQueue
    from domain.rulesets.l5r4e.commands.fight import Attack
    from domain.rulesets.l5r4e.commands.table import (
        ChooseStance,
        RollInitiative,
        StartCombat,
        StartRound,
    )

    service.decide("night", JoinCharacter(sheet=msgspec.to_builtins(sheet("Bayushi Fumi")),
                                          player="ben"))  # fmt: skip
    service.decide("night", StartCombat())
    service.decide("night", RollInitiative(character="Akodo Kaneka"), dice=FaceQueue([9, 5, 3, 2]))
    service.decide("night", RollInitiative(character="Bayushi Fumi"), dice=FaceQueue([6, 2, 2, 1]))
    service.decide("night", StartRound())
    service.decide("night", ChooseStance(character="Akodo Kaneka", stance="attack"), actor="ana")
    service.decide("night", ChooseStance(character="Bayushi Fumi", stance="defense", hidden=True))
    attack = Attack(attacker="Akodo Kaneka", target="Bayushi Fumi", weapon="Katana")
    *_, resolved = service.decide("night", attack, actor="ana", dice=FaceQueue([9] * 12))
    session = service.load("night")
    gm = shown(service, session, resolved.position, viewer_is_gm=True)["explanation"]
    ana = shown(service, session, resolved.position, viewer_is_gm=False)["explanation"]
    assert any("Defense" in line for line in gm), gm
    assert not any("Defense" in line for line in ana), ana
