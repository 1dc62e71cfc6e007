"""4e's events held to the events they came from, when no command record vouches for
them (:mod:`domain.rulesets.roll_keep_kit.recorded_order`, whose wound check holds here
too), as 4e's commands give them:

- An attack's outcome is its roll's: « Le ND de sa cible est de 20, et avec un résultat
  de 24, il réussit à l'atteindre » (l5r-4e-rules-summary.fr.txt, Jet d'Attaque) —
  an ``AttackResolved`` follows its attacker's attack roll, and records that roll's
  total and the TN the roll was decided on (« Par niveau d'augmentations déclarées, le
  ND augmente de 5 points »; the free ones give their bonus « sans faire augmenter le
  ND »: Augmentations).
- A hit's damage roll is the pool the hit earned: « Il doit maintenant faire un Jet de
  Dommages » with the weapon's damage and what the attack's raises added (Jet de
  Dommages) — the damage roll its attacker makes against its target while the hit waits
  rolls the hit's ``damage``, with the feint's bonus as its only part. A new round forgets
  a hit still waiting, as the fold does (:mod:`domain.rulesets.l5r4e.state`).
"""

from __future__ import annotations

from domain.dice.roll_keep.expression import parse_expression
from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.l5r4e.events import AttackResolved
from domain.rulesets.l5r4e.state_records import key
from domain.rulesets.roll_keep_kit.events import (
    CombatEnded,
    CombatStarted,
    DiceRolled,
    RoundStarted,
)
from domain.rulesets.roll_keep_kit.modifiers import Part, apply_parts
from domain.rulesets.roll_keep_kit.recorded_order import RecordedOrder


class FourEOrder(RecordedOrder):
    """The kit's order, and 4e's attacks and hits (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.attack_rolls: dict[str, DiceRolled] = {}
        """Each attacker's attack roll whose outcome is not yet recorded."""
        self.waiting: dict[str, AttackResolved] = {}
        """Each attacker's hit whose damage is not yet rolled."""

    def __call__(self, event: Event) -> None:
        super().__call__(event)
        if isinstance(event, DiceRolled) and event.character:
            if event.purpose == "attack":
                self.attack_rolls[key(event.character)] = event
            elif event.purpose == "damage":
                hit = self.waiting.pop(key(event.character), None)
                if hit is not None and event.target == hit.target:
                    _earned(hit, event)
        elif isinstance(event, AttackResolved):
            _outcome(event, self.attack_rolls.pop(key(event.attacker), None))
            if event.hit:
                self.waiting[key(event.attacker)] = event
            else:
                self.waiting.pop(key(event.attacker), None)
        elif isinstance(event, RoundStarted | CombatStarted | CombatEnded):
            self.waiting.clear()

    def forget(self) -> None:
        super().forget()
        self.attack_rolls.clear()
        self.waiting.clear()


def _outcome(event: AttackResolved, rolled: DiceRolled | None) -> None:
    """An attack's outcome against the roll it follows: its total, and its TN."""
    if rolled is None:
        raise MalformedInput(
            f"the recorded attack of {event.attacker!r} on {event.target!r} follows no attack "
            f"roll of {event.attacker!r}: a command records the roll, then what it meant"
        )
    if rolled.roll.total != event.total:
        raise MalformedInput(
            f"the recorded attack of {event.attacker!r} totals {event.total}, but its roll "
            f"{rolled.roll.expression!r} totals {rolled.roll.total}"
        )
    reached = rolled.roll.effective_tn  # each raise called adds 5, a free one takes 5 off
    if event.tn is not None and reached != event.tn:
        raise MalformedInput(
            f"the recorded attack of {event.attacker!r} is against TN {event.tn}, but its "
            f"roll was decided against TN {reached}"
        )


def _earned(hit: AttackResolved, rolled: DiceRolled) -> None:
    """A hit's damage roll against the pool the hit earned."""
    parts = (Part(source="feint", total=hit.feint_bonus),) if hit.feint_bonus else ()
    earned = str(apply_parts(parse_expression(hit.damage), parts))
    if rolled.roll.expression != earned or rolled.parts != parts:
        raise MalformedInput(
            f"the recorded damage roll of {rolled.character!r} is {rolled.roll.expression!r}, "
            f"but the hit on {hit.target!r} it is for earned {earned!r}"
        )
