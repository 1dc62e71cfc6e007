"""What the console needed from the API, there for every front end: the rulesets and
their commands' fields, a command tried before it is given (its roll's pool, TN and
exact odds; nothing appended), the ruleset's tables and who the token is beside the
views, and numbers over the session for a plot."""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno

from domain.rulesets import load_ruleset
from tests.e2e.conftest import KIROKU
from tests.e2e.console.pages import SHEETS
from tests.e2e.server import Served, served
from tests.e2e.test_http_api import NIGHT, command, opened, version


@pytest.fixture
def night(tmp_path: Path) -> Iterator[Served]:
    with served(tmp_path / "data") as running:
        opened(running)
        for body in (
            {"command": "combat start"},
            {"command": "initiative", "character": "Akodo Kaneka", "faces": "9,8,7,2"},
            {"command": "initiative", "character": "Bayushi Fumi", "faces": "5,4,3,2"},
            {"command": "combat round"},
            {"command": "wound", "character": "Bayushi Fumi", "amount": 12},
        ):
            command(running, body)
        yield running


def test_the_rulesets_and_their_commands_fields_need_no_token(night: Served) -> None:
    anyone = night.as_token(None)
    listed = anyone.get("/v1/rulesets").json()["rulesets"]
    assert [r["id"] for r in listed] == ["l5r-house", "l5r3e", "l5r4e", "l5r5e-house", "ukiyo"]
    four = anyone.get("/v1/rulesets/l5r4e").json()
    assert four["options"]["starting_xp"] == four["options"]["starting_xp"] | {"default": "40"}
    assert "values" not in four["options"]["starting_xp"]  # any number of XP: typed
    bands = four["options"]["range_bands"]  # a closed set, declared as data
    assert bands == bands | {"default": "complete", "values": ["complete", "begun"]}
    roll = next(c for c in four["commands"] if c["name"] == "roll")
    raises = next(f for f in roll["fields"] if f["name"] == "raises")
    assert raises == raises | {"type": "int", "minimum": 0, "maximum": 20, "default": 0}
    missing = anyone.get("/v1/rulesets/l5r6e")
    assert missing.status_code == 404 and "l5r6e" in missing.json()["detail"]


def test_a_roll_tried_first_gives_its_pool_tn_and_odds_and_appends_nothing(
    night: Served,
) -> None:
    before = version(night)
    body = {"command": "roll", "character": "Bayushi Fumi", "skill": "Kenjutsu",
            "trait": "agility", "tn": 20, "raises": 1, "void": True}  # fmt: skip
    tried = night.post(NIGHT + "/commands", body, params={"dry_run": "true"})
    assert tried.status_code == 200, tried.text
    roll = tried.json()["roll"]
    assert (roll["expression"], roll["base_tn"], roll["tn"]) == ("7k4", 20, 28)
    assert [p["source"] for p in roll["parts"]] == ["wound penalty (Nicked)", "Void point"]
    four = load_ruleset("l5r4e")
    assert roll["probability"] == four.odds("7k4", 28)
    assert roll["by_tn"]["30"] == four.odds("7k4", 30)
    # Fumi's Void ring is 2: the rules let her call 0 to 2 raises, and the plot stops there
    assert [r["tn"] for r in roll["by_raises"]] == [23, 28, 33]
    assert roll["by_raises"][1]["probability"] == roll["probability"]
    assert version(night) == before
    void = night.get(NIGHT).json()["views"]["void"]["Bayushi Fumi"]
    assert void["spent"] == 0  # the Void point was only tried


def test_an_unskilled_roll_tried_first_offers_no_raises(night: Served) -> None:
    body = {"command": "roll", "character": "Bayushi Fumi", "expression": "3k3", "tn": 15,
            "unskilled": True}  # fmt: skip
    roll = night.post(NIGHT + "/commands", body, params={"dry_run": "true"}).json()["roll"]
    assert roll["unskilled"] and roll["by_raises"] == []
    assert roll["probability"] == load_ruleset("l5r4e").odds("3k3", 18, unskilled=True)


def test_a_command_with_no_dice_tried_first_says_what_it_would_record(night: Served) -> None:
    before = version(night)
    body = {"command": "stance", "character": "Akodo Kaneka", "stance": "defense"}
    tried = night.post(NIGHT + "/commands", body, params={"dry_run": "true"}).json()
    assert tried["roll"] is None and tried["appended"] is False
    assert [e["summary"] for e in tried["would_record"]] == [
        "Akodo Kaneka takes the defense stance"
    ]
    done = command(night, body)
    assert [r["summary"] for r in done["recorded"]] == [e["summary"] for e in tried["would_record"]]
    assert version(night) == before + 1


