"""A GM contests a hit from the shell: previews the amendment, makes it, sees its
consequences, and re-judges the session; a replay file edited by hand is caught
(issue 8). Every command through the real ``kiroku`` entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.replay_file import read_replay
from tests.e2e.conftest import Run, ok, runner
from tests.e2e.server import served
from tests.e2e.test_cli_session import FUMI, KANEKA, S
from tests.support import version_1

A, F = "Akodo Kaneka", "Bayushi Fumi"


FIGHT: tuple[tuple[str, ...], ...] = (
    ("session", "open", "--id", "night", "--gm", "sensei"),
    ("join", *S, "--sheet", KANEKA, "--player", "ana"),
    ("join", *S, "--sheet", FUMI, "--player", "ben"),
    ("combat", "start", *S),
    ("initiative", *S, "--character", A, "--faces", "10+2,5,3,2"),
    ("initiative", *S, "--character", F, "--faces", "6,2,2,1"),
    ("combat", "round", *S),
    ("stance", *S, "--character", A, "attack", "--as", "ana"),
    ("stance", *S, "--character", F, "attack", "--as", "ben"),
    ("attack", *S, "--character", A, "--target", F, "--weapon", "Katana", "--as", "ana",
     "--faces", "10+5,6,9,1r8,4,1r3"),
    ("damage", *S, "--character", A, "--as", "ana", "--faces", "10+2,8,5,1,1,3"),
    ("heal", *S, "--character", F, "3"),
    ("note", *S, "the bandits flee"),
)  # fmt: skip
"""Kaneka hits Fumi at 10–12 (32 against TN 25: her armour 20, his light armour +5),
the damage at 13–14 (20 wounds), a heal of 3 at 15, a note at 16."""


def fight(kiroku: Run, steps: tuple[tuple[str, ...], ...] = FIGHT) -> None:
    """The corrections' fight (:data:`FIGHT`), or ``steps`` made from it."""
    for args in steps:
        done = kiroku(*args)
        assert done.returncode == 0, (args, done.stderr)


def wounds(kiroku: Run) -> int:
    state = json.loads(kiroku("state", *S, "--json").stdout)
    return int(state["wounds"][F]["wounds"])


def test_the_amendment_is_previewed_then_made_with_its_consequences(fought: Run) -> None:
    assert wounds(fought) == 17
    log_before = fought("log", *S, "--json", "--limit", "0").stdout
    preview = fought("amend", "11", *S, "--reason", "behind the screen", "--circumstances",
                     "15", "--dry-run")  # fmt: skip
    assert preview.returncode == 0, preview.stderr
    text = preview.stdout
    assert "amend of the ruling at 10–12 (attack): would record" in text
    assert "vs TN 25 (20 base, Light armour on agility +5): success" in text  # before
    assert "vs TN 40 (20 base, circumstances +15, Light armour on agility +5): failure" in text
    assert "dropped 13–14 damage: Akodo Kaneka has no hit waiting" in text
    assert "dropped 15 heal" in text
    assert "1 later rulings stand as they were" in text  # the note
    assert "wounds › Bayushi Fumi › wounds: 17 → 0" in text
    assert fought("log", *S, "--json", "--limit", "0").stdout == log_before  # nothing recorded

    made = fought("amend", "11", *S, "--reason", "behind the screen", "--circumstances", "15")
    assert made.returncode == 0, made.stderr
    assert "amend of the ruling at 10–12 (attack): recorded" in made.stdout
    assert wounds(fought) == 0
    log = fought("log", *S).stdout
    assert "(revised: see 24)" in log and "(revises the ruling at 10)" in log
    verified = fought("verify", *S)
    assert verified.returncode == 0, verified.stdout
    assert "each gives the events recorded" in verified.stdout
    # position 15, the heal, as it was recorded then and as the amendment now reads it
    then = json.loads(fought("state", *S, "--at", "15", "--json").stdout)
    now = json.loads(fought("state", *S, "--at", "15", "--as-corrected", "--json").stdout)
    assert (then["wounds"][F]["wounds"], now["wounds"][F]["wounds"]) == (17, 0)


