"""What the 3e skirmish rules read from a session's state: a round's order, the TN to be
hit with its parts, a character's wound level and what they may still do.

Rules:
- « Blessures & Initiative »: the kept initiative (the roll, after any swap, with the
  techniques' bonuses and the reversals of earlier rounds) less the current worst wound
  penalty — taken off anew each round (:func:`round_initiative`).
- « Surpris : -20 à l'Initiative ! » for the round the GM rules it.
- The TN to be hit (« Résolution des attaques », « Armure », « Esquive », « Points de
  Vide », « Garde », the techniques): Reflexes × 5, armour unless grappling, a Dodge's
  roll against the first [Rang de Réputation] attackers, +10 for a Void point, a guard's
  +5 a raise, and each technique's bonus where its condition holds
  (:func:`tn_to_be_hit`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.errors import IllegalUnderRules
from domain.names import key
from domain.rulesets.l5r3e.skirmish import TN_PER_REFLEXES, reputation_rank
from domain.rulesets.l5r3e.techniques import techniques_of
from domain.rulesets.l5r3e.wounds import wound_ladder
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.turn_order import Place, descending
from domain.rulesets.roll_keep_kit.wounds import WoundRank, rank_on
from domain.rulesets.table_kit.deciding import find

if TYPE_CHECKING:  # the state is the rules' to read, the fold's to write
    from domain.rulesets.l5r3e.state import Combat, Fighter, ThirdState

SURPRISE = 20
OUT_PENALTY = 40
"""The place in the order of one at Out (who acts only for a « Coup ultime »): the
worst penalty that still lets one act, Épuisé's."""


def wound_rank(fighter: Fighter) -> WoundRank:
    return rank_on(wound_ladder(fighter.sheet), fighter.wounds)


def wound_penalty(fighter: Fighter) -> int:
    """The worst level's penalty only (« n'appliquez que le malus le plus sévère »)."""
    penalty = wound_rank(fighter).penalty
    return OUT_PENALTY if penalty is None else penalty


def is_dead(fighter: Fighter) -> bool:
    return wound_rank(fighter).name == "Dead"


FALLEN = ("Épuisé", "Hors de combat", "Mort")
"""« Si votre personnage tombe à Epuisé ou Hors de combat » (or dies): no action but a
« Coup ultime »."""


def initiative_bonus(fighter: Fighter) -> list[Part]:
    """The techniques' bonuses to the kept initiative (« La Voie de la Grue »)."""
    return [
        Part(source=t.name, total=t.initiative_bonus.of(fighter.sheet))
        for t in techniques_of(fighter.sheet.techniques)
        if t.initiative_bonus is not None
    ]


def initiative_parts(state: ThirdState, combat: Combat, who: str) -> list[Part]:
    """This round's initiative of ``who`` (a key), part by part."""
    fighter = state.fighters[who]
    parts = [Part(source="Initiative roll", total=combat.rolled[who])]
    parts.extend(initiative_bonus(fighter))
    if combat.reversals.get(who):
        parts.append(Part(source="Retournements de situation", total=combat.reversals[who]))
    penalty = wound_penalty(fighter)
    if penalty:
        parts.append(Part(source=f"Blessures ({wound_rank(fighter).french})", total=-penalty))
    if who in combat.surprised:
        parts.append(Part(source="Surpris", total=-SURPRISE))
    return parts


def round_initiative(state: ThirdState, combat: Combat, who: str) -> int:
    return sum(part.total for part in initiative_parts(state, combat, who))


def set_order(state: ThirdState) -> None:
    """This round's order, highest first (ties: Reflexes, then who joined first); the
    dead are out of it."""
    combat = state.combat
    assert combat is not None
    places = []
    combat.now = {}
    for who in combat.rolled:
        fighter = state.fighters[who]
        if is_dead(fighter) and fighter.died_round < combat.round - 1:
            continue  # the dead keep a place one round, for a « Coup ultime »
        combat.now[who] = round_initiative(state, combat, who)
        places.append(
            Place(fighter.name, combat.now[who], fighter.sheet.trait("reflexes"), fighter.joined)
        )
    combat.order = [place.character for place in descending(places)]


def join_order(state: ThirdState, who: str) -> None:
    """A combatant who rolls once the round is under way takes their place in it."""
    combat = state.combat
    assert combat is not None
    fighter = state.fighters[who]
    combat.now[who] = round_initiative(state, combat, who)
    places = [
        Place(name, combat.now[key(name)], state.fighters[key(name)].sheet.trait("reflexes"),
              state.fighters[key(name)].joined)
        for name in combat.order if key(name) != who
    ]  # fmt: skip
    places.append(
        Place(fighter.name, combat.now[who], fighter.sheet.trait("reflexes"), fighter.joined)
    )
    combat.order = [place.character for place in descending(places)]


def fighter(state: ThirdState, name: str) -> Fighter:
    """The character called ``name``, or a refusal naming who is in the session."""
    return find(state.fighters, name)


def tn_to_be_hit(
    state: ThirdState,
    target: Fighter,
    attacker: Fighter,
    *,
    grapple: bool = False,
    unseen: bool = False,
) -> list[Part]:
    """The parts of ``target``'s TN to be hit by ``attacker``."""
    sheet = target.sheet
    parts = [Part(source="Réflexes × 5", tn=sheet.trait("reflexes") * TN_PER_REFLEXES)]
    if sheet.armour is not None and not grapple:
        parts.append(Part(source=sheet.armour.name, tn=sheet.armour.tn_bonus))
    combat = state.combat
    surprised = combat is not None and key(target.name) in combat.surprised
    if state.defense_to_tn and target.manoeuvre != "assault" and not (surprised or unseen):
        rank = sheet.skill_rank("Defense")
        if rank:
            parts.append(Part(source="Défense", tn=rank))
    if (
        target.dodge
        and not unseen
        and (key(attacker.name) in target.dodged or len(target.dodged) < reputation_rank(sheet))
    ):
        parts.append(Part(source="Esquive", tn=target.dodge))
    if target.void_tn:
        parts.append(Part(source="Point de Vide (Augmentation du ND)", tn=10))
    guard = target.guarded.get(key(attacker.name))
    if guard:
        parts.append(Part(source="Garde", tn=guard))
    for technique in techniques_of(sheet.techniques):
        if technique.tn_bonus is None:
            continue
        if technique.tn_condition == "attacker_slower":
            if combat is None or not _slower(combat, attacker, target):
                continue
        elif technique.tn_condition == "two_weapons" and not target.two_weapons:
            continue
        parts.append(Part(source=technique.name, tn=technique.tn_bonus.of(sheet)))
    return parts


def _slower(combat: Combat, attacker: Fighter, target: Fighter) -> bool:
    mine, theirs = combat.now.get(key(target.name)), combat.now.get(key(attacker.name))
    return mine is not None and theirs is not None and theirs < mine


def attack_bonus(fighter: Fighter) -> list[Part]:
    """The techniques' bonuses to every attack roll (« La Technique du Daisho »)."""
    return [
        Part(source=t.name, total=t.attack_bonus.of(fighter.sheet))
        for t in techniques_of(fighter.sheet.techniques)
        if t.attack_bonus is not None
    ]


def can_act(fighter: Fighter, *, final_strike: bool = False) -> None:
    rank = wound_rank(fighter)
    if rank.french in FALLEN and not final_strike:
        raise IllegalUnderRules(
            f"{fighter.name} is {rank.french} ({rank.name}) and cannot act (a « Coup ultime » "
            "for Void points excepted)"
        )
