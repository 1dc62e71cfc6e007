"""``kiroku export``, ``kiroku import`` and ``kiroku replay``: sessions as replay files."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from adapters.cli import context
from adapters.cli.render import print_json, render_state
from adapters.codec import encode_event
from adapters.files import write_file
from adapters.keys import Keys, SignatureCheck, check_public, sealed_message, signed_by
from adapters.replay_file import (
    ReplayHeader,
    dump_lines,
    header_for,
    read_replay_stored,
    write_replay,
)
from application.campaigns import check_imported
from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.events import ImportedUnverified, Recorded, SessionOpened
from domain.session.aggregate import Session
from domain.session.chain import GENESIS, Stored, seal
from domain.session.record import CommandRecord
from domain.session.snapshot import take
from domain.session.verify import Discrepancy, Verdict, verify
from projections import project


def expected_path(replay: Path) -> Path:
    """``NAME.jsonl`` → ``NAME.expected.json``."""
    return replay.with_name(replay.name.removesuffix(".jsonl") + ".expected.json")


def dump_expected(projections: dict[str, Any]) -> str:
    return json.dumps(projections, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def _export(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        service.load(args.session_id)  # NotFound, quoted, for a session that is not there
        events = list(service.store.read(args.session_id))
        last = events[-1].position  # a command appended meanwhile is not in this export
        records = [r for r in service.store.records(args.session_id) if r.last <= last]
        stored = list(service.store.read_stored(args.session_id, until=last))
    finally:
        service.store.close()
    # the events as they were stored, word for word: the file's chain is the store's
    header = signed_header(service.keys, args.session_id, last, header_for(events, records, stored))
    if args.output == "":
        raise MalformedInput("-o: no file named (leave -o out to print to stdout)")
    if args.output is not None:
        write_replay(Path(args.output), stored, records, header)
        print(
            f"wrote {len(events)} events and {len(records)} command records of "
            f"{args.session_id!r} to {args.output}"
        )
    else:
        sys.stdout.buffer.writelines(dump_lines(stored, header, records))
    return 0


class Checked(NamedTuple):
    """A replay file as ``import`` takes it."""

    header: ReplayHeader
    events: list[Recorded]
    records: list[CommandRecord]
    stored: list[Stored]
    """Its events as its lines hold them (what its chain is over)."""
    session: Session
    """Its events folded."""
    verdict: Verdict


def checked_file(args: argparse.Namespace, doing: str) -> Checked:
    """A replay file read and re-judged as ``import`` takes it (``doing``: "imported",
    "replayed"): its seals, its head (a version 2 file carries one), every bound and
    every recorded ruling; a file with events no recorded command gave only with
    ``--unverified``. Anything else refused, naming the line, with nothing done."""
    header, events, records, stored = read_replay_stored(args.file)
    session = Session(events)  # the stream folds: positions follow, it opens first
    if header.version >= 2 and header.head is None:
        raise MalformedInput(
            f"{args.file!r} line 1: a version {header.version} replay's header carries the "
            f"head of its chain, and this one has none (removed?); nothing was {doing}"
        )
    check_header_signature(args, header, records, events[-1].position, doing)
    signatures = file_signatures(args, header)
    verdict = verify(
        events, records, expected_head=header.head, stored=stored, signatures=signatures
    )
    if verdict.problem is not None:
        problem = verdict.problem
        raise MalformedInput(
            f"{args.file!r} line {file_line(problem, len(events), records)}: "
            f"{problem.message}; nothing was {doing} "
            f"(kiroku replay {args.file} --verify shows the difference)"
        )
    if verdict.unverified and not args.unverified:
        raise MalformedInput(
            f"{args.file!r}: {unverified_line(verdict)}; nothing was {doing} (--unverified "
            f"takes it as it is{', marked unverified for ever' if doing == 'imported' else ''})"
        )
    return Checked(header, events, records, stored, session, verdict)


def signed_header(keys: Keys, session: str, last: int, header: ReplayHeader) -> ReplayHeader:
    """An export's header with the keys that signed its seals and its head signed (a
    session that never signed here, recorded before seals were signed, exports as it
    came)."""
    if header.head is None or not keys.trusted(session):
        return header
    public, signature = keys.sign_head(session, last, header.head)
    trusted = [k for k in keys.trusted(session) if k != public]
    return msgspec.structs.replace(header, keys=(*trusted, public), signature=signature)


def file_signatures(args: argparse.Namespace, header: ReplayHeader) -> SignatureCheck:
    """A file's seals checked against the keys its header carries (``--key``: that key
    alone, which must be among them)."""
    keys = [check_public(k, f"{args.file!r} line 1: key") for k in header.keys]
    required = None if getattr(args, "key", None) is None else check_public(args.key)
    return SignatureCheck(header.session, keys, required)


def check_header_signature(
    args: argparse.Namespace,
    header: ReplayHeader,
    records: Sequence[CommandRecord],
    last: int,
    doing: str,
) -> None:
    """A file whose seals are signed carries its head signed by its session's key (the
    last of its keys): a copy cut short, its head recomputed, cannot sign it again; with
    ``--key``, that key must be the one."""
    signed = any(r.signature for r in records)
    required = None if getattr(args, "key", None) is None else check_public(args.key)
    if header.signature is None:
        if signed:
            raise MalformedInput(
                f"{args.file!r} line 1: its seals are signed but its header's head is not "
                f"(its signature removed?); nothing was {doing}"
            )
        if required is not None:
            raise MalformedInput(
                f"{args.file!r} line 1: nothing in it is signed (no seal, no head), so "
                f"nothing in it is signed by the key given ({required[:16]}…); nothing was "
                f"{doing}"
            )
        return
    if not header.keys or header.head is None:
        raise MalformedInput(
            f"{args.file!r} line 1: a signed head needs its key and its head; nothing was {doing}"
        )
    public = check_public(header.keys[-1], f"{args.file!r} line 1: key")
    if required is not None and public != required:
        raise MalformedInput(
            f"{args.file!r} line 1: its head is signed by key {public[:16]}…, not the key "
            f"given ({required[:16]}…); nothing was {doing}"
        )
    if not signed_by(public, sealed_message(header.session, last, header.head), header.signature):
        raise MalformedInput(
            f"{args.file!r} line 1: the signature of its head does not verify (the head or "
            f"its signature was edited); nothing was {doing}"
        )


def unverified_line(verdict: Verdict) -> str:
    """What a verdict says of events no recorded command gave."""
    count = verdict.unverified
    said = f"{count} event{'s' if count > 1 else ''} no recorded command gave"
    if verdict.imports:
        mark = verdict.imports[-1]
        return (
            f"{said}, imported from {mark.file!r} by {mark.actor} at {mark.at.isoformat()} "
            "without the record of its commands: never re-judged (unverified)"
        )
    if verdict.unrecorded:
        return f"{said} (a file without command records, version 1): none can be re-judged"
    return f"{said} (recorded before commands were, or their records removed): never re-judged"


def _import(args: argparse.Namespace) -> int:
    header, events, records, stored, session, verdict = checked_file(args, "imported")
    service = context.open_service(args)
    try:
        if service.store.exists(header.session):
            raise IllegalUnderRules(
                f"a session {header.session!r} already exists; nothing was imported"
            )
        try:  # a key made here for it already
            service.keys.refuse_kept(header.session, "an import")
        except IllegalUnderRules as refused:
            raise IllegalUnderRules(f"{refused}. Nothing was imported") from None
        try:  # its campaign, and the sheets it says were carried
            check_imported(service, header.session, events)
        except (IllegalUnderRules, NotFound) as refused:
            raise type(refused)(f"{refused}; nothing was imported") from None
        appended = [r.event for r in events]
        for public in header.keys:  # the keys its seals were signed with, trusted here
            service.keys.trust(header.session, public)
        if verdict.unverified:  # the mark, after the events as the file wrote them
            opened = events[0].event
            assert isinstance(opened, SessionOpened)
            mark = ImportedUnverified(
                actor=opened.gm,
                at=service.clock(),
                reason="kiroku import --unverified",
                file=_file_name(args.file),
                events=verdict.unverified,
            )
            appended.append(mark)
            position = len(events) + 1
            stored = [*stored, Stored(position, msgspec.json.decode(encode_event(mark)))]
            events = [*events, Recorded(position, mark)]
            session.record(events[-1:])
        take(session.state)  # a state that cannot be kept fails here, not half-way
        records = sealed_here(service.keys, header.session, stored, records)
        # the events as the file stored them, word for word: its seals and head hold
        service.store.append(header.session, 0, appended, records, stored)
        service.snapshot(header.session, force=True)  # the next command folds no history
    finally:
        service.store.close()
    print(
        f"imported {len(events)} events and {len(records)} command records as session "
        f"{header.session!r}"
        + (
            f"; {verdict.rulings} rulings re-judged"
            if not verdict.unverified
            else f"; {unverified_line(verdict)}: the session is marked unverified for ever"
            + (f" ({verdict.rulings} later rulings re-judged)" if verdict.rulings else "")
        )
    )
    return 0


def sealed_here(
    keys: Keys, session: str, stored: Sequence[Stored], records: Sequence[CommandRecord]
) -> list[CommandRecord]:
    """A file's records as the store keeps them, each sealed and signed: the file's own
    seals and signatures kept; a record the file left unsealed or unsigned (a file from
    before seals or signatures were) sealed over the events as the file stores them and
    signed with the session's key here, as signed at import (:data:`~domain.session.
    record.IMPORTED`: ``verify`` says how many) — the import re-judged it, and a store
    seals and signs every record it holds, so one found unsigned later was stripped
    (:func:`domain.session.verify.check_signatures`)."""
    resealed, _ = seal(session, GENESIS, stored, records)
    return [
        given
        if given.chain and given.signature
        else msgspec.structs.replace(own, signature=keys.sign(session, own, imported=True))
        for given, own in zip(records, resealed, strict=True)
    ]


def _file_name(path: str) -> str:
    """A file's name as a mark records it: its last part, one printable line."""
    name = "<stdin>" if path == "-" else Path(path).name
    return "".join(c if c.isprintable() else "?" for c in name)[:200] or "?"


def file_line(problem: Discrepancy, events: int, records: Sequence[CommandRecord]) -> int:
    """The line of a replay file a problem is on: its event's (the header is line 1), or,
    when what differs is a ruling's record, that record's (after every event)."""
    if problem.in_record and problem.record is not None:
        for index, record in enumerate(records):
            if record.first == problem.record.first:
                return 1 + events + index + 1
    return problem.position + 1


def _verified(
    args: argparse.Namespace,
    verdict: Verdict,
    what: str,
    line: int | None = None,
    key: str | None = None,
) -> int:
    """Print a verdict (``line``: the replay file's line of its problem); 0 when every
    ruling re-judged to its events, else 1."""
    problem = verdict.problem
    if args.json:
        print_json(
            {
                "verified": verdict.ok,
                "rulings": verdict.rulings,
                "events": verdict.events,
                "unrecorded": verdict.unrecorded,
                "unverified": verdict.unverified,
                "imports": [
                    {"file": m.file, "events": m.events, "by": m.actor, "at": m.at.isoformat()}
                    for m in verdict.imports
                ],
                "head": verdict.head,
                "sealed": verdict.sealed,
                "signed": verdict.signed,
                "key": key,
                "notes": verdict.notes,
                "problem": None
                if problem is None
                else {
                    "position": problem.position,
                    "line": line,
                    "message": problem.message,
                    "diff": problem.diff(),
                },
            }
        )
    elif problem is not None:
        where = "" if line is None else f" (line {line})"
        print(f"{what}: {problem.message}{where}")
        print(problem.diff(), end="")
    elif verdict.unverified:
        print(f"{what} is not verified: {unverified_line(verdict)}")
        if verdict.rulings:
            print(
                f"the {verdict.rulings} rulings recorded after them ({verdict.events} events) "
                "re-judge to the events recorded"
            )
    else:
        print(
            f"{what}: re-judged {verdict.rulings} rulings ({verdict.events} events) under the "
            "current rules: each gives the events recorded"
        )
    if problem is None and not args.json:
        for note in verdict.notes:
            print(f"note: {note}")
        if not verdict.sealed and verdict.rulings:
            print("note: its records carry no seal (recorded before the hash chain was): an "
                  "edit to its events cannot be told from the chain")  # fmt: skip
        print(f"head: {verdict.head} (note it: verify --head finds a session cut short)")
        if verdict.signed and key is not None:
            print(f"key: {key} (note it: verify --key finds a copy signed by another)")
        elif verdict.sealed and not verdict.signed:
            print("note: its seals are not signed (recorded before seals were, or the "
                  "signatures stripped: verify --key tells)")  # fmt: skip
    return 0 if verdict.ok else 1


def _verify_session(args: argparse.Namespace) -> int:
    """``kiroku verify --session S``: every recorded ruling of the session re-judged."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        service.store.opened(sid)  # NotFound, quoted, for a session that is not there
        # read as found, gaps and all: saying what is missing is the point of an audit
        events = list(service.store.read(sid, as_found=True))
        records = [r for r in service.store.records(sid) if r.last <= events[-1].position]
        stored = list(service.store.read_stored(sid, until=events[-1].position, as_found=True))
        required = None if args.key is None else check_public(args.key)
        signatures = SignatureCheck(sid, service.keys.trusted(sid), required, every=True)
    finally:
        service.store.close()
    verdict = verify(events, records, expected_head=args.head, stored=stored, signatures=signatures)
    own = required or (signatures.trusted[-1] if signatures.trusted else None)
    return _verified(args, verdict, f"session {sid!r}", key=own)


def _replay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if args.verify:
        header, events, records, stored = read_replay_stored(path)
        verdict = verify(
            events,
            records,
            expected_head=header.head,
            stored=stored,
            signatures=file_signatures(args, header),
        )
        problem = verdict.problem
        line = None if problem is None else file_line(problem, len(events), records)
        return _verified(args, verdict, f"{args.file}", line, (header.keys or (None,))[-1])
    checked = checked_file(args, "replayed")  # as strict as import
    events, verdict = checked.events, checked.verdict
    if verdict.unverified:
        print(f"kiroku: {args.file}: {unverified_line(verdict)}", file=sys.stderr)
    if args.until is not None and not 0 <= args.until <= len(events):
        raise MalformedInput(f"--until {args.until}: the replay has positions 0 to {len(events)}")
    # The readable table shows no timeline: build it only for what prints or writes it.
    projections = project(events, args.until, with_timeline=args.json or args.update_expected)
    if args.update_expected:
        if args.until is not None:
            raise MalformedInput("--update-expected writes the whole replay's projections")
        target = expected_path(path)
        write_file(target, [dump_expected(projections).encode()])
        print(f"wrote {target}")
        return 0
    if args.json:
        print_json(projections)
    else:
        print(render_state(projections))
    return 0