def test_a_retracted_attack_takes_its_damage_with_it_and_a_reinstatement_brings_it_back(
    fought: Run,
) -> None:
    retracted = fought("retract", *S, "11", "--reason", "out of reach", "--json")
    assert retracted.returncode == 0, retracted.stderr
    report = json.loads(retracted.stdout)
    assert [d["command"] for d in report["dropped"]] == ["damage", "heal"]
    assert wounds(fought) == 0
    dropped = json.loads(fought("why", *S, "13", "--json").stdout)  # as its record says
    assert [(f["event"], f["follows"]) for f in dropped["follows"]] == [(13, 12)]
    assert dropped["follows"][0]["why"] == "the hit it rolls damage for"
    heading = report["recorded"][0]
    reinstated = fought("reinstate", *S, "10", "--reason", "in reach after all")
    assert reinstated.returncode == 0, reinstated.stderr
    assert reinstated.stdout.startswith(f"take back of the retract at {heading}–")  # whole
    assert "changes in the projections:" in reinstated.stdout
    assert wounds(fought) == 20 - 3  # the damage and the heal came back with the attack
    again = fought("reinstate", *S, "13", "--reason", "and its damage")
    assert again.returncode == 2 and "event 13 counts" in again.stderr
    shown = json.loads(fought("show", *S, str(heading), "--json").stdout)
    assert shown["type"] == "RulingsCorrected"
    assert fought("verify", *S).returncode == 0


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("amend", "99", "--reason", "r", "--raises", "1"), "no event at position 99"),
        (("amend", "9" * 20, "--reason", "r", "--raises", "1"), "no event at position 9999"),
        (("amend", "2", "--reason", "r", "--player", "x"), "not a ruling of the rules"),
        (("amend", "11", "--reason", "r", "--circumstances", "0"), "would change nothing"),
        (("amend", "11", "--reason", "r"), "give at least one option"),
        (("amend", "11", "--reason", "r", "--raises", "99"), "--raises 99"),
        (("amend", "11", "--raises", "1"), "--reason"),
        (("amend", "11", "--reason", "mine", "--raises", "1", "--as", "ana"), "only the GM"),
        (("reinstate", "15", "--reason", "r"), "event 15 counts"),
        (("retract", "1", "--reason", "r"), "opening"),
    ],
)
def test_bad_corrections_are_refused_and_record_nothing(
    fought: Run, args: tuple[str, ...], says: str
) -> None:
    before = fought("log", *S, "--json", "--limit", "0").stdout
    done = fought(*args, *S)
    assert done.returncode == 2, done.stdout
    assert says in done.stderr
    assert fought("log", *S, "--json", "--limit", "0").stdout == before


def test_an_edited_replay_is_found_by_replay_verify_and_refused_by_import(
    fought: Run, tmp_path: Path
) -> None:
    exported = tmp_path / "night.jsonl"
    assert fought("export", "night", "-o", str(exported)).returncode == 0
    assert fought("replay", str(exported), "--verify").returncode == 0
    lines = exported.read_text().splitlines()
    wounded = next(i for i, line in enumerate(lines) if '"type":"WoundsTaken"' in line)
    # a forgery that adds up in itself (its damage lowered with its wounds): the seal finds it
    lines[wounded] = lines[wounded].replace('"amount":20', '"amount":5')
    lines[wounded] = lines[wounded].replace('"damage":20', '"damage":5')
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(lines) + "\n")
    found = fought("replay", str(edited), "--verify", "--json")
    assert found.returncode == 1
    problem = json.loads(found.stdout)["problem"]
    assert problem["position"] == 13 and problem["line"] == 14
    assert "do not hash to the seal of the damage at 13" in problem["message"]
    other = runner(tmp_path / "other")
    refused = other("import", str(edited))
    assert refused.returncode == 2
    assert f"{str(edited)!r} line 14: the events up to 14 do not hash" in refused.stderr
    assert other("session", "list").stdout.startswith("no sessions yet")


def test_a_version_1_file_is_not_claimed_verified(tmp_path: Path) -> None:
    """A session's events with no command records (written as version 1, as before
    commands were recorded): combat-to-out's, its records left out."""
    kiroku = runner(tmp_path)
    replays = Path(__file__).resolve().parents[2] / "replays"
    _, events = read_replay(replays / "combat-to-out.jsonl")
    unrecorded = version_1(tmp_path / "combat-to-out.jsonl", events)
    done = kiroku("replay", str(unrecorded), "--verify")
    assert done.returncode == 1
    assert f"is not verified: {len(events) - 1} events no recorded command gave" in done.stdout


