"""A campaign across sessions (issue 15), on each store: a character who earned and spent
XP, lost honour and took wounds in one session starts the next with it all, the session
it came from recorded; a forged carry is refused with nothing appended; the campaign's
read models add its sessions up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from adapters.store import EventStore
from application import campaigns
from application.service import SessionService
from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.events import Carried, CharacterJoined, Recorded
from domain.rulesets.l5r4e.commands.books import (
    AwardExperience,
    ChangeHonour,
    SpendExperience,
    SpendVoid,
    TakeWounds,
)
from domain.session.commands import JoinCharacter, Reinstate, Retract
from projections import project_state
from tests.support import GM, Clock, sheet

KANEKA = msgspec.to_builtins(sheet())
SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"


@pytest.fixture
def service(store: EventStore) -> SessionService:
    """Campaign 'winter': session w1, where Kaneka earns 10 XP and spends 4 on a skill,
    loses 0.3 honour, spends a Void point and takes 20 wounds; then session w2, opened."""
    service = SessionService(store, clock=Clock())
    campaigns.open_campaign(
        service, campaign="winter", gm=GM, ruleset="l5r4e", title="", at=service.clock()
    )
    service.open(session_id="w1", ruleset="l5r4e", gm=GM, campaign="winter")
    for command in (
        JoinCharacter(sheet=KANEKA, player="ana"),
        AwardExperience(character="Akodo Kaneka", amount=10),
        SpendExperience(character="Akodo Kaneka", skill="Kenjutsu"),
        ChangeHonour(character="Akodo Kaneka", delta=-3, reason="lied to the magistrate"),
        SpendVoid(character="Akodo Kaneka", purpose="+1k1 on Etiquette"),
        TakeWounds(character="Akodo Kaneka", amount=20, source="ambush"),
    ):
        service.decide("w1", command)
    service.open(session_id="w2", ruleset="l5r4e", gm=GM, campaign="winter")
    return service


def views(service: SessionService, session: str) -> dict[str, Any]:
    return project_state(service.load(session).state)


def test_a_carried_character_starts_the_next_session_as_the_last_left_them(
    service: SessionService,
) -> None:
    service.decide("w2", campaigns.carried_join(service, "w2", "akodo kaneka"))
    before, after = views(service, "w1"), views(service, "w2")
    name = "Akodo Kaneka"
    assert after["characters"][name] == before["characters"][name]  # Kenjutsu 4, bought
    assert after["standing"][name]["honour"] == before["standing"][name]["honour"] == "6.2"
    assert after["experience"][name]["available"] == 40 + 10 - 4
    assert after["void"][name]["left"] == 2  # a night's sleep between sessions
    assert after["wounds"][name]["wounds"] == 0  # the GM carried no wounds over
    (joined_at,) = service.store.read("w2", 1)
    joined = joined_at.event
    assert isinstance(joined, CharacterJoined) and joined.player == "ana"
    assert joined.carried == Carried(session="w1", position=7, days=None)


def test_wounds_carry_over_less_what_the_days_between_heal(service: SessionService) -> None:
    """« Guérison naturelle »: (Constitution × 2) + Rang de Réputation a night: 7 here;
    and a night's sleep gave the Void point back."""
    service.decide("w2", campaigns.carried_join(service, "w2", "Akodo Kaneka", days=2))
    assert views(service, "w2")["wounds"]["Akodo Kaneka"]["wounds"] == 20 - 2 * 7
    assert views(service, "w2")["void"]["Akodo Kaneka"]["left"] == 2


def test_the_same_day_nothing_heals_and_no_void_point_comes_back(
    service: SessionService,
) -> None:
    service.decide("w2", campaigns.carried_join(service, "w2", "Akodo Kaneka", days=0))
    assert views(service, "w2")["wounds"]["Akodo Kaneka"]["wounds"] == 20
    assert views(service, "w2")["void"]["Akodo Kaneka"]["left"] == 1


def test_a_carry_that_is_not_what_the_session_left_is_refused(service: SessionService) -> None:
    honest = campaigns.carried_join(service, "w2", "Akodo Kaneka")
    richer = JoinCharacter(sheet=honest.sheet | {"xp": 500}, player="ana", carried=honest.carried)
    with pytest.raises(IllegalUnderRules, match="is not the one session 'w1' left them at 7"):
        service.decide("w2", richer)
    for position in (99, 2):  # past its end, or as it stood before his spends and wound
        stale = msgspec.structs.replace(honest, carried=Carried(session="w1", position=position))
        with pytest.raises(IllegalUnderRules, match="carried as that session stands now, at 7"):
            service.decide("w2", stale)
    assert service.store.last_position("w2") == 1  # nothing appended