@pytest.mark.parametrize(
    ("body", "status", "quoted"),
    [
        ({"command": "roll", "character": "Nobody", "expression": "5k3", "tn": 15}, 404,
         "Nobody"),
        ({"command": "roll", "character": "Bayushi Fumi", "raises": "lots"}, 400, "raises"),
        ({"command": "stance", "character": "Akodo Kaneka", "stance": "sideways"}, 400,
         "sideways"),
        ({"command": "combat start"}, 422, "combat"),
    ],
)  # fmt: skip
def test_a_refused_trial_is_the_commands_own_problem(
    night: Served, body: dict[str, Any], status: int, quoted: str
) -> None:
    before = version(night)
    tried = night.post(NIGHT + "/commands", body, params={"dry_run": "true"})
    assert tried.status_code == status, tried.text
    assert quoted in tried.json()["detail"]
    given = night.post(NIGHT + "/commands", body)
    assert (given.status_code, given.json()["detail"]) == (status, tried.json()["detail"])
    assert version(night) == before


def test_the_session_comes_with_its_rulesets_tables_and_who_asks(night: Served) -> None:
    shown = night.get(NIGHT).json()
    assert shown["you"] == {"participant": "sensei", "role": "gm"}
    first = shown["tables"][0]
    assert first["columns"][:2] == ["character", "armour TN"]
    assert [row[0] for row in first["rows"]] == ["Akodo Kaneka", "Bayushi Fumi"]
    token = night.post(NIGHT + "/tokens", {"participant": "ben"}).json()["token"]
    ben = night.as_token(token).get(NIGHT).json()
    assert ben["you"] == {"participant": "ben", "role": "player"}
    assert ben["tables"] == shown["tables"]


def test_numbers_over_the_session_for_a_plot(night: Served) -> None:
    read = night.get(NIGHT + "/series", params={"path": ["wounds.*.wounds", "void.*.left"]})
    assert read.status_code == 200, read.text
    data = read.json()
    assert data["positions"] == list(range(version(night) + 1))
    wounds = data["series"]["wounds.*.wounds"]["Bayushi Fumi"]
    assert wounds[2] is None and wounds[3] == 0 and wounds[-1] == 12
    assert data["series"]["void.*.left"]["Akodo Kaneka"][-1] == 2
    sampled = night.get(NIGHT + "/series", params={"path": "wounds.*.wounds", "samples": 3})
    assert sampled.json()["positions"] == [0, 4, 8]
    for params, quoted in (
        ({"path": "wounds..wounds"}, "wounds..wounds"),
        ({"path": "wounds.*.wounds", "samples": 1}, "samples=1"),
        ({}, "paths"),
        ({"path": "wounds.*.wounds", "colour": "red"}, "colour"),
    ):
        refused = night.get(NIGHT + "/series", params=params)
        assert refused.status_code == 400 and quoted in refused.json()["detail"], refused.text
    token = night.post(NIGHT + "/tokens", {"participant": "ben"}).json()["token"]
    assert night.as_token(token).get(NIGHT + "/series?path=void.*.left").status_code == 403


def test_a_plot_follows_the_corrections_a_retracted_wound_is_no_spike(night: Served) -> None:
    fall = command(night, {"command": "wound", "character": "Akodo Kaneka", "amount": 9})
    position = fall["recorded"][0]["position"]
    command(night, {"command": "note", "text": "the fall is disputed"})
    retracted = night.post(NIGHT + "/retract", {"position": position, "reason": "no fall"})
    assert retracted.status_code == 201, retracted.text
    data = night.get(NIGHT + "/series", params={"path": "wounds.*.wounds"}).json()
    kaneka = data["series"]["wounds.*.wounds"]["Akodo Kaneka"]
    assert data["positions"][position] == position and kaneka[position] == 0
    assert 9 not in kaneka
    seen_then = night.get(NIGHT, params={"at": position}).json()["views"]["wounds"]
    assert seen_then["Akodo Kaneka"]["wounds"] == 9  # the table as it stood then had it


SVG_NAMESPACE = "http://www.w3.org/2000/svg"
"""The name of an inline SVG's namespace (a QR code's): an identifier, never fetched."""


def test_the_console_and_its_assets_are_served_from_this_process(night: Served) -> None:
    anyone = night.as_token(None)
    page = anyone.get("/")
    assert page.status_code == 200 and "/console/app.js" in page.text
    for asset in ("app.js", "api.js", "forms.js", "table.js", "timeline.js", "plots.js",
                  "history.js", "console.css"):  # fmt: skip
        served_asset = anyone.get(f"/console/{asset}")
        assert served_asset.status_code == 200 and served_asset.content, asset
    script = anyone.get("/console/app.js").text
    hosts = set(re.findall(r"https?://[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s\"'`]*", script))
    elsewhere = hosts - {SVG_NAMESPACE}
    assert not elsewhere, elsewhere  # nothing fetched elsewhere: an SVG's namespace names none
    assert re.findall(
        r"https?://[a-z0-9-]+(?:\.[a-z0-9-]+)+", "src='http://example.org/x.js'"
    )  # the pattern finds a host


