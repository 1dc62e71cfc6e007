"""The l5r4e views as the tables ``kiroku state`` prints: each character's armour TN,
conditions, wounds, Void, stance, XP, insight and standing; the combat's turn order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.base import Table

CHARACTER_COLUMNS = (
    "character", "armour TN", "conditions", "wounds", "void", "stance", "xp", "insight",
    "standing",
)  # fmt: skip


def _character_row(projections: Mapping[str, Any], name: str) -> tuple[str, ...]:
    wounds = projections["wounds"][name]
    xp = projections["experience"][name]
    void = projections["void"][name]
    standing = projections["standing"][name]
    penalty = wounds["penalty"]
    armour = projections.get("armour", {}).get(name)
    conditions = projections.get("conditions", {}).get(name, {})
    return (
        name,
        "-" if armour is None else str(armour["tn"]),
        ", ".join(f"{c} {v['level']}" if v["level"] else c for c, v in conditions.items()) or "-",
        f"{wounds['wounds']} ({wounds['rank']}"
        + (", cannot act)" if penalty is None else f", +{penalty} TN)"),
        f"{void['left']}/{void['ring']}",
        projections["stances"][name] or "-",
        f"{xp['available']} ({xp['spent']} spent)",
        str(xp["insight_rank"]),
        f"H {standing['honour']} G {standing['glory']} "
        f"S {standing['status']} T {standing['taint']}",
    )


def _count(number: int, what: str) -> str:
    return f"{number} {what}" if number == 1 else f"{number} {what}s"


def tables(projections: Mapping[str, Any]) -> list[Table]:
    session = projections["session"]
    found = [
        Table(
            f"position {session['position']}, {_count(session['rolls'], 'roll')}, "
            f"{_count(session['combats'], 'combat')}",
            CHARACTER_COLUMNS,
            tuple(_character_row(projections, name) for name in projections["characters"]),
        )
    ]
    initiative = projections["initiative"]
    if initiative["in_combat"]:
        found.append(
            Table(
                f"Combat, round {initiative['round']}; turn: {initiative['current'] or '-'}",
                ("#", "character", "initiative", "acted"),
                tuple(
                    (str(i), e["character"], _initiative(e), _acted(e))
                    for i, e in enumerate(initiative["order"], 1)
                ),
            )
        )
    return found


def _initiative(entry: dict[str, Any]) -> str:
    """The figure the order is taken on, with its parts when there are more than the
    roll: ``21 (11 + 10 Void point)``."""
    parts = entry.get("score_parts") or []
    if len(parts) <= 1:
        return str(entry.get("score", entry["total"]))
    said = " + ".join(
        str(p["value"]) if p["source"] == "roll" else f"{p['value']} {p['source']}" for p in parts
    )
    return f"{entry['score']} ({said})"


def _acted(entry: dict[str, Any]) -> str:
    """``yes`` once their turn is done; ``skipped (Out)`` when it passed by itself."""
    if entry.get("skipped"):
        return f"skipped ({entry['skipped']})"
    return "yes" if entry["acted"] else ""
