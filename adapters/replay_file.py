"""Replay files: one session as JSON Lines (DESIGN principle 7).

Line 1 is a header — ``{"format": "kiroku-replay", "version": 1, "ruleset": …,
"session": …}`` — and every further line one event at its position:
``{"position": 1, "event": {"type": "SessionOpened", …}}``. Reading validates every
line (JSON, event schema, positions 1, 2, 3 …, a session that starts with its opening,
the header agreeing with it, every roll recomputing to its recorded outcome) and refuses
a corrupt file whole, naming the line and the reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import msgspec

from adapters.codec import EventCodec, codec_for, encode_event
from domain.errors import KirokuError, MalformedInput
from domain.events import Recorded, SessionOpened
from domain.rulesets import load_ruleset

FORMAT = "kiroku-replay"
BOM = b"\xef\xbb\xbf"
VERSION = 1


class ReplayHeader(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    version: int
    ruleset: str
    session: str


class _Line(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    position: int
    event: msgspec.Raw


class CorruptReplay(MalformedInput):
    """A replay file that cannot be read; nothing of it is imported."""

    def __init__(self, path: Path | str, line: int, reason: str) -> None:
        self.path = str(path)
        self.line = line
        super().__init__(f"replay {str(path)!r}, line {line}: {reason}")


_header_decoder = msgspec.json.Decoder(ReplayHeader)
_line_decoder = msgspec.json.Decoder(_Line)
_encoder = msgspec.json.Encoder()


def header_for(events: list[Recorded]) -> ReplayHeader:
    opened = events[0].event
    assert isinstance(opened, SessionOpened)
    return ReplayHeader(FORMAT, VERSION, opened.ruleset, opened.session)


def dump_lines(events: Iterable[Recorded], header: ReplayHeader) -> Iterable[bytes]:
    yield _encoder.encode(header) + b"\n"
    for recorded in events:
        yield (
            b'{"position":%d,"event":' % recorded.position + encode_event(recorded.event) + b"}\n"
        )


def write_replay(path: Path, events: list[Recorded]) -> None:
    """Write a session's events as a replay file (atomically: a temp file, then a rename)."""
    if not events:
        raise MalformedInput("an empty session has nothing to write")
    if not path.parent.is_dir():
        raise MalformedInput(f"cannot write {str(path)!r}: there is no folder {str(path.parent)!r}")
    temporary = path.with_name(path.name + ".part")
    with temporary.open("wb") as out:
        out.writelines(dump_lines(events, header_for(events)))
    temporary.replace(path)


def read_replay(
    path: Path | str, *, recompute_rolls: bool = True
) -> tuple[ReplayHeader, list[Recorded]]:
    """Read and validate a whole replay file; a corrupt one raises :class:`CorruptReplay`."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise MalformedInput(f"cannot read replay {str(path)!r}: {error.strerror}") from None
    return parse_replay(data, path, recompute_rolls=recompute_rolls)


def parse_replay(
    data: bytes, path: Path | str = "<replay>", *, recompute_rolls: bool = True
) -> tuple[ReplayHeader, list[Recorded]]:
    if data.startswith(BOM):  # an editor's UTF-8 byte order mark: not part of the JSON
        data = data[len(BOM) :]
    first, _, rest = data.partition(b"\n")
    if not first.strip():
        raise CorruptReplay(path, 1, "the file is empty; a replay starts with its header")
    try:
        header = _header_decoder.decode(first)
    except msgspec.DecodeError as error:
        raise CorruptReplay(path, 1, f"not a replay header: {error}") from None
    if header.format != FORMAT:
        raise CorruptReplay(path, 1, f"format {header.format!r} is not {FORMAT!r}")
    if header.version != VERSION:
        raise CorruptReplay(path, 1, f"replay version {header.version} (this reads {VERSION})")
    try:
        codec = codec_for(header.ruleset)
    except KirokuError as error:
        raise CorruptReplay(path, 1, str(error)) from None
    events = codec.decode_lines(rest)
    if events is None:
        events = _decode_line_by_line(rest, path, codec)
    _check_stream(header, events, path, recompute_rolls=recompute_rolls)
    return header, events


def _decode_line_by_line(body: bytes, path: Path | str, codec: EventCodec) -> list[Recorded]:
    """The careful way: line by line, upcasting old events, naming the line that fails."""
    lines = body.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    events: list[Recorded] = []
    for number, line in enumerate(lines, start=2):
        try:
            raw_line = _line_decoder.decode(line)
            event = codec.decode(raw_line.event)
        except RecursionError:
            raise CorruptReplay(path, number, "nested too deep to be a replay line") from None
        except (msgspec.DecodeError, KirokuError) as error:
            raise CorruptReplay(path, number, str(error)) from None
        events.append(Recorded(raw_line.position, event))
    return events


def _check_stream(
    header: ReplayHeader, events: list[Recorded], path: Path | str, *, recompute_rolls: bool
) -> None:
    """Positions 1, 2, 3…; the session opens first, once, as the header says; every roll
    is consistent in itself under the ruleset (a roll recomputes from its faces: see
    :meth:`domain.rulesets.base.Ruleset.verify`) (the file's line of event ``n`` is ``n + 1``)."""
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
    for index, recorded in enumerate(events):
        number = index + 2
        if recorded.position != index + 1:
            raise CorruptReplay(path, number, f"position {recorded.position}, expected {index + 1}")
        event = recorded.event
        if index and isinstance(event, SessionOpened):
            raise CorruptReplay(path, number, "a session is opened only once")
        if recompute_rolls:
            try:
                ruleset.verify(event)
            except KirokuError as error:
                raise CorruptReplay(path, number, str(error)) from None


__all__ = ["CorruptReplay", "ReplayHeader", "parse_replay", "read_replay", "write_replay"]
