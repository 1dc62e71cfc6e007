"""The derived values (the published 5th edition's, which the text names without
defining): « Endurance » 2 × (Earth + Fire), « Sang-froid » (composure) 2 × (Earth +
Water), « Attention » (focus) Fire + Air, « Vigilance » (Air + Water) / 2 rounded up
(option ``vigilance_rounding=down``: rounded down)."""

from __future__ import annotations

from domain.rulesets.l5r5e_house.sheet import FifthSheet


def endurance(sheet: FifthSheet) -> int:
    return 2 * (sheet.rings.earth + sheet.rings.fire) + sheet.endurance_bonus


def composure(sheet: FifthSheet) -> int:
    return 2 * (sheet.rings.earth + sheet.rings.water) + sheet.composure_bonus


def focus(sheet: FifthSheet) -> int:
    return sheet.rings.fire + sheet.rings.air


def vigilance(sheet: FifthSheet, *, round_up: bool = True) -> int:
    total = sheet.rings.air + sheet.rings.water
    return (total + 1) // 2 if round_up else total // 2


def half_up(value: int) -> int:
    """« la moitié … arrondie à l'entier supérieur »: 7 → 4."""
    return (value + 1) // 2
