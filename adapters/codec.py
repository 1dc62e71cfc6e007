"""The msgspec codec for events: JSON bytes straight into typed Structs.

The same bytes are a row's ``state`` in the store and an event in a replay line. The fast
path decodes into the typed union in one call; only an event written under an older
schema (or one that fails the typed decode) goes the slow way through
:func:`domain.upcasting.upcast`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import MalformedInput
from domain.events import AnyEvent, Event
from domain.upcasting import upcast

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(AnyEvent)


def encode_event(event: Event) -> bytes:
    return _encoder.encode(event)


def decode_event(data: bytes) -> AnyEvent:
    """Decode one event, upcasting it if it was written under an older schema."""
    try:
        event = _decoder.decode(data)
    except msgspec.DecodeError as error:
        return _slow_decode(data, error)
    if event.schema_version != type(event).schema:
        return _slow_decode(data, None)
    return event


def _slow_decode(data: bytes, error: msgspec.DecodeError | None) -> AnyEvent:
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as bad_json:
        raise MalformedInput(f"not JSON: {bad_json}") from None
    if not isinstance(raw, dict):
        raise MalformedInput(f"an event is a JSON object, not {type(raw).__name__}")
    upcast_raw = upcast(raw)
    try:
        return convert_event(upcast_raw)
    except MalformedInput:
        if error is not None:
            raise MalformedInput(str(error)) from None
        raise


def convert_event(raw: dict[str, Any]) -> AnyEvent:
    try:
        event: AnyEvent = msgspec.convert(raw, AnyEvent)
        return event
    except msgspec.ValidationError as error:
        raise MalformedInput(str(error)) from None
