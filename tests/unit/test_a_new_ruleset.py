"""A new ruleset is one package plus one registry line: the tiny ``coin`` ruleset
(tests/rulesets/coin.py) opens, plays, retracts, exports and replays through the same
core, store and command line as l5r4e, and nothing of l5r4e leaks into it."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.codec import codec_for
from adapters.replay_file import parse_replay, read_replay, write_replay
from adapters.store import EventStore, StoreConfig
from application.service import SessionService
from domain.commands import Context
from domain.dice.source import FaceQueue
from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Recorded
from domain.rulesets import RULESETS, register
from domain.rulesets.l5r4e.commands.fight import Attack
from domain.session.commands import JoinCharacter, Retract
from projections import project
from tests.e2e.conftest import KIROKU
from tests.rulesets.coin import CoinsFlipped, Flip
from tests.support import GM, T0, Clock, Table

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def coin() -> Iterator[None]:
    register("coin", "tests.rulesets.coin")
    yield
    RULESETS.pop("coin", None)


def played() -> SessionService:
    service = SessionService(EventStore(StoreConfig(kind="memory")), clock=Clock())
    service.open(session_id="toss", ruleset="coin", gm=GM)
    service.decide("toss", JoinCharacter(sheet={"name": "Daikoku"}, player="ana"))
    service.decide("toss", Flip(character="daikoku", coins=3), dice=FaceQueue([1, 2, 1]))
    service.decide("toss", Flip(character="Daikoku", coins=1, call="tails"), dice=random.Random(3))
    return service


def stream(service: SessionService) -> list[Recorded]:
    """The session's events, as the store holds them (the service holds only its state)."""
    return list(service.store.read("toss"))


def test_it_plays_through_the_core_and_its_view_shows_it() -> None:
    events = stream(played())
    flipped = events[2].event
    assert isinstance(flipped, CoinsFlipped)
    assert (flipped.faces, flipped.won) == ((1, 2, 1), True)
    assert project(events)["luck"]["Daikoku"]["flips"] == 2
    assert project(events)["timeline"][2]["summary"] == (
        "Daikoku calls heads, flips [1, 2, 1]: wins"
    )


def test_a_retraction_takes_the_flip_out_of_its_view() -> None:
    service = played()
    service.decide("toss", Retract(position=3, reason="the coin rolled off the table"))
    luck = project(stream(service))["luck"]["Daikoku"]
    assert luck["flips"] == 1


def test_its_events_export_and_replay_with_its_own_codec(tmp_path: Path) -> None:
    events = stream(played())
    write_replay(tmp_path / "toss.jsonl", events)
    header, again = read_replay(tmp_path / "toss.jsonl")
    assert header.ruleset == "coin" and again == events
    assert codec_for("coin").types.keys() >= {"CoinsFlipped", "CharacterJoined"}
    assert "DiceRolled" not in codec_for("coin").types


def test_a_replay_whose_flips_were_edited_is_refused(tmp_path: Path) -> None:
    write_replay(tmp_path / "toss.jsonl", stream(played()))
    edited = (tmp_path / "toss.jsonl").read_bytes().replace(b'"won":true', b'"won":false', 1)
    with pytest.raises(MalformedInput, match=r"line 4: the flips \(1, 2, 1\) do not give"):
        parse_replay(edited)


def test_each_ruleset_refuses_the_other_s_commands() -> None:
    session = played().load("toss")
    with pytest.raises(IllegalUnderRules, match="played under 'coin', which has no command"):
        session.decide(Attack(attacker="Daikoku", target="x"), Context(GM, T0))
    with pytest.raises(IllegalUnderRules, match="played under 'l5r4e', which has no command"):
        Table().session.decide(Flip(character="x", coins=1), Context(GM, T0))


