"""A GM audits a contested ruling from the shell: finds it in the log, shows it whole,
and reads the state as it stood at any position."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.e2e.conftest import Run, runner
from tests.e2e.test_cli_session import FUMI, KANEKA, S


@pytest.fixture(scope="module")
def contested(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """Kaneka's attack on Fumi (an emphasis reroll, an exploding 10, a Void point), the
    wounds it caused, a hidden GM roll, and a fall that the GM retracted. Made once: every
    test here only reads it."""
    kiroku = runner(tmp_path_factory.mktemp("audit"))
    for args in (
        ("session", "open", "--id", "night", "--gm", "sensei"),
        ("join", *S, "--sheet", KANEKA, "--player", "ana"),
        ("join", *S, "--sheet", FUMI, "--player", "ben"),
        # 4, 5: ana's attack roll (5), with a Void point (4)
        ("roll", *S, "--as", "ana", "--character", "Akodo Kaneka", "--skill", "Kenjutsu",
         "--trait", "agility", "--tn", "20", "--void", "--emphasis",
         "--faces", "1r5,9,8,10+3,6,2,4", "--reason", "the opening strike"),
        ("wound", *S, "--character", "Bayushi Fumi", "13", "--source", "Kaneka's katana"),
        ("roll", "3k2", *S, "--hidden", "--faces", "7,4,2"),
        ("wound", *S, "--character", "Akodo Kaneka", "4", "--source", "a fall"),
        ("retract", *S, "8", "--reason", "he made the Athletics roll after all"),
    ):  # fmt: skip
        done = kiroku(*args)
        assert done.returncode == 0, (args, done.stderr)
    return kiroku


def test_show_explains_a_roll_die_by_die_with_its_parts(contested: Run) -> None:
    shown = contested("show", *S, "5")
    assert shown.returncode == 0, shown.stderr
    text = shown.stdout
    assert "recorded by ana at " in text
    assert "reason: the opening strike" in text
    assert "still counts" in text
    assert "roll: 7k4, 7 dice rolled, 4 kept (emphasis: a first 1 is rerolled)" in text
    assert (
        "dice: d1 1 rerolled → 5 | d2 9 | d3 8 | d4 10+3 = 13 (exploded) | d5 6 | d6 2 | d7 4"
        in text
    )
    assert "kept: d2 9 + d3 8 + d4 13 + d5 6 = 36" in text
    assert "TN: 25" in text and "result: success by 11" in text
    assert "parts: Light armour on agility TN +5; Void point +1k1" in text
    assert "base TN: 20 (before the parts)" in text


def test_show_json_carries_the_event_whole_and_its_explanation(contested: Run) -> None:
    shown = json.loads(contested("show", *S, "5", "--json").stdout)
    event = shown["event"]
    assert (shown["position"], shown["type"], shown["actor"]) == (5, "DiceRolled", "ana")
    assert event["roll"]["dice"][0] == [[5], True]  # the 1 rerolled into a 5
    assert event["roll"]["kept_dice"] == [1, 2, 3, 4]
    assert event["parts"] == [
        {"source": "Light armour on agility", "tn": 5},  # « +5 au ND … lié à l'Agilité »
        {"source": "Void point", "rolled": 1, "kept": 1},
    ]
    assert "result: success by 11" in shown["explanation"]


def test_a_retracted_event_is_shown_with_who_retracted_it_and_why(contested: Run) -> None:
    shown = contested("show", *S, "8")
    assert "(retracted)" in shown.stdout
    assert "retracted by event 9: he made the Athletics roll after all" in shown.stdout
    retraction = json.loads(contested("show", *S, "9", "--json").stdout)
    assert retraction["summary"] == "GM retracts event 8: Akodo Kaneka takes 4 wounds from a fall"


def test_a_player_is_not_shown_the_gms_hidden_roll(contested: Run) -> None:
    """Ana numbers the events she may see 1 to 8 (the GM's hidden roll at 7 is none of
    them): no number of hers shows it, and the one past her last is refused without a
    word of the GM's count or of a hidden ruling."""
    assert contested("show", *S, "7").returncode == 0
    for number in range(1, 9):
        shown = contested("show", *S, str(number), "--as", "ana", "--json")
        assert shown.returncode == 0, shown.stderr
        assert json.loads(shown.stdout)["position"] == number
        assert "7,4,2" not in shown.stdout and "[7]" not in shown.stdout
    assert json.loads(contested("show", *S, "7", "--as", "ana", "--json").stdout)["type"] == (
        "WoundsTaken"
    )  # the fall, the GM's 8
    refused = contested("show", *S, "9", "--as", "ana")
    assert refused.returncode == 2
    assert "event 9: you may see events 1 to 8" in refused.stderr
    assert "hidden" not in refused.stderr and "7,4,2" not in refused.stdout + refused.stderr


