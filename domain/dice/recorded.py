"""A recorded roll: the tagged union of every dice family's result (``"family"`` says
which), each of which recomputes its outcome from its recorded faces.

Today the union holds the one family Kiroku has, ``roll_keep``; the ``narrative`` (5e)
and ``two_d6`` (Ukiyo) families join it as packages beside ``domain/dice/roll_keep``,
without a change there. Rolls recorded before the tag existed carry no ``family``: while
the union holds one family they read as it; when a second family joins, an upcaster
(:mod:`domain.upcasting`) adds ``"family": "roll_keep"`` to the old events' rolls.
"""

from __future__ import annotations

from domain.dice.roll_keep.roll import RollResult

RecordedRoll = RollResult
"""Every family's recorded roll (a union of one, for now)."""
