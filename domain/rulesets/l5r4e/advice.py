"""What the GM should hear about a ruling just recorded that the 4e rules let stand.

Nothing here refuses anything; each line names what the table may have missed:
- « une armure légère entraîne une augmentation de +5 au ND de tous les jets de
  compétence lié à l'Agilité et aux Réflexes, et de +10 lorsqu'il s'agit d'une armure
  lourde » (Armures): a sheet whose armour has the bonus of light (+5) or heavy (+10)
  armour but no skill penalty is most likely missing it.
- « Si le shugenja reçoit une blessure supérieure en valeur à son anneau de Terre, il
  doit faire un jet de Volonté » (Concentration): such a wound makes the check due.
- « Quiconque maniant une arme ayant le mot clef “samurai” mais ne l'étant pas se rend
  coupable d'un crime passible d'une exécution immédiate » (Honneur): a sheet that is
  no samurai's (``samurai: false``) carrying such a weapon, taking one up from the
  armoury, and each attack or duel strike made with it, are named — the crime is the
  GM's to judge, not the engine's to refuse.
- A spell chosen above the school rank with its element (« choisir des sorts de niveau
  2, correspondant donc au rang d'école que son affinité lui procure »,
  :mod:`domain.rulesets.l5r4e.affinity`) joins on the sheet but cannot be cast yet.
- « le personnage doit faire un jet de Volonté (Willpower) toutes les deux heures »:
  when the clock moves on, each roll a worn-out character owes
  (:mod:`domain.rulesets.l5r4e.fatigue`).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.events import CharacterJoined, ClockAdvanced, Event
from domain.rulesets.l5r4e.affinity import effective_rank, out_of_reach
from domain.rulesets.l5r4e.events import AttackResolved, DuelStruck, Equipped, HoursPassed
from domain.rulesets.l5r4e.state import FourEState
from domain.rulesets.l5r4e.state_records import rolls_due
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Weapon
from domain.rulesets.roll_keep_kit.events import WoundsTaken

ARMOUR_PENALTIES = {5: ("light", 5), 10: ("heavy", 10)}
"""The armour TN bonus of the summary's light and heavy armour, and its skill penalty."""


def warnings(events: Sequence[Event], after: FourEState | None) -> list[str]:
    """One line for each thing in ``events`` the GM should hear (see the module)."""
    lines: list[str] = []
    for event in events:
        if isinstance(event, CharacterJoined) and isinstance(event.sheet, CharacterSheet):
            lines += _armour(event.sheet) + _spells(event.sheet) + _samurai_arms(event.sheet)
        elif isinstance(event, HoursPassed | ClockAdvanced) and after is not None:
            lines += _awake(after)
        elif isinstance(event, AttackResolved | DuelStruck) and after is not None:
            name = event.attacker if isinstance(event, AttackResolved) else event.character
            who = after.character(name)
            if who is None:
                continue
            if isinstance(event, AttackResolved):
                weapon = who.sheet.weapon(event.weapon)
            else:  # a duel's strike is made with the first melee weapon on the sheet
                weapon = next((w for w in who.sheet.weapons if w.kind == "melee"), None)
            if weapon is not None and _crime(who.sheet, weapon):
                lines.append(
                    f"{who.name} is no samurai and fights with {weapon.name}, a samurai "
                    f"weapon: « un crime passible d'une exécution immédiate »"
                )
        elif isinstance(event, Equipped) and event.weapon is not None and after is not None:
            who = after.character(event.character)
            if who is not None and _crime(who.sheet, event.weapon):
                lines.append(
                    f"{who.name} is no samurai and takes up {event.weapon.name}, a samurai "
                    f"weapon: wielding it is « un crime passible d'une exécution immédiate »"
                )
        elif isinstance(event, WoundsTaken) and after is not None:
            who = after.character(event.character)
            earth = 0 if who is None else who.sheet.ring("earth")
            if who is not None and who.concentration_due and event.amount > earth:
                lines.append(
                    f"{who.name} took {event.amount} wounds, more than their Earth ring "
                    f"({earth}), while concentrating: the concentration check is due "
                    f"(kiroku concentration --character {who.name!r} --cause wound)"
                )
    return lines


def _awake(after: FourEState) -> list[str]:
    return [
        f"{c.name}, fatigued for Stamina days, owes {rolls_due(c)} Willpower roll(s) to stay "
        f"awake (kiroku stay-awake --character {c.name!r})"
        for c in after.characters.values()
        if rolls_due(c)
    ]


def _crime(sheet: CharacterSheet, weapon: Weapon) -> bool:
    return not sheet.samurai and "samurai" in (k.casefold() for k in weapon.keywords)


def _samurai_arms(sheet: CharacterSheet) -> list[str]:
    return [
        f"{sheet.name} is no samurai and carries {weapon.name}, a samurai weapon: wielding "
        f"it is « un crime passible d'une exécution immédiate »"
        for weapon in sheet.weapons
        if _crime(sheet, weapon)
    ]


def _spells(sheet: CharacterSheet) -> list[str]:
    return [
        f"{sheet.name} knows {spell.name} (level {spell.level} {spell.element}) at school "
        f"rank {effective_rank(sheet, spell.element)} with {spell.element}: it cannot be cast "
        f"until the rank reaches {spell.level}"
        for spell in out_of_reach(sheet)
    ]


def _armour(sheet: CharacterSheet) -> list[str]:
    armour = sheet.armour
    if armour is None or armour.skill_penalty:
        return []
    found = ARMOUR_PENALTIES.get(armour.tn_bonus)
    if found is None:
        return []
    kind, penalty = found
    return [
        f"{sheet.name}'s {armour.name} gives +{armour.tn_bonus} to the armour TN, as "
        f"{kind} armour does, but no skill penalty: the summary gives {kind} armour "
        f"+{penalty} to the TN of every Agility and Reflexes skill roll (set its "
        f'"skill_penalty" to {penalty} if that is what it is)'
    ]