def test_why_walks_back_to_the_hit_and_forward_to_what_followed(fought: Run) -> None:
    back = fought("why", *S, "14")
    assert back.returncode == 0, back.stderr
    assert (
        "event 13 follows from event 12, the hit it rolls damage for (the ruling at 10–12): "
        "Akodo Kaneka hits" in back.stdout
    )
    assert (
        "follows from event 12, the hit it rolls damage for: Akodo Kaneka hits"
        in fought("show", *S, "13").stdout
    )
    forward = json.loads(fought("why", *S, "11", "--consequences", "--json").stdout)
    assert forward["consequences"]["dropped"][0].startswith("13–14 damage: Akodo Kaneka has no hit")
    assert forward["consequences"]["dropped"][1].startswith("15 heal")
    assert fought("why", *S, "11", "--consequences", "--as", "ana").returncode == 2
    assert wounds(fought) == 17  # weighing it recorded nothing
    for bad in (("why", *S, "999"), ("why", "--session", "nosuch", "3")):
        refused = fought(*bad)
        assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr


@pytest.mark.slow
def test_why_names_what_the_attack_used_and_show_rebuilds_its_armour_tn(tmp_path: Path) -> None:
    """« Valeur de ND d'armure »: Fumi in the Defense stance spends a Void point on armour;
    the miss names both, ``show`` adds the TN up part by part, and the Void point's
    consequences are the attack it turned (what did this Void point buy?)."""
    kiroku = runner(tmp_path)
    attack = FIGHT[9]
    assert attack[0] == "attack"
    for args in (
        *FIGHT[:8],  # the fight up to Kaneka's stance
        ("stance", *S, "--character", F, "defense", "--as", "ben"),
        ("void", *S, "--character", F, "--use", "armour", "--as", "ben"),
        attack,
    ):
        done = kiroku(*args)
        assert done.returncode == 0, (args, done.stderr)
    why = kiroku("why", *S, "13")
    assert why.returncode == 0, why.stderr
    assert "event 13 follows from event 9, the Defense stance (the ruling at 9)" in why.stdout
    assert (
        "event 13 follows from event 10, the Void point spent on armour this round "
        "(the ruling at 10): Bayushi Fumi spends a Void point" in why.stdout
    )
    shown = kiroku("show", *S, "13").stdout
    assert (
        "armour TN 34 of Bayushi Fumi:\n  +20 Reflexes × 5 + 5\n"
        "  +4 Defense stance: Air + Defense\n  +10 Void point this round\n" in shown
    )
    as_json = json.loads(kiroku("show", *S, "13", "--json").stdout)
    assert [link["follows"] for link in as_json["follows"]] == [9, 10]
    bought = json.loads(kiroku("why", *S, "10", "--consequences", "--json").stdout)
    assert bought["consequences"]["revised"] == ["11–13 attack"]


def test_a_roll_given_with_faces_is_amended_with_a_forgotten_void_point(fought: Run) -> None:
    """Issue 28: the attack at 10–12 was entered with ``--faces`` (six dice). Her
    forgotten Void point makes it 7k4: the six faces given stand, one more die is drawn
    fresh (the preview shows it); ``--faces`` gives all seven anew instead."""
    preview = fought("amend", "11", *S, "--reason", "her Void point", "--void", "--dry-run")
    assert preview.returncode == 0, preview.stderr
    assert "7k4 [10+5,6,9,1r8,4,1r3," in preview.stdout
    done = ok(fought, "amend", "11", *S, "--reason", "her Void point", "--void")
    [revision] = done["revised"]
    assert revision["after"][-2] in preview.stdout  # the very roll previewed
    assert fought("verify", *S).returncode == 0
    given = ok(fought, "amend", str(revision["revision"]["first"] + 1), *S, "--reason",
               "the dice she rolled", "--faces", "10+5,6,9,1r8,4,1r3,7")  # fmt: skip
    assert "7k4 [10+5,6,9,1r8,4,1r3,7] = 39" in given["revised"][0]["after"][-2]
    assert fought("verify", *S).returncode == 0


@pytest.mark.parametrize(
    ("faces", "says"),
    [
        ("1,2,3", "'6k3' throws 6 dice (as 6k3) but 3 were given"),
        ("10+5,6,9,1r8,4,1r3", "would change nothing"),
        ("11,2,3,4,5,6", "11"),
    ],
)
def test_an_amendment_s_faces_that_do_not_fit_are_refused(
    fought: Run, faces: str, says: str
) -> None:
    before = fought("log", *S).stdout
    refused = fought("amend", "11", *S, "--reason", "r", "--faces", faces)
    assert refused.returncode == 2 and says in refused.stderr, refused.stderr
    assert fought("log", *S).stdout == before


