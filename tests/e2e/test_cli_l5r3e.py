"""The l5r3e and l5r-house rulesets through the real entry point: opened, played, refused,
imported."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.conftest import Run, ok, seated

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "replays" / "sheets"
S = ("--session", "skirmish")


def count(kiroku: Run) -> int:
    return len(ok(kiroku, "log", *S))


@pytest.fixture
def skirmish(kiroku: Run) -> Run:
    seats = (("bayushi-fumi-3e", "ana"), ("mirumoto-rola-3e", "ben"))
    seated(kiroku, "skirmish", *seats, ruleset="l5r3e")
    ok(kiroku, "combat", "start", *S)
    ok(kiroku, "initiative", *S, "--character", "Bayushi Fumi", "--faces", "6,7,3")
    ok(kiroku, "initiative", *S, "--character", "Mirumoto Rola", "--faces", "7,2,6,8")
    ok(kiroku, "combat", "round", *S)
    return kiroku


@pytest.mark.parametrize("page", ["l5r3e", "l5r-house", "l5r5e-house", "ukiyo"])
@pytest.mark.slow
def test_the_ruleset_page_s_example_prints_what_the_page_shows(kiroku: Run, page: str) -> None:
    """The first ``sh`` block of the ruleset's page (``docs/rulesets/PAGE.md``), run line
    by line; its last command prints every line of the first ``text`` block after it."""
    section = (ROOT / "docs" / "rulesets" / f"{page}.md").read_text(encoding="utf-8")
    block = re.findall(r"```sh\n(.*?)```", section, re.S)[0]
    shown = re.findall(r"```text\n(.*?)```", section, re.S)[0]
    commands = block.replace("\\\n", " ").splitlines()
    printed = ""
    for line in commands:
        args = [a.strip('"') for a in re.findall(r'"[^"]*"|\S+', line)]
        assert args[0] == "kiroku", line
        args = [str(ROOT / a) if a.startswith("replays/") else a for a in args[1:]]
        done = kiroku(*args)
        assert done.returncode == 0, (line, done.stderr)
        printed = done.stdout
    for row in shown.splitlines():
        assert row in printed, row


def test_the_ruleset_lists_its_options_and_commands(kiroku: Run) -> None:
    rules = ok(kiroku, "rules", "l5r3e")
    assert set(rules["options"]) == {"defense_to_tn", "emphasis"}
    names = {command["name"] for command in rules["commands"]}
    assert {"manoeuvre", "reversal", "grapple", "swap", "attack", "damage"} <= names


def test_an_attack_from_the_shell_records_its_roll_and_its_resolution(skirmish: Run) -> None:
    ok(skirmish, "act", *S, "--character", "Mirumoto Rola", "--action", "simple", "--as", "ben")
    ok(skirmish, "combat", "next", *S, "--as", "ben")
    done = ok(
        skirmish,
        "attack",
        *S,
        "--character",
        "Bayushi Fumi",
        "--target",
        "Mirumoto Rola",
        "--weapon",
        "Katana",
        "--raises",
        "2",
        "--manoeuvre",
        "extra_damage",
        "--faces",
        "10+9,8,7,1,1,1",
        "--as",
        "ana",
    )
    assert [r["type"] for r in done["recorded"]] == ["DiceRolled", "AttackResolved"]
    assert done["rolls"][0]["total"] == 34
    position = str(done["recorded"][1]["position"])
    resolved = ok(skirmish, "show", *S, position)["event"]
    assert resolved["hit"] and resolved["free_on_total"] == 0
    assert resolved["needed"] == 15 + 3 + 10 and resolved["tn"] == 18
    damage = ok(
        skirmish,
        "damage",
        *S,
        "--character",
        "Bayushi Fumi",
        "--as",
        "ana",
        "--faces",
        "6,5,4,3,2,1",
    )
    assert damage["rolls"][0]["expression"] == "6k3"  # 3k2 + Strength 2, +1k1
    assert damage["recorded"][1]["summary"] == "Mirumoto Rola takes 15 wounds from Bayushi Fumi"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("manoeuvre", "charge", "--character", "Bayushi Fumi"), "invalid choice: 'charge'"),
        (
            ("attack", "--character", "Bayushi Fumi", "--target", "Mirumoto Rola"),
            "it is Mirumoto Rola's turn, not Bayushi Fumi's",
        ),
        (
            ("attack", "--character", "Mirumoto Rola", "--target", "Kakita Nobody"),
            "no character 'Kakita Nobody'",
        ),
        (
            (
                "attack",
                "--character",
                "Mirumoto Rola",
                "--target",
                "Bayushi Fumi",
                "--weapon",
                "Katana",
                "--raises",
                "5",
                "--manoeuvre",
                "extra_damage",
            ),
            "at most 3 raises",
        ),
        (
            (
                "attack",
                "--character",
                "Mirumoto Rola",
                "--target",
                "Bayushi Fumi",
                "--weapon",
                "Katana",
                "--raises",
                "1",
                "--manoeuvre",
                "extra_damage",
                "--void",
                "roll_dice",
                "--perseverance",
                "--final-strike",
            ),
            "Coup ultime",
        ),
        (("void", "reduce_damage", "--character", "Bayushi Fumi"), "no wounds from an attack"),
        (("reversal", "--character", "Bayushi Fumi"), "A la fin de chaque round"),
        (("swap", "--character", "Bayushi Fumi", "--other", "Mirumoto Rola"), "juste après"),
        (("stance", "--character", "Bayushi Fumi", "attack"), "has no command 'stance'"),
    ],
)
def test_bad_input_exits_2_quoting_it_and_appends_nothing(
    skirmish: Run, args: tuple[str, ...], said: str
) -> None:
    before = count(skirmish)
    done = skirmish(*args, *S, "--seed", "1") if args[0] == "attack" else skirmish(*args, *S)
    assert done.returncode == 2, done.stdout
    assert said in done.stderr
    assert count(skirmish) == before


def test_a_3e_replay_imports_and_its_state_is_the_expected_one(kiroku: Run) -> None:
    path = ROOT / "replays" / "l5r3e-three-ronin.jsonl"
    done = kiroku("import", str(path))
    assert done.returncode == 0, done.stderr
    state = ok(kiroku, "state", "--session", "l5r3e-three-ronin")
    assert state["wounds"]["Ronin 2"]["level"] == "Mort"
    assert state["wounds"]["Mirumoto Rola"]["wounds"] == 5
    assert [r["character"] for r in state["initiative"]["order"]] == [
        "Mirumoto Rola",
        "Ronin 3",
        "Bayushi Fumi",
        "Ronin 2",
        "Kuni Lingus",
        "Ronin 1",
    ]


def test_odds_take_the_ruleset_s_dice_rules(kiroku: Run) -> None:
    """The same roll & keep odds, and 3e's emphasis (the skill's rank on the total) written
    as the modifier it is: Mirumoto Rola's 7k4+3 against the three ronin example's 25."""
    third = ok(kiroku, "odds", "7k4+3", "--tn", "25", "--ruleset", "l5r3e")
    fourth = ok(kiroku, "odds", "7k4", "--tn", "22")
    assert third["ruleset"] == "l5r3e" and round(100 * third["probability"], 4) == 93.7619
    assert third["probability"] == pytest.approx(fourth["probability"], abs=1e-12)
    refused = kiroku("odds", "7k4", "--tn", "25", "--ruleset", "l5r3e", "--emphasis")
    assert refused.returncode == 2 and "write it in the roll (7k4+RANK)" in refused.stderr
    unknown = kiroku("odds", "7k4", "--tn", "25", "--ruleset", "l5r9e")
    assert unknown.returncode == 2 and "no ruleset 'l5r9e'" in unknown.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("declare", "attack", "--character", "Hida Tsuneo", "--target", "Moto Chagatai"),
         "Moto Chagatai declares first"),
        (("declare", "attack", "--character", "Moto Chagatai"), "names its target"),
        (("attack", "--character", "Moto Chagatai"), "not Moto Chagatai's action now"),
        (("combat", "next"), "declarations are not done"),
        (("initiative", "--character", "Moto Chagatai", "--faces", "9"), "toute la durée"),
    ],
)  # fmt: skip
def test_the_house_flow_refuses_quoting_and_appends_nothing(
    kiroku: Run, args: tuple[str, ...], said: str
) -> None:
    house = ("--session", "house")
    ok(kiroku, "session", "open", "--id", "house", "--gm", "sensei", "--ruleset", "l5r-house")
    ok(kiroku, "join", *house, "--sheet", str(SHEETS / "moto-chagatai.json"), "--player", "a")
    ok(kiroku, "join", *house, "--sheet", str(SHEETS / "hida-tsuneo-house.json"), "--player", "b")
    ok(kiroku, "combat", "start", *house)
    ok(kiroku, "initiative", *house, "--character", "Moto Chagatai", "--faces", "5")
    ok(kiroku, "initiative", *house, "--character", "Hida Tsuneo", "--faces", "9,1")
    ok(kiroku, "combat", "round", *house)
    before = len(ok(kiroku, "log", *house))
    done = kiroku(*args, *house)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert len(ok(kiroku, "log", *house)) == before


def test_a_roll_option_the_ruleset_s_roll_lacks_is_refused_not_dropped(kiroku: Run) -> None:
    """``kiroku roll`` parses every ruleset's options; the house roll has no free raises,
    and ``--free-raises 3`` must not be recorded as none."""
    house = ("--session", "house")
    ok(kiroku, "session", "open", "--id", "house", "--gm", "sensei", "--ruleset", "l5r-house")
    ok(kiroku, "join", *house, "--sheet", str(SHEETS / "moto-chagatai.json"), "--player", "a")
    done = kiroku("roll", *house, "--character", "Moto Chagatai", "--trait", "agility",
                  "--free-raises", "3", "--seed", "1")  # fmt: skip
    assert done.returncode == 2 and "(l5r-house) takes no --free-raises" in done.stderr
    assert len(ok(kiroku, "log", *house)) == 2


def test_damage_is_never_given_again_for_another_hit_once_its_own_is_retracted(
    skirmish: Run,
) -> None:
    """Issue 28, item 3: Fumi hits Rola in round 1 and rolls no damage; she hits her
    again in round 2, and that damage (18 wounds) is for the second hit. Retracting the
    second attack must take its damage with it — decided again, the rules would roll it
    for the first hit, still waiting, and Rola would keep the 18 wounds. The preview
    says so, and the correction does it."""
    attack = ("attack", *S, "--character", "Bayushi Fumi", "--target", "Mirumoto Rola",
              "--weapon", "Katana", "--faces", "10+9,8,7,1,1,1", "--as", "ana")  # fmt: skip
    for round_ in (1, 2):
        ok(skirmish, "act", *S, "--character", "Mirumoto Rola", "--action", "simple", "--as", "ben")
        ok(skirmish, "combat", "next", *S, "--as", "ben")
        second = ok(skirmish, *attack)["recorded"][0]["position"]
        if round_ == 1:
            ok(skirmish, "combat", "next", *S)
            ok(skirmish, "combat", "round", *S)
    damage = ok(skirmish, "damage", *S, "--character", "Bayushi Fumi", "--as", "ana",
                "--faces", "9,9,4,3,2")  # fmt: skip
    assert damage["recorded"][-1]["summary"] == "Mirumoto Rola takes 18 wounds from Bayushi Fumi"
    retract = ("retract", str(second), *S, "--reason", "the second attack never happened")
    preview = ok(skirmish, *retract, "--dry-run")
    [dropped] = preview["dropped"]
    assert dropped["command"] == "damage"
    assert dropped["why"].startswith("the hit this damage is rolled for (event")
    assert preview["changes"]
    ok(skirmish, *retract)
    assert ok(skirmish, "state", *S)["wounds"]["Mirumoto Rola"]["wounds"] == 0
    assert skirmish("verify", *S).returncode == 0
