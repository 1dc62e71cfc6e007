"""What the house rules read from the state: the order, a character's malus (and which
wounds count in it now), the TN to be hit with its parts."""

from __future__ import annotations

from domain.errors import IllegalUnderRules
from domain.names import key
from domain.rulesets.l5r_house.rules import VOID_TN, assault_part, base_tn, malus, wound_ladder
from domain.rulesets.l5r_house.state import Fighter, HouseState
from domain.rulesets.roll_keep_kit.deciding import find
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.turn_order import Place, descending
from domain.rulesets.roll_keep_kit.wounds import WoundRank, rank_on


def fighter(state: HouseState, name: str) -> Fighter:
    """The character called ``name``, or a refusal naming who is in the session."""
    return find(state.fighters, name)


def rank_of(fighter: Fighter, wounds: int | None = None) -> tuple[int, WoundRank]:
    ladder = wound_ladder(fighter.sheet)
    rank = rank_on(ladder, fighter.wounds if wounds is None else wounds)
    return ladder.index(rank), rank


def malus_now(state: HouseState, fighter: Fighter) -> tuple[int, WoundRank]:
    """The malus a roll of ``fighter``'s carries now: their wounds less those taken this
    round from a foe no faster (« Si durant le tour le joueur a subi des dégâts provenant
    d'une personne ayant une meilleure initiative qu'elle, ses dégâts comptent »), none
    if a Void point ignores them this round."""
    combat = state.combat
    wounds = fighter.wounds
    if combat is not None:
        if key(fighter.name) in combat.ignore_wounds:
            return 0, rank_of(fighter, 0)[1]
        wounds -= combat.late_wounds.get(key(fighter.name), 0)
    index, rank = rank_of(fighter, wounds)
    return malus(index, rank, levels=state.level_malus), rank


def malus_parts(state: HouseState, fighter: Fighter) -> list[Part]:
    """The malus as the session counts it: off the dice rolled and kept (``malus_on=pool``,
    the text's « ses dégâts comptent dans le calcul du nombre de dés jetés et gardés »)
    or on the TN (``malus_on=tn``)."""
    amount, rank = malus_now(state, fighter)
    if not amount:
        return []
    source = f"Blessures ({rank.french})"
    if state.malus_in_pool:
        return [Part(source=source, rolled=-amount, kept=-amount)]
    return [Part(source=source, tn=amount)]


def set_order(state: HouseState) -> None:
    combat = state.combat
    assert combat is not None
    combat.now = {who: i.in_round(combat.round) for who, i in combat.initiative.items()}
    places = []
    for who, value in combat.now.items():
        f = state.fighters[who]
        if rank_of(f)[1].name == "Dead":
            continue
        places.append(Place(f.name, value, f.sheet.trait("reflexes"), f.joined))
    combat.order = [p.character for p in descending(places)]


def tn_to_be_hit(state: HouseState, target: Fighter) -> list[Part]:
    parts = base_tn(target.sheet)
    combat = state.combat
    declared = combat.declared.get(key(target.name)) if combat is not None else None
    if declared is not None and declared.action == "full_defence":
        parts.append(Part(source="Défense totale", tn=declared.defence))
    if combat is not None and key(target.name) in combat.void_tn:
        parts.append(Part(source="Point de Vide (ND +10)", tn=VOID_TN))
    if declared is not None and declared.action == "assault":
        parts.append(assault_part(target.sheet, sum(p.tn for p in parts)))
    return parts


def can_act(fighter: Fighter) -> None:
    rank = rank_of(fighter)[1]
    if rank.penalty is None:
        raise IllegalUnderRules(f"{fighter.name} is {rank.french} ({rank.name}) and cannot act")
