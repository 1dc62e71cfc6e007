"""What a new l5r5e-house command leaves to the rules, written into it before it is
decided, so that its record says what the rules took (:class:`domain.rulesets.base.
Completes`); records made before stay as written and keep their reading.

- ``kiroku wait`` must name the action held (« vous pouvez déclarer une action »,
  :mod:`.waiting`): a wait recorded before that was required names none, and its
  reading stays (the waiter's first action spends it).
"""

from __future__ import annotations

from typing import Any

from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.waiting import check_held


def complete(command: Any, session: Any) -> Any:
    """``command`` as the rules take it today (``session``: the session as it stands)."""
    if isinstance(command, c.Wait):
        check_held(command.action)
    return command
