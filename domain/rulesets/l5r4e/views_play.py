"""The l5r4e ruleset's own read models: armour TN with its parts, conditions, actions
left this turn, spell slots, duels, the battle, honour bands and money."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.rulesets.l5r4e.affinity import effective_rank
from domain.rulesets.l5r4e.armour import armour_tn
from domain.rulesets.l5r4e.spell_slots import slots_left
from domain.rulesets.l5r4e.standing_bands import honour_band, money, taint_band
from domain.rulesets.l5r4e.state import FourEState
from domain.rulesets.l5r4e.state_records import key


def armour(state: FourEState) -> dict[str, Any]:
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


def conditions(state: FourEState) -> dict[str, Any]:
    return {
        c.name: {
            name: {"level": cond.level, "note": cond.note} for name, cond in c.conditions.items()
        }
        for c in state.characters.values()
    }


def actions(state: FourEState) -> dict[str, Any]:
    """This turn's actions and what is left: two simple slots, a complex one takes both."""
    combat = state.combat
    view: dict[str, Any] = {}
    for c in state.characters.values():
        taken = [] if combat is None else combat.actions.get(key(c.name), [])
        used = sum(2 if kind == "complex" else 1 for kind, _ in taken if kind != "free")
        view[c.name] = {
            "taken": [{"kind": kind, "action": action} for kind, action in taken],
            "simple_left": max(0, 2 - used),
            "complex_left": 1 if used == 0 else 0,
        }
    return view


def spells(state: FourEState) -> dict[str, Any]:
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


def duels(state: FourEState) -> dict[str, Any]:
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


def battle(state: FourEState) -> dict[str, Any]:
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


def society(state: FourEState) -> dict[str, Any]:
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


VIEWS: dict[str, Callable[[FourEState], Any]] = {
    "armour": armour,
    "conditions": conditions,
    "actions": actions,
    "spells": spells,
    "duels": duels,
    "battle": battle,
    "society": society,
}
