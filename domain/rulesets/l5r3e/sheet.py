"""The 3e character sheet: the roll & keep kit's sheet, with what the skirmish rules add.

- ``techniques``: the school techniques and advantages the character has that change a
  skirmish (:mod:`domain.rulesets.l5r3e.techniques`), by name.
- ``human``: « Seul les Humains peuvent dépenser leurs points de Vide ! » — a creature's
  sheet says ``false``.
"""

from typing import Annotated

from msgspec import Meta

from domain.errors import MalformedInput
from domain.rulesets.l5r3e.techniques import techniques_of
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Label, check_sheet

MAX_TECHNIQUES = 20


class ThirdSheet(CharacterSheet, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A character as they join a 3e session."""

    techniques: Annotated[tuple[Label, ...], Meta(max_length=MAX_TECHNIQUES)] = ()
    human: bool = True


def check_third_sheet(sheet: object) -> None:
    """The kit's checks, then every technique named must be in the catalogue."""
    if not isinstance(sheet, ThirdSheet):
        raise MalformedInput(f"an l5r3e sheet, not {type(sheet).__name__}")
    check_sheet(sheet)
    techniques_of(sheet.techniques)
