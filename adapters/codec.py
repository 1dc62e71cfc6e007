"""The msgspec codec for events: JSON bytes straight into typed Structs.

A session's events are decoded with the union of the core's event types and its
ruleset's (``CharacterJoined`` carrying the ruleset's sheet type), so two rulesets may
each have an event of the same name. :func:`codec_for` builds that codec once per
ruleset. The same bytes are a row's ``state`` in the store and an event in a replay
line. The fast path decodes into the typed union in one call; only an event written
under an older schema (or one that fails the typed decode) goes the slow way through
:func:`domain.upcasting.upcast`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import attrgetter
from typing import Any, Union

import msgspec

from domain.errors import MalformedInput
from domain.events import CORE_EVENT_TYPES, CharacterJoined, Event, Recorded, SessionOpened
from domain.rulesets import load_ruleset
from domain.session.record import CommandRecord
from domain.upcasting import upcast

BOM = b"\xef\xbb\xbf"
"""UTF-8's byte order mark, which some editors put first in a file: not part of the JSON
of a replay file or a sheet, so it is skipped."""

_encoder = msgspec.json.Encoder()
_schema_version = attrgetter("schema_version")
_opened_decoder = msgspec.json.Decoder(SessionOpened)
_record_decoder = msgspec.json.Decoder(CommandRecord)


def encode_event(event: Event | CommandRecord | msgspec.Struct) -> bytes:
    """An event (or a command record) as stored: msgspec JSON."""
    return _encoder.encode(event)


def decode_opened(data: bytes) -> SessionOpened:
    """A session's first event, which says which codec reads the rest."""
    try:
        return _opened_decoder.decode(data)
    except msgspec.DecodeError as error:
        raise MalformedInput(f"not a session's opening: {error}") from None


def decode_record(data: bytes) -> CommandRecord:
    """A command record, as stored or in a replay line."""
    try:
        return _record_decoder.decode(data)
    except msgspec.DecodeError as error:
        raise MalformedInput(f"not a command record: {error}") from None


class EventCodec:
    """Decodes the events of sessions under one ruleset."""

    def __init__(self, ruleset_id: str) -> None:
        ruleset = load_ruleset(ruleset_id)
        types: list[Any] = [
            CharacterJoined[ruleset.sheet_type] if t is CharacterJoined else t  # type: ignore[name-defined]
            for t in CORE_EVENT_TYPES
        ]
        types.extend(ruleset.event_types)
        self.ruleset_id = ruleset_id
        self.types: dict[str, type[Event]] = {
            getattr(t, "__origin__", t).__name__: getattr(t, "__origin__", t) for t in types
        }
        union: Any = Union[tuple(types)]  # noqa: UP007  (a union built at run time)
        line: Any = msgspec.defstruct(
            "RecordedLine",
            [("position", int), ("event", union)],
            frozen=True,
            gc=False,
            forbid_unknown_fields=True,
            array_like=False,
        )
        self._one = msgspec.json.Decoder(union)
        self._many = msgspec.json.Decoder(list[union])
        self._positions = msgspec.json.Decoder(list[int])
        self._lines = msgspec.json.Decoder(line)
        self.union = union

    def decode(self, data: bytes) -> Event:
        """Decode one event, upcasting it if it was written under an older schema."""
        try:
            event: Event = self._one.decode(data)
        except msgspec.DecodeError as error:
            return self._slow_decode(data, error)
        except RecursionError:
            raise MalformedInput("nested too deep to be an event") from None
        if event.schema_version != type(event).schema:
            return self._slow_decode(data, None)
        return event

    def decode_page(self, rows: Sequence[tuple[int, bytes]], where: str = "") -> list[Recorded]:
        """A page of ``(position, state)`` rows in one decoder call; an event under an
        older schema goes the careful way, one at a time. An event that cannot be read is
        named by its position (after ``where``: the session, say)."""
        if not rows:
            return []
        try:
            events: list[Event] = self._many.decode(
                b"[" + b",".join([state for _, state in rows]) + b"]"
            )
        except msgspec.DecodeError:
            return [
                Recorded(position, self._at(position, state, where)) for position, state in rows
            ]
        recorded: list[Recorded] = []
        append = recorded.append
        for (position, state), event in zip(rows, events, strict=True):
            if event.schema_version != type(event).schema:
                event = self._at(position, state, where)
            append(Recorded(position, event))
        return recorded

    def decode_joined(self, states: bytes, positions: bytes) -> list[Recorded] | None:
        """A page already joined into a JSON array of payloads and one of their positions
        (``adapters.sqlite_pages``), in two decoder calls; None when the page needs
        :meth:`decode_page`'s care (an event to upcast, or one that cannot be read), or
        when the positions are not in order."""
        try:
            events: list[Event] = self._many.decode(states)
            at: list[int] = self._positions.decode(positions)
        except (msgspec.DecodeError, RecursionError):
            return None
        if len(at) != len(events) or at != sorted(at):
            return None
        if self._past_first_schema():
            if any(event.schema_version != type(event).schema for event in events):
                return None
        elif set(map(_schema_version, events)) != {1}:  # the check above, at C speed
            return None
        return list(map(Recorded, at, events))

    def _past_first_schema(self) -> bool:
        """Whether any event type of this codec is past schema 1 (has upcasters)."""
        return any(t.schema != 1 for t in self.types.values())

    def _at(self, position: int, state: bytes, where: str) -> Event:
        try:
            return self.decode(state)
        except MalformedInput as error:
            raise MalformedInput(f"{where}event {position} cannot be read: {error}") from None

    def decode_lines(self, body: bytes) -> list[Recorded] | None:
        """Replay lines ``{"position": n, "event": …}`` in one call; None when any line
        needs more care (an error to locate, an event to upcast)."""
        try:
            lines = self._lines.decode_lines(body)
        except (msgspec.DecodeError, RecursionError):
            return None
        events = [Recorded(line.position, line.event) for line in lines]
        for recorded in events:
            if recorded.event.schema_version != type(recorded.event).schema:
                return None
        return events

    def _slow_decode(self, data: bytes, error: msgspec.DecodeError | None) -> Event:
        try:
            raw = msgspec.json.decode(data)
        except msgspec.DecodeError as bad_json:
            raise MalformedInput(f"not JSON: {bad_json}") from None
        except RecursionError:
            raise MalformedInput("nested too deep to be an event") from None
        if not isinstance(raw, dict):
            raise MalformedInput(f"an event is a JSON object, not {type(raw).__name__}")
        upcast_raw = upcast(raw, self.types, self.ruleset_id)
        try:
            return self.convert(upcast_raw)
        except MalformedInput:
            if error is not None:
                raise MalformedInput(str(error)) from None
            raise

    def convert(self, raw: dict[str, Any]) -> Event:
        try:
            event: Event = msgspec.convert(raw, self.union)
            return event
        except msgspec.ValidationError as error:
            raise MalformedInput(str(error)) from None


@cache
def codec_for(ruleset_id: str) -> EventCodec:
    """The codec of sessions under ``ruleset_id`` (built once)."""
    return EventCodec(ruleset_id)
