"""4e spell slots (« Magie »): « A day's slots: as many spells of an element as its
ring; the Void ring's slots serve for any element. » What the table shows of them, apart
from the casting rules (:mod:`domain.rulesets.l5r4e.magic`), so that reading a session
loads no decider."""

from domain.rulesets.l5r4e.state_records import CharacterState


def slots_left(who: CharacterState) -> dict[str, int]:
    """Slots left today by element, and the Void ring's wildcard slots."""
    sheet = who.sheet
    return {
        ring: sheet.ring(ring) - who.slots_used.get(ring, 0)
        for ring in ("earth", "air", "water", "fire", "void")
    }
