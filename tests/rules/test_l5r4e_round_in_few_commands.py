"""A 4e round as a table says it: no more than one command for each ruling (issue 30).

« À chaque début de round, un personnage choisit sa posture »: the stances come with the
round (``combat round --stance NAME=STANCE``); a turn's last action passes the turn
(``--end-turn``), so « the next acts » costs no command of its own. A round of three
fighters who each attack and hit: 1 command for the round and its three stances, then an
attack and a damage roll each — 7 commands for its 10 rulings, where it took 13.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import MalformedInput
from domain.rulesets.l5r4e.commands import fight, table
from domain.rulesets.roll_keep_kit.character import Skill
from tests.replays.kit_4e import KATANA, bushi, d, join
from tests.support import RecordedTable, refused


def three() -> RecordedTable:
    """Kaneka (initiative 30), Tsuneo (20), Fumi (10), each with a katana."""
    t = RecordedTable("round", "l5r4e")
    for name, player in (("Akodo Kaneka", "ana"), ("Hida Tsuneo", "ben"), ("Bayushi Fumi", "cat")):
        t.do(join(bushi(name, skills=(Skill("Kenjutsu", 3),), weapons=(KATANA,)), player))
    t.do(table.StartCombat())
    for name, faces in (
        ("Akodo Kaneka", "10+9,9,2"),
        ("Hida Tsuneo", "9,9,1"),
        ("Bayushi Fumi", "5,2,1"),
    ):
        t.do(table.RollInitiative(character=name), dice=d(faces))
    return t


def kinds(t: RecordedTable, since: int) -> list[str]:
    return [type(r.event).__name__ for r in t.events[since:]]


def view(t: RecordedTable, name: str) -> Any:
    return t.session.ruleset.views[name](t.session.table)


def test_the_round_begins_with_every_stance_declared_in_one_command() -> None:
    t = three()
    before = len(t.events)
    t.do(table.StartRound(stances=("Akodo Kaneka=attack", "Hida Tsuneo=full attack",
                                   "Bayushi Fumi=defense")))  # fmt: skip
    assert kinds(t, before) == ["RoundStarted", "StanceChosen", "StanceChosen", "StanceChosen"]
    assert view(t, "stances") == {
        "Akodo Kaneka": "attack", "Hida Tsuneo": "full_attack", "Bayushi Fumi": "defense",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("given", "error", "match"),
    [
        ("Akodo Kaneka", MalformedInput, "--stance 'Akodo Kaneka': NAME=STANCE"),
        ("Akodo Kaneka=dancing", MalformedInput, "stance 'dancing'; choose from"),
        ("Nobody=attack", Exception, "Nobody"),
    ],
)
def test_a_bad_stance_refuses_the_whole_round_start(
    given: str, error: type[Exception], match: str
) -> None:
    t = three()
    refused(t, table.StartRound(stances=(given,)), error, match)


def test_a_character_declares_one_stance() -> None:
    t = three()
    refused(t, table.StartRound(stances=("Akodo Kaneka=attack", "akodo kaneka=defense")),
            MalformedInput, "declares one stance")  # fmt: skip


def test_a_miss_with_end_turn_passes_the_turn_in_the_same_command() -> None:
    t = three()
    t.do(table.StartRound(stances=("Akodo Kaneka=attack",)))
    before = len(t.events)
    t.do(fight.Attack(attacker="Akodo Kaneka", target="Hida Tsuneo", end_turn=True),
         dice=d("2,2,1,1,1,1"))  # fmt: skip
    assert kinds(t, before)[-2:] == ["AttackResolved", "TurnPassed"]
    assert view(t, "initiative")["current"] == "Hida Tsuneo"


def test_a_hit_waits_for_its_damage_before_the_turn_passes() -> None:
    """The attack's dice cannot be known before they are thrown: a hit given --end-turn
    stands as thrown, and its turn passes with the damage roll's --end-turn."""
    t = three()
    t.do(table.StartRound(stances=("Akodo Kaneka=attack",)))
    before = len(t.events)
    t.do(fight.Attack(attacker="Akodo Kaneka", target="Hida Tsuneo", end_turn=True),
         dice=d("10+9,9,9,9,9,9"))  # fmt: skip
    assert kinds(t, before)[-1] == "AttackResolved", "a hit: the turn waits for the damage"
    assert view(t, "initiative")["current"] == "Akodo Kaneka"
    before = len(t.events)
    t.do(fight.Damage(attacker="Akodo Kaneka", end_turn=True), dice=d("5,5,5,5,5,5"))
    assert kinds(t, before)[-2:] == ["WoundsTaken", "TurnPassed"]
    assert view(t, "initiative")["current"] == "Hida Tsuneo"


