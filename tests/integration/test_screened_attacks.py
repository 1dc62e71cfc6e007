"""An attack behind the GM's screen, in the two rulesets whose attack events give the
target's TN to be hit part by part (issue 28: « what a player sees of a re-decided ruling
is filtered afterwards »; DESIGN principle 9: a secret is decided on, never leaked).

- House flow (``house-combat-flow.fr.txt``): Tsuneo, the GM's, spends his round's Void
  point on his TN behind the screen (« +10 au ND »), then ana's Kaneka attacks him. Her
  attack is decided against TN 30, as it is; she reads 20 from his Reflexes and 10
  behind the screen — never the Void point.
- House flow, a declaration kept from her: Tsuneo declares a full defence behind the
  screen. Her view cannot decide her attack at all (it waits on his declaration), so
  nothing of his TN is named to her: it is all behind the screen.
- 3rd edition (``l5r3e-skirmish``): Fumi, the GM's, takes the Dodge manoeuvre behind the
  screen (« Esquive »: his Defense roll on his TN); then ana's Rola attacks him.
"""

from __future__ import annotations

import json

import msgspec
import pytest

from adapters.store import EventStore
from application.service import SessionService
from domain.commands import Context
from domain.dice.roll_keep.faces import parse_faces as faces
from domain.errors import IllegalUnderRules
from domain.events import SCREEN, Event, Recorded
from domain.rulesets.l5r3e import commands as third
from domain.rulesets.l5r3e.events import AttackResolved
from domain.rulesets.l5r_house import commands as house
from domain.rulesets.l5r_house.events import AttackMade
from domain.rulesets.roll_keep_kit.character import Skill
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.session.aggregate import Session
from domain.session.commands import Retract, Reveal
from domain.session.screen import for_players
from domain.session.verify import verify
from projections import project_state
from projections.timeline import describe
from tests.lines import unstated
from tests.replays import curate_3e
from tests.replays.curate_3e import queue
from tests.replays.curate_house import YARI, samurai
from tests.replays.kit_4e import join
from tests.support import Clock

VOID = "Point de Vide (ND +10)"
REFLEXES = "Réflexes × 5 + 5"


def house_round(store: EventStore, options: dict[str, str] | None = None) -> SessionService:
    """Kaneka (ana's, initiative 12) and Tsuneo (the GM's, 8), round 1 begun."""
    service = SessionService(store, clock=Clock())
    service.open(session_id="h", ruleset="l5r-house", gm="sensei", options=options or {})
    service.decide("h", join(samurai("Akodo Kaneka", skills=(Skill("Kenjutsu", 3),)), "ana"))
    tsuneo = samurai("Hida Tsuneo", skills=(Skill("Spears", 3), Skill("Defense", 2)), weapon=YARI)
    service.decide("h", join(tsuneo, "sensei"))
    service.decide("h", house.StartCombat())
    service.decide("h", house.RollInitiative(character="Akodo Kaneka", weapon="Katana"),
                   dice=faces("6"), actor="ana")  # fmt: skip
    service.decide("h", house.RollInitiative(character="Hida Tsuneo", weapon="Yari"),
                   dice=faces("5,4"))  # fmt: skip
    service.decide("h", house.StartRound())
    return service


def kaneka_attacks(service: SessionService, *before: str) -> None:
    """Her attack, the faces of any roll it makes first (``before``) before its own."""
    service.decide("h", house.Declare(character="Akodo Kaneka", action="attack",
                                      target="Hida Tsuneo"), actor="ana")  # fmt: skip
    service.decide("h", house.Attack(character="Akodo Kaneka"), actor="ana",
                   dice=queue(*before, "10+9,8,7,1,1,1"))  # fmt: skip


@pytest.fixture
def void_on_tn(store: EventStore) -> SessionService:
    service = house_round(store)
    service.decide("h", house.Declare(character="Hida Tsuneo", action="attack",
                                      target="Akodo Kaneka"))  # fmt: skip
    service.decide("h", house.SpendVoid(character="Hida Tsuneo", use="tn", hidden=True))
    kaneka_attacks(service)
    return service


def last(service: SessionService, session: str, kind: type[Event]) -> Recorded:
    return [r for r in service.store.read(session) if isinstance(r.event, kind)][-1]


def her_rows(service: SessionService, session: str) -> str:
    """Every event she reads, as JSON."""
    unseen = service.secrets(session).unseen()
    rows = [msgspec.to_builtins(for_players(r).event) for r in service.store.read(session)
            if r.position not in unseen]  # fmt: skip
    return json.dumps(rows, ensure_ascii=False)


