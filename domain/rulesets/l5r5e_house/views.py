"""The l5r5e-house read models and log lines."""

from __future__ import annotations

from typing import Any

from domain.dice.narrative.roll import counted, format_dice
from domain.events import Event
from domain.names import key
from domain.rulesets.base import Table
from domain.rulesets.l5r5e_house.compromised import vigilance_now
from domain.rulesets.l5r5e_house.derived import composure, endurance, focus
from domain.rulesets.l5r5e_house.events import (
    Centered,
    ChallengeAnswered,
    Challenged,
    CheckRolled,
    ConfrontationEnded,
    ConfrontationStarted,
    CriticalSuffered,
    DamageResolved,
    FatigueTaken,
    HitDealt,
    InitiativeSet,
    Moved,
    Placed,
    Predicted,
    PredictionRevealed,
    Protecting,
    Recovered,
    RoundBegan,
    SceneEnded,
    SingleCombatWon,
    StanceTaken,
    StandingChanged,
    StareDown,
    StrifeTaken,
    StruckAt,
    TurnEnded,
    Unmasked,
    VoidPointSpent,
    Waiting,
    WeaponReadied,
)
from domain.rulesets.l5r5e_house.injury_lines import conditions
from domain.rulesets.l5r5e_house.injury_lines import marks as injury_marks
from domain.rulesets.l5r5e_house.state import FifthState


def characters(state: FifthState) -> dict[str, Any]:
    """Each character's rings and the values derived from them."""
    return {
        f.name: {
            "player": f.player,
            "rings": {r: f.sheet.rings.of(r) for r in ("air", "earth", "fire", "water", "void")},
            "endurance": endurance(f.sheet),
            "composure": composure(f.sheet),
            "focus": focus(f.sheet),
            "vigilance": vigilance_now(f, round_up=state.vigilance_up),  # 1 when Compromised
            "honour": f.sheet.honour,
            "glory": f.sheet.glory,
        }
        for f in state.fighters.values()
    }


def fighters(state: FifthState) -> dict[str, Any]:
    """Fatigue against endurance, strife against composure, the conditions they make,
    the stance, Void points, the readied weapon, criticals suffered, a hit owed."""
    out = {}
    for f in state.fighters.values():
        out[f.name] = {
            "fatigue": f.fatigue,
            "endurance": endurance(f.sheet),
            "strife": f.strife,
            "composure": composure(f.sheet),
            "incapacitated": f.incapacitated,
            "compromised": f.compromised,
            "unconscious": f.unconscious,
            "dead": f.dead,
            "stance": f.stance,
            "void_points": f.void_points,
            "readied": f.readied,
            "criticals": [{"severity": s, "result": r} for s, r in f.criticals],
            "band": f.band,
            "side": f.side,
            "honour": f.sheet.honour + f.honour,
            "glory": f.sheet.glory + f.glory,
            "reserved": None if f.reserved is None else {
                "skill": f.reserved[0], "faces": list(f.reserved[1]),
            },
            "owes": [
                {"from": o.source, "damage": o.damage, "critical": o.critical} for o in f.owed
            ],
            "conditions": conditions(f),
        }  # fmt: skip
    return out


def confrontation(state: FifthState) -> dict[str, Any]:
    conf = state.confrontation
    if conf is None:
        return {"under_way": False}
    return {
        "under_way": True,
        "kind": conf.kind,
        "round": conf.round,
        "current": conf.current(),
        "order": [
            {
                "character": name,
                "initiative": conf.initiative[key(name)],
                "bid": conf.bids.get(key(name), 0),
                "acted": key(name) in conf.acted,
            }
            for name in conf.order
        ],
        "coups_de_grace": {
            state.fighters[a].name: state.fighters[b].name for a, b in conf.coups.items()
        },
        "protections": [
            {
                "protector": state.fighters[p.protector].name,
                "protected": state.fighters[p.protected].name,
                "tn": p.tn,
            }
            for p in conf.protections
        ],
        "waiting": [state.fighters[k].name for k in conf.waiting],
        "challenges": {
            state.fighters[t].name: state.fighters[by].name
            for t, (by, _) in conf.challenges.items()
        },
        "predictions_awaiting": [state.fighters[p.target].name for p in conf.predictions],
    }


