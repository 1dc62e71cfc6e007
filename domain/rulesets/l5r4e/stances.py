"""4e stances (« Postures »): when they are chosen and what a character's state allows.

Chosen at the start of each round, before the character acts (« À chaque début de
round, un personnage choisit sa posture »). Prone: Defense or Attack only; dazed:
Defense or Full Defense only; mounted or on high ground: no Full Attack (« Monté /
Surélevé »). « Un personnage épuisé ne peut se mettre en posture de Full Attack »: the
summary says it under « Fatigué », and « Épuisé » is also the name of the Down wound
rank (+40) — Kiroku bars both, a fatigued character and one at Down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.errors import IllegalUnderRules
from domain.rulesets.l5r4e.conditions import NO_FULL_ATTACK, STANCES_ALLOWED
from domain.rulesets.l5r4e.state_records import key

if TYPE_CHECKING:
    from domain.rulesets.l5r4e.state import FourEState
    from domain.rulesets.l5r4e.state_records import CharacterState

STANCES = ("attack", "full_attack", "defense", "full_defense", "center")


def check_stance(state: FourEState, who: CharacterState, stance: str) -> None:
    """The stance must be chosen at the start of the round, before acting, and fit the
    character's conditions (prone: Defense or Attack; dazed: Defense or Full Defense;
    mounted, on high ground, fatigued or Down: no Full Attack)."""
    combat = state.combat
    if combat is None or combat.round == 0:
        raise IllegalUnderRules("a stance is chosen at the start of a combat round")
    if who.name in combat.acted or combat.actions.get(key(who.name)):
        raise IllegalUnderRules(f"{who.name} has already acted this round: the stance is set")
    for condition, allowed in STANCES_ALLOWED.items():
        if condition in who.conditions and stance not in allowed:
            raise IllegalUnderRules(
                f"{who.name} is {condition}: only {' or '.join(allowed)} stances"
            )
    if stance == "full_attack":
        for condition in NO_FULL_ATTACK:
            if condition in who.conditions:
                raise IllegalUnderRules(f"{who.name} is {condition}: no Full Attack stance")
        ruleset = state.ruleset
        assert ruleset is not None
        if ruleset.wound_rank(who.sheet, who.wounds).name == "Down":
            raise IllegalUnderRules(
                f"{who.name} is Down (Épuisé): « Un personnage épuisé ne peut se mettre en "
                f"posture de Full Attack »"
            )