@pytest.mark.parametrize("position", ["0", "10", "-1"])
def test_show_refuses_a_position_the_session_does_not_have(contested: Run, position: str) -> None:
    refused = contested("show", *S, position)
    assert refused.returncode == 2
    assert f"position {position}: the session has positions 1 to 9" in refused.stderr


def log(kiroku: Run, *args: str) -> list[dict[str, object]]:
    done = kiroku("log", *S, "--json", *args)
    assert done.returncode == 0, done.stderr
    rows: list[dict[str, object]] = json.loads(done.stdout)
    return rows


def test_the_log_is_filtered_by_character_actor_kind_and_time(contested: Run) -> None:
    assert [r["position"] for r in log(contested, "--character", "bayushi fumi")] == [3, 6]
    assert [r["position"] for r in log(contested, "--actor", "ana")] == [4, 5]
    assert [r["position"] for r in log(contested, "--kind", "woundstaken")] == [6, 8]
    assert [r["position"] for r in log(contested, "--kind", "WoundsTaken", "--limit", "1")] == [8]
    future = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    assert log(contested, "--since", future) == []
    assert len(log(contested, "--since", "2000-01-01T00:00")) == 9
    both = log(contested, "--character", "Akodo Kaneka", "--kind", "DiceRolled")
    assert [r["position"] for r in both] == [5]


def test_each_log_row_carries_its_event_whole(contested: Run) -> None:
    rows = {r["position"]: r for r in log(contested)}
    assert rows[6]["event"] == {
        **rows[6]["event"],  # type: ignore[dict-item]
        "type": "WoundsTaken",
        "character": "Bayushi Fumi",
        "amount": 13,
        "source": "Kaneka's katana",
    }
    assert rows[9]["summary"] == "GM retracts event 8: Akodo Kaneka takes 4 wounds from a fall"
    theirs = log(contested, "--as", "ana")
    assert [r["position"] for r in theirs] == list(range(1, 9))  # no gap where 7 was
    assert theirs[-1]["summary"] == "GM retracts event 7: Akodo Kaneka takes 4 wounds from a fall"
    assert theirs[-2]["retracted_by"] == 8


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--character", "Nobody"), "--character 'Nobody': no such character"),
        (("--kind", "Fireball"), "--kind 'Fireball': not an event of this session's ruleset"),
        (("--since", "yesterday"), "--since 'yesterday': not a time"),
    ],
)
def test_a_bad_filter_is_refused_with_its_input(
    contested: Run, args: tuple[str, ...], message: str
) -> None:
    refused = contested("log", *S, *args)
    assert (refused.returncode, refused.stdout) == (2, "")
    assert message in refused.stderr


def test_the_state_can_be_read_at_every_position_from_0_to_the_head(contested: Run) -> None:
    before = json.loads(contested("state", *S, "--at", "0", "--json").stdout)
    assert before["session"]["id"] == "night" and before["session"]["position"] == 0
    assert before["characters"] == {}
    for position in range(0, 10):
        done = contested("state", *S, "--at", str(position), "--json")
        assert done.returncode == 0, (position, done.stderr)
        assert json.loads(done.stdout)["session"]["position"] == position
    assert "position 0" in contested("state", *S, "--at", "0").stdout


