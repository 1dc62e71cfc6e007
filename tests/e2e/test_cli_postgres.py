"""The command line on a PostgreSQL store (``--store postgresql://…`` or
``KIROKU_STORE``), a schema of its own on this machine's server: the same commands, the
same answers, and a store it cannot reach named in one line with nothing recorded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import Run, ok
from tests.postgres import schema

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "replays" / "sheets"


@pytest.fixture
def store() -> Iterator[str]:
    with schema() as url:
        yield url


def test_a_session_is_played_and_read_on_postgresql(kiroku: Run, store: str) -> None:
    S = ("--session", "pg", "--store", store)
    ok(kiroku, "session", "open", "--id", "pg", "--gm", "meneur", "--ruleset", "ukiyo", *S[2:])
    ok(kiroku, "join", *S, "--sheet", str(SHEETS / "tengu-ukiyo.json"), "--player", "ana")
    ok(kiroku, "wound", *S, "--character", "Tengu", "--count", "2")
    assert ok(kiroku, "state", *S)["characters"]["Tengu"]["wounds"] == 2
    assert [e["position"] for e in ok(kiroku, "log", *S)] == [1, 2, 3]
    done = kiroku("import", str(ROOT / "replays" / "ukiyo-sakura.jsonl"), "--store", store)
    assert done.returncode == 0, done.stderr
    assert {s["id"] for s in ok(kiroku, "session", "list", "--store", store)} == {
        "pg",
        "ukiyo-sakura",
    }
    done = kiroku("session", "open", "--id", "pg", "--gm", "x", "--store", store)
    assert done.returncode == 2 and "pg" in done.stderr


def test_a_store_that_cannot_be_reached_is_named_without_its_password(kiroku: Run) -> None:
    done = kiroku("session", "list", "--store", "postgresql://who:secret@127.0.0.1:1/nowhere")
    assert done.returncode == 2
    assert "cannot be reached" in done.stderr and "secret" not in done.stderr
    done = kiroku("session", "list", "--store", "postgresql://127.0.0.1/db?sslmode=off")
    assert done.returncode == 2 and "no option 'sslmode'" in done.stderr


def test_the_command_line_s_data_dir_wins_over_an_exported_store(
    kiroku: Run, store: str, tmp_path: Path
) -> None:
    """A shell that exported ``KIROKU_STORE`` (the PostgreSQL block of docs/sessions.md)
    still reads ``--data-dir elsewhere`` as the SQLite store in that folder: the command
    line over the environment. ``--store`` names the store outright; ``--store`` on
    PostgreSQL with ``--data-dir`` names two stores and is refused, quoting both, with
    nothing written to either."""

    def exported(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Any:
        return kiroku(*args, stdin=stdin, env={"KIROKU_STORE": store, **(env or {})})

    elsewhere = str(tmp_path / "elsewhere")
    opened = ("session", "open", "--id", "night1", "--gm", "sensei")
    assert exported(*opened).returncode == 0  # on PostgreSQL
    done = exported(*opened, "--data-dir", elsewhere)
    assert done.returncode == 0, done.stderr  # not "a session 'night1' already exists"
    assert (tmp_path / "elsewhere" / "kiroku.sqlite").exists()
    done = exported("--data-dir", elsewhere, "note", "--session", "night1", "here")
    assert done.returncode == 0, done.stderr
    in_sqlite = ok(exported, "log", "--session", "night1", "--data-dir", elsewhere)
    assert (len(in_sqlite), len(ok(exported, "log", "--session", "night1"))) == (2, 1)
    both = ok(kiroku, "log", "--session", "night1", "--store", "sqlite", "--data-dir", elsewhere)
    assert len(both) == 2  # --store sqlite and --data-dir agree
    assert len(ok(kiroku, "log", "--session", "night1", "--store", store)) == 1
    refused = kiroku("note", "--session", "night1", "no", "--store", store, "--data-dir", elsewhere)
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"kiroku: error: --store '{store.split('?')[0]}")
    assert f"--data-dir '{elsewhere}' name two stores: give one" in refused.stderr
    assert len(ok(kiroku, "log", "--session", "night1", "--data-dir", elsewhere)) == 2
    assert len(ok(exported, "log", "--session", "night1")) == 1