def test_a_gm_forking_with_their_session_token_gets_one_for_the_fork(night: Served) -> None:
    token = night.post(NIGHT + "/tokens", {"participant": "sensei"}).json()["token"]
    gm = night.as_token(token)
    forked = gm.post(NIGHT + "/fork", json={"id": "whatif", "at": 4, "reason": "what if"})
    assert forked.status_code == 201, forked.text
    theirs = night.as_token(forked.json()["token"])
    assert theirs.get("/v1/sessions/whatif").json()["you"] == {"participant": "sensei",
                                                               "role": "gm"}  # fmt: skip
    assert gm.get("/v1/sessions/whatif").status_code == 403  # the first token is night's
    by_admin = night.post(NIGHT + "/fork", {"id": "whatif2", "at": 4, "reason": "what if"})
    assert "token" not in by_admin.json()  # the admin token reads every session already


def test_a_narrative_check_tried_first_gives_the_odds_kiroku_odds_gives(tmp_path: Path) -> None:
    from domain.dice.narrative.odds import check_odds
    from domain.dice.narrative.roll import parse_pool
    from tests.e2e.test_http_api import sheet

    with served(tmp_path / "data") as five:
        path = "/v1/sessions/court"
        opened_five = five.post("/v1/sessions", {"id": "court", "gm": "sensei",
                                                  "ruleset": "l5r5e-house"})  # fmt: skip
        assert opened_five.status_code == 201, opened_five.text
        kakita = {"command": "join", "player": "ana", "sheet": sheet("kakita-ryoku-5e.json")}
        joined = five.post(path + "/commands", kakita)
        assert joined.status_code == 201, joined.text
        body = {"command": "check", "character": "Kakita Ryoku", "skill": "Meditation",
                "ring": "air", "tn": 3}  # fmt: skip
        tried = five.post(path + "/commands", body, params={"dry_run": "true"})
        assert tried.status_code == 200, tried.text
        roll = tried.json()["roll"]
        assert (roll["family"], roll["expression"], roll["tn"]) == ("narrative", "3r2s", 3)
        chance, strife = check_odds(parse_pool("3r2s"), 3)
        assert roll["probability"] == float(chance)
        assert roll["expected_strife"] == float(strife)
        assert roll["by_tn"]["1"] > roll["by_tn"]["3"] > roll["by_tn"]["6"]
        assert five.get(path).json()["version"] == 2


def test_each_characters_choices_are_read_off_the_sheets_a_player_may_see(night: Served) -> None:
    """``…/choices``: what a form offers as closed choices (the sheet's weapons, skills,
    traits, rings); a player's are the GM's without what is kept from them (a character
    joined behind the screen), and the same once it is revealed."""
    fumi = json.loads((SHEETS / "bayushi-fumi.json").read_text())
    hidden = command(night, {"command": "join", "player": "ana", "name": "Shosuro Kage",
                             "sheet": fumi, "hidden": True})  # fmt: skip
    made = night.post(NIGHT + "/tokens", {"participant": "ana"})
    assert made.status_code == 201, made.text
    ana = night.as_token(made.json()["token"])
    gm = night.get(NIGHT + "/choices").json()["characters"]
    theirs = ana.get(NIGHT + "/choices").json()["characters"]
    assert list(gm) == ["Akodo Kaneka", "Bayushi Fumi", "Shosuro Kage"]
    kaneka = json.loads((SHEETS / "akodo-kaneka.json").read_text())
    assert gm["Akodo Kaneka"]["weapons"] == [w["name"] for w in kaneka["weapons"]]
    assert "Kenjutsu" in gm["Akodo Kaneka"]["skills"] and "agility" in gm["Akodo Kaneka"]["traits"]
    assert theirs == {name: gm[name] for name in gm if name != "Shosuro Kage"}
    command(night, {"command": "reveal", "position": hidden["recorded"][0]["position"]})
    assert ana.get(NIGHT + "/choices").json()["characters"] == gm
    assert night.as_token(None).get(NIGHT + "/choices").status_code == 401


def test_a_players_link_names_the_public_url_with_its_qr_code(tmp_path: Path) -> None:
    """``POST …/tokens`` gives the link a phone opens on ``--public-url`` (else on the
    address the server listens on: a loopback one, which it says no phone reaches) and
    its QR code, made here by segno."""
    public = "http://192.168.1.20:8322"
    with served(tmp_path / "data", "--public-url", public + "/") as lan:
        opened(lan)
        made = lan.post(NIGHT + "/tokens", {"participant": "ana"}).json()
        link = f"{public}/#/s/night?token={made['token']}"
        assert made["link"] == link and made["reachable"] is True
        drawn = segno.make(link, error="m").svg_inline(scale=4, border=2, title="night: a link")
        assert made["link_qr"] == drawn and made["link_qr"].startswith("<svg")
    with served(tmp_path / "data") as local:
        made = local.post(NIGHT + "/tokens", {"participant": "ana"}).json()
        assert made["link"].startswith(local.url + "/#/s/night?token=")
        assert made["reachable"] is False  # 127.0.0.1: this machine's alone
    refused = subprocess.run(
        [str(KIROKU), "serve", "--port", "0", "--public-url", "ftp://table"],
        capture_output=True, text=True, timeout=60, env={**os.environ, "KIROKU_LOG": "off"},
    )  # fmt: skip
    assert refused.returncode != 0 and "--public-url 'ftp://table'" in refused.stderr
