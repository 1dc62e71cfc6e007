"""The l5r3e read models (what ``kiroku state`` and ``--json`` show) and the timeline's
lines for the 3e events."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.events import Event
from domain.names import key
from domain.rulesets.base import Table
from domain.rulesets.l5r3e.events import (
    ActionsTaken,
    AttackResolved,
    DamageReduced,
    Dismounted,
    GrappleBroken,
    GrappleWon,
    InitiativeSwapped,
    ManoeuvreChosen,
    Mounted,
    ReversalApplied,
    SpellCast,
    SurpriseDeclared,
    TurnDelayed,
    VoidSpent,
)
from domain.rulesets.l5r3e.manoeuvres import FRENCH as MANOEUVRE_NAMES
from domain.rulesets.l5r3e.raises import FRENCH as RAISE_NAMES
from domain.rulesets.l5r3e.state import ThirdState
from domain.rulesets.l5r3e.table import FALLEN, initiative_parts, tn_to_be_hit, wound_rank
from domain.rulesets.l5r3e.wounds import wound_ladder
from domain.rulesets.roll_keep_kit.modifiers import describe_parts, tn_with_parts


def characters(state: ThirdState) -> dict[str, Any]:
    return {
        f.name: {
            "player": f.player,
            "rings": dict(f.sheet.rings),
            "traits": msgspec.structs.asdict(f.sheet.traits),
            "skills": {
                s.name: {"rank": s.rank, "emphases": list(s.emphases)} for s in f.sheet.skills
            },
            "techniques": list(f.sheet.techniques),
        }
        for f in state.fighters.values()
    }


def initiative(state: ThirdState) -> dict[str, Any]:
    """The combat's order: each combatant's initiative this round (as the round began),
    and what it will be next round as things stand, part by part (the kept roll, the
    techniques' bonuses, the reversals, the current wound penalty, a surprise)."""
    combat = state.combat
    if combat is None:
        return {"combat": False}
    current = combat.current()
    order = []
    names = combat.order or [state.fighters[k].name for k in combat.rolled]
    for name in names:
        who = key(name)
        parts = initiative_parts(state, combat, who)
        order.append(
            {
                "character": name,
                "initiative": combat.now.get(who),
                "rolled": combat.rolled[who],
                "next_round": sum(p.total for p in parts),
                "next_round_parts": [{"source": p.source, "value": p.total} for p in parts],
                "acted": who in combat.acted,
                "delayed": who in combat.delayed,
                "current": current is not None and key(current) == who,
                "surprised": who in combat.surprised,
            }
        )
    return {"combat": True, "round": combat.round, "current": current, "order": order}


def wounds(state: ThirdState) -> dict[str, Any]:
    """Each one's wounds, their level by name (``level``, ``rank``) and by number
    (``level_number``: 0 the first of the text's ladder, Indemne, up to Mort), the
    penalty and whether they may act."""
    out = {}
    for f in state.fighters.values():
        rank = wound_rank(f)
        out[f.name] = {
            "wounds": f.wounds,
            "level": rank.french,
            "level_number": wound_ladder(f.sheet).index(rank),
            "rank": rank.name,
            "penalty": rank.penalty or 0,
            "can_act": rank.french not in FALLEN,
        }
    return out


def void(state: ThirdState) -> dict[str, Any]:
    return {
        f.name: {"left": f.void_left, "ring": f.sheet.ring("void"), "encouraged": f.encouraged}
        for f in state.fighters.values()
    }


def manoeuvres(state: ThirdState) -> dict[str, Any]:
    """Each character's manoeuvre and what lasts until their next turn; the TN to be hit
    by a foe with no special claim on them (the Scorpion's and a guard's bonuses depend
    on the attacker, and show on each attack); a Dodge that holds against the foes it was
    spent on only (« Esquive », as many as the Reputation rank) gives their TN apart
    (``tn_against``)."""
    out = {}
    for f in state.fighters.values():
        parts = [
            p for p in tn_to_be_hit(state, f, f) if p.source not in ("Garde", "La Voie du Scorpion")
        ]
        # a Dodge spent on as many foes as the Reputation allows holds against those only
        dodged_by = {
            state.fighters[k].name: sum(p.tn for p in tn_to_be_hit(state, f, state.fighters[k]))
            for k in f.dodged
            if k in state.fighters and not any(p.source == "Esquive" for p in parts)
        }
        out[f.name] = {
            "manoeuvre": f.manoeuvre,
            "dodge": f.dodge,
            "void_tn": f.void_tn,
            "two_weapons": f.two_weapons,
            "prone": f.prone,
            "disarmed": f.disarmed,
            "feint_on": state.fighters[f.feint_on].name if f.feint_on else None,
            "tn": sum(p.tn for p in parts),
            "tn_parts": [{"source": p.source, "value": p.tn} for p in parts],
            "tn_against": dodged_by,
            **({"mounted": True} if f.mounted else {}),  # only a rider's row says so
        }
    return out


def grapples(state: ThirdState) -> dict[str, str]:
    combat = state.combat
    if combat is None:
        return {}
    return {
        state.fighters[holder].name: state.fighters[grip.held].name
        for holder, grip in combat.grapple.items()
    }


VIEWS = {
    "characters": characters,
    "initiative": initiative,
    "wounds": wounds,
    "void": void,
    "manoeuvres": manoeuvres,
    "grapples": grapples,
}


def tables(projections: Any) -> list[Table]:
    """``kiroku state``: one row a character, in this round's order when in combat."""
    order = projections["initiative"].get("order", [])
    placed = {row["character"]: row for row in order}
    names = [row["character"] for row in order] + [
        name for name in projections["wounds"] if name not in placed
    ]
    rows = []
    for name in names:
        init = placed.get(name)
        hurt = projections["wounds"][name]
        held = projections["manoeuvres"][name]
        void_row = projections["void"][name]
        mark = "▶ " if init and init["current"] else ""
        rows.append(
            (
                mark + name,
                str(init["initiative"]) if init and init["initiative"] is not None else "-",
                MANOEUVRE_NAMES.get(held["manoeuvre"], held["manoeuvre"])
                + (" (à cheval)" if held.get("mounted") else ""),
                "; ".join(
                    [str(held["tn"])]
                    + [f"{tn} vs {foe}" for foe, tn in held.get("tn_against", {}).items()]
                ),
                f"{hurt['wounds']} {hurt['level']}"
                + (f" +{hurt['penalty']}" if hurt["penalty"] else ""),
                f"{void_row['left']}/{void_row['ring']}",
            )
        )
    initiative_view = projections["initiative"]
    title = f"round {initiative_view['round']}" if initiative_view.get("combat") else ""
    columns = ("character", "initiative", "manoeuvre", "TN", "wounds", "void")
    return [Table(title, columns, tuple(rows))]


def describe_third(event: Event) -> str:
    match event:
        case ManoeuvreChosen():
            text = f"{event.character} chooses {MANOEUVRE_NAMES[event.manoeuvre]}"
            if event.dodge:
                text += f" (+{event.dodge} to the TN to be hit)"
            return text + (" with katana and wakizashi" if event.two_weapons else "")
        case InitiativeSwapped():
            how = "each paying a Void point" if event.cause == "void" else "Combat Reflexes"
            return (
                f"{event.character} ({event.values[0]}) and {event.other} ({event.values[1]}) "
                f"swap initiative: {how}"
            )
        case SurpriseDeclared():
            return (
                f"surprised in round {event.round} (−20 initiative): {', '.join(event.characters)}"
            )
        case AttackResolved():
            verdict = "hits" if event.hit else "misses"
            what = f" ({RAISE_NAMES[event.manoeuvre]})" if event.manoeuvre else ""
            text = f"{event.character} {verdict} {event.target} with {event.weapon}{what}"
            text += f": {', '.join(map(str, event.totals))} vs {event.needed}"
            text += f" (TN to be hit {tn_with_parts(event.tn, event.tn_parts)}"
            if event.raises:
                text += f"; {event.raises} raise{'s' if event.raises > 1 else ''} called"
            text += "".join(
                f"; {free.count} free raise(s) of {free.source} to "
                + ("the total" if free.to == "total" else free.to)
                for free in event.free_raises
            )
            if len(event.free_raises) != 1:  # one source says where they all went
                went = [f"{n} {where}" for n, where in (
                    (event.free_on_total, "on the total"),
                    (event.free_to_manoeuvre, "on the manoeuvre"),
                ) if n]  # fmt: skip
                text += f": in all {', '.join(went)}" if went else ""
            text += ")"
            if event.knocked_down:
                text += "; knocked down"
            if event.disarmed:
                text += "; disarmed"
            return text
        case GrappleWon():
            mine, theirs = event.totals
            return f"{event.character} holds {event.against} in the grapple ({mine} to {theirs})"
        case GrappleBroken():
            return f"{event.character} lets {event.against} go"
        case ReversalApplied():
            if key(event.target) == key(event.character):
                return f"{event.character}'s reversal: +{event.amount} to their initiative"
            return f"{event.character}'s reversal: −{event.amount} off {event.target}'s initiative"
        case VoidSpent():
            source = f" given by {event.ally}" if event.ally else ""
            plural = "s" if event.points > 1 else ""
            spent = f"{event.points} Void point{plural}{source}"
            return f"{event.character} spends {spent} ({event.use}): {event.purpose}"
        case DamageReduced():
            return f"{event.character}'s wounds reduced by {event.amount}"
        case ActionsTaken():
            due = event.raises_due
            costs = f" ({due} raise{'s' if due > 1 else ''} due on the skill roll)" if due else ""
            return f"{event.character}: {', '.join(event.actions)}{costs}"
        case TurnDelayed():
            return f"{event.character} delays"
        case Mounted():
            return f"{event.character} is mounted: no Assault nor Dodge until they dismount"
        case Dismounted():
            return f"{event.character} dismounts: every manoeuvre is theirs again"
        case SpellCast():
            verdict = "succeeds" if event.success else "fails"
            return f"{event.character} casts {event.spell} ({event.turns} turn(s)): {verdict}"
    return type(event).__name__


def explain_third(event: Event) -> list[str]:
    if isinstance(event, AttackResolved):
        return [f"TN to be hit {event.tn}: {describe_parts(event.tn_parts)}"]
    return []
