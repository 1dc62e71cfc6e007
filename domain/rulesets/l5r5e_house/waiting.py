"""« Attendre » (Waiting): the action held is named when it is declared, and only that
action is taken when its trigger comes.

« Activation : au prix d'une action de Soutien, de Manipulation et d'Attaque, vous pouvez
déclarer une action (excepté une action de Déplacement) que vous réaliserez dès qu'un
événement spécifique se produira, et ce, avant la fin du round. Effets : dès que
l'événement en question se produit, vous pouvez effectuer l'action prédéfinie. […] Si
l'événement en question ne se produit pas au cours du round, vous pouvez effectuer une
action de votre choix (hormis Attendre) à la fin du round. »

Read as:

- the held action is one of the skirmish's actions that are not a move (« Frapper »,
  « Protéger », « Défier », « Reprendre son souffle », « Préparer un objet »), named by
  its command (``kiroku wait --action strike``);
- that action, and no other, is the held one: it may come at any moment of the round
  (the trigger is the GM's to judge), Attendre having paid for it, so it does not count
  among the turn's actions;
- once every turn of the round is over (the trigger never came), one action of the
  waiter's choice, Attendre aside (a move too: « une action de votre choix »);
- any other action is judged as the turn's own: Attendre spent the turn's Support,
  Manipulation and Attack, and the Water stance's extra action (« une action
  supplémentaire qui ne nécessite pas de test, mais qui doit être d'un type différent »)
  stays apart from the held one — a Movement then, which Attendre never excluded;
- a wait recorded before the held action was named (its ``action`` empty) keeps the
  reading it was decided under: the waiter's first action spends it, never a move.
"""

from __future__ import annotations

from typing import Literal

from domain.errors import IllegalUnderRules

HeldAction = Literal["strike", "protect", "challenge", "breathe", "prepare"]
HELD_ACTIONS: tuple[HeldAction, ...] = ("strike", "protect", "challenge", "breathe", "prepare")
MOVES = ("manoeuvre", "move")
NAMES: dict[str, str] = {
    "strike": "« Frapper »",
    "protect": "« Protéger »",
    "challenge": "« Défier »",
    "breathe": "« Reprendre son souffle »",
    "prepare": "« Préparer un objet »",
}


def check_held(action: str | None) -> str:
    """The action ``kiroku wait`` holds, checked: one of :data:`HELD_ACTIONS`."""
    if action is None:
        raise IllegalUnderRules(
            "« vous pouvez déclarer une action »: name the action held (--action "
            + "|".join(HELD_ACTIONS)
            + ")"
        )
    if action in MOVES:
        raise IllegalUnderRules(
            f"--action {action!r}: « Attendre » holds any action « excepté une action de "
            "Déplacement »"
        )
    if action not in HELD_ACTIONS:
        raise IllegalUnderRules(
            f"--action {action!r}: the action held is one of {', '.join(HELD_ACTIONS)}"
        )
    return action


def takes_held(held: str, name: str, *, round_over: bool) -> bool:
    """Whether the action ``name`` is the one Attendre holds (``held``): the very action
    named, or any but another wait once the round's turns are over."""
    if name == held:
        return True
    return round_over and name != "wait"


def holding(name: str, held: str) -> str:
    """What a refusal adds for a character (``name``) who waits."""
    return (
        f"{name} holds {NAMES.get(held, held)} (« Attendre », --action {held}): only that action "
        "when its trigger comes, any other at the round's end"
    )
