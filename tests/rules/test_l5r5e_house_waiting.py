"""« Attendre » (issue 31): « vous pouvez déclarer une action (excepté une action de
Déplacement) que vous réaliserez dès qu'un événement spécifique se produira […] dès que
l'événement en question se produit, vous pouvez effectuer l'action prédéfinie » — the
action is named when declared, and only it is taken when the trigger comes; « Si
l'événement en question ne se produit pas au cours du round, vous pouvez effectuer une
action de votre choix (hormis Attendre) à la fin du round ». The Water stance's extra
action (« une action supplémentaire qui ne nécessite pas de test, mais qui doit être d'un
type différent ») stays apart from the held one."""

from __future__ import annotations

from pathlib import Path

from adapters.replay_file import read_replay_stored
from domain.errors import IllegalUnderRules
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.events import Moved, Waiting
from domain.session.verify import verify
from tests.replays.curate_5e import faces
from tests.rules.test_l5r5e_house import skirmish, view
from tests.support import refused


def test_the_held_action_is_named_when_it_is_declared() -> None:
    t = skirmish()
    refused(t, c.Wait(character="Kakita Ryoku", trigger="Daini moves"), IllegalUnderRules,
            "name the action held")  # fmt: skip
    refused(
        t, c.Wait(character="Kakita Ryoku", trigger="Daini moves", action="manoeuvre"),  # type: ignore[arg-type]
        IllegalUnderRules, "'manoeuvre': « Attendre » holds any action « excepté une action de "
        "Déplacement »",
    )  # fmt: skip
    t.do(c.Wait(character="Kakita Ryoku", trigger="Daini moves", action="strike"))
    waited = t.events[-1].event
    assert isinstance(waited, Waiting) and waited.action == "strike"


def test_only_the_held_action_is_taken_when_its_trigger_comes() -> None:
    t = skirmish()
    t.do(c.Wait(character="Kakita Ryoku", trigger="Daini moves", action="strike"))
    t.do(c.NextTurn())  # Daini's turn: the trigger comes
    refused(t, c.Breathe(character="Kakita Ryoku"), IllegalUnderRules,
            "Kakita Ryoku holds « Frapper »")  # fmt: skip
    t.do(c.Strike(character="Kakita Ryoku", target="Mirumoto Daini"),
         dice=faces(5, 5, 1, 9, 1, 1))  # fmt: skip
    assert view(t, "confrontation")["waiting"] == []


def test_attendre_spends_the_turn_s_support_no_second_support_follows() -> None:
    """Attendre costs « une action de Soutien, de Manipulation et d'Attaque »: a Support
    action on the waiter's own turn is not the held strike, and the turn's is spent."""
    t = skirmish()
    t.do(c.Wait(character="Kakita Ryoku", trigger="Daini moves", action="strike"))
    refused(t, c.Breathe(character="Kakita Ryoku"), IllegalUnderRules,
            "has acted this turn; Kakita Ryoku holds « Frapper »")  # fmt: skip
    refused(t, c.Prepare(character="Kakita Ryoku", weapon="Katana"), IllegalUnderRules,
            "has acted this turn")  # fmt: skip
    assert view(t, "confrontation")["waiting"] == ["Kakita Ryoku"]


def test_a_held_support_action_is_taken_once() -> None:
    t = skirmish()
    t.do(c.Wait(character="Kakita Ryoku", trigger="Daini draws near", action="breathe"))
    t.do(c.NextTurn())
    t.do(c.Breathe(character="Kakita Ryoku"))  # the held one
    refused(t, c.Breathe(character="Kakita Ryoku"), IllegalUnderRules, "Mirumoto Daini's turn")


def test_the_water_stance_s_extra_movement_stays_apart_from_the_held_action() -> None:
    """In the Water stance, after Attendre (no check; Support, Manipulation, Attack), a
    Manœuvrer without a check is an action of another kind: the Water stance's extra one.
    The strike held is still to come."""
    t = skirmish()
    t.do(c.ChooseStance(character="Kakita Ryoku", stance="water"))
    t.do(c.Wait(character="Kakita Ryoku", trigger="Daini attacks", action="strike"))
    t.do(c.Manoeuvre(character="Kakita Ryoku", band=1))
    moved = t.events[-1].event
    assert isinstance(moved, Moved) and moved.manoeuvre and moved.to_band == 1
    assert view(t, "confrontation")["waiting"] == ["Kakita Ryoku"]
    t.do(c.NextTurn())
    t.do(c.Strike(character="Kakita Ryoku", target="Mirumoto Daini"),
         dice=faces(5, 5, 1, 9, 1))  # fmt: skip
    assert view(t, "confrontation")["waiting"] == []


def test_when_the_trigger_never_comes_any_action_but_attendre_at_the_round_s_end() -> None:
    t = skirmish()
    t.do(c.Wait(character="Kakita Ryoku", trigger="Daini charges", action="strike"))
    t.do(c.NextTurn())
    t.do(c.NextTurn(), actor="ben")  # every turn is over: the round's end
    refused(t, c.Wait(character="Kakita Ryoku", trigger="again", action="protect"),
            IllegalUnderRules, "hormis Attendre")  # fmt: skip
    t.do(c.Breathe(character="Kakita Ryoku"))
    assert view(t, "confrontation")["waiting"] == []
    refused(t, c.Breathe(character="Kakita Ryoku"), IllegalUnderRules, "no one's turn")


FIXTURES = Path(__file__).parent / "fixtures"


def test_a_wait_recorded_before_the_action_was_named_keeps_its_reading() -> None:
    """The skirmish replay as curated before issue 31 (its wait names no action): every
    ruling re-judged to its recorded events — the waiter's first action (a strike, on a
    bandit's turn) spent it, as it did then."""
    _, events, records, stored = read_replay_stored(
        FIXTURES / "l5r5e-house-skirmish-wait-unnamed.jsonl"
    )
    waiting = next(r.event for r in events if isinstance(r.event, Waiting))
    assert waiting.action == ""
    verdict = verify(events, records, stored=stored)
    assert verdict.problem is None, verdict.problem.message
    assert verdict.rulings == len(records)
