"""What a 4e event used, for ``kiroku why`` and ``kiroku show`` (issue 8).

- A damage roll is made for a hit: « avec un résultat de 24, il réussit à l'atteindre. Il
  doit maintenant faire un Jet de Dommages » (l5r-4e-rules-summary.fr.txt, Jet
  d'Attaque), the dice « pour calculer les dommages d'une attaque réussie » (Jet de
  Dommages). The damage roll follows the latest hit of its attacker that still counts,
  when a hit was waiting for it (a duel's strike rolls its damage in its own ruling);
  its wounds are in the same ruling as its roll.
- A roll's situational parts name what gave them: the Full Attack stance « +2g1 aux jets
  d'attaque », last round's Center stance, the conditions of « Effets conditionnels »
  (:func:`domain.rulesets.l5r4e.situation.part_origin`).
- An attack is measured against the target's armour TN as it stood (« Valeur de ND
  d'armure »): its Defense or Full Attack stance, its Full Defense roll, the Void point
  it spent on armour this round, a guard over it or the guard it gives, its conditions
  (:func:`domain.rulesets.l5r4e.armour.armour_parts`, from the state the attack was
  decided on).
- A duel's strike follows its focus: « le duelliste ayant remporté le duel de
  Concentration fait un jet de Iaijutsu / Réflexes … Toutes les Augmentations Gratuites
  gagnées lors de l'étape de Concentration s'appliquent » (Duels, 3ème tour, Frappe).
- The Void point a roll spends is in the roll's own ruling.
- A turn that passed by itself follows what kept its character from acting: the wounds
  that left them Out or Dead (« Hors de combat » : le personnage ne peut plus agir), the
  condition that stuns them or puts them to sleep.
"""

from __future__ import annotations

from domain.events import Event
from domain.rulesets.base import Follows
from domain.rulesets.l5r4e.armour import armour_parts
from domain.rulesets.l5r4e.conditions import NO_ACTIONS
from domain.rulesets.l5r4e.events import AttackResolved, DuelStruck
from domain.rulesets.l5r4e.situation import part_origin
from domain.rulesets.l5r4e.state import FourEState
from domain.rulesets.l5r4e.state_records import CharacterState, key
from domain.rulesets.roll_keep_kit.events import DiceRolled, TurnPassed
from domain.rulesets.roll_keep_kit.modifiers import Part


def follows(event: Event, before: FourEState | None) -> tuple[Follows, ...]:
    """Each earlier event ``event`` used (see the module's docstring); the parts that
    need the state the ruling was decided on are named only when ``before`` is given."""
    links: list[Follows] = []
    if isinstance(event, DiceRolled) and event.character:
        if event.purpose == "damage" and _hit_waiting(before, event.character):
            hit = {"attacker": event.character, "hit": True}
            links.append(Follows("AttackResolved", hit, "the hit it rolls damage for", True))
        who = _character(before, event.character)
        if who is not None:
            origins = (part_origin(part, who) for part in event.parts)
            links += [origin for origin in origins if origin is not None]
    elif isinstance(event, AttackResolved) and before is not None:
        found = armour_of(event, before)
        if found is not None:
            links += [origin for _, origin in found if origin is not None]
    elif isinstance(event, DuelStruck):
        links.append(Follows("DuelFocused", {"duel": event.duel}, "the duel's focus", True))
    elif isinstance(event, TurnPassed) and event.skipped is not None:
        links.append(_kept_from_acting(event.character, event.skipped))
    return tuple(links)


def _kept_from_acting(character: str, why: str) -> Follows:
    """A turn that passed by itself follows what kept its character from acting: the
    condition applied (stunned, asleep), or the latest wounds taken (Out, Dead: « Hors de
    combat » cannot act)."""
    if why in NO_ACTIONS:
        used = {"character": character, "condition": why}
        return Follows(
            "ConditionApplied", used, f"the condition ({why}) that keeps them from acting"
        )
    return Follows("WoundsTaken", {"character": character}, f"the wounds that left them {why}")


def armour_of(
    event: AttackResolved, before: FourEState
) -> list[tuple[Part, Follows | None]] | None:
    """The parts of the armour TN ``event`` was measured against, rebuilt from the state
    it was decided on — None if they no longer add up to the recorded ``armour_tn`` (a
    ranged attack leaves out « à terre » against melee: both readings are tried)."""
    target = _character(before, event.target)
    if target is None:
        return None
    for melee in (True, False):
        parts = armour_parts(before, target, melee=melee)
        if max(0, sum(part.total for part, _ in parts)) == event.armour_tn:
            return parts
    return None


def _hit_waiting(before: FourEState | None, attacker: str) -> bool:
    """Whether the damage roll was made for a hit waiting for it: a duel's strike rolls
    its damage in its own ruling, for no earlier hit. Without the state, assume so."""
    if before is None:
        return True
    return before.combat is not None and key(attacker) in before.combat.pending


def _character(before: FourEState | None, name: str) -> CharacterState | None:
    return None if before is None else before.characters.get(key(name))


def explain_armour(event: Event, before: FourEState | None) -> list[str]:
    """``kiroku show``'s lines for the armour TN of an attack, part by part."""
    if not isinstance(event, AttackResolved) or before is None:
        return []
    found = armour_of(event, before)
    if found is None:
        return [f"armour TN {event.armour_tn} (its parts no longer add up under these rules)"]
    lines = [f"armour TN {event.armour_tn} of {event.target}:"]
    lines += [f"  {part.total:+d} {part.source}" for part, _ in found]
    return lines
