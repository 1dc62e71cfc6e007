"""Replay files: one session as JSON Lines (DESIGN principle 7).

Line 1 is a header — ``{"format": "kiroku-replay", "version": 1, "ruleset": …,
"session": …}`` — and every further line one event at its position:
``{"position": 1, "event": {"type": "SessionOpened", …}}``. Version 2 adds, after the
events, the record of each command that gave them, a line each: ``{"command": {"first":
4, "count": 2, "command": "roll", …}}`` (:mod:`domain.session.record`); a session with no
command records was written as version 1. Reading validates every line (JSON,
event schema, positions 1, 2, 3 …, a session that starts with its opening, the header
agreeing with it, every event within what a command gives and every roll recomputing to
its recorded outcome; records in order, each of events the file holds) and refuses a
corrupt file whole, naming the line and the reason. Every file is now written as version
2 (a session of its opening alone too); a version 1 file, whose rulings cannot be
re-judged, is read only to be refused or taken ``--unverified``
(:mod:`adapters.cli.replay_commands`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from adapters.codec import BOM, EventCodec, codec_for, decode_record, encode_event
from adapters.files import read_bounded, write_file
from domain.commands import MAX_REASON
from domain.errors import KirokuError, MalformedInput, excerpt
from domain.events import CharacterJoined, Event, NoteTaken, Recorded, SessionOpened
from domain.names import check_name
from domain.rulesets import load_ruleset
from domain.rulesets.base import RecordedOrdering
from domain.session.bounds import check_numbers, check_positions
from domain.session.chain import Stored, head
from domain.session.commands import MAX_NOTE
from domain.session.record import CommandRecord
from domain.session.stream import check_session_id, check_title
from domain.text import first_unprintable

MAX_REPLAY_FILE = 512 * 2**20
"""The largest replay file read (some two million events): reading one whole holds a few
times its size in memory."""
FORMAT = "kiroku-replay"
VERSION = 2
"""The version written (with command records and the chain's head)."""
VERSIONS = (1, 2)


class ReplayHeader(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    version: int
    ruleset: str
    session: str
    head: str | None = None
    """The hash chain's value after the last event (:mod:`domain.session.chain`), in a
    version 2 file: what a truncated or edited copy no longer reaches."""
    keys: tuple[str, ...] = ()
    """The public keys that signed its records' seals (:mod:`adapters.keys`), its own
    session's last."""
    signature: str | None = None
    """The head signed with the last of ``keys``: a copy cut short, its head recomputed,
    cannot sign it again."""


class _Line(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An event line (``position`` and ``event``) or a command record's (``command``)."""

    position: int | None = None
    event: msgspec.Raw = msgspec.Raw(b"")
    """Empty when the line has none (msgspec reads ``Raw`` only on its own, not in a union)."""
    command: msgspec.Raw = msgspec.Raw(b"")


class _CommandLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    command: CommandRecord


class CorruptReplay(MalformedInput):
    """A replay file that cannot be read; nothing of it is imported."""

    def __init__(self, path: Path | str, line: int, reason: str) -> None:
        self.path = str(path)
        self.line = line
        super().__init__(f"replay {str(path)!r}, line {line}: {reason}")


_header_decoder = msgspec.json.Decoder(ReplayHeader)
_line_decoder = msgspec.json.Decoder(_Line)
_command_lines = msgspec.json.Decoder(_CommandLine)
COMMAND_LINE = b'{"command":'

_encoder = msgspec.json.Encoder()


def header_for(
    events: list[Recorded],
    records: Sequence[CommandRecord] = (),
    stored: Sequence[Stored] | None = None,
) -> ReplayHeader:
    """The header of a file of ``events``: its head is the chain's over the events as
    they are written — ``stored``, when they are written as they were stored."""
    opened = events[0].event
    assert isinstance(opened, SessionOpened)
    chained: Sequence[Recorded | Stored] = events if stored is None else stored
    return ReplayHeader(
        FORMAT, VERSION, opened.ruleset, opened.session, head(opened.session, chained)
    )


def dump_lines(
    events: Iterable[Recorded | Stored],
    header: ReplayHeader,
    records: Sequence[CommandRecord] = (),
) -> Iterable[bytes]:
    """The file's lines; an event :class:`Stored` is written as it was stored, word for
    word, so the chain its records were sealed with still holds in the file."""
    yield _encoder.encode(header) + b"\n"
    for recorded in events:
        payload = (
            _encoder.encode(recorded.payload)
            if isinstance(recorded, Stored)
            else encode_event(recorded.event)
        )
        yield b'{"position":%d,"event":' % recorded.position + payload + b"}\n"
    for record in records:
        yield COMMAND_LINE + encode_event(record) + b"}\n"


def write_replay(
    path: Path,
    events: Sequence[Recorded | Stored],
    records: Sequence[CommandRecord] = (),
    header: ReplayHeader | None = None,
) -> None:
    """Write a session's events (and its command records) as a replay file (atomically: a
    temp file, then a rename; a device or a FIFO is written through, and a symbolic
    link's file replaced, not the link); events :class:`Stored` go with the ``header``
    made for them (:func:`header_for`)."""
    if not events:
        raise MalformedInput("an empty session has nothing to write")
    if header is None:
        recorded = [e for e in events if isinstance(e, Recorded)]
        if len(recorded) != len(events):
            raise ValueError("events written as stored need the header made for them")
        header = header_for(recorded, records)
    write_file(path, dump_lines(events, header, records))


def read_replay(
    path: Path | str, *, recompute_rolls: bool = True
) -> tuple[ReplayHeader, list[Recorded]]:
    """Read and validate a whole replay file; a corrupt one raises :class:`CorruptReplay`."""
    header, events, _ = read_replay_records(path, recompute_rolls=recompute_rolls)
    return header, events


def read_replay_stored(
    path: Path | str, *, recompute_rolls: bool = True
) -> tuple[ReplayHeader, list[Recorded], list[CommandRecord], list[Stored]]:
    """:func:`read_replay_records`, and the file's events as its lines hold them (plain
    JSON: what its chain is computed over) — from one read of the file, so a pipe is
    read once and the chain is checked over the very bytes that were parsed."""
    data = read_bounded(path, MAX_REPLAY_FILE, "replay")
    header, events, records = parse_replay_records(data, path, recompute_rolls=recompute_rolls)
    return header, events, records, stored_lines(data, path)


def stored_lines(data: bytes, path: Path | str = "<replay>") -> list[Stored]:
    """The events of a replay file's bytes as plain JSON, its lines split as the parser
    splits them (on newlines only); the file must have been parsed already."""
    stored = []
    for number, line in enumerate(data.removeprefix(BOM).split(b"\n")[1:], 2):
        if not line.strip():
            continue
        try:
            found = msgspec.json.decode(line)
        except (msgspec.DecodeError, RecursionError):
            raise CorruptReplay(path, number, "not JSON") from None
        if isinstance(found, dict) and "event" in found:
            stored.append(Stored(found["position"], found["event"]))
    return stored


def read_replay_records(
    path: Path | str, *, recompute_rolls: bool = True
) -> tuple[ReplayHeader, list[Recorded], list[CommandRecord]]:
    """:func:`read_replay`, with the file's command records."""
    data = read_bounded(path, MAX_REPLAY_FILE, "replay")
    return parse_replay_records(data, path, recompute_rolls=recompute_rolls)


def parse_replay(
    data: bytes, path: Path | str = "<replay>", *, recompute_rolls: bool = True
) -> tuple[ReplayHeader, list[Recorded]]:
    header, events, _ = parse_replay_records(data, path, recompute_rolls=recompute_rolls)
    return header, events


def parse_replay_records(
    data: bytes, path: Path | str = "<replay>", *, recompute_rolls: bool = True
) -> tuple[ReplayHeader, list[Recorded], list[CommandRecord]]:
    if data.startswith(BOM):  # an editor's UTF-8 byte order mark: not part of the JSON
        data = data[len(BOM) :]
    first, _, rest = data.partition(b"\n")
    if not first.strip():
        raise CorruptReplay(path, 1, "the file is empty; a replay starts with its header")
    _check_printable(data, path)
    try:
        header = _header_decoder.decode(first)
    except msgspec.DecodeError as error:
        raise CorruptReplay(path, 1, f"not a replay header: {error}") from None
    if header.format != FORMAT:
        raise CorruptReplay(path, 1, f"format {header.format!r} is not {FORMAT!r}")
    if header.version not in VERSIONS:
        raise CorruptReplay(
            path, 1, f"replay version {header.version} (this reads {', '.join(map(str, VERSIONS))})"
        )
    try:
        codec = codec_for(header.ruleset)
    except KirokuError as error:
        raise CorruptReplay(path, 1, str(error)) from None
    _check_line_lengths(rest, path)
    found = _fast(rest, codec)
    events, records = found if found is not None else _decode_line_by_line(rest, path, codec)
    unrecorded = min((r.first for r in records), default=len(events) + 1) - 1
    _check_stream(
        header,
        events,
        path,
        recompute_rolls=recompute_rolls,
        large=_large(data),
        unrecorded=unrecorded,
    )
    _check_records(header, events, records, path)
    return header, events, records


ESCAPE = re.compile(rb"\\[nrtbfu]")
"""A JSON escape that may stand for an unprintable character (``\\n``, ``\\u001b``; not
``\\"``, ``\\\\`` or ``\\/``)."""


LARGE = re.compile(rb"[0-9]{10}|[0-9.][eE][-+]?[0-9]")
"""Ten digits in a row, or an exponent: where a number beyond
:data:`domain.session.bounds.MAX_NUMBER` may be (a time, a die, a count never has one)."""


def _large(data: bytes) -> set[int]:
    """The lines (1 is the header) that may hold a number beyond what a command gives,
    found by a search at C speed: only their events are walked number by number."""
    end = data.find(b"\n" + COMMAND_LINE)  # a record's seal is hex: its inputs are re-judged
    lines, line, counted = set(), 1, 0
    for found in LARGE.finditer(data, 0, len(data) if end < 0 else end):
        line += data.count(b"\n", counted, found.start())
        counted = found.start()
        lines.add(line)
    return lines


def _check_printable(data: bytes, path: Path | str) -> None:
    """No string anywhere in the file that a command could not have recorded: each must
    be one line of printable text (:mod:`domain.text`). An unprintable character is
    either escaped (found by a search at C speed) or raw (only past ASCII, or DEL: found
    by ``isprintable`` over the whole text); only the lines holding one are decoded and
    walked, so a plain file costs a few milliseconds a megabyte."""
    starts = {data.rfind(b"\n", 0, found.start()) + 1 for found in ESCAPE.finditer(data)}
    if b"\x7f" in data or not (data.isascii() or _printable(data)):
        offset = 0
        for line in data.split(b"\n"):
            if not _printable(line):
                starts.add(offset)
            offset += len(line) + 1
    for start in sorted(starts):
        end = data.find(b"\n", start)
        line = data[start : len(data) if end < 0 else end]
        try:
            unprintable = first_unprintable(msgspec.json.decode(line))
        except (msgspec.DecodeError, RecursionError):
            continue  # not JSON: the parser names it
        if unprintable is not None:
            where, text = unprintable
            number = data.count(b"\n", 0, start) + 1
            raise CorruptReplay(
                path, number, f"{where} {excerpt(text)} is not one line of printable text"
            )


def _printable(data: bytes) -> bool:
    """Whether ``data`` (UTF-8, newlines aside) holds only printable characters; bytes
    that are not UTF-8 count as printable here (the parser refuses them)."""
    try:
        text = data.decode()
    except UnicodeDecodeError:
        return True
    return text.replace("\n", "").isprintable()


def _check_line_lengths(body: bytes, path: Path | str) -> None:
    """No line longer than :data:`MAX_LINE` bytes (the header is line 1)."""
    if len(body) <= MAX_LINE:
        return
    lines = body.split(b"\n")
    if max(map(len, lines)) <= MAX_LINE:
        return
    for number, line in enumerate(lines, start=2):
        if len(line) > MAX_LINE:
            raise CorruptReplay(
                path, number, f"a line of {len(line):,} bytes: at most {MAX_LINE:,}"
            )


def _fast(body: bytes, codec: EventCodec) -> tuple[list[Recorded], list[CommandRecord]] | None:
    """The events in one decoder call and the records (written after them) in another;
    None when any line needs more care."""
    split = body.find(b"\n" + COMMAND_LINE)
    head, tail = (body, b"") if split < 0 else (body[: split + 1], body[split + 1 :])
    events = codec.decode_lines(head)
    if events is None:
        return None
    try:
        records = [line.command for line in _command_lines.decode_lines(tail)] if tail else []
    except (msgspec.DecodeError, RecursionError):
        return None
    return events, records


def _decode_line_by_line(
    body: bytes, path: Path | str, codec: EventCodec
) -> tuple[list[Recorded], list[CommandRecord]]:
    """The careful way: line by line, upcasting old events, naming the line that fails."""
    lines = body.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    events: list[Recorded] = []
    records: list[CommandRecord] = []
    for number, line in enumerate(lines, start=2):
        try:
            raw_line = _line_decoder.decode(line)
            has_event, has_command = len(raw_line.event) > 0, len(raw_line.command) > 0
            if has_command and not has_event and raw_line.position is None:
                records.append(decode_record(raw_line.command))
                continue
            if raw_line.position is None or not has_event or has_command:
                raise MalformedInput(
                    'a line is an event ({"position": …, "event": …}) or a command record '
                    '({"command": …})'
                )
            if records:
                raise MalformedInput("an event after the command records")
            event = codec.decode(raw_line.event)
        except RecursionError:
            raise CorruptReplay(path, number, "nested too deep to be a replay line") from None
        except (msgspec.DecodeError, KirokuError) as error:
            raise CorruptReplay(path, number, str(error)) from None
        events.append(Recorded(raw_line.position, event))
    return events, records


def _check_records(
    header: ReplayHeader, events: list[Recorded], records: list[CommandRecord], path: Path | str
) -> None:
    """Each record is of events the file holds, after the opening, in order, none of two
    batches at once, and its events are its actor's, at its time (record ``i``'s line is
    ``len(events) + i + 2``)."""
    if records and header.version < 2:
        raise CorruptReplay(path, len(events) + 2, "command records in a version 1 replay")
    after = 1  # the opening is no command's
    for index, record in enumerate(records):
        number = len(events) + index + 2
        if record.count < 1 or record.first <= after or record.last > len(events):
            raise CorruptReplay(
                path,
                number,
                f"the record of {record.command!r} claims events {record.first} to "
                f"{record.last}: records follow each other, after the opening, within the "
                f"{len(events)} events",
            )
        after = record.last
        for recorded in events[record.first - 1 : record.last]:
            event = recorded.event
            if (event.actor, event.at) != (record.actor, record.at):
                raise CorruptReplay(
                    path,
                    number,
                    f"the record of {record.command!r} (by {record.actor} at "
                    f"{record.at.isoformat()}) does not match event {recorded.position} (by "
                    f"{event.actor} at {event.at.isoformat()}): a command's events are its "
                    "actor's, at its time",
                )


def _check_stream(
    header: ReplayHeader,
    events: list[Recorded],
    path: Path | str,
    *,
    recompute_rolls: bool,
    large: set[int] | None = None,
    unrecorded: int = 0,
) -> None:
    """Positions 1, 2, 3…; the session opens first, once, as the header says; every event
    within what a command gives (:mod:`domain.session.bounds`) and consistent in itself
    under the ruleset (a roll recomputes from its faces, a wound from its damage: see
    :meth:`domain.rulesets.base.Ruleset.verify`) (the file's line of event ``n`` is ``n + 1``);
    the first ``unrecorded`` events, which no command record vouches for, consistent too
    with the events before them (the ruleset's ``recorded_order``: an attack's total is
    its roll's). ``large``: the only lines whose numbers need walking (None: every line's)."""
    if not events:
        raise CorruptReplay(path, 2, "no events: a replay holds at least the session's opening")
    opened = events[0].event
    if not isinstance(opened, SessionOpened):
        raise CorruptReplay(path, 2, "the first event must be SessionOpened")
    if (opened.ruleset, opened.session) != (header.ruleset, header.session):
        raise CorruptReplay(
            path,
            2,
            f"the header says {header.ruleset}/{header.session} but the session opened as "
            f"{opened.ruleset}/{opened.session}",
        )
    try:
        ruleset = load_ruleset(opened.ruleset, dict(opened.options))
    except KirokuError as error:
        raise CorruptReplay(path, 2, str(error)) from None
    actors: set[str] = set()
    ordered = recompute_rolls and unrecorded
    in_order = (
        ruleset.recorded_order() if ordered and isinstance(ruleset, RecordedOrdering) else None
    )
    for index, recorded in enumerate(events):
        number = index + 2
        if recorded.position != index + 1:
            raise CorruptReplay(path, number, f"position {recorded.position}, expected {index + 1}")
        event = recorded.event
        if index and isinstance(event, SessionOpened):
            raise CorruptReplay(path, number, "a session is opened only once")
        try:
            check_identities(event, ruleset, actors)
            if large is None or number in large:
                check_numbers(event)
            check_positions(event, recorded.position, len(events))
            if recompute_rolls:
                ruleset.verify(event)
            if in_order is not None and index < unrecorded:
                in_order(event)
        except KirokuError as error:
            raise CorruptReplay(path, number, str(error)) from None


MAX_LINE = 1_000_000
"""The longest line of a replay file, in bytes: a sheet or an armoury fits in far less."""


_CHECKED = (SessionOpened, CharacterJoined, NoteTaken)


def check_identities(event: Event, ruleset: Any, actors: set[str]) -> None:
    """What a command would have refused, refused in a file too: who recorded it, a
    session's id and GM, a joining character's sheet and player (each a name: printable,
    at most 100 characters — a newline or an escape would forge a line of the log), a
    reason or a note longer than a command takes. ``actors``: the ones already checked."""
    if event.actor not in actors:
        actors.add(check_name(event.actor, "the actor"))
    reason = event.reason
    if reason is not None and len(reason) > MAX_REASON:
        raise MalformedInput(f"a reason of {len(reason):,} characters: at most {MAX_REASON}")
    if type(event) not in _CHECKED:
        return
    if isinstance(event, SessionOpened):
        check_session_id(event.session)
        check_name(event.gm, "the GM's id")
        check_title(event.title, event.campaign)
    elif isinstance(event, CharacterJoined):
        check_name(event.player, "a player's id")
        name = getattr(event.sheet, "name", None)
        if isinstance(name, str):
            check_name(name, "a character's name")
        ruleset.check_sheet(event.sheet)
    elif isinstance(event, NoteTaken) and len(event.text) > MAX_NOTE:
        raise MalformedInput(f"a note of {len(event.text):,} characters: at most {MAX_NOTE:,}")


__all__ = [
    "CorruptReplay",
    "ReplayHeader",
    "parse_replay",
    "parse_replay_records",
    "read_replay",
    "read_replay_records",
    "write_replay",
]
