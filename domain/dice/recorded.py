"""A recorded roll: the tagged union of every dice family's result (``"family"`` says
which), each of which recomputes its outcome from its recorded faces.

The kit's ``DiceRolled`` holds this union, which has one family, ``roll_keep``. The
``narrative`` family (:mod:`domain.dice.narrative`, 5e) records its own
``NarrativeRoll`` (tagged ``"family": "narrative"``) in the l5r5e-house ruleset's own
events, so nothing recorded here changes; ``two_d6`` (Ukiyo) will do the same. Rolls
recorded before the tag existed carry no ``family``: while this union holds one family
they read as it; if a second joins it, an upcaster (:mod:`domain.upcasting`) adds
``"family": "roll_keep"`` to the old events' rolls.
"""

from __future__ import annotations

from domain.dice.roll_keep.roll import RollResult

RecordedRoll = RollResult
"""Every family's recorded roll (a union of one, for now)."""