def test_who_reads_the_log_and_whose_events_it_keeps_are_two_things(contested: Run) -> None:
    """``--as ana`` reads the log as ana (no hidden roll); ``--actor ana`` keeps ana's."""
    as_ana = [r["position"] for r in log(contested, "--as", "ana")]
    assert as_ana == [1, 2, 3, 4, 5, 6, 7, 8]  # her numbers: the hidden roll has none
    assert [r["position"] for r in log(contested, "--as", "ben", "--actor", "ana")] == [4, 5]


def test_diff_shows_what_a_ruling_changed_in_every_projection(contested: Run) -> None:
    """From before the wound (5) to after it (6): Fumi's wounds and rank, and where the
    session stands; the retracted fall (8, retracted at 9) leaves nothing between 7 and 9
    but the position."""
    found = json.loads(contested("diff", *S, "5", "6", "--json").stdout)
    assert (found["from"], found["to"]) == (
        {"session": "night", "position": 5},
        {"session": "night", "position": 6},
    )
    paths = {tuple(c["path"]): (c["before"], c["after"]) for c in found["changes"]}
    assert paths[("session", "position")] == (5, 6)
    assert paths[("wounds", "Bayushi Fumi", "wounds")] == (0, 13)
    assert not any(path[:2] == ("wounds", "Akodo Kaneka") for path in paths)
    later = json.loads(contested("diff", *S, "7", "9", "--json").stdout)["changes"]
    assert [c["path"] for c in later] == [["session", "position"]]
    text = contested("diff", *S, "5", "6").stdout
    assert "night at 5 → night at 6" in text and "wounds › Bayushi Fumi › wounds: 0 → 13" in text
    assert contested("diff", *S, "6", "6").stdout.endswith("no change\n")


def test_diff_refuses_a_position_the_session_does_not_have(contested: Run) -> None:
    refused = contested("diff", *S, "3", "12")
    assert refused.returncode == 2
    assert "B = 12: session 'night' has positions 0 to 9" in refused.stderr


@pytest.fixture
def forked(kiroku: Run) -> Run:
    """``night`` (Fumi wounded at 6), and ``whatif``: a fork of it as it stood at 5,
    where the GM gives Fumi 2 wounds instead."""
    for args in (
        ("session", "open", "--id", "night", "--gm", "sensei", "--title", "First night"),
        ("join", *S, "--sheet", KANEKA, "--player", "ana"),
        ("join", *S, "--sheet", FUMI, "--player", "ben"),
        ("note", *S, "the duel at dawn"),
        ("honour", *S, "--character", "Bayushi Fumi", "-0.3"),
        ("wound", *S, "--character", "Bayushi Fumi", "13"),
        ("fork", *S, "--at", "5", "--id", "whatif", "--reason", "what if the blow was light"),
        ("wound", "--session", "whatif", "--character", "Bayushi Fumi", "2"),
    ):
        done = kiroku(*args)
        assert done.returncode == 0, (args, done.stderr)
    return kiroku


def test_a_fork_starts_as_its_origin_stood_and_plays_on_alone(forked: Run) -> None:
    fork_log = json.loads(forked("log", "--session", "whatif", "--json").stdout)
    night_log = json.loads(forked("log", *S, "--json").stdout)
    assert [r["summary"] for r in fork_log[1:5]] == [r["summary"] for r in night_log[1:5]]
    assert fork_log[0]["summary"] == "session 'whatif' opened under l5r4e by GM sensei"
    assert fork_log[5]["summary"] == "forked from session 'night' as it stood at position 5"
    assert fork_log[5]["reason"] == "what if the blow was light"
    assert fork_log[6]["summary"] == "Bayushi Fumi takes 2 wounds"
    state = json.loads(forked("state", "--session", "whatif", "--json").stdout)
    assert state["session"]["forked_from"] == {"session": "night", "position": 5}
    assert state["session"]["title"] == "First night (fork of night)"
    assert "forked_from" not in json.loads(forked("state", *S, "--json").stdout)["session"]
    assert len(json.loads(forked("log", *S, "--json").stdout)) == 6  # the origin is untouched


