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

from adapters.codec import decode_event, encode_event
from domain.dice.roll import recompute
from domain.errors import KirokuError, MalformedInput
from domain.events import DiceRolled, Recorded, SessionOpened
from domain.rulesets import load_ruleset

FORMAT = "kiroku-replay"
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
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        raise CorruptReplay(path, 1, "the file is empty; a replay starts with its header")
    try:
        header = _header_decoder.decode(lines[0])
    except msgspec.DecodeError as error:
        raise CorruptReplay(path, 1, f"not a replay header: {error}") from None
    if header.format != FORMAT:
        raise CorruptReplay(path, 1, f"format {header.format!r} is not {FORMAT!r}")
    if header.version != VERSION:
        raise CorruptReplay(path, 1, f"replay version {header.version} (this reads {VERSION})")
    events: list[Recorded] = []
    ruleset = None
    for number, line in enumerate(lines[1:], start=2):
        try:
            raw_line = _line_decoder.decode(line)
            event = decode_event(raw_line.event)
        except msgspec.DecodeError as error:
            raise CorruptReplay(path, number, str(error)) from None
        except KirokuError as error:
            raise CorruptReplay(path, number, str(error)) from None
        if raw_line.position != len(events) + 1:
            raise CorruptReplay(
                path, number, f"position {raw_line.position}, expected {len(events) + 1}"
            )
        if not events:
            if not isinstance(event, SessionOpened):
                raise CorruptReplay(path, number, "the first event must be SessionOpened")
            if (event.ruleset, event.session) != (header.ruleset, header.session):
                raise CorruptReplay(
                    path,
                    number,
                    f"the header says {header.ruleset}/{header.session} but the session opened "
                    f"as {event.ruleset}/{event.session}",
                )
            try:
                ruleset = load_ruleset(event.ruleset, dict(event.options))
            except KirokuError as error:
                raise CorruptReplay(path, number, str(error)) from None
        elif isinstance(event, SessionOpened):
            raise CorruptReplay(path, number, "a session is opened only once")
        if recompute_rolls and isinstance(event, DiceRolled) and ruleset is not None:
            try:
                again = recompute(event.roll, ruleset.ten_dice_rule)
            except KirokuError as error:
                raise CorruptReplay(
                    path, number, f"the recorded roll is invalid: {error}"
                ) from None
            if again != event.roll:
                raise CorruptReplay(
                    path,
                    number,
                    f"the recorded roll {event.roll.expression!r} does not recompute: recorded "
                    f"total {event.roll.total} / success {event.roll.success}, rules give "
                    f"{again.total} / {again.success}",
                )
        events.append(Recorded(raw_line.position, event))
    if not events:
        raise CorruptReplay(path, 2, "no events: a replay holds at least the session's opening")
    return header, events


__all__ = ["CorruptReplay", "ReplayHeader", "parse_replay", "read_replay", "write_replay"]
