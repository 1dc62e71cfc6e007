"""An Errant's sheet as the conflict rules read it: techniques and their scores, the four
wound boxes, and — for extras (« figurants ») — their threat level."""

from typing import Annotated

import msgspec
from msgspec import Meta

from domain.errors import MalformedInput
from domain.names import key

Label = Annotated[str, Meta(min_length=1, max_length=100)]
WOUND_BOXES = 4
"""« la feuille de personnage comporte une partie blessures avec quatre cases à cocher »."""


class Technique(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A technique (« air innocent », « feinte martiale ») and its score, added to a test's
    two dice."""

    name: Label
    score: Annotated[int, Meta(ge=0, le=30)]


class UkiyoSheet(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A lead (« tête d'affiche ») or a group of extras (``threat`` 1–4: « Menace de niveau
    1 : un professionnel seul … 4 : une armée professionnelle »)."""

    name: Label
    techniques: Annotated[tuple[Technique, ...], Meta(min_length=1, max_length=60)]
    wounds: Annotated[int, Meta(ge=0, le=WOUND_BOXES)] = 0
    threat: Annotated[int, Meta(ge=1, le=4)] | None = None
    """Set for extras only: the manches an opponent must win to beat them."""

    @property
    def extras(self) -> bool:
        return self.threat is not None

    def technique(self, name: str) -> Technique | None:
        wanted = key(name)
        return next((t for t in self.techniques if key(t.name) == wanted), None)


def check_ukiyo_sheet(sheet: object) -> None:
    if not isinstance(sheet, UkiyoSheet):
        raise MalformedInput(f"an ukiyo sheet, not {type(sheet).__name__}")
    names = [key(t.name) for t in sheet.techniques]
    if len(names) != len(set(names)):
        raise MalformedInput(f"sheet of {sheet.name!r}: a technique is listed twice")
    if sheet.extras and sheet.wounds:
        raise MalformedInput(f"sheet of {sheet.name!r}: extras take no wounds")
