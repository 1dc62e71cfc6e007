"""The l5r4e ruleset's ``build``: its options checked, its rules, events, commands and
views bound into one :class:`~domain.rulesets.l5r4e.rules.FourthEdition` (see the package
docstring for the options and the readings)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from domain.commands import Command, Decider
from domain.dice.roll_keep.ten_dice import FOURTH_EDITION
from domain.errors import MalformedInput, excerpt
from domain.rulesets.l5r4e import RULESET_ID, views, views_play
from domain.rulesets.l5r4e.events import EVENT_TYPES
from domain.rulesets.l5r4e.experience import STARTING_XP, insight, insight_rank, price
from domain.rulesets.l5r4e.rules import FourthEdition
from domain.rulesets.l5r4e.situation import situation
from domain.rulesets.l5r4e.stances import STANCES, check_stance
from domain.rulesets.l5r4e.wounds import wound_ladder
from domain.rulesets.roll_keep_kit.character import CharacterSheet

OPTION_HELP = {
    "starting_xp": f"the XP every character starts with (default {STARTING_XP})",
    "armour_penalty_on_attacks": "true (default): armour's TN penalty on Agility and "
    "Reflexes skill rolls counts on attack rolls too; false spares them",
    "success_on_tie": "true (default): a total equal to the TN succeeds, as in the "
    "published game; false: it must exceed it (« excéder », the summary's word)",
    "range_bands": "complete (default): −1k0 for each complete 15 m band past a bow's "
    "range (« par tranche de 15m au delà »); begun: for each band begun",
}
OPTIONS = tuple(OPTION_HELP)
BOOLEANS = ("true", "false")

VIEWS = {
    "session": views.session,
    "characters": views.characters,
    "initiative": views.initiative,
    "wounds": views.wounds,
    "experience": views.experience,
    "void": views.void,
    "stances": views.stances,
    "standing": views.standing,
    **views_play.VIEWS,
}
"""The l5r4e read models (``session`` adds the counts of rolls and combats to the core's)."""


def initiative_expression(sheet: CharacterSheet) -> str:
    """« Rang de Réputation + Réflexes jetés, Réflexes gardés » (rank 2, Reflexes 3: 5k3)."""
    reflexes = sheet.trait("reflexes")
    return f"{insight_rank(sheet) + reflexes}k{reflexes}"


@cache
def _commands() -> tuple[Mapping[type[Command], Decider], Callable[..., Any]]:
    """The command deciders and the Play view, imported on first use."""
    from domain.rulesets.l5r4e.commands import DECIDERS
    from domain.rulesets.l5r4e.play import Play

    return DECIDERS, Play


MAX_STARTING_XP = 10_000
"""The most XP a character may start with (the book's 40, a veteran campaign's hundreds)."""


def build(options: Mapping[str, str]) -> FourthEdition:
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise MalformedInput(
            f"ruleset {RULESET_ID!r} has no option {unknown[0]!r}; options: {', '.join(OPTIONS)}"
        )
    raw = options.get("starting_xp", str(STARTING_XP))
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 5 and int(raw) <= MAX_STARTING_XP):
        raise MalformedInput(
            f"option starting_xp={excerpt(raw)} is not a whole number of XP from 0 to "
            f"{MAX_STARTING_XP:,}"
        )
    for name in ("armour_penalty_on_attacks", "success_on_tie"):
        flag = options.get(name, "true")
        if flag not in BOOLEANS:
            raise MalformedInput(f"option {name}={flag!r} is not true or false")
    bands = options.get("range_bands", "complete")
    if bands not in ("complete", "begun"):
        raise MalformedInput(f"option range_bands={bands!r} is not complete or begun")
    return FourthEdition(
        id=RULESET_ID,
        title="Legend of the Five Rings, 4th edition",
        options=dict(options),
        ten_dice_rule=FOURTH_EDITION,
        starting_xp=int(raw),
        ties_succeed=options.get("success_on_tie", "true") == "true",
        range_bands_begun=bands == "begun",
        stances=STANCES,
        wound_ladder=wound_ladder,
        insight=insight,
        insight_rank=insight_rank,
        initiative_expression=initiative_expression,
        price=price,
        situation=situation,
        check_stance=check_stance,
        option_help=OPTION_HELP,
        event_types=EVENT_TYPES,
        views=VIEWS,
        commands=_commands,
    )
