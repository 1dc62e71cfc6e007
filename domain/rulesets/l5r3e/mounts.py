"""Riding in a skirmish (« lorsque l'on chevauche une monture »).

The text names a mount in two sentences of its « Manoeuvres "Avancées" », one under
Assault, one under Esquive: « Il est IMPOSSIBLE de choisir cette Manoeuvre lorsque l'on
chevauche une monture. » Who is mounted is the GM's ruling — the text has no action for
getting on or off a horse, and counts none here (the GM records the action it took, if
any, as ``act``) — set with ``kiroku mount`` and lifted with ``kiroku dismount``, each an
event with the GM's reason. Readings where the text is silent:

- the condition lasts until the GM lifts it, through combats alike (a rider stays in
  the saddle when a skirmish ends);
- it bars the *choice* of Assault or Dodge (« choisir »): a Manoeuvre chosen on foot
  lasts until one's next turn as every Manoeuvre does (« perdureront jusqu'à son
  prochain tour »), even if the GM rules the character mounted meanwhile — the next
  choice is the one refused; the default Attack is always left;
- the armour's conditions (« à pieds ou à cheval ») are the GM's to give as the armour's
  TN bonus: the text's figures are « Cf. p171 », not in it.
"""

from __future__ import annotations

from domain.commands import Dice
from domain.errors import IllegalUnderRules
from domain.events import Event
from domain.rulesets.l5r3e import commands as c
from domain.rulesets.l5r3e.events import Dismounted, Mounted
from domain.rulesets.l5r3e.play import Play

ON_HORSEBACK = (
    "« Il est IMPOSSIBLE de choisir cette Manoeuvre lorsque l'on chevauche une monture. »"
)


def decide_mount(play: Play, command: c.Mount, dice: Dice | None) -> list[Event]:
    """The GM rules ``character`` mounted: refused if they are already."""
    play.core.gm_only(play.actor, "rule a character mounted")
    who = play.acting_for(command.character)
    if who.mounted:
        raise IllegalUnderRules(
            f"mount --character {command.character!r}: {who.name} is mounted already"
        )
    return [play.event(Mounted, character=who.name)]


def decide_dismount(play: Play, command: c.Dismount, dice: Dice | None) -> list[Event]:
    """The GM rules ``character`` on foot again: refused if they are not mounted."""
    play.core.gm_only(play.actor, "rule a character dismounted")
    who = play.acting_for(command.character)
    if not who.mounted:
        raise IllegalUnderRules(
            f"dismount --character {command.character!r}: {who.name} is not mounted "
            "(`kiroku mount` rules a character mounted)"
        )
    return [play.event(Dismounted, character=who.name)]
