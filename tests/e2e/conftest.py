"""Run the real ``kiroku`` console script, as a user would."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

KIROKU = Path(sys.executable).parent / "kiroku"

Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def kiroku(tmp_path: Path) -> Run:
    """``kiroku(*args)`` runs the installed entry point with its own data directory."""
    return runner(tmp_path)


def runner(tmp_path: Path) -> Run:
    """Runs the installed entry point with its data directory in ``tmp_path``."""
    if not KIROKU.exists():
        pytest.fail(f"the kiroku console script is not installed at {KIROKU}")

    def run(
        *args: str, stdin: str | None = None, env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        """``env``: more of the environment (``TZ``, say)."""
        env = {
            **os.environ,
            "KIROKU_DATA_DIR": str(tmp_path / "data"),
            "KIROKU_LOG": "off",
            **(env or {}),
        }
        return subprocess.run(
            [str(KIROKU), *args], capture_output=True, text=True, env=env, input=stdin, timeout=120
        )

    return run


SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"


def seated(
    kiroku: Run, session: str, *seats: tuple[str, str], gm: str = "sensei", ruleset: str = ""
) -> tuple[str, str]:
    """A session opened (under ``ruleset``, default l5r4e) and a character joined for
    each ``(sheet, player)`` seat, the sheet one of ``replays/sheets`` by name: the
    opening every scene of these tests starts from. Returns ``("--session", session)``."""
    under = ("--ruleset", ruleset) if ruleset else ()
    ok(kiroku, "session", "open", "--id", session, "--gm", gm, *under)
    for sheet, player in seats:
        given = ("--sheet", str(SHEETS / f"{sheet}.json"), "--player", player)
        ok(kiroku, "join", "--session", session, *given)
    return ("--session", session)


def ok(kiroku: Run, *args: str) -> Any:
    """``kiroku ARGS --json``, which must succeed: its output, decoded."""
    done = kiroku(*args, "--json")
    assert done.returncode == 0, (args, done.stderr)
    return json.loads(done.stdout)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_args(request: pytest.FixtureRequest) -> Iterator[tuple[str, ...]]:
    """The options that name a store: none (the SQLite store in the data directory), or
    ``--store`` on a PostgreSQL schema of the test's own."""
    if request.param == "sqlite":
        yield ()
        return
    from tests.postgres import schema

    with schema() as url:
        yield ("--store", url)


@pytest.fixture(scope="session")
def fought_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corrections' fight (:func:`tests.e2e.test_cli_corrections.fight`) played once
    through the real ``kiroku``: its data directory, to be copied, never used itself."""
    from tests.e2e.test_cli_corrections import fight

    where = tmp_path_factory.mktemp("fought")
    fight(runner(where))
    return where / "data"


@pytest.fixture
def fought(tmp_path: Path, fought_store: Path) -> Run:
    """The corrections' fight, its store (events, records, the session's key) copied into
    ``tmp_path/data``: the scene a test changes, played once a run, not once a test."""
    shutil.copytree(fought_store, tmp_path / "data")
    return runner(tmp_path)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here runs the real ``kiroku`` (a process, a server or a browser): marked
    ``e2e``, which the fast tier (``./dev fast``) leaves to the whole suite."""
    here = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.e2e)
