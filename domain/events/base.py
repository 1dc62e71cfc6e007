"""What every event carries (DESIGN principle 1)."""

from datetime import datetime
from typing import ClassVar

import msgspec

SCREEN = "behind the GM's screen"
"""The source of the part players read for what weighs on their roll unseen (every
ruleset's screened rolls name it so)."""


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
    later_fields: ClassVar[tuple[str, ...]] = ()
    """Fields this type gained after events of it were recorded, each None where an
    event recorded before lacks it: what a ruling decided again fills in, and an older
    recording of the same ruling does not hold (:meth:`recorded_like`)."""

    actor: str
    at: datetime
    reason: str | None = None
    schema_version: int = 1

    def recorded_like(self, stored: "Event") -> "Event":
        """This event, decided again, as ``stored`` (the same ruling, recorded before this
        type gained its :attr:`later_fields`) holds it: each such field ``stored`` lacks
        left out. Only a field nothing is decided on is added so: what it says is held
        by another event of the ruling, checked there."""
        if not self.later_fields or type(stored) is not type(self):
            return self
        lacking = {f: None for f in self.later_fields if getattr(stored, f) is None}
        return msgspec.structs.replace(self, **lacking) if lacking else self

    def screened_by(self, seen: "Event") -> "Event":
        """This event, decided on the whole history, as it records what the players are
        shown of it: ``seen`` is the same ruling decided on what the players see
        (:mod:`domain.session.screen`). An event with nothing the players could not see
        the cause of is itself."""
        return self

    def screened_blind(self) -> "Event":
        """This event as it records what the players are shown of it where their view
        refuses the ruling (it waits on a declaration kept from them): what weighs on it
        all behind the GM's screen, nothing of it named (:mod:`domain.session.screen`)."""
        return self

    def for_players(self) -> "Event":
        """This event as players and observers read it: what a secret weighed on it
        behind the GM's screen, without its cause (:meth:`screened_by`)."""
        return self

    def unscreened(self) -> "Event":
        """This event without what it records of the players' view: the ruling alone,
        as the GM decided it (two decisions of one ruling are the same ruling when
        they are the same unscreened)."""
        return self
