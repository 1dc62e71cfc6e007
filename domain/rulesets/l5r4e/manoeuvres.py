"""4e's manoeuvres as an attack declares them (« Manoeuvres »): each by name, and what a
called shot and increased damage take after the colon (``called_shot:head``,
``increased_damage:2``). The attack's and the duel's strike's commands declare them to
every surface from here (:func:`declared`: a form's box a manoeuvre, its argument a
choice or a bounded number), and the rules read a declared text with :func:`read`,
against the same declaration; what each costs is :mod:`.attacks`'."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.commands import Argument, named_items
from domain.dice.roll_keep.roll import MAX_RAISES
from domain.errors import MalformedInput

MANOEUVRES = ("extra_attack", "called_shot", "disarm", "increased_damage", "feint", "knockdown")
CALLED_SHOT = {"arm": 1, "leg": 1, "hand": 2, "foot": 2, "head": 3, "eye": 4, "ear": 4,
               "finger": 4}  # fmt: skip
"""The raises a called shot costs by the part of the body aimed at."""
STRIKE_MANOEUVRES = ("called_shot", "increased_damage", "feint")
"""The manoeuvres a strike resolves within itself (the focus's free raises « s'appliquent
(pour effectuer une Manoeuvre par exemple) »); the others end in an opposed roll or a
second attack, which a duel does not have."""

ARGUMENTS = {
    "called_shot": Argument(values=tuple(CALLED_SHOT)),
    "increased_damage": Argument(low=1, high=MAX_RAISES, default="1"),
}
"""What a manoeuvre takes after its colon: a called shot the part aimed at, increased
damage its raises (+1k0 each; one if left out, as many as a roll may call at most)."""


def declared(names: Sequence[str]) -> dict[str, Any]:
    """The ``extra_json_schema`` of a command's manoeuvres that may be ``names``."""
    return named_items(names, {n: a for n, a in ARGUMENTS.items() if n in names})


def read(text: str) -> tuple[str, str]:
    """A declared manoeuvre as the rules read it: ``Called-Shot:Head`` → (``called_shot``,
    ``head``), ``increased_damage`` → (``increased_damage``, ``1``), ``feint`` →
    (``feint``, ``""``); what the declaration does not take is refused, quoted."""
    name, _, argument = text.strip().casefold().replace("-", "_").partition(":")
    if name not in MANOEUVRES:
        raise MalformedInput(f"manoeuvre {text!r}; choose from {', '.join(MANOEUVRES)}")
    takes = ARGUMENTS.get(name)
    if takes is None:
        if argument:
            raise MalformedInput(f"manoeuvre {name!r} takes no argument ({argument!r})")
        return name, ""
    argument = argument or (takes.default or "")
    said = name.replace("_", " ")
    if takes.values and argument not in takes.values:
        raise MalformedInput(f"{said} {argument!r}; choose from {', '.join(takes.values)}")
    if takes.low is not None and takes.high is not None:
        whole = argument.isascii() and argument.isdigit() and len(argument) <= 4
        if not whole or not takes.low <= int(argument) <= takes.high:
            raise MalformedInput(
                f"{said} {argument!r} is not a number of raises from {takes.low} to {takes.high}"
            )
        argument = str(int(argument))
    return name, argument
