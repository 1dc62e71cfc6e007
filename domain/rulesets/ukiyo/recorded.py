"""What a recorded Ukiyo event must hold to be one a command gives (issue 28, item 2),
where no record of its command can decide it again (a version 1 file imported
``--unverified``).

« BLESSURES : ... la feuille de personnage comporte une partie blessures avec quatre cases
à cocher » (Les Errants d'Ukiyo): a character has four wound boxes, so wounds taken or
healed are 0 to 4 at once, and the wounds after are 0 to 4.
"""

from __future__ import annotations

from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.ukiyo.events import WoundsHealed, WoundsTaken

BOXES = 4
"""« quatre cases à cocher »."""


def check_recorded(event: Event) -> None:
    """:class:`MalformedInput` where a recorded wound does not fit the four boxes."""
    if not isinstance(event, WoundsTaken | WoundsHealed):
        return
    if not (0 <= event.count <= BOXES and 0 <= event.wounds <= BOXES):
        raise MalformedInput(
            f"a recorded {type(event).__name__} of {event.count} leaving {event.character!r} "
            f"{event.wounds} wounds: a character has {BOXES} wound boxes"
        )
