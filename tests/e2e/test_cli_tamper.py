"""Tamper evidence: rows edited, deleted, swapped or cut from the end of the SQLite store,
and lines of a replay file, are found by ``kiroku verify`` and ``kiroku replay --verify``
where they were made (issue 8)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.conftest import Run, runner
from tests.e2e.test_cli_corrections import fight
from tests.e2e.test_cli_session import S

EVENTS = "topic != 'kiroku:CommandRecord'"
"""The session's own rows (a command record is a row of its own stream)."""


def state_of(raw: sqlite3.Connection, position: int) -> bytes:
    [(state,)] = raw.execute(
        f"SELECT state FROM stored_events WHERE {EVENTS} AND originator_version = ?", (position,)
    )
    return bytes(state)


def edit(raw: sqlite3.Connection) -> None:
    """The damage's wounds, 20, made 5."""
    damaged = state_of(raw, 14).replace(b'"amount":20', b'"amount":5')
    raw.execute(
        f"UPDATE stored_events SET state = ? WHERE {EVENTS} AND originator_version = 14",
        (damaged,),
    )


def delete(raw: sqlite3.Connection) -> None:
    """The heal's row removed."""
    raw.execute(f"DELETE FROM stored_events WHERE {EVENTS} AND originator_version = 15")


def swap(raw: sqlite3.Connection) -> None:
    """The two stance choices exchanged (Kaneka's at 8, Fumi's at 9)."""
    eight, nine = state_of(raw, 8), state_of(raw, 9)
    for position, state in ((8, nine), (9, eight)):
        raw.execute(
            f"UPDATE stored_events SET state = ? WHERE {EVENTS} AND originator_version = ?",
            (state, position),
        )


TAMPERING: dict[str, tuple[Callable[[sqlite3.Connection], None], int, str]] = {
    "edited": (edit, 13, "do not hash to the seal of the damage at 13"),
    "deleted": (delete, 15, "event 15 is missing"),
    "swapped": (swap, 8, "do not hash to the seal of the stance at 8"),
}


@pytest.fixture
def fought(tmp_path: Path) -> Run:
    kiroku = runner(tmp_path)
    fight(kiroku)
    return kiroku


@pytest.mark.parametrize("name", sorted(TAMPERING))
def test_rows_tampered_with_in_the_store_are_found_where_they_were(
    fought: Run, tmp_path: Path, name: str
) -> None:
    assert fought("verify", *S).returncode == 0
    change, position, says = TAMPERING[name]
    with sqlite3.connect(tmp_path / "data" / "kiroku.sqlite") as raw:
        change(raw)
    raw.close()
    found = fought("verify", *S, "--json")
    assert found.returncode == 1, found.stderr
    problem = json.loads(found.stdout)["problem"]
    assert problem["position"] == position and says in problem["message"]
    doctor = fought("doctor", "--json")
    assert doctor.returncode == 2
    session = json.loads(doctor.stdout)["sessions"]["night"]
    assert not session["intact"] and says in session["problem"]
    assert session["edited"] == (name != "deleted")  # a gap is damage, an edit an edit
    shown = fought("doctor").stdout
    assert "night: " in shown and "intact" not in shown.split("night: ")[1].splitlines()[0]


def test_a_store_cut_short_is_found_against_the_head_noted(fought: Run, tmp_path: Path) -> None:
    noted = json.loads(fought("verify", *S, "--json").stdout)["head"]
    with sqlite3.connect(tmp_path / "data" / "kiroku.sqlite") as raw:
        raw.execute("DELETE FROM stored_events WHERE originator_version >= 15")  # and records
        raw.execute("DELETE FROM stored_snapshots")
    raw.close()
    assert fought("verify", *S).returncode == 0  # whole, as far as it goes
    cut = fought("verify", *S, "--head", noted)
    assert cut.returncode == 1
    assert "never reaches the head given" in cut.stdout


@pytest.mark.parametrize("how", ["edited", "deleted", "swapped", "truncated"])
def test_a_replay_file_tampered_with_is_found_and_refused(
    fought: Run, tmp_path: Path, how: str
) -> None:
    exported = tmp_path / "night.jsonl"
    assert fought("export", "night", "-o", str(exported)).returncode == 0
    lines = exported.read_text().splitlines()
    if how == "edited":
        lines[14] = lines[14].replace('"amount":20', '"amount":5')
    elif how == "deleted":
        del lines[15]
    elif how == "swapped":
        lines[8], lines[9] = (
            lines[9].replace('"position":9', '"position":8'),
            lines[8].replace('"position":8', '"position":9'),
        )
    else:
        cut = [line for line in lines[1:] if '"position":15' in line or '"position":16' in line]
        lines = [line for line in lines if line not in cut and '"first":15' not in line]
        lines = [line for line in lines if '"first":16' not in line]
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    checked = fought("replay", str(tampered), "--verify")
    imported = runner(tmp_path / "other")("import", str(tampered))
    assert checked.returncode != 0 and imported.returncode == 2, (checked.stdout, imported)
