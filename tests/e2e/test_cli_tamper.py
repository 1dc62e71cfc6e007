"""Tamper evidence: rows edited, deleted, swapped or cut from the end of the SQLite store,
and lines of a replay file, are found by ``kiroku verify`` and ``kiroku replay --verify``
where they were made (issue 8)."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from adapters.store import EventStore, StoreConfig
from domain.session.chain import GENESIS, Stored, link, seal
from tests.e2e.conftest import Run, runner
from tests.e2e.server import served
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


@pytest.mark.parametrize("name", sorted(TAMPERING))
def test_rows_tampered_with_in_the_store_are_found_where_they_were(
    fought: Run, tmp_path: Path, name: str
) -> None:
    assert fought("verify", *S).returncode == 0
    assert "tampered" not in json.loads(fought("state", *S, "--json").stdout)["session"]
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
    if name == "deleted":  # a read refuses a stream with a gap outright
        refused = fought("state", *S)
        assert refused.returncode != 0 and "has no event 15, yet holds event 16" in refused.stderr
        return
    tampered = json.loads(fought("state", *S, "--json").stdout)["session"]["tampered"]
    assert "do not hash to the seal" in tampered  # state says so, among the last events
    assert fought("state", *S).stdout.splitlines()[1].startswith("TAMPERED: the events up to")


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


def test_a_record_rewritten_to_name_another_hit_is_refused(fought: Run, tmp_path: Path) -> None:
    """Issue 28, item 3: the damage at 13–14 names in its record the hit it was rolled
    for (event 12); a file whose record says another event is refused, and nothing of it
    imported — a record is held to what the rules find, as its events are."""
    exported = tmp_path / "night.jsonl"
    assert fought("export", "night", "-o", str(exported)).returncode == 0
    lines = exported.read_text().splitlines()
    [at] = [i for i, line in enumerate(lines) if '"command":"damage"' in line]
    assert '"used":[[13,12,true]]' in lines[at]
    lines[at] = lines[at].replace('"used":[[13,12,true]]', '"used":[[13,4,true]]')
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    other = runner(tmp_path / "other")
    imported = other("import", str(tampered))
    assert imported.returncode == 2
    assert "its record says it used event 13 for event 4, the rules find event 13 for event 12" in (
        imported.stderr
    )
    assert other("session", "list", "--json").stdout.strip() in ("[]", "")
    assert fought("replay", str(tampered), "--verify").returncode != 0


def test_a_file_stripped_of_its_signatures_is_not_signed_by_the_key_noted(
    fought: Run, tmp_path: Path
) -> None:
    """A copy whose every signature was removed (header and seals) reads as a file made
    before records were signed; against the key the GM noted (``--key``) it is refused,
    saying that nothing in it is signed — not that its head alone lost its signature."""
    noted = json.loads(fought("verify", *S, "--json").stdout)["key"]
    exported = tmp_path / "night.jsonl"
    assert fought("export", "night", "-o", str(exported)).returncode == 0
    lines = [json.loads(line) for line in exported.read_text().splitlines()]
    lines[0].pop("keys"), lines[0].pop("signature")
    for line in lines:
        if "command" in line:
            line["command"]["signature"] = ""
    stripped = tmp_path / "stripped.jsonl"
    stripped.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))
    other = runner(tmp_path / "other")
    refused = other("import", str(stripped), "--key", noted)
    assert refused.returncode == 2
    assert "nothing in it is signed (no seal, no head), so nothing in it is signed by the key " \
        f"given ({noted[:16]}…); nothing was imported" in refused.stderr  # fmt: skip
    assert other("session", "list").stdout.startswith("no sessions yet")


RECORDS = "topic = 'kiroku:CommandRecord'"


FORGERIES = {
    "signatures-kept": ("the seal of the note at ", "signature does not verify"),
    "signatures-stripped": ("the record of the note at 16", "the signature was removed"),
    "keys-removed": ("the seal of the note at ", "no key is trusted for the session here"),
    "all-stripped-keys-removed": ("the record of the note at 16", "the signature was removed"),
    "seals-stripped-keys-removed": ("the record of the ", "the seal was removed"),
}
"""How far the forger goes, and what the state's ``tampered`` starts with and says."""


