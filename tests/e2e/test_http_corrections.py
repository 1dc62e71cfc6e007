"""Corrections over the HTTP API (issue 28, item 4): ``amend`` previewed then recorded,
``amend`` with the faces thrown at the table, ``undo`` of a correction restoring what it
changed, and bad input refused as a problem with nothing appended — the same corrections
the shell gives, on the corrections' fight (Kaneka hits Fumi at 10–12; the damage at
13–14: 20 wounds; a heal of 3 at 15; a note at 16)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Run
from tests.e2e.server import Served, served

NIGHT = "/v1/sessions/night"
FOG = {"position": 10, "changes": {"circumstances": 15}, "reason": "fog on the bridge"}


@pytest.fixture
def night(fought: Run, tmp_path: Path) -> Any:
    with served(tmp_path / "data") as server:
        yield server


def version(server: Served) -> int:
    return int(server.get(NIGHT).json()["views"]["session"]["position"])


def wounds(server: Served, who: str = "Bayushi Fumi") -> int:
    return int(server.get(NIGHT).json()["views"]["wounds"][who]["wounds"])


def test_an_amendment_is_previewed_recorded_and_undone(night: Served) -> None:
    assert (version(night), wounds(night)) == (16, 20 - 3)
    preview = night.post(NIGHT + "/amend", FOG, params={"dry_run": "true"})
    assert preview.status_code == 200 and preview.json()["dry_run"] is True
    said = preview.json()
    assert [r["ruling"] for r in said["revised"]] == [{"first": 10, "last": 12}]
    assert [d["ruling"]["first"] for d in said["dropped"]] == [13, 15]  # the damage, the heal
    assert version(night) == 16  # a preview records nothing
    done = night.post(NIGHT + "/amend", FOG)
    assert done.status_code == 201, done.text
    assert {k: done.json()[k] for k in ("events", "revised", "dropped")} == {
        k: said[k] for k in ("events", "revised", "dropped")
    }  # the correction is what its preview said
    assert wounds(night) == 0  # a miss in the fog: no damage, nothing to heal
    undone = night.post(NIGHT + "/undo", {"reason": "no fog after all"})
    assert undone.status_code == 201, undone.text
    assert undone.json()["correction"] == "take_back"
    assert undone.json()["taken_back"]["first"] == done.json()["recorded"][0]
    assert wounds(night) == 20 - 3  # the hit, its damage and the heal count again


def test_a_damage_amended_with_the_faces_thrown_at_the_table(night: Served) -> None:
    """« 6k2 »: the GM enters the faces the table saw — 9 and 9 kept: 18 wounds, then
    the heal of 3, decided again, takes 3 of them."""
    amended = night.post(
        NIGHT + "/amend",
        {"position": 13, "changes": {}, "faces": "9,9,1,1,1,1", "reason": "misread the dice"},
    )
    assert amended.status_code == 201, amended.text
    assert wounds(night) == 18 - 3


@pytest.mark.parametrize(
    ("path", "body", "status", "said"),
    [
        ("/amend", {**FOG, "position": 999}, 404, "no event at position 999"),
        ("/amend", {**FOG, "changes": {"weapon": "Bo"}}, 404, "no weapon 'Bo'"),
        ("/amend", {"position": 10, "changes": {}, "reason": "x"}, 400, "change nothing"),
        ("/undo", {}, 400, "reason"),
        ("/retract", {"position": 0, "reason": "x"}, 400, "position"),
    ],
)
def test_a_bad_correction_is_a_problem_and_appends_nothing(
    night: Served, path: str, body: dict[str, Any], status: int, said: str
) -> None:
    refused = night.post(NIGHT + path, body)
    assert refused.headers["content-type"] == "application/problem+json"
    assert refused.status_code == status and said in refused.json()["detail"], refused.text
    assert version(night) == 16


def test_a_player_may_not_correct(night: Served) -> None:
    token = night.post(NIGHT + "/tokens", {"participant": "ana"}).json()["token"]
    ana = night.as_token(token)
    for path, body in (("/undo", {"reason": "mine"}), ("/amend", FOG)):
        refused = ana.post(NIGHT + path, json=body)
        assert refused.status_code == 403, refused.text
    assert version(night) == 16