def test_through_the_command_line(tmp_path: Path) -> None:
    """The same CLI, its subcommands built from the coin ruleset's command Structs."""
    env = {
        **os.environ,
        "KIROKU_DATA_DIR": str(tmp_path / "data"),
        "KIROKU_LOG": "off",
        "KIROKU_RULESETS": "coin=tests.rulesets.coin",
        "PYTHONPATH": str(ROOT),
    }

    def kiroku(*args: str) -> tuple[int, str, str]:
        import subprocess

        done = subprocess.run(
            [str(KIROKU), *args], capture_output=True, text=True, env=env, timeout=120
        )
        return done.returncode, done.stdout, done.stderr

    sheet = tmp_path / "daikoku.json"
    sheet.write_text(json.dumps({"name": "Daikoku"}))
    assert kiroku("session", "open", "--id", "toss", "--ruleset", "coin", "--gm", GM)[0] == 0
    assert kiroku("join", "--session", "toss", "--sheet", str(sheet), "--player", "ana")[0] == 0
    code, out, err = kiroku("flip", "--session", "toss", "--character", "Daikoku", "3",
                            "--faces", "2,2,1", "--call", "tails")  # fmt: skip
    assert (code, err) == (0, "") and "flips [2, 2, 1]: wins" in out
    code, _, err = kiroku("attack", "--session", "toss", "--character", "Daikoku", "--target", "x")
    assert code == 2 and "played under 'coin', which has no command 'attack'" in err
    code, _, err = kiroku("flip", "--session", "toss", "--character", "Daikoku", "10")
    assert code == 2 and "flip COINS 10: Expected `int` <= 9" in err
    assert kiroku("retract", "--session", "toss", "--last", "--reason", "fell off")[0] == 0
    code, out, _ = kiroku("state", "--session", "toss")
    assert code == 0 and "character  flips  wins" in out, out
    code, out, _ = kiroku("state", "--session", "toss", "--json")
    assert json.loads(out)["luck"] == {"Daikoku": {"flips": 0, "wins": 0}}
    assert kiroku("export", "toss", "-o", str(tmp_path / "toss.jsonl"))[0] == 0
    code, out, _ = kiroku("replay", str(tmp_path / "toss.jsonl"), "--json")
    assert code == 0 and json.loads(out)["luck"] == {"Daikoku": {"flips": 0, "wins": 0}}
    code, out, _ = kiroku("rules", "coin", "--json")
    assert [c["name"] for c in json.loads(out)["commands"]] == ["flip"]


def test_each_ruleset_gives_the_odds_of_its_own_dice() -> None:
    from domain.rulesets import load_ruleset

    assert load_ruleset("coin").odds("3", 0) == 0.5  # 2 or 3 heads of 3: 4 of 8
    assert load_ruleset("coin").odds("2", 0) == 0.25  # both heads
    assert load_ruleset("l5r4e").odds("1k1", 10) == 0.1  # a 10 (which explodes): 1 in 10


def test_a_plug_in_s_snapshots_are_versioned_with_every_module_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruleset named by its module (``rs.ruleset``) may import its siblings: a change
    to any of them is a rule change, and invalidates the snapshots."""
    from projections.snapshots import code_version

    package = tmp_path / "rs"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "ruleset.py").write_text("from tests.rulesets.coin import build  # noqa\n")
    (package / "rules.py").write_text("MAJORITY = 2\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    register("rs", "rs.ruleset")
    code_version.cache_clear()
    before = code_version("rs")
    (package / "rules.py").write_text("MAJORITY = 3\n")
    code_version.cache_clear()
    assert code_version("rs") != before
    RULESETS.pop("rs", None)
    code_version.cache_clear()


def test_a_ruling_its_own_rules_cannot_apply_is_refused_and_nothing_is_stored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ruleset that decides an event its fold then chokes on (a bug: a name let through
    unchecked) must not break the session: the core folds the batch onto a copy first."""
    from tests.rulesets import coin as coin_module

    service = played()
    before = stream(service)

    def choke(self: object, state: object, event: object) -> object:
        raise KeyError("nobody")

    monkeypatch.setattr(coin_module.CoinRuleset, "evolve", choke)
    with pytest.raises(IllegalUnderRules, match=r"flip: the coin rules cannot apply this ruling"):
        service.decide("toss", Flip(character="Daikoku", coins=1), dice=FaceQueue([1]))
    assert stream(service) == before
