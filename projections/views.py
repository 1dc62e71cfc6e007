"""The read models a table looks at, built from the folded session state.

Each function takes the state (:mod:`domain.session.state`, folded with retracted events
left out) and returns plain JSON-able data keyed by character name.
"""

from __future__ import annotations

from typing import Any

from domain.character import TRAITS
from domain.rulesets.l5r4e.armour import armour_tn
from domain.rulesets.l5r4e.magic import effective_rank, slots_left
from domain.rulesets.l5r4e.society import honour_band, money, taint_band
from domain.session.state import SessionState
from domain.standing import STANDINGS, format_tenths


def initiative(state: SessionState) -> dict[str, Any]:
    """Initiative order for the current combat, whose turn it is and who has acted."""
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
                "reflexes": entry.reflexes,
                "acted": entry.character in combat.acted,
            }
            for entry in combat.order()
        ],
    }


def wounds(state: SessionState) -> dict[str, Any]:
    """Wounds taken, the wound rank and its TN penalty, and the ladder for the sheet."""
    ruleset = state.ruleset
    if ruleset is None:
        return {}
    view: dict[str, Any] = {}
    for character in state.characters.values():
        rank = ruleset.wound_rank(character.sheet, character.wounds)
        view[character.name] = {
            "wounds": character.wounds,
            "rank": rank.name,
            "penalty": rank.penalty,
            "can_act": rank.penalty is not None,
            "ladder": [
                {"rank": r.name, "up_to": r.upper_bound, "penalty": r.penalty}
                for r in ruleset.wound_ladder(character.sheet)
            ],
        }
    return view


def experience(state: SessionState) -> dict[str, Any]:
    """XP awarded, spent and available (from the ruleset's starting XP), and insight."""
    ruleset = state.ruleset
    if ruleset is None:
        return {}
    return {
        c.name: {
            "starting": ruleset.starting_xp,
            "awarded": c.xp_awarded,
            "spent": c.xp_spent,
            "available": ruleset.starting_xp + c.xp_awarded - c.xp_spent,
            "insight": ruleset.insight(c.sheet),
            "insight_rank": ruleset.insight_rank(c.sheet),
        }
        for c in state.characters.values()
    }


def void(state: SessionState) -> dict[str, Any]:
    return {
        c.name: {"ring": c.sheet.void, "spent": c.void_spent, "left": c.void_points}
        for c in state.characters.values()
    }


def stances(state: SessionState) -> dict[str, Any]:
    return {c.name: c.stance for c in state.characters.values()}


def standing(state: SessionState) -> dict[str, Any]:
    """Honour, glory, status and taint as ranks with tenths ("3.5")."""
    return {
        c.name: {s: format_tenths(c.standing.get(s, 0)) for s in STANDINGS}
        for c in state.characters.values()
    }


def characters(state: SessionState) -> dict[str, Any]:
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


def session(state: SessionState) -> dict[str, Any]:
    opened = state.opened
    if opened is None:
        return {}
    return {
        "id": opened.session,
        "ruleset": opened.ruleset,
        "options": dict(opened.options),
        "campaign": opened.campaign,
        "gm": opened.gm,
        "title": opened.title,
        "position": state.position,
        "rolls": state.rolls,
        "combats": state.combats,
    }


def armour(state: SessionState) -> dict[str, Any]:
    """Each character's armour TN against melee, with the parts it is made of."""
    view: dict[str, Any] = {}
    for c in state.characters.values():
        parts = armour_tn(state, c)
        view[c.name] = {
            "tn": max(0, sum(p.total for p in parts)),
            "parts": [{"source": p.source, "value": p.total} for p in parts],
            "reduction": c.sheet.armour.reduction if c.sheet.armour else 0,
        }
    return view


def conditions(state: SessionState) -> dict[str, Any]:
    return {
        c.name: {
            name: {"level": cond.level, "note": cond.note} for name, cond in c.conditions.items()
        }
        for c in state.characters.values()
    }


def actions(state: SessionState) -> dict[str, Any]:
    """This turn's actions and what is left: two simple slots, a complex one takes both."""
    combat = state.combat
    view: dict[str, Any] = {}
    for c in state.characters.values():
        taken = [] if combat is None else combat.actions.get(c.name.casefold(), [])
        used = sum(2 if kind == "complex" else 1 for kind, _ in taken if kind != "free")
        view[c.name] = {
            "taken": [{"kind": kind, "action": action} for kind, action in taken],
            "simple_left": max(0, 2 - used),
            "complex_left": 1 if used == 0 else 0,
        }
    return view


def spells(state: SessionState) -> dict[str, Any]:
    """Spell slots left today by element (Void slots serve for any), for spellcasters."""
    return {
        c.name: {
            "slots_left": slots_left(c),
            "school_rank": {
                ring: effective_rank(c.sheet, ring)
                for ring in ("earth", "air", "water", "fire", "void")
            },
        }
        for c in state.characters.values()
        if c.sheet.spells
    }


def duels(state: SessionState) -> dict[str, Any]:
    return {
        d.duel: {
            "duellists": list(d.duellists()),
            "kind": d.kind,
            "phase": d.phase,
            "focus_bonus": sorted(d.focus_bonus),
            "first": d.first,
            "free_raises": d.free_raises,
            "hits": d.hits,
            "winner": d.winner,
            "outcome": d.outcome,
        }
        for d in state.duels.values()
    }


def battle(state: SessionState) -> dict[str, Any]:
    b = state.battle
    if b is None:
        return {}
    return {
        "name": b.name,
        "armies": list(b.armies),
        "turns": b.turns,
        "turn": b.turn,
        "status": b.status,
        "ended": b.ended,
        "engagement": {
            c.name: c.engagement for c in state.characters.values() if c.engagement is not None
        },
        "results": dict(b.results),
    }


def society(state: SessionState) -> dict[str, Any]:
    """Honour and taint bands, money in koku/bu/zeni, what each has learned of others."""
    return {
        c.name: {
            "honour_band": honour_band(c.standing.get("honour", 0)),
            "taint_band": taint_band(c.standing.get("taint", 0)),
            "money": money(c.zeni),
            "medicine_kit_uses": c.kit_uses,
            "learned": [
                {"about": about, "what": what, "value": value} for about, what, value in c.revealed
            ],
        }
        for c in state.characters.values()
    }