def test_a_character_is_carried_from_the_last_session_they_played(
    service: SessionService,
) -> None:
    older = campaigns.carried_join(service, "w2", "Akodo Kaneka")  # from w1
    service.decide("w2", older)
    service.open(session_id="w3", ruleset="l5r4e", gm=GM, campaign="winter")
    with pytest.raises(IllegalUnderRules, match="last played session 'w2' before this one"):
        service.decide("w3", older)
    service.decide("w3", campaigns.carried_join(service, "w3", "Akodo Kaneka"))
    (joined,) = [r.event for r in service.store.read("w3", 1)]
    assert isinstance(joined, CharacterJoined) and joined.carried is not None
    assert joined.carried.session == "w2"


def test_a_what_if_is_no_session_of_the_campaign(service: SessionService) -> None:
    service.fork("w1", 4, "w1-whatif", reason="what if he had not lied", actor=GM)
    assert [s.session for s in campaigns.sessions_of(service.store, "winter")] == ["w1", "w2"]
    assert service.store.opened("w1-whatif").campaign == ""


def test_only_a_session_of_the_same_campaign_carries(service: SessionService) -> None:
    service.open(session_id="elsewhere", ruleset="l5r4e", gm=GM)
    with pytest.raises(IllegalUnderRules, match="belongs to no campaign"):
        campaigns.carried_join(service, "elsewhere", "Akodo Kaneka")
    honest = campaigns.carried_join(service, "w2", "Akodo Kaneka")
    with pytest.raises(IllegalUnderRules, match="not of this session's campaign"):
        service.decide("elsewhere", honest)
    with pytest.raises(NotFound, match="'Hida Tsuneo' has played no session of campaign"):
        campaigns.carried_join(service, "w2", "Hida Tsuneo")


def test_a_session_opens_only_in_a_campaign_that_is_open_under_its_ruleset(
    service: SessionService,
) -> None:
    with pytest.raises(NotFound, match="no campaign 'summer'"):
        service.open(session_id="s1", ruleset="l5r4e", gm=GM, campaign="summer")
    with pytest.raises(IllegalUnderRules, match="played under l5r4e, not l5r3e"):
        service.open(session_id="s1", ruleset="l5r3e", gm=GM, campaign="winter")
    with pytest.raises(IllegalUnderRules, match="already open"):
        campaigns.open_campaign(
            service, campaign="winter", gm=GM, ruleset="l5r4e", title="", at=service.clock()
        )
    assert not service.store.exists("s1")


def test_the_campaign_adds_up_its_sessions(service: SessionService) -> None:
    service.decide("w2", campaigns.carried_join(service, "w2", "Akodo Kaneka"))
    service.decide("w2", AwardExperience(character="Akodo Kaneka", amount=5))
    table = campaigns.table_of(service, "winter")
    assert table.sessions == ("w1", "w2")
    assert [(r.session, r.xp_awarded, r.xp_spent, r.honour) for r in table.rows] == [
        ("w1", 10, 4, 62),
        ("w2", 5, 0, 62),
    ]
    (kaneka,) = table.characters
    assert (kaneka.sessions, kaneka.xp_awarded, kaneka.xp_spent) == (("w1", "w2"), 15, 4)
    assert [c.campaign for c in campaigns.campaigns(service.store)] == ["winter"]


def test_the_sheet_as_it_stands_joins_elsewhere_as_it_is(service: SessionService) -> None:
    now = campaigns.sheet_now(service, "w1", "Akodo Kaneka")
    service.open(session_id="oneshot", ruleset="l5r4e", gm=GM)
    service.decide("oneshot", JoinCharacter(sheet=msgspec.to_builtins(now), player="ana"))
    assert views(service, "oneshot")["experience"]["Akodo Kaneka"]["available"] == 46
    assert views(service, "oneshot")["wounds"]["Akodo Kaneka"]["wounds"] == 20
    assert campaigns.sheet_now(service, "w1", "Akodo Kaneka", 2).xp == 40  # as it joined