def forge(raw: sqlite3.Connection, data: Path, *, how: str) -> None:
    """A forgery the rules cannot tell: the note at 16 rewritten in its event and its
    record alike, every seal recomputed over the rows as they now stand — all a forger
    with the store, and not the key kept beside it, can do; then, as ``how`` says, every
    signature removed (since they no longer verify), the keys folder removed (so no key
    is trusted for the session), or every seal removed as well (as if recorded before
    the chain was)."""
    text = b'"text":"the bandits flee"'
    forged = b'"text":"the bandits surrender"'
    raw.execute(
        f"UPDATE stored_events SET state = replace(state, ?, ?) WHERE {EVENTS} "
        "AND originator_version = 16",
        (text, forged),
    )
    raw.execute(
        f"UPDATE stored_events SET state = replace(state, ?, ?) WHERE {RECORDS} "
        "AND originator_version = 16",
        (text, forged),
    )
    raw.commit()
    with EventStore(StoreConfig(kind="sqlite", data_dir=data)) as store:
        stored = list(store.read_stored("night"))
        records = store.records("night")
    resealed, _ = seal("night", GENESIS, stored, records)
    for record in resealed:
        if how != "signatures-kept" and how != "keys-removed":
            record = msgspec.structs.replace(record, signature="")
        if how == "seals-stripped-keys-removed":
            record = msgspec.structs.replace(record, chain="")
        raw.execute(
            f"UPDATE stored_events SET state = ? WHERE {RECORDS} AND originator_version = ?",
            (msgspec.json.encode(record), record.first),
        )
    raw.execute("DELETE FROM stored_snapshots")
    if how.endswith("keys-removed"):
        shutil.rmtree(data / "keys")


@pytest.mark.parametrize("how", sorted(FORGERIES))
def test_a_forgery_with_the_chain_recomputed_fails_on_the_key(
    fought: Run, tmp_path: Path, how: str
) -> None:
    """Issue 28, item 5: without the session's key (kept outside the store) a forger
    who recomputes the chain cannot sign it; verify says so (exit 1), doctor calls the
    session edited, and an export of the forged store is refused by an import that is
    given the key noted earlier. Stripping the signatures, the keys folder and the seals
    too does not help: a store seals and signs every ruling it records, so what is
    unsigned there was stripped."""
    noted = json.loads(fought("verify", *S, "--json").stdout)["key"]
    assert noted and len(noted) == 64
    with sqlite3.connect(tmp_path / "data" / "kiroku.sqlite") as raw:
        forge(raw, tmp_path / "data", how=how)
    raw.close()
    assert "the bandits surrender" in fought("log", *S).stdout  # the forgery reads well
    starts, said = FORGERIES[how]
    tampered = json.loads(fought("state", *S, "--json").stdout)["session"]["tampered"]
    assert tampered.startswith(starts) and said in tampered, tampered  # state too
    with served(tmp_path / "data") as server:
        gm = server.get("/v1/sessions/night").json()["views"]["session"]["tampered"]
        assert gm == tampered
        token = server.post("/v1/sessions/night/tokens", {"participant": "ana"}).json()["token"]
        ana = server.as_token(token).get("/v1/sessions/night").json()["views"]["session"]
        assert (
            ana["tampered"]
            == "the session's record fails its tamper check: ask the GM to verify it"
        )
    found = fought("verify", *S, "--json")
    assert found.returncode == 1, found.stdout
    message = json.loads(found.stdout)["problem"]["message"]
    assert said in message, message
    doctor = fought("doctor", "--json")
    assert doctor.returncode == 2, doctor.stdout
    session = json.loads(doctor.stdout)["sessions"]["night"]
    assert session["edited"] and not session["intact"] and said in session["problem"]
    assert re.search(r"night: \d+ events, EDITED: .*" + re.escape(said), fought("doctor").stdout)
    exported = tmp_path / "forged.jsonl"
    assert fought("export", "night", "-o", str(exported)).returncode == 0
    other = runner(tmp_path / "elsewhere")
    refused = other("import", str(exported), "--key", noted)
    assert refused.returncode == 2, refused.stdout
    assert other("session", "list").stdout.startswith("no sessions yet")


def test_keys_kept_apart_from_the_store_sign_it(tmp_path: Path) -> None:
    """``KIROKU_KEYS_DIR`` keeps the keys where the store's editors cannot reach: the
    session signs with a key there, and the data folder holds none; read without it,
    the session's seals are signed by a key not trusted here (exit 1, and why)."""
    run = runner(tmp_path)
    vault = {"KIROKU_KEYS_DIR": str(tmp_path / "vault")}
    for args in (("session", "open", "--id", "apart", "--gm", "sensei"),
                 ("note", "--session", "apart", "the road north")):  # fmt: skip
        assert run(*args, env=vault).returncode == 0
    verified = run("verify", "--session", "apart", "--json", env=vault)
    assert verified.returncode == 0 and json.loads(verified.stdout)["signed"], verified.stdout
    assert list((tmp_path / "vault").glob("*.key"))
    assert not (tmp_path / "data" / "keys").exists()
    lost = run("verify", "--session", "apart")  # the vault not given
    assert lost.returncode == 1 and "no key is trusted for the session here" in lost.stdout
    (tmp_path / "a-file").write_text("not a folder")
    bad = run("verify", "--session", "apart", env={"KIROKU_KEYS_DIR": str(tmp_path / "a-file")})
    assert bad.returncode == 2 and "the keys folder" in bad.stderr and "is a file" in bad.stderr
    other = runner(tmp_path / "other")  # another store sharing the vault: its own "apart"
    opened = other("session", "open", "--id", "apart", "--gm", "sensei", env=vault)
    assert opened.returncode == 0, opened.stderr


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("head-resigned", "the signature of its head does not verify"),
        ("signature-removed", "its header's head is not"),
        ("another-key", "not the key given"),
    ],
)
def test_an_export_s_signed_head_is_checked(
    fought: Run, tmp_path: Path, how: str, says: str
) -> None:
    noted = json.loads(fought("verify", *S, "--json").stdout)["key"]
    exported = tmp_path / "night.jsonl"
    assert fought("export", "night", "-o", str(exported)).returncode == 0
    lines = exported.read_text().splitlines()
    header = json.loads(lines[0])
    if how == "head-resigned":
        header["signature"] = header["signature"][:-2] + (
            "00" if header["signature"][-2:] != "00" else "11"
        )
    elif how == "signature-removed":
        header["signature"] = None
    lines[0] = json.dumps(header)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n")
    key = noted if how != "another-key" else "ab" * 32
    refused = runner(tmp_path / "elsewhere")("import", str(path), "--key", key)
    assert refused.returncode == 2 and says in refused.stderr, refused.stderr
    if how != "another-key":
        replayed = fought("replay", str(path))
        assert replayed.returncode == 2 and says in replayed.stderr