def test_a_fork_is_diffed_against_its_origin(forked: Run) -> None:
    found = json.loads(forked("diff", *S, "--against", "whatif", "--json").stdout)
    paths = {tuple(c["path"]): (c["before"], c["after"]) for c in found["changes"]}
    assert paths[("wounds", "Bayushi Fumi", "wounds")] == (13, 2)
    assert paths[("session", "forked_from")] == (None, {"session": "night", "position": 5})
    assert not any(path[0] == "standing" for path in paths)  # the honour loss is in both


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--at", "7", "--id", "other", "--reason", "r"),
            "--at 7: session 'night' has positions 1 to 6",
        ),
        (("--at", "3", "--id", "whatif", "--reason", "r"), "a session 'whatif' already exists"),
        (("--at", "3", "--id", "Bad Id", "--reason", "r"), "session id 'Bad Id' must be"),
        (("--at", "3", "--id", "other", "--reason", "r", "--as", "ana"), "only the GM ('sensei')"),
        (("--at", "3", "--id", "other", "--reason", " "), "a fork says why"),
        (("--at", "3", "--id", "other"), "the following arguments are required: --reason"),
    ],
)
def test_a_fork_that_cannot_be_is_refused_and_records_nothing(
    forked: Run, args: tuple[str, ...], message: str
) -> None:
    refused = forked("fork", *S, *args)
    assert refused.returncode == 2
    assert message in refused.stderr
    listed = forked("session", "list").stdout
    assert [line.split()[0] for line in listed.splitlines()] == ["night", "whatif"]


def test_the_log_reads_in_the_readers_local_time_and_json_keeps_utc(contested: Run) -> None:
    utc = datetime.fromisoformat(str(log(contested, "--after", "5", "--limit", "1")[0]["at"]))
    assert utc.utcoffset() == timedelta(0)
    # read in Tokyo (UTC+9, no summer time; a POSIX TZ, which needs no tz database)
    tokyo = contested("log", *S, "--after", "5", "--limit", "1", env={"TZ": "JST-9"})
    local = (utc + timedelta(hours=9)).strftime("%Y-%m-%d %H:%M:%S")
    assert tokyo.stdout.startswith(f"#6    {local}  sensei: ")
    # or chosen by name, whatever the reader's own zone; --json keeps UTC all the same
    named = contested("log", *S, "--after", "5", "--limit", "1", "--tz", "Asia/Tokyo")
    assert named.stdout == tokyo.stdout
    chosen = contested("log", *S, "--after", "5", "--limit", "1", "--tz", "Asia/Tokyo", "--json")
    assert (
        json.loads(chosen.stdout)[0]["at"]
        == log(contested, "--after", "5", "--limit", "1")[0]["at"]
    )
    fifth = datetime.fromisoformat(str(log(contested, "--after", "4", "--limit", "1")[0]["at"]))
    shown = contested("show", *S, "5", "--tz", "Asia/Tokyo").stdout
    assert shown.startswith(f"#5    {(fifth + timedelta(hours=9)):%Y-%m-%d %H:%M:%S}  ana: ")
    wrong = contested("log", *S, "--tz", "Mars/Olympus")
    assert wrong.returncode == 2 and "--tz 'Mars/Olympus': no such time zone" in wrong.stderr


def test_show_names_the_command_that_gave_the_event_with_its_inputs_and_dice(
    contested: Run,
) -> None:
    text = contested("show", *S, "5").stdout
    assert "command: roll (Roll), which gave events 4–5, given by ana at " in text
    assert "--character 'Akodo Kaneka' --skill Kenjutsu --trait agility --tn 20" in text
    assert "--void" in text and "--emphasis" in text
    assert "faces given: 1r5,9,8,10+3,6,2,4\n" in text  # as they were typed
    shown = json.loads(contested("show", *S, "4", "--json").stdout)["command"]
    assert (shown["positions"], shown["reason"]) == ([4, 5], "the opening strike")
    assert shown["given"][0] == [[5], True]
    opening = contested("show", *S, "1").stdout
    assert "command: none recorded" in opening