VIEWS = {"characters": characters, "fighters": fighters, "confrontation": confrontation}


def tables(projections: Any) -> list[Table]:
    """The fighters as ``kiroku state`` prints them: initiative (with the stare-down's
    bid), stance, fatigue over endurance, strife over composure, Void points, the weapon
    readied and the range band (a strike needs both: « arme prête », « portée »), the
    criticals suffered (« critiques », with their severity) and what they cannot do."""
    conf = projections["confrontation"]
    order = [row["character"] for row in conf.get("order", [])]
    rows = []
    for name in order + [n for n in projections["fighters"] if n not in order]:
        f = projections["fighters"][name]
        row = next((r for r in conf.get("order", []) if r["character"] == name), None)
        flags = (
            ("Incapacitated", f["incapacitated"]),
            ("Compromised", f["compromised"]),
            ("dead", f["dead"]),
        )
        marks = [mark for mark, on in flags if on] + injury_marks(f["conditions"])
        rows.append((
            ("▶ " if conf.get("current") == name else "") + name,
            str(row["initiative"] + row["bid"]) if row else "-",
            f["stance"] or "-",
            f"{f['fatigue']}/{f['endurance']}",
            f"{f['strife']}/{f['composure']}",
            str(f["void_points"]),
            f["readied"] or "-",
            str(f["band"]),
            ", ".join(f"{c['result']} ({c['severity']})" for c in f["criticals"]) or "-",
            ", ".join(marks),
        ))  # fmt: skip
    title = f"{conf['kind']}, round {conf['round']}" if conf.get("under_way") else ""
    columns = (
        "character", "initiative", "stance", "fatigue", "strife", "void", "readied", "band",
        "criticals", "state",
    )  # fmt: skip
    return [Table(title, columns, tuple(rows))]


def _check_line(event: CheckRolled) -> str:
    """A check's line: every die, what was kept of it, and the TN it was decided on with
    its parts (« ND »: the action's base, a stance's, …) and the bonus successes."""
    roll = event.roll
    verdict = ""
    if roll.tn is not None:
        parts = ", ".join(f"{p.source} {p.value:+d}" for p in event.tn_parts)
        verdict = f" vs TN {roll.tn}" + (f" ({parts})" if parts else "") + ": "
        verdict += "success" if roll.success else "failure"
        if roll.bonus_successes:
            verdict += f", {roll.bonus_successes} bonus"
    if event.bonus_from_strife:
        verdict += f" (fire stance: +{event.bonus_from_strife} from the strife kept)"
    if event.strife_taken != roll.strife:
        verdict += f"; takes {event.strife_taken} strife"
    return (
        f"{event.character} rolls {event.skill}/{event.ring} ({event.purpose}) "
        f"{roll.expression} [{format_dice(roll)}]: {counted(roll)}{verdict}"
    )