def verified(service: SessionService, session: str) -> bool:
    return verify(list(service.store.read(session)), service.store.records(session)).ok


def test_her_attack_meets_the_hidden_void_point_and_she_reads_it_behind_the_screen(
    void_on_tn: SessionService,
) -> None:
    made = last(void_on_tn, "h", AttackMade)
    event = made.event
    assert isinstance(event, AttackMade) and (event.tn, event.hit) == (30, True)
    assert [p.source for p in event.tn_parts] == [REFLEXES, VOID]
    theirs = for_players(made).event
    assert isinstance(theirs, AttackMade)
    assert theirs.tn_parts == (Part(source=REFLEXES, tn=20), Part(source=SCREEN, tn=10))
    ruleset = void_on_tn.load("h").ruleset
    line = describe(theirs, ruleset)
    assert "behind the GM's screen +10" in line and "Vide" not in line
    assert not unstated(theirs, line)
    assert VOID in describe(event, ruleset)  # the GM reads the Void point
    assert "Vide" not in her_rows(void_on_tn, "h")
    assert verified(void_on_tn, "h")  # the screen is re-judged with the ruling


def test_a_reveal_leaves_her_attack_as_she_read_it(void_on_tn: SessionService) -> None:
    [spent] = void_on_tn.secrets("h").unseen()
    void_on_tn.decide("h", Reveal(position=spent))
    theirs = for_players(last(void_on_tn, "h", AttackMade)).event
    assert isinstance(theirs, AttackMade) and theirs.tn_parts[-1] == Part(source=SCREEN, tn=10)
    assert verified(void_on_tn, "h")


def test_retracting_the_void_point_decides_her_attack_again_on_tn_20(
    void_on_tn: SessionService,
) -> None:
    [spent] = void_on_tn.secrets("h").unseen()
    void_on_tn.decide("h", Retract(position=spent, reason="Tsuneo had no Void left"))
    event = last(void_on_tn, "h", AttackMade).event
    assert isinstance(event, AttackMade) and (event.tn, event.shown) == (20, None)
    assert verified(void_on_tn, "h")


@pytest.mark.parametrize("declared", [False, True])
def test_a_hidden_full_defence_is_all_behind_the_screen_where_her_view_cannot_decide(
    store: EventStore, declared: bool
) -> None:
    """Her view has Tsuneo still to declare, so it refuses her attack: the ruling is the
    GM's (decided on the full defence, +17 from his 5k2, rolled as her attack is made),
    and she reads the whole TN behind the screen, neither the defence nor its roll
    named. Under ``full_defence_roll=declared`` the roll is the declaration's, as
    secret."""
    if declared:
        service = house_round(store, {"full_defence_roll": "declared"})
        service.decide("h", house.Declare(character="Hida Tsuneo", action="full_defence",
                                          hidden=True), dice=faces("9,8,1,1,1"))  # fmt: skip
        kaneka_attacks(service)
    else:
        service = house_round(store)
        service.decide("h", house.Declare(character="Hida Tsuneo", action="full_defence",
                                          hidden=True))  # fmt: skip
        kaneka_attacks(service, "9,8,1,1,1")
    made = last(service, "h", AttackMade)
    event = made.event
    assert isinstance(event, AttackMade) and (event.tn, event.hit) == (37, False)
    assert "Défense totale" in [p.source for p in event.tn_parts]
    theirs = for_players(made).event
    assert isinstance(theirs, AttackMade)
    assert theirs.tn_parts == (Part(source=SCREEN, tn=37),)
    line = describe(theirs, service.load("h").ruleset)
    assert "Défense" not in line and not unstated(theirs, line)
    assert "Défense totale" not in her_rows(service, "h")
    assert "FullDefenceRolled" not in her_rows(service, "h")
    assert verified(service, "h")


@pytest.fixture
def dodged(store: EventStore) -> SessionService:
    """Fumi (the GM's) 23 acts first and dodges behind the screen (Defense 3: 6k3 of
    6, 2, 8, 3, 4, 5 keeps 19); then Rola (ana's) 15 attacks him."""
    service = SessionService(store, clock=Clock())
    service.open(session_id="s", ruleset="l5r3e", gm="sensei", options={"defense_to_tn": "false"})
    service.decide("s", curate_3e.join(curate_3e.bayushi_fumi(), "sensei"))
    service.decide("s", curate_3e.join(curate_3e.mirumoto_rola(), "ana"))
    service.decide("s", third.StartCombat())
    service.decide("s", third.RollInitiative(character="Bayushi Fumi"), dice=faces("10+5,8,1"))
    service.decide("s", third.RollInitiative(character="Mirumoto Rola"),
                   dice=faces("6,5,4,1"), actor="ana")  # fmt: skip
    service.decide("s", third.StartRound())
    service.decide("s", third.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="dodge",
                                              hidden=True), dice=faces("6,2,8,3,4,5"))  # fmt: skip
    service.decide("s", third.NextTurn())
    attack = third.Attack(character="Mirumoto Rola", target="Bayushi Fumi", weapon="Katana")
    service.decide("s", attack, actor="ana", dice=queue("9,9,9,1,1,1"))
    return service


