"""The hash chain over the events as stored (issue 8, domain/session/chain.py): a file
written before an event type gained a field still verifies, imports with its seals and
head intact, and exports again as it came; a pipe is read once."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from adapters.replay_file import header_for, write_replay
from domain.session.chain import GENESIS, Stored, seal
from tests.e2e.conftest import Run, runner
from tests.unit.test_corrections import fight


def older_file(path: Path) -> str:
    """The fight as a Kiroku from before sheets said who is a samurai stored it: its
    sheets without ``samurai``, its records sealed over that. Returns its head."""
    t, _ = fight()
    stored = []
    for recorded in t.events:
        payload = msgspec.to_builtins(recorded.event)
        if isinstance(payload.get("sheet"), dict):
            payload["sheet"].pop("samurai", None)
        stored.append(Stored(recorded.position, payload))
    session = t.session.opened.session
    records = seal(session, GENESIS, stored, t.records)[0]
    header = header_for(t.events, records, stored)
    write_replay(path, stored, records, header)
    assert header.head is not None
    return header.head


def test_an_older_file_verifies_imports_and_exports_as_it_came_signed(tmp_path: Path) -> None:
    path = tmp_path / "older.jsonl"
    head = older_file(path)
    kiroku: Run = runner(tmp_path)
    verified = kiroku("replay", str(path), "--verify")
    assert verified.returncode == 0, verified.stdout
    imported = kiroku("import", str(path))
    assert imported.returncode == 0, imported.stderr
    session = json.loads(path.read_text(encoding="utf-8").splitlines()[0])["session"]
    again = kiroku("verify", "--session", session, "--head", head)
    assert again.returncode == 0, again.stdout
    exported = tmp_path / "again.jsonl"
    assert kiroku("export", session, "-o", str(exported)).returncode == 0
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    back = [json.loads(line) for line in exported.read_text(encoding="utf-8").splitlines()]
    # signed here once imported: the header carries the key and the signed head, each
    # seal its signature; else the same header (head), events and records
    assert back[0].pop("keys") and back[0].pop("signature")
    assert not lines[0].pop("keys", None) and not lines[0].pop("signature", None)
    for line in back[1:]:
        if "command" in line:
            assert line["command"].pop("signature")
    for line in lines[1:]:
        if "command" in line:
            assert not line["command"].pop("signature", "")
    assert back == lines


def test_a_file_is_verified_from_a_pipe(tmp_path: Path) -> None:
    path = tmp_path / "older.jsonl"
    older_file(path)
    kiroku: Run = runner(tmp_path)
    piped = kiroku("replay", "/dev/stdin", "--verify", stdin=path.read_text(encoding="utf-8"))
    assert piped.returncode == 0 and "Traceback" not in piped.stderr, piped.stderr
    carriage = path.read_text(encoding="utf-8").replace('{"position":2,', '{"position":2,\r', 1)
    path.write_text(carriage, encoding="utf-8", newline="")
    with_cr = kiroku("replay", str(path), "--verify")
    assert with_cr.returncode == 0 and "Traceback" not in with_cr.stderr, with_cr.stderr