def describe_fifth(event: Event) -> str:
    match event:
        case CheckRolled():
            return _check_line(event)
        case ConfrontationStarted():
            return f"a {event.kind} begins"
        case ConfrontationEnded():
            return "the confrontation ends"
        case InitiativeSet():
            ready = f"; readies {event.readied}" if event.readied else ""
            return (
                f"{event.character}'s initiative {event.initiative} ({event.base_from} "
                f"{event.base}), {event.stance} stance{ready}"
            )
        case RoundBegan():
            return f"round {event.number}"
        case StanceTaken():
            return f"{event.character} takes the {event.stance} stance"
        case TurnEnded():
            if event.skipped is not None:
                return f"{event.character}'s turn is skipped: {event.skipped}, cannot act"
            return f"{event.character} ends their turn"
        case StareDown():
            bids = ", ".join(f"{n} bids {b}" for n, b in event.bids)
            return f"the stare-down of round {event.round}: {bids}"
        case StruckAt():
            what = "coup de grâce" if event.coup_de_grace else "strike"
            if not event.hit:
                return f"{event.character}'s {what} on {event.target} misses"
            crit = f", a critical of {event.critical}" if event.critical is not None else ""
            return f"{event.character}'s {what} hits {event.target}: {event.damage} damage{crit}"
        case DamageResolved():
            critical = "" if event.critical is None else f", a critical of {event.critical}"
            if not event.damage:
                worn = f" ({event.resistance} resistance)" if event.resistance else ""
                return f"{event.character} meets {event.source}'s critical{worn}{critical}"
            if event.void_spent:
                return (
                    f"{event.character} spends a Void point to take the critical of "
                    f"{event.damage} damage ({event.resistance} resistance){critical}"
                )
            if event.fatigue:
                return (
                    f"{event.character} defends: {event.fatigue} fatigue ({event.damage} − "
                    f"{event.resistance} resistance){critical}"
                )
            return (
                f"{event.character} meets {event.damage} damage ({event.resistance} "
                f"resistance){critical}"
            )
        case HitDealt():
            source = f" by {event.source}" if event.source else ""
            if event.critical is not None:
                return f"{event.character} is dealt a critical of {event.critical}{source}"
            return (
                f"{event.character} is dealt {event.damage} damage of deadliness "
                f"{event.deadliness}{source}"
            )
        case CriticalSuffered():
            return (
                f"{event.character} suffers a critical of {event.severity}, lessened to "
                f"{event.lessened_to}: {event.result}"
            )
        case FatigueTaken():
            return f"{event.character} takes {event.amount} fatigue ({event.source})"
        case StrifeTaken():
            return f"{event.character} takes {event.amount} strife ({event.source})"
        case Unmasked():
            return f"{event.character} unmasks"
        case Recovered():
            return (
                f"{event.character} recovers {event.fatigue} fatigue, {event.strife} strife "
                f"({event.how})"
            )
        case WeaponReadied():
            return f"{event.character} readies {event.weapon or 'nothing'}"
        case VoidPointSpent():
            return f"{event.character} spends a Void point ({event.use})"
        case SceneEnded():
            return "the scene ends"
        case Moved():
            how = "manoeuvres" if event.manoeuvre else "moves"
            return f"{event.character} {how} {event.bands} band(s), to band {event.to_band}"
        case Placed():
            return f"{event.character} stands on band {event.band}"
        case Protecting():
            if not event.tn:
                return f"{event.character} fails to protect {event.protected}"
            return f"{event.character} protects {event.protected}: attacks on them +{event.tn} TN"
        case Waiting():
            if event.action:
                return f"{event.character} waits to {event.action}: {event.trigger}"
            return f"{event.character} waits: {event.trigger}"
        case Challenged():
            verdict = "must answer" if event.success else "need not answer"
            return f"{event.character} challenges {event.target}, who {verdict}"
        case ChallengeAnswered():
            if event.accepted:
                return f"{event.character} accepts {event.challenger}'s challenge"
            return (
                f"{event.character} refuses {event.challenger}'s challenge: −{event.glory_lost} "
                f"glory; 2 strife to {', '.join(event.strife_to) or 'no ally'}"
            )
        case SingleCombatWon():
            return (
                f"{event.winner} wins the single combat against {event.loser}: 3 strife to "
                f"{', '.join(event.strife_to) or 'no ally'}"
            )
        case StandingChanged():
            change = f"honour {event.honour:+d}, glory {event.glory:+d}"
            return f"{event.character}: {change} ({event.why})"
        case Centered():
            return (
                f"{event.character} centers on {event.skill}: skill dice {list(event.faces)}, "
                f"{len(event.reserved)} reserved"
            )
        case Predicted():
            return f"{event.character} writes a prediction for {event.target} (secret)"
        case PredictionRevealed():
            verdict = "it matches: 4 strife, another stance" if event.matched else "no match"
            return (
                f"{event.character}'s prediction for {event.target} was {event.element}: {verdict}"
            )
    return type(event).__name__


def explain_fifth(event: Event) -> list[str]:
    if isinstance(event, CheckRolled):
        lines = [f"die {i}: {d.kind} {d.face} — {d.shows.name}" + (" (kept)" if d.kept else "")
                 + (f", explosion of die {d.parent}" if d.parent >= 0 else "")
                 for i, d in enumerate(event.roll.dice)]  # fmt: skip
        if event.tn_parts:
            lines.append("TN: " + "; ".join(f"{p.source} {p.value}" for p in event.tn_parts))
        return lines
    return []