def test_her_attack_meets_the_hidden_dodge_and_she_reads_it_behind_the_screen(
    dodged: SessionService,
) -> None:
    resolved = last(dodged, "s", AttackResolved)
    event = resolved.event
    assert isinstance(event, AttackResolved) and "Esquive" in [p.source for p in event.tn_parts]
    theirs = for_players(resolved).event
    assert isinstance(theirs, AttackResolved)
    assert theirs.tn_parts[-1] == Part(source=SCREEN, tn=19)
    assert sum(p.tn for p in theirs.tn_parts) == event.tn  # what she reads adds up
    line = describe(theirs, dodged.load("s").ruleset)
    assert "Esquive" not in line and not unstated(theirs, line)
    assert "Esquive" not in her_rows(dodged, "s") and "dodge" not in her_rows(dodged, "s")
    assert verified(dodged, "s")


def test_her_state_holds_no_dodge(dodged: SessionService) -> None:
    """What she reads of the table is what she sees: Fumi took no manoeuvre."""
    gm = project_state(dodged.load("s").state)["manoeuvres"]
    assert gm["Bayushi Fumi"]["manoeuvre"] == "dodge"
    theirs = project_state(dodged.seen_by("s", "ana").state)["manoeuvres"]
    fumi = theirs["Bayushi Fumi"]
    assert (fumi["manoeuvre"], fumi["dodge"], fumi["tn"]) == ("attack", 0, 10)
    assert "Esquive" not in json.dumps(theirs, ensure_ascii=False)
    # and the attack she read met no Dodge: her state counts Rola as dodged by no one
    assert dodged.load("s").state.table.fighters["bayushi fumi"].dodged == ["mirumoto rola"]
    assert dodged.seen_by("s", "ana").state.table.fighters["bayushi fumi"].dodged == []


def test_an_attack_without_its_declaration_is_refused_by_the_rule(store: EventStore) -> None:
    """A view in which the declarations are done and Kaneka's turn has come, yet his own
    declaration is not among them (the players' view of a round where the GM declared
    behind the screen, as the Evening machine found it): his attack is refused by the
    rule (« le type d'attaque est précisé au moment des annonces »), a refusal the screen
    takes, not a KeyError."""
    service = house_round(store)
    service.decide("h", house.Declare(character="Hida Tsuneo", action="attack",
                                      target="Akodo Kaneka"))  # fmt: skip
    service.decide("h", house.Declare(character="Akodo Kaneka", action="attack",
                                      target="Hida Tsuneo"), actor="ana")  # fmt: skip
    view = Session(list(service.store.read("h")))
    combat = view.state.table.combat
    combat.declared["an unseen other"] = combat.declared.pop("akodo kaneka")
    assert combat.current() == "Akodo Kaneka"
    context = Context("ana", Clock()(), queue("10+9,8,7,1,1,1"))
    with pytest.raises(IllegalUnderRules, match="Akodo Kaneka declared nothing this round"):
        view.decide(house.Attack(character="Akodo Kaneka"), context)


def test_a_hidden_ruling_on_the_tn_is_behind_the_screen_for_her(store: EventStore) -> None:
    """The GM rules Tsuneo's TN +5 behind the screen (issue 31: a TN to be hit the GM
    sets): her attack is decided against 25 as it is, and she reads 20 from his Reflexes
    and 5 behind the screen — never the ruling nor its reason."""
    service = house_round(store)
    service.decide("h", house.Declare(character="Hida Tsuneo", action="attack",
                                      target="Akodo Kaneka"))  # fmt: skip
    service.decide("h", house.RuleTn(character="Hida Tsuneo", modifier=5, hidden=True,
                                     reason="a ward only the GM knows"))  # fmt: skip
    kaneka_attacks(service)
    made = last(service, "h", AttackMade)
    event = made.event
    assert isinstance(event, AttackMade) and event.tn == 25
    theirs = for_players(made).event
    assert isinstance(theirs, AttackMade)
    assert theirs.tn_parts == (Part(source=REFLEXES, tn=20), Part(source=SCREEN, tn=5))
    assert "a ward" not in her_rows(service, "h") and "TnRuled" not in her_rows(service, "h")
    assert verified(service, "h")
