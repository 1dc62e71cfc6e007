"""The GM's rulings on a TN to be hit (issue 31): the text gives a character's TN as
« ND actuel », Reflexes × 5 + 5 and the armour in the published game's reading, with no
room for a circumstance or another base; a GM rules one as an event, with its reason.

- ``kiroku tn rule --character C [--modifier N] [--base B] --reason R``: a circumstance's
  modifier (−50 to +50) added to the TN, and/or a base (0 to 100) in place of Réflexes
  × 5 + 5 — the armour still counts, and an Assault's −15 still stops at « 5+ armure »
  (:func:`domain.rulesets.l5r_house.rules.assault_part`). A new ruling replaces the
  standing one: one ruling a character, the reason naming all it stands for.
- ``kiroku tn lift --character C``: the ruling lifted.

Both are the GM's, say why (``--reason``), and are corrected as any ruling is: retracted,
amended, undone, each attack decided on them decided again.
"""

from __future__ import annotations

from domain.commands import Dice
from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Event
from domain.rulesets.l5r_house import commands as c
from domain.rulesets.l5r_house.events import TnLifted, TnRuled
from domain.rulesets.l5r_house.play import Play
from domain.rulesets.l5r_house.table import fighter


def _reason(play: Play, what: str) -> None:
    if not (play.reason or "").strip():
        raise MalformedInput(f"{what} says why: give --reason (« the fog », « she is asleep »)")


def decide_rule_tn(play: Play, command: c.RuleTn, dice: Dice | None) -> list[Event]:
    """A circumstance's modifier and/or a base of the GM's for ``character``'s TN to be
    hit, with its reason, until lifted."""
    play.core.gm_only(play.actor, "rule a TN to be hit")
    who = fighter(play.state, command.character)
    if command.modifier == 0 and command.base is None:
        raise MalformedInput(
            f"a ruling on {who.name}'s TN to be hit gives --modifier (not 0) or --base"
        )
    _reason(play, f"a ruling on {who.name}'s TN to be hit")
    return [play.event(TnRuled, character=who.name, modifier=command.modifier, base=command.base)]


def decide_lift_tn(play: Play, command: c.LiftTn, dice: Dice | None) -> list[Event]:
    """The ruling on ``character``'s TN to be hit lifted."""
    play.core.gm_only(play.actor, "lift a ruling on a TN to be hit")
    who = fighter(play.state, command.character)
    ruling = who.tn_ruling
    if ruling is None:
        raise IllegalUnderRules(f"no ruling stands on {who.name}'s TN to be hit: nothing to lift")
    return [play.event(TnLifted, character=who.name, modifier=ruling.modifier, base=ruling.base)]
