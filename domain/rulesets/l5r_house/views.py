"""The l5r-house read models and log lines."""

from __future__ import annotations

from typing import Any

from domain.events import Event
from domain.names import key
from domain.rulesets.base import Table
from domain.rulesets.l5r_house.events import (
    ActionDeclared,
    ActionSucceeded,
    AttackMade,
    FullDefenceRolled,
    TnLifted,
    TnRuled,
    VoidSpent,
)
from domain.rulesets.l5r_house.rules import CALLED_SHOTS, FRENCH
from domain.rulesets.l5r_house.state import HouseState
from domain.rulesets.l5r_house.table import malus_now, rank_of, tn_to_be_hit
from domain.rulesets.roll_keep_kit.modifiers import describe_parts, tn_with_parts


def initiative(state: HouseState) -> dict[str, Any]:
    """The round's order (highest first), its phase, who declares or acts now, and each
    one's declared action."""
    combat = state.combat
    if combat is None:
        return {"combat": False}
    if combat.round == 0:
        phase = "initiative"
    elif combat.declaring:
        phase = "declarations"
    elif combat.current() is not None:
        phase = "actions"
    else:
        phase = "over"
    rows = []
    for name in combat.order or [state.fighters[k].name for k in combat.initiative]:
        who = key(name)
        declared = combat.declared.get(who)
        held = combat.initiative[who]
        rows.append({
            "character": name,
            "initiative": combat.now.get(who, held.total),
            "rolled": held.total,
            "void_die": held.void_die,
            "void_rounds": held.void_rounds,
            "action": declared.action if declared else None,
            "target": declared.target if declared else None,
            "resolved": who in combat.resolved,
        })  # fmt: skip
    return {
        "combat": True,
        "round": combat.round,
        "phase": phase,
        "to_declare": combat.to_declare() if combat.declaring else [],
        "current": combat.current(),
        "order": rows,
    }


def wounds(state: HouseState) -> dict[str, Any]:
    """Each one's wounds, their level by name (``level``, ``rank``) and by number
    (``level_number``: 0 Indemne, 1 Égratigné … 7 Hors de combat, 8 Mort), the malus it
    puts on a roll now, and whether they may act."""
    out = {}
    for f in state.fighters.values():
        number, rank = rank_of(f)
        amount, _ = malus_now(state, f)
        out[f.name] = {
            "wounds": f.wounds,
            "level": rank.french,
            "level_number": number,
            "rank": rank.name,
            "malus": amount,
            "can_act": rank.penalty is not None,
        }
    return out


def void(state: HouseState) -> dict[str, Any]:
    return {
        f.name: {"left": f.void_left, "ring": f.sheet.ring("void")} for f in state.fighters.values()
    }


def defence(state: HouseState) -> dict[str, Any]:
    """Each one's TN to be hit this round, part by part; ``full_defence``: a Full Defence
    declared this round, ``awaits the first attack`` until it is rolled, else ``rolled``."""
    out = {}
    combat = state.combat
    for f in state.fighters.values():
        parts = tn_to_be_hit(state, f)
        out[f.name] = {
            "tn": sum(p.tn for p in parts),
            "parts": [{"source": p.source, "value": p.tn} for p in parts],
        }
        if f.tn_ruling is not None:
            out[f.name]["ruling"] = {
                "modifier": f.tn_ruling.modifier,
                "base": f.tn_ruling.base,
                "reason": f.tn_ruling.reason,
            }
        declared = combat.declared.get(key(f.name)) if combat is not None else None
        if declared is not None and declared.action == "full_defence":
            rolled = combat is not None and key(f.name) in combat.defences
            waits = not rolled and f.sheet.skill_rank("Defense") > 0
            out[f.name]["full_defence"] = "awaits the first attack" if waits else "rolled"
    return out


VIEWS = {"initiative": initiative, "wounds": wounds, "void": void, "defence": defence}