def test_a_file_from_before_signing_is_sealed_and_signed_once_imported(tmp_path: Path) -> None:
    """A replay file whose seals are not signed (the curated replays are such files)
    imports re-judged; the store then signs its seals with the session's key, so that
    nothing a store holds is unsigned and a signature stripped later is found."""
    run = runner(tmp_path)
    fixture = Path(__file__).parents[2] / "replays" / "retracted-attack.jsonl"
    header = json.loads(fixture.read_text().splitlines()[0])
    assert not header.get("keys"), "the fixture is meant to be unsigned"
    assert run("import", str(fixture)).returncode == 0
    verified = run("verify", "--session", header["session"], "--json")
    assert verified.returncode == 0, verified.stdout
    assert json.loads(verified.stdout)["signed"] and json.loads(verified.stdout)["key"]
    exported = tmp_path / "again.jsonl"
    assert run("export", header["session"], "-o", str(exported)).returncode == 0
    assert json.loads(exported.read_text().splitlines()[0])["keys"]


def forged_file(exported: Path, path: Path) -> None:
    """``exported`` rewritten as a forger without the key would: the heal at 15 made 13
    in its event and its record, every seal and signature blanked, the header's keys
    and signed head dropped and its head computed again — a file from before signing,
    consistent with the rules."""
    lines = [json.loads(line) for line in exported.read_text().splitlines()]
    header, body = lines[0], lines[1:]
    for line in body:
        if "event" in line and line["position"] == 15:
            line["event"]["amount"] = 13
        if "command" in line:
            record = line["command"]
            if record["first"] == 15:
                record["inputs"]["amount"] = 13
            record["chain"], record["signature"] = "", ""
    stored = [Stored(line["position"], line["event"]) for line in body if "event" in line]
    value = GENESIS
    for event in stored:
        value = link(value, header["session"], event)
    header.pop("keys"), header.pop("signature")
    header["head"] = value
    path.write_text("\n".join(json.dumps(line) for line in [header, *body]) + "\n")


@pytest.mark.parametrize("keys_too", [False, True], ids=["keys-kept", "keys-removed"])
def test_a_forgery_imported_over_the_removed_session_is_not_laundered(
    fought: Run, tmp_path: Path, keys_too: bool
) -> None:
    """Issue 28, item 5: a forger removes the session's rows from the store and imports
    a forged, unsigned copy under its id. With its key still here the import is refused
    (a key is made once, with the session's first ruling: its rows were removed); with
    the keys folder removed too, the copy imports — but its seals were signed at import,
    which verify says, and against the key the GM noted it fails."""
    noted = json.loads(fought("verify", *S, "--json").stdout)["key"]
    exported = tmp_path / "night.jsonl"
    assert fought("export", "night", "-o", str(exported)).returncode == 0
    forged = tmp_path / "forged.jsonl"
    forged_file(exported, forged)
    assert fought("replay", str(forged), "--verify").returncode == 0  # it is rules-consistent
    with sqlite3.connect(tmp_path / "data" / "kiroku.sqlite") as raw:
        raw.execute("DELETE FROM stored_events")
        raw.execute("DELETE FROM stored_snapshots")
    raw.close()
    if keys_too:
        shutil.rmtree(tmp_path / "data" / "keys")
    imported = fought("import", str(forged))
    if not keys_too:
        assert imported.returncode == 2, imported.stdout
        assert "has a signing key here (" in imported.stderr
        assert "but the store holds no such session" in imported.stderr
        assert "Nothing was imported" in imported.stderr
        refused = fought("session", "open", "--id", "night", "--gm", "sensei")
        assert refused.returncode == 2 and "has a signing key here" in refused.stderr
        return
    assert imported.returncode == 0, imported.stderr
    verified = fought("verify", *S)
    assert verified.returncode == 0 and "were signed here when the file they came from was " \
        "imported" in verified.stdout  # fmt: skip
    against = fought("verify", *S, "--key", noted)
    assert against.returncode == 1, against.stdout
    assert "signed here when it was imported, not by the key given" in against.stdout
