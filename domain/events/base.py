"""What every event carries (DESIGN principle 1)."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

import msgspec


class Event(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    tag_field="type",
    tag=True,
    gc=False,
    forbid_unknown_fields=True,
):
    """What every event carries.

    Events are ``gc=False``: they hold only numbers, strings, tuples and other frozen
    Structs, so they can never be part of a reference cycle, and a long session's
    hundreds of thousands of them stay out of the cycle collector's way."""

    schema: ClassVar[int] = 1
    """The current schema version of this event type; older ones are upcast on read."""

    actor: str
    at: datetime
    reason: str | None = None
    schema_version: int = 1
