"""One command reads the store once and writes once (issue 29): ``kiroku wound`` opens one
reader, reads the session on it before deciding, and writes its batch in one transaction
— no schema made again, no second reader, nothing read back after the write."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from adapters.cli.main import main

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"


@dataclass
class Traced:
    """Every SQL statement of every SQLite connection made while tracing, in order."""

    statements: list[tuple[int, str]] = field(default_factory=list)
    connections: int = 0

    def of(self, word: str) -> list[tuple[int, str]]:
        return [(c, s) for c, s in self.statements if s.lstrip().upper().startswith(word)]


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KIROKU_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KIROKU_LOG", "off")
    monkeypatch.delenv("KIROKU_SESSION", raising=False)
    monkeypatch.delenv("KIROKU_STORE", raising=False)
    assert main(["session", "open", "--id", "tea", "--gm", "sensei"]) == 0
    for sheet, player in (("akodo-kaneka", "ana"), ("bayushi-fumi", "ben")):
        given = ["join", "--session", "tea", "--sheet", str(SHEETS / f"{sheet}.json")]
        assert main([*given, "--player", player]) == 0


@pytest.fixture
def hidden(table: None) -> None:
    """A ruling the GM keeps from the players: Fumi poisoned behind the screen (12
    wounds, Nicked: TN +3), so the players' view is read beside the GM's."""
    given = ["wound", "--session", "tea", "--character", "Bayushi Fumi", "12", "--hidden"]
    assert main([*given, "--source", "poison"]) == 0


@pytest.fixture
def traced(table: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[Traced]:
    trace = Traced()
    connect = sqlite3.connect

    def tracing(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection: sqlite3.Connection = connect(*args, **kwargs)
        trace.connections += 1
        number = trace.connections
        connection.set_trace_callback(lambda sql: trace.statements.append((number, sql)))
        return connection

    monkeypatch.setattr(sqlite3, "connect", tracing)
    yield trace


def one_read_one_write(trace: Traced) -> None:
    writes = trace.of("BEGIN")
    assert len(writes) == 1, f"{len(writes)} write transactions: {trace.of('CREATE')}"
    assert not trace.of("CREATE"), "the schema is made again by a writer that found it made"
    assert trace.connections == 2, f"{trace.connections} connections: one reader, one writer"
    reader = trace.statements[0][0]
    commit = trace.statements.index(trace.of("COMMIT")[-1])
    before = trace.statements[: trace.statements.index(writes[0])]
    read = [c for c, s in before if s.lstrip().upper().startswith("SELECT")]
    assert set(read) == {reader}, "the session is read on more than one connection"
    after = [s for c, s in trace.statements[commit + 1 :]]
    assert not after, f"the store is read again after the write: {after}"


def test_a_gm_s_wound_reads_the_store_once_and_writes_once(
    traced: Traced, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["wound", "--session", "tea", "--character", "Akodo Kaneka", "7"]) == 0
    one_read_one_write(traced)
    assert "#4 Akodo Kaneka takes 7 wounds" in capsys.readouterr().out


def test_a_player_s_roll_while_the_gm_keeps_a_secret_reads_once_and_writes_once(
    hidden: None, traced: Traced, capsys: pytest.CaptureFixture[str]
) -> None:
    given = ["roll", "--session", "tea", "--character", "Bayushi Fumi", "--skill", "Sincerity"]
    assert main([*given, "--trait", "awareness", "--faces", "9,7,4,3,2", "--as", "ben"]) == 0
    one_read_one_write(traced)
    out = capsys.readouterr().out
    assert "#5 Bayushi Fumi: Sincerity/Awareness" in out
    assert "poison" not in out and "wound penalty" not in out  # ben reads what he may
    assert main(["show", "--session", "tea", "5"]) == 0  # decided on it all, as the GM sees
    assert "wound penalty (Nicked) TN +3" in capsys.readouterr().out