def test_faces_alone_amend_a_misread_roll(fought: Run) -> None:
    done = ok(fought, "amend", "11", *S, "--reason", "misread", "--faces", "9,9,9,9,9,9")
    assert "6k3 [9,9,9,9,9,9] = 27" in done["revised"][0]["after"][-2]
    assert fought("verify", *S).returncode == 0


def test_why_follows_a_revision_to_the_one_that_stands_now(fought: Run) -> None:
    """Issue 28, item 7: an attack amended, then its revision amended again — ``why`` on
    the first attack names the revision that stands in its place now, not only the first."""
    first = ok(fought, "amend", "11", *S, "--reason", "cover", "--circumstances", "15")
    v1 = first["revised"][0]["revision"]["first"]
    second = ok(fought, "amend", str(v1), *S, "--reason", "less cover", "--circumstances", "5")
    v2 = second["revised"][0]["revision"]["first"]
    found = ok(fought, "why", *S, "11")
    assert found["revisions"] == [[v1, v2]]
    said = fought("why", *S, "11").stdout
    assert f"the ruling that stands in its place now begins at event {v2}" in said


def test_why_links_an_amended_damage_to_the_hit_it_is_rolled_for(fought: Run) -> None:
    """Issue 28, item 3: a revision names what it used on the corrected history, so
    ``why`` of the amended damage says which hit it was rolled for, as it does of the
    damage first rolled."""
    done = ok(fought, "amend", "13", *S, "--reason", "misread", "--faces", "10+2,8,5,1,1,4")
    revision = done["revised"][0]["revision"]
    said = fought("why", *S, str(revision["first"] + 1)).stdout
    assert f"event {revision['first']} follows from event 12, the hit it rolls damage for" in said


def test_why_follows_a_skipped_turn_to_the_wounds_that_caused_it(fought: Run) -> None:
    """Issue 28, item 7: Fumi, Out, has her turn passed by itself; ``why`` on that turn
    names the wounds that left her Out."""
    wounded = ok(fought, "wound", *S, "--character", F, "20")["recorded"][0]["position"]
    passed = ok(fought, "combat", "next", *S)["recorded"]
    skipped = next(r for r in passed if "Bayushi Fumi" in r["summary"])
    found = ok(fought, "why", *S, str(skipped["position"]))
    [link] = [f for f in found["follows"] if f["follows"] == wounded]
    assert link["why"] == "the wounds that left them Out"


def test_a_dropped_ruling_s_retraction_says_the_rule_that_dropped_it(
    fought: Run, tmp_path: Path
) -> None:
    """Issue 28, item 7: retracting the attack drops its damage and the heal; each of their
    retractions (and their own rows) says the rule's refusal and the correction that led
    to it — in the log, in ``show`` and in the stream — and the GM's reason only where the
    GM retracted. Players read that it no longer stood, without the GM's numbers."""
    heading = ok(fought, "retract", *S, "10", "--reason", "the GM misread the TN")["recorded"][0]
    log = fought("log", *S).stdout.splitlines()
    damage = "dropped: Akodo Kaneka has no hit waiting for its damage roll, once the ruling at 10 "
    assert any(line.endswith(f"— {damage}was retracted (the correction at {heading})")
               for line in log if "retracts event 13" in line)  # fmt: skip
    assert any("retracts event 15" in line and "dropped: Bayushi Fumi has no wounds to heal"
               in line for line in log)  # fmt: skip
    assert any("retracts event 11" in line and line.endswith("— the GM misread the TN")
               for line in log)  # fmt: skip
    shown = ok(fought, "show", *S, "13")
    assert shown["retraction_reason"].startswith(damage)
    with served(tmp_path / "data") as server:
        rows = server.get("/v1/sessions/night/events", params={"limit": 100}).json()["events"]
        [gm_row] = [
            r for r in rows if r["type"] == "EventRetracted" and r["event"]["position"] == 13
        ]
        assert gm_row["reason"].startswith(damage)
        assert gm_row["event"]["reason"] == "the GM misread the TN"  # the record is the GM's
        token = server.post("/v1/sessions/night/tokens", {"participant": "ana"}).json()["token"]
        theirs = server.as_token(token).get("/v1/sessions/night/events", params={"limit": 100})
        [row] = [r for r in theirs.json()["events"] if r["position"] == gm_row["position"]]
        assert row["reason"] == "it no longer stood once the ruling before it was corrected"
        assert "dropped_because" not in row
    players = fought("log", *S, "--as", "ana").stdout
    assert "has no hit waiting" not in players