def test_records_survive_export_and_import(contested: Run, tmp_path: Path) -> None:
    exported = tmp_path / "night.jsonl"
    assert contested("export", "night", "-o", str(exported)).returncode == 0
    assert exported.read_text().splitlines()[0].startswith('{"format":"kiroku-replay","version":2')
    other = runner(tmp_path / "other")
    imported = other("import", str(exported))
    assert "imported 9 events and 7 command records" in imported.stdout, imported.stderr
    assert other("show", *S, "5", "--json").stdout == contested("show", *S, "5", "--json").stdout


def test_a_fork_keeps_the_records_of_the_rulings_it_copies_whole(forked: Run) -> None:
    honour = json.loads(forked("show", "--session", "whatif", "5", "--json").stdout)
    assert honour["command"]["command"] == "honour"
    fork = json.loads(forked("show", "--session", "whatif", "6", "--json").stdout)
    assert fork["type"] == "SessionForked" and fork["command"] is None


def test_a_fork_that_would_cut_a_ruling_in_two_is_refused(contested: Run) -> None:
    refused = contested("fork", *S, "--at", "4", "--id", "halfway", "--reason", "what if")
    assert refused.returncode == 2
    assert "--at 4: the ruling at 4–5 (roll) would be cut in two; fork at 3 or 5" in (
        refused.stderr
    )


def test_why_answers_what_a_void_point_bought(contested: Run) -> None:
    text = contested("why", *S, "4").stdout
    assert text.startswith("event 4 is one of the events of this ruling:\n")
    assert "command: roll (Roll), which gave events 4–5, given by ana" in text
    lines = text.splitlines()
    assert any(line.startswith("→ #4 ") and "spends a Void point" in line for line in lines)
    assert any(line.startswith("  #5 ") and "rolls Kenjutsu/Agility 7k4" in line for line in lines)
    found = json.loads(contested("why", *S, "5", "--json").stdout)
    assert [e["position"] for e in found["events"]] == [4, 5]
    assert found["ruling"]["reason"] == "the opening strike"


def test_why_names_a_retraction_and_an_opening_has_no_ruling(contested: Run) -> None:
    fall = contested("why", *S, "8").stdout
    assert "retracted by event 9: he made the Athletics roll after all" in fall
    opening = contested("why", *S, "1")
    assert opening.stdout.startswith("event 1 was given by no recorded command:")
    assert json.loads(contested("why", *S, "1", "--json").stdout)["ruling"] is None


def test_why_keeps_a_hidden_roll_from_a_player(contested: Run) -> None:
    """Ana's 7 is the fall (the GM's 8), retracted by her 8: why answers in her numbers,
    and her 9 does not exist for her."""
    fall = contested("why", *S, "7", "--as", "ana")
    assert fall.returncode == 0, fall.stderr
    assert fall.stdout.startswith("event 7 is one of the events of this ruling:")
    assert "retracted by event 8" in fall.stdout and "7,4,2" not in fall.stdout
    found = json.loads(contested("why", *S, "7", "--as", "ana", "--json").stdout)
    assert found["position"] == 7 and [e["position"] for e in found["events"]] == [7]
    assert found["ruling"]["positions"] == [7, 7] and "chain" not in found["ruling"]
    refused = contested("why", *S, "9", "--as", "ana")
    assert refused.returncode == 2 and "event 9: you may see events 1 to 8" in refused.stderr
    assert contested("why", *S, "12").returncode == 2


def test_undo_by_a_player_or_without_a_reason_is_refused_and_records_nothing(
    forked: Run,
) -> None:
    before = forked("log", *S, "--json").stdout
    by_player = forked("undo", *S, "--reason", "mine", "--as", "ana")
    assert by_player.returncode == 2 and "may not undo a ruling" in by_player.stderr
    no_reason = forked("undo", *S)
    assert no_reason.returncode == 2 and "--reason" in no_reason.stderr
    assert forked("log", *S, "--json").stdout == before
