"""The l5r4e read models a table looks at: initiative, wounds, XP, Void, stances, standing
and the sheets as they stand, and the tables ``kiroku state`` prints from them.

Each function takes the 4e state (:mod:`domain.rulesets.l5r4e.state`, folded with
retracted events left out) and returns plain JSON-able data keyed by character name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.base import Table
from domain.rulesets.l5r4e.state import FourEState
from domain.rulesets.l5r4e.state_records import key
from domain.rulesets.roll_keep_kit.character import TRAITS
from domain.rulesets.roll_keep_kit.standing import STANDINGS, format_tenths


def initiative(state: FourEState) -> dict[str, Any]:
    """Initiative order for the current combat, whose turn it is and who has acted: each
    entry's roll (``total``) and the figure it is ordered on (``score``, with its parts:
    a Void point's +10, last round's Center stance)."""
    combat = state.combat
    if combat is None:
        return {"in_combat": False, "round": 0, "current": None, "order": []}
    return {
        "in_combat": True,
        "round": combat.round,
        "current": combat.current(),
        "order": [
            {
                "character": entry.character,
                "total": entry.total,
                "score": combat.score(entry),
                "score_parts": [
                    {"source": source, "value": value}
                    for source, value in combat.score_parts(entry)
                ],
                "reflexes": entry.reflexes,
                "acted": entry.character in combat.acted,
                "skipped": combat.skipped.get(key(entry.character)),
            }
            for entry in combat.order()
        ],
    }


def wounds(state: FourEState) -> dict[str, Any]:
    """Wounds taken, the wound rank by name and by number (``level_number``: its place on
    the ladder, 0 Healthy … Out, then Dead), its TN penalty, and the ladder for the
    sheet."""
    ruleset = state.ruleset
    if ruleset is None:
        return {}
    view: dict[str, Any] = {}
    for character in state.characters.values():
        rank = ruleset.wound_rank(character.sheet, character.wounds)
        ladder = ruleset.wound_ladder(character.sheet)
        view[character.name] = {
            "wounds": character.wounds,
            "rank": rank.name,
            "level_number": ladder.index(rank),
            "penalty": rank.penalty,
            "can_act": rank.penalty is not None,
            "ladder": [
                {"rank": r.name, "up_to": r.upper_bound, "penalty": r.penalty}
                for r in ruleset.wound_ladder(character.sheet)
            ],
        }
    return view


def experience(state: FourEState) -> dict[str, Any]:
    """XP awarded, spent and available (from the ruleset's starting XP), and insight."""
    ruleset = state.ruleset
    if ruleset is None:
        return {}
    return {
        c.name: {
            "starting": ruleset.xp_at_joining(c.sheet),
            "awarded": c.xp_awarded,
            "spent": c.xp_spent,
            "available": ruleset.xp_at_joining(c.sheet) + c.xp_awarded - c.xp_spent,
            "insight": ruleset.insight(c.sheet),
            "insight_rank": ruleset.insight_rank(c.sheet),
        }
        for c in state.characters.values()
    }


def void(state: FourEState) -> dict[str, Any]:
    return {
        c.name: {"ring": c.sheet.void, "spent": c.void_spent, "left": c.void_points}
        for c in state.characters.values()
    }


def stances(state: FourEState) -> dict[str, Any]:
    return {c.name: c.stance for c in state.characters.values()}


def standing(state: FourEState) -> dict[str, Any]:
    """Honour, glory, status and taint as ranks with tenths ("3.5")."""
    return {
        c.name: {s: format_tenths(c.standing.get(s, 0)) for s in STANDINGS}
        for c in state.characters.values()
    }


def characters(state: FourEState) -> dict[str, Any]:
    """Each sheet as it stands now: rings, traits and skills after XP spends."""
    return {
        c.name: {
            "player": c.player,
            "rings": c.sheet.rings,
            "traits": {t: c.sheet.trait(t) for t in TRAITS},
            "skills": {
                s.name: {"rank": s.rank, "emphases": list(s.emphases), "school": s.school}
                for s in c.sheet.skills
            },
        }
        for c in state.characters.values()
    }


def session(state: FourEState) -> dict[str, Any]:
    """Added to the core's ``session`` view: how many rolls and combats it has seen."""
    return {"rolls": state.rolls, "combats": state.combats}


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