def test_an_attack_given_no_weapon_is_recorded_with_the_one_in_hand() -> None:
    t = three()
    t.do(table.StartRound())
    (*_, resolved) = t.do(fight.Attack(attacker="Akodo Kaneka", target="Hida Tsuneo"),
                          dice=d("2,2,2,2,2,2"))  # fmt: skip
    assert resolved.event.weapon == "Katana"  # type: ignore[attr-defined]
    assert t.records[-1].inputs["weapon"] == "Katana", "the record says which weapon"


def test_three_fighters_trade_blows_in_seven_commands() -> None:
    t = three()
    commands = 0

    def do(command: Any, **kw: Any) -> None:
        nonlocal commands
        commands += 1
        t.do(command, **kw)

    do(table.StartRound(stances=("Akodo Kaneka=attack", "Hida Tsuneo=attack",
                                 "Bayushi Fumi=attack")))  # fmt: skip
    for attacker, target in (("Akodo Kaneka", "Hida Tsuneo"), ("Hida Tsuneo", "Bayushi Fumi"),
                             ("Bayushi Fumi", "Akodo Kaneka")):  # fmt: skip
        do(fight.Attack(attacker=attacker, target=target), dice=d("10+9,9,9,9,9,9"))
        do(fight.Damage(attacker=attacker, end_turn=True), dice=d("5,5,5,5,5,5"))
    assert commands == 7
    assert view(t, "initiative")["current"] is None, "everyone has acted"
    wounded = {n: w["wounds"] for n, w in view(t, "wounds").items()}
    assert all(wounded.values()), wounded


def test_a_round_s_stance_names_a_character_by_the_start_of_their_name() -> None:
    t = three()
    t.do(table.StartRound(stances=("akodo=attack", "Hida=defense")))
    assert t.records[-1].inputs["stances"] == ["Akodo Kaneka=attack", "Hida Tsuneo=defense"]
    assert view(t, "stances")["Hida Tsuneo"] == "defense"


def test_a_player_s_round_start_is_refused_as_the_gm_s_before_any_name_is_looked_up() -> None:
    """The round is the GM's: a player naming a stance by an ambiguous start learns no
    name from the refusal (the names are looked up only for whom the command is)."""
    t = three()
    t.do(join(bushi("Akodo Hidden", skills=(Skill("Kenjutsu", 3),), weapons=(KATANA,)), "dan"))
    refused(t, table.StartRound(stances=("Akodo=attack",)), Exception, "GM", actor="ana")
    with pytest.raises(Exception) as error:
        t.do(table.StartRound(stances=("Akodo=attack",)), actor="ana")
    assert "Akodo Hidden" not in str(error.value) and "Akodo Kaneka" not in str(error.value)


def test_an_amendment_names_a_character_by_the_start_of_their_name_too() -> None:
    """The GM amends the blow onto Fumi typing « bayu », as the attack itself would take
    it: the ruling decided again names her in full."""
    from domain.session.commands import Amend

    t = three()
    t.do(table.StartRound())
    (*_, resolved) = t.do(fight.Attack(attacker="Akodo Kaneka", target="Hida Tsuneo"),
                          dice=d("2,2,2,2,2,2"))  # fmt: skip
    t.do(Amend(position=resolved.position, changes={"target": "bayu"}, reason="it was Fumi"))
    attacks = [r.event for r in t.events if type(r.event).__name__ == "AttackResolved"]
    assert attacks[-1].target == "Bayushi Fumi"  # type: ignore[attr-defined]
