"""What the house rules read from the state: the order, a character's malus (and which
wounds count in it now), the TN to be hit with its parts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.errors import IllegalUnderRules
from domain.names import key
from domain.rulesets.l5r_house.rules import VOID_TN, assault_part, base_tn, malus, wound_ladder
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.turn_order import Place, descending
from domain.rulesets.roll_keep_kit.wounds import WoundRank, rank_on
from domain.rulesets.table_kit.deciding import find

if TYPE_CHECKING:  # the state is the rules' to read, the fold's to write
    from domain.rulesets.l5r_house.state import Fighter, HouseState


def fighter(state: HouseState, name: str) -> Fighter:
    """The character called ``name``, or a refusal naming who is in the session."""
    return find(state.fighters, name)


def rank_of(fighter: Fighter, wounds: int | None = None) -> tuple[int, WoundRank]:
    ladder = wound_ladder(fighter.sheet)
    rank = rank_on(ladder, fighter.wounds if wounds is None else wounds)
    return ladder.index(rank), rank


def counted_wounds(state: HouseState, fighter: Fighter) -> tuple[int, int]:
    """The wounds that count on ``fighter``'s roll now, and those that do not: taken this
    round from a foe no faster, they land after it (« Si durant le tour le joueur a subi
    des dégâts provenant d'une personne ayant une meilleure initiative qu'elle, ses dégâts
    comptent »; ties « jouent en même temps »)."""
    combat = state.combat
    late = combat.late_wounds.get(key(fighter.name), 0) if combat is not None else 0
    return fighter.wounds - late, late


def malus_now(state: HouseState, fighter: Fighter) -> tuple[int, WoundRank]:
    """The malus a roll of ``fighter``'s carries now (:func:`counted_wounds`), none if a
    Void point ignores them this round."""
    combat = state.combat
    if combat is not None and key(fighter.name) in combat.ignore_wounds:
        return 0, rank_of(fighter, 0)[1]
    index, rank = rank_of(fighter, counted_wounds(state, fighter)[0])
    return malus(index, rank, levels=state.level_malus), rank


def can_act_now(state: HouseState, fighter: Fighter) -> bool:
    """Whether ``fighter`` may still act: not Out nor dead, by the wounds that count now (a
    tied rival struck down « en même temps » still strikes back)."""
    return rank_of(fighter, counted_wounds(state, fighter)[0])[1].penalty is not None


def malus_parts(state: HouseState, fighter: Fighter, *, has_tn: bool = True) -> list[Part]:
    """The malus as the session counts it: off the dice rolled and kept (``malus_on=pool``,
    the text's « ses dégâts comptent dans le calcul du nombre de dés jetés et gardés »),
    or on the TN (``malus_on=tn``) — off the total, for a roll without one. Wounds that
    land after the roll are named, at zero, so the record says why they do not count."""
    amount, rank = malus_now(state, fighter)
    late = counted_wounds(state, fighter)[1]
    parts = []
    if late:
        parts.append(Part(source=f"{late} wounds from a foe no faster: after this roll"))
    if not amount:
        return parts
    source = f"Blessures ({rank.french})"
    if state.malus_in_pool:
        parts.append(Part(source=source, rolled=-amount, kept=-amount))
    elif has_tn:
        parts.append(Part(source=source, tn=amount))
    else:
        parts.append(Part(source=source, total=-amount))
    return parts


def set_order(state: HouseState) -> None:
    combat = state.combat
    assert combat is not None
    combat.now = {who: i.in_round(combat.round) for who, i in combat.initiative.items()}
    places = []
    for who, value in combat.now.items():
        f = state.fighters[who]
        if not can_act_now(state, f):
            continue  # Out or dead: no declaration, no action, no one waits on them
        places.append(Place(f.name, value, f.sheet.trait("reflexes"), f.joined))
    combat.order = [p.character for p in descending(places)]


def tn_to_be_hit(
    state: HouseState, target: Fighter, *, defence_now: int | None = None
) -> list[Part]:
    """The TN to be hit, part by part: Reflexes × 5 + 5 (or the GM's base) and the armour,
    the GM's modifier, a Full Defence's roll once made (``defence_now``: the one an
    attack rolls as it is made), a Void point's +10, an Assault's −15 floored at 5 +
    armour (« avec pour minimum 5+ armure », whatever the GM ruled: the −15 never takes
    the TN below it)."""
    parts = base_tn(target.sheet, target.tn_ruling)
    combat = state.combat
    declared = combat.declared.get(key(target.name)) if combat is not None else None
    defence = defence_now
    if defence is None and combat is not None:
        defence = combat.defences.get(key(target.name))
    if declared is not None and declared.action == "full_defence" and defence is not None:
        parts.append(Part(source="Défense totale", tn=defence))
    if combat is not None and key(target.name) in combat.void_tn:
        parts.append(Part(source="Point de Vide (ND +10)", tn=VOID_TN))
    if declared is not None and declared.action == "assault":
        parts.append(assault_part(target.sheet, sum(p.tn for p in parts)))
    return parts


def can_act(state: HouseState, fighter: Fighter) -> None:
    if not can_act_now(state, fighter):
        rank = rank_of(fighter)[1]
        raise IllegalUnderRules(f"{fighter.name} is {rank.french} ({rank.name}) and cannot act")
