"""What a recorded event must agree with among the events before it, when no command
record vouches for it (a version 1 replay file's events, imported with ``kiroku import
--unverified``): each event is held to its own arithmetic by the ruleset's ``verify``;
these hold it to the events it came from, as the command that gives it would have.

- Wounds that record their damage are that damage roll's: the Jet de Dommages is rolled
  « pour calculer les dommages d'une attaque réussie » (l5r-4e-rules-summary.fr.txt, Jet
  de Dommages; 3e and the house rules alike), less the reductions the event lists. A
  ``WoundsTaken`` with a ``damage`` follows the damage roll made for it — against its
  character, its total that damage — and one roll gives one such wound.

A correction's revisions are whole rulings decided again, so each meets these checks
within itself; what the rulings before a ``RulingsCorrected`` left waiting is forgotten
there (the corrected history is not the stream's order).
"""

from __future__ import annotations

from domain.errors import MalformedInput
from domain.events import Event, RulingsCorrected
from domain.rulesets.roll_keep_kit.events import DiceRolled, WoundsTaken


class RecordedOrder:
    """Checks a ruleset's events one after another, in the stream's order (see the
    module's docstring); call it with each event, it raises
    :class:`~domain.errors.MalformedInput` at the first that disagrees."""

    def __init__(self) -> None:
        self.damage_roll: DiceRolled | None = None
        """The latest damage roll whose wounds are not yet recorded."""

    def __call__(self, event: Event) -> None:
        if isinstance(event, RulingsCorrected):
            self.forget()
        elif isinstance(event, DiceRolled) and event.purpose == "damage":
            self.damage_roll = event
        elif isinstance(event, WoundsTaken) and event.damage is not None:
            rolled, self.damage_roll = self.damage_roll, None
            if rolled is None:
                raise MalformedInput(
                    f"the recorded wounds of {event.character!r} name a damage of "
                    f"{event.damage}, but no damage roll was made for them"
                )
            if rolled.target not in (None, event.character) or rolled.roll.total != event.damage:
                raise MalformedInput(
                    f"the recorded wounds of {event.character!r} name a damage of "
                    f"{event.damage}, but the damage roll before them ("
                    f"{rolled.roll.expression!r}"
                    + (f" against {rolled.target!r}" if rolled.target else "")
                    + f") totals {rolled.roll.total}"
                )

    def forget(self) -> None:
        """What the rulings before a correction left waiting, forgotten."""
        self.damage_roll = None