@pytest.mark.parametrize(
    ("ruleset", "sheet_file", "wound"),
    [
        ("l5r3e", "bayushi-fumi-3e.json", {"amount": 9}),
        ("l5r-house", "hida-tsuneo-house.json", {"amount": 9}),
        ("ukiyo", "tengu-ukiyo.json", {"count": 2}),
    ],
)
def test_the_other_rulesets_carry_by_their_texts(
    store: EventStore, ruleset: str, sheet_file: str, wound: dict[str, int]
) -> None:
    """3e and the house flow say nothing of the time between sessions, and Ukiyo heals
    every wound « au début d'un nouveau scénario »: the wounds are gone unless the GM
    carries them, and then they are carried as they were (no text counts the days)."""
    service = SessionService(store, clock=Clock())
    campaigns.open_campaign(
        service, campaign="c", gm=GM, ruleset=ruleset, title="", at=service.clock()
    )
    sheet = json.loads((SHEETS / sheet_file).read_text())
    name = sheet["name"]
    for sid in ("c1", "c2", "c3"):
        service.open(session_id=sid, ruleset=ruleset, gm=GM, campaign="c")
    service.decide("c1", JoinCharacter(sheet=sheet, player="ana"))
    wounds = service.ruleset("c1").command_types
    (take,) = [t for t in wounds if t.spec.words == ("wound",)]
    service.decide("c1", msgspec.convert({"character": name, **wound}, take))
    left = campaigns.sheet_now(service, "c1", name).wounds
    assert left > 0
    service.decide("c2", campaigns.carried_join(service, "c2", name, days=3))
    service.decide("c3", campaigns.carried_join(service, "c3", name))
    assert campaigns.sheet_now(service, "c2", name).wounds == left  # carried as they were
    assert campaigns.sheet_now(service, "c3", name).wounds == 0  # a new session: healed
    (row,) = [r for r in campaigns.table_of(service, "c").rows if r.session == "c1"]
    assert (row.xp_awarded, row.insight_rank) == (0, None)


def test_the_dead_are_carried_nowhere(service: SessionService) -> None:
    service.decide("w1", TakeWounds(character="Akodo Kaneka", amount=40, source="the duel"))
    with pytest.raises(IllegalUnderRules, match="Akodo Kaneka is Dead: no time"):
        campaigns.carried_join(service, "w2", "Akodo Kaneka")
    assert service.store.last_position("w2") == 1


def test_the_5e_house_confrontations_carry_fatigue_only_if_the_gm_says(
    store: EventStore,
) -> None:
    """« Les personnages peuvent éliminer leurs points de Fatigue en se reposant »: gone
    by the next session, unless the GM carries it; the criticals a session left stay."""
    from domain.rulesets.l5r5e_house.commands import GiveFatigue

    service = SessionService(store, clock=Clock())
    campaigns.open_campaign(
        service, campaign="c", gm=GM, ruleset="l5r5e-house", title="", at=service.clock()
    )
    sheet = json.loads((SHEETS / "kakita-ryoku-5e.json").read_text())
    for sid in ("c1", "c2", "c3"):
        service.open(session_id=sid, ruleset="l5r5e-house", gm=GM, campaign="c")
    service.decide("c1", JoinCharacter(sheet=sheet, player="ana"))
    service.decide("c1", GiveFatigue(character=sheet["name"], amount=4))
    service.decide("c2", campaigns.carried_join(service, "c2", sheet["name"], days=0))
    service.decide("c3", campaigns.carried_join(service, "c3", sheet["name"]))
    fighters = {sid: views(service, sid)["fighters"][sheet["name"]] for sid in ("c2", "c3")}
    assert (fighters["c2"]["fatigue"], fighters["c3"]["fatigue"]) == (4, 0)


def test_5e_fatigue_carried_ends_its_scene_then_sleeps_a_night_a_day(store: EventStore) -> None:
    """Kakita Ryoku, endurance 10 (2 × (Earth 2 + Fire 3)), fatigue 12: the session's end
    leaves 5 (half, rounded up); a day's sleep takes 2 × Water 2 more: 1."""
    from domain.rulesets.l5r5e_house.commands import GiveFatigue

    service = SessionService(store, clock=Clock())
    campaigns.open_campaign(
        service, campaign="c", gm=GM, ruleset="l5r5e-house", title="", at=service.clock()
    )
    sheet = json.loads((SHEETS / "kakita-ryoku-5e.json").read_text())
    for sid in ("c1", "c2"):
        service.open(session_id=sid, ruleset="l5r5e-house", gm=GM, campaign="c")
    service.decide("c1", JoinCharacter(sheet=sheet, player="ana"))
    service.decide("c1", GiveFatigue(character=sheet["name"], amount=12))
    service.decide("c2", campaigns.carried_join(service, "c2", sheet["name"], days=1))
    assert views(service, "c2")["fighters"][sheet["name"]]["fatigue"] == 1