def tables(projections: Any) -> list[Table]:
    view = projections["initiative"]
    placed = {row["character"]: row for row in view.get("order", [])}
    names = list(placed) + [n for n in projections["wounds"] if n not in placed]
    rows = []
    for name in names:
        row = placed.get(name)
        hurt = projections["wounds"][name]
        mark = "▶ " if view.get("current") == name else ""
        action = FRENCH.get(row["action"], "") if row and row["action"] else "-"
        rows.append((
            mark + name,
            str(row["initiative"]) if row else "-",
            action + (f" → {row['target']}" if row and row["target"] else ""),
            _tn_shown(projections["defence"][name]),
            f"{hurt['wounds']} {hurt['level']}" + (f" −{hurt['malus']}" if hurt["malus"] else ""),
            f"{projections['void'][name]['left']}/{projections['void'][name]['ring']}",
        ))  # fmt: skip
    title = f"round {view['round']}: {view['phase']}" if view.get("combat") else ""
    columns = ("character", "initiative", "action", "TN", "wounds", "void")
    return [Table(title, columns, tuple(rows))]


def _tn_shown(defence: dict[str, Any]) -> str:
    """The TN column: the TN to be hit, ``+?`` while a declared Full Defence awaits the
    first attack that rolls it, ``(MJ)`` while a ruling of the GM's stands on it."""
    waits = defence.get("full_defence") == "awaits the first attack"
    shown = f"{defence['tn']}+?" if waits else str(defence["tn"])
    return shown + (" (MJ)" if "ruling" in defence else "")


def describe_house(event: Event) -> str:
    match event:
        case ActionDeclared():
            text = f"{event.character} declares {FRENCH[event.action]}"
            if event.target:
                text += f" on {event.target}"
            if event.defence:
                text += f" (+{event.defence} to the TN this round)"
            return text
        case AttackMade():
            kind = "Assault" if event.assault else "Attack"
            verdict = "hits" if event.hit else "misses"
            text = f"{event.character}'s {kind} {verdict} {event.target} ({event.weapon}): "
            text += f"{event.total} vs {event.needed} (TN to be hit "
            text += f"{tn_with_parts(event.tn, event.tn_parts)}{_raises_said(event)})"
            if event.called_shot:
                text += f"; called shot: {CALLED_SHOTS[event.called_shot][0]}"
            if event.disarmed:
                text += "; disarmed"
            return text
        case ActionSucceeded():
            return (
                f"{event.character}'s « {FRENCH[event.action]} » succeeds: no roll called for "
                "(« considérée comme étant réussie pour le tour »)"
            )
        case FullDefenceRolled():
            void = " with a Void point's +1k1" if event.void else ""
            return (
                f"{event.character}'s Full Defence, rolled{void} at {event.attacker}'s attack: "
                f"+{event.defence} to the TN this round"
            )
        case TnRuled():  # its reason follows the line, as every event's does
            return f"the GM rules {event.character}'s TN to be hit: {_ruling_said(event)}"
        case TnLifted():
            return (
                f"the GM lifts the ruling on {event.character}'s TN to be hit "
                f"({_ruling_said(event)}): Réflexes × 5 + 5 again"
            )
        case VoidSpent():
            return f"{event.character} spends a Void point ({event.use}): {event.purpose}"
    return type(event).__name__


def _ruling_said(event: TnRuled | TnLifted) -> str:
    said = []
    if event.base is not None:
        said.append(f"base {event.base} in place of Réflexes × 5 + 5")
    if event.modifier:
        said.append(f"{event.modifier:+d}")
    return ", ".join(said)


def _raises_said(event: AttackMade) -> str:
    """The raises the attack called and what they paid for, and the Assault's free raises
    put on its damage (« Assaut »)."""
    said = ""
    if event.raises:
        said += f"; {event.raises} raise{'s' if event.raises > 1 else ''} called"
    if event.extra_damage:
        said += f", {event.extra_damage} on extra damage"
    if event.assault_on_damage:
        said += f"; {event.assault_on_damage} free raise(s) of the Assault on damage"
    return said


def explain_house(event: Event) -> list[str]:
    if isinstance(event, AttackMade):
        return [f"TN to be hit {event.tn}: {describe_parts(event.tn_parts)}"]
    if isinstance(event, FullDefenceRolled):
        return [
            f"rolled at the first attack on {event.character} this round, "
            f"{event.attacker}'s: « dès que l'on essaie de le toucher, son ND passe durant "
            "tout le tour à : ND actuel + (agilité + défense)g(défense) »"
        ]
    return []