def test_a_carry_is_bounded_as_any_joining_is(service: SessionService) -> None:
    with pytest.raises(MalformedInput, match=r"carry 'Akodo Kaneka'.*reason"):
        campaigns.carried_join(service, "w2", "Akodo Kaneka", reason="y" * 600)
    honest = campaigns.carried_join(service, "w2", "Akodo Kaneka")
    broken = msgspec.structs.replace(honest, sheet=honest.sheet | {"honour": "abc"})
    with pytest.raises(MalformedInput, match="the sheet of 'Akodo Kaneka'"):
        service.decide("w2", broken)
    assert service.store.last_position("w2") == 1


def test_a_carried_joining_retracted_is_carried_again_not_reinstated(
    service: SessionService,
) -> None:
    (first,) = service.decide("w2", campaigns.carried_join(service, "w2", "Akodo Kaneka"))
    service.decide("w2", Retract(position=first.position, reason="he arrives later"))
    service.decide("w1", TakeWounds(character="Akodo Kaneka", amount=3, source="a late duel"))
    service.decide("w2", campaigns.carried_join(service, "w2", "Akodo Kaneka"))
    for position in (first.position, first.position + 1):  # the ruling, or its retraction
        with pytest.raises(IllegalUnderRules, match="it is not reinstated; carry them again"):
            service.decide("w2", Reinstate(position=position, reason="he was there after all"))
    assert views(service, "w2")["wounds"]["Akodo Kaneka"]["wounds"] == 0


def test_an_imported_carry_names_a_position_its_source_has(service: SessionService) -> None:
    opened = service.store.opened("w2")
    forged = campaigns.carried_join(service, "w2", "Akodo Kaneka")
    joined = CharacterJoined(
        actor=GM, at=opened.at, sheet=sheet_of(forged), player="ana",
        carried=Carried(session="w1", position=99),
    )  # fmt: skip
    events = [Recorded(1, msgspec.structs.replace(opened, session="w9")), Recorded(2, joined)]
    with pytest.raises(MalformedInput, match="session 'w1' has no position 99"):
        campaigns.check_imported(service, "w9", events)


def sheet_of(command: JoinCharacter) -> Any:
    from domain.rulesets.roll_keep_kit.character import CharacterSheet

    return msgspec.convert(command.sheet, CharacterSheet)


def test_a_carry_shows_the_players_the_sheet_they_could_see_and_no_other(
    service: SessionService,
) -> None:
    """A hidden wound in w1 is carried as it is, and the players of w2 read the sheet
    they could see in w1 (DESIGN principle 9); a carry that would show them another sheet
    — or, saying nothing was kept, the GM's own — is refused with nothing appended."""
    service.decide(
        "w1", TakeWounds(character="Akodo Kaneka", amount=9, source="poison", hidden=True)
    )
    honest = campaigns.carried_join(service, "w2", "Akodo Kaneka", days=0)
    assert honest.carried is not None and honest.carried.shown is not None
    assert (honest.sheet["wounds"], honest.carried.shown["wounds"]) == (29, 20)
    carried, shown = honest.carried, honest.carried.shown
    for forged, said in (
        (msgspec.structs.replace(carried, shown=None), "shown to the players is not the one"),
        (msgspec.structs.replace(carried, shown=shown | {"wounds": 0}), "is not the one"),
        (msgspec.structs.replace(carried, shown=honest.sheet), "shown to the players is not"),
        (msgspec.structs.replace(carried, shown={"name": 3}), "sheet of"),
    ):
        with pytest.raises((IllegalUnderRules, MalformedInput), match=said):
            service.decide("w2", msgspec.structs.replace(honest, carried=forged))
    assert service.store.last_position("w2") == 1  # nothing appended
    service.decide("w2", honest)
    gm = views(service, "w2")["wounds"]["Akodo Kaneka"]["wounds"]
    players = service.seen_by("w2", "ana").state
    assert (gm, project_state(players)["wounds"]["Akodo Kaneka"]["wounds"]) == (29, 20)
