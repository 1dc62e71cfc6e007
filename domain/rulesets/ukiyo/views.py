"""The ukiyo read models and log lines: each Errant's wounds and malus, and each conflict's
state (objectives, counts, manches won per side, initiative, the manche under way with its
tests and bets, what is due once it is won)."""

from __future__ import annotations

from typing import Any

from domain.events import Event
from domain.rulesets.base import Table
from domain.rulesets.ukiyo.counts import GRAVITY_NAMES
from domain.rulesets.ukiyo.events import (
    GAIN_NAMES,
    Aggravated,
    ConflictEnded,
    ConflictInterrupted,
    ConflictStarted,
    ConflictWon,
    CountsSet,
    GainClaimed,
    InitiativeTaken,
    MancheWon,
    ObjectiveStated,
    OppositionSettled,
    Punished,
    SideJoined,
    SideOut,
    SurrenderAnswered,
    SurrenderOffered,
    TechniqueTested,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.ukiyo.state import Conflict, Pending, UkiyoState


class Views:
    """The views bound to the session's wound maluses (an option)."""

    def __init__(self, wound_maluses: tuple[int, ...]) -> None:
        self.wound_maluses = wound_maluses

    def characters(self, state: UkiyoState) -> dict[str, Any]:
        """Each Errant's techniques, wounds (four boxes) and the malus they put on every
        technique's score; extras with their threat."""
        return {
            e.name: {
                "player": e.player,
                "techniques": {t.name: t.score for t in e.sheet.techniques},
                "wounds": e.wounds,
                "wound_malus": self.wound_maluses[e.wounds - 1] if e.wounds else 0,
                "threat": e.sheet.threat,
                "dead": e.dead,
            }
            for e in state.errants.values()
        }


def _test(pending: Pending) -> dict[str, Any]:
    t = pending.test
    return {
        "character": t.character, "technique": t.technique, "faces": list(t.faces),
        "score": t.score, "maluses": {m.kind: m.amount for m in t.maluses}, "result": t.result,
        "call": t.call, "bet_won": t.bet_won, "special": t.special, "gain": pending.gain,
    }  # fmt: skip


def _conflict(c: Conflict) -> dict[str, Any]:
    return {
        "kind": c.kind,
        "extended": c.extended,
        "manche": c.manche,
        "initiative": c.initiative,
        "status": "won" if c.won else "interrupted" if c.interrupted else "under way",
        "winner": None if c.won is None else c.won.winner,
        "overshot": bool(c.won and c.won.overshot),
        "surrender_offered_by": c.surrender,
        "sides": {
            s.name: {
                "members": list(s.members),
                "threat": s.threat,
                "objective": s.objective,
                "gravity": s.gravity,
                "falls_at": s.falls_at,
                "won": s.won,
                "out": s.out,
                "beaten_by": s.beaten_by,
                "due": s.due if s.out else None,
                "next_maluses": dict(s.next_maluses),
            }
            for s in c.sides.values()
        },
        "tests": {c.sides[k].name: _test(p) for k, p in c.tests.items()},
        "taken_down": dict(c.won.taken_down) if c.won else {},
        "punished": [{"by": by, "side": side} for by, side in c.punished],
        "techniques_used": dict(c.used),
    }


def conflicts(state: UkiyoState) -> dict[str, Any]:
    """Every conflict not yet ended, by name; and those ended, in order."""
    return {
        "open": {c.name: _conflict(c) for c in state.conflicts.values()},
        "ended": list(state.ended),
        "awaiting_gain": [p.test.character for p in state.outside.values()],
    }


def tables(projections: Any) -> list[Table]:
    out: list[Table] = []
    for name, c in projections["conflicts"]["open"].items():
        rows = tuple(
            (
                ("▶ " if c["initiative"] == side else "") + side,
                ", ".join(s["members"]),
                f"{s['won']}/{s['falls_at'] if s['falls_at'] is not None else '?'}",
                GRAVITY_NAMES.get(s["gravity"], "-") if s["gravity"] else "-",
                "beaten" if s["out"] else "",
            )
            for side, s in c["sides"].items()
        )
        title = f"{name}: {c['kind'].replace('_', '-')}, manche {c['manche']}, {c['status']}"
        out.append(Table(title, ("side", "characters", "manches", "objective", "state"), rows))
    characters = projections["characters"]
    people: tuple[tuple[str, ...], ...] = tuple(
        (n, str(ch["wounds"]) + "/4", f"-{ch['wound_malus']}" if ch["wound_malus"] else "0",
         "dead" if ch["dead"] else f"threat {ch['threat']}" if ch["threat"] else "")
        for n, ch in characters.items()
    )  # fmt: skip
    out.append(Table("", ("character", "wounds", "malus", "state"), people))
    return out


def describe_ukiyo(event: Event) -> str:
    match event:
        case ConflictStarted():
            sides = " against ".join(
                f"{s.name}" + (f" ({', '.join(s.members)})" if s.members != (s.name,) else "")
                for s in event.sides
            )
            return f"a {event.kind.replace('_', '-')} begins, {event.conflict!r}: {sides}"
        case ObjectiveStated():
            verb = "changes its objective to" if event.changed else "wants"
            return (f"{event.side} {verb} « {event.objective} » "
                    f"({GRAVITY_NAMES[event.gravity]})")  # fmt: skip
        case CountsSet():
            return "manches to win: " + "; ".join(event.why)
        case InitiativeTaken():
            return f"{event.side} has the initiative ({event.how})"
        case TechniqueTested():
            return _describe_test(event)
        case GainClaimed():
            target = f" on {event.target}" if event.target else ""
            return f"{event.character} claims the bet's gain: {GAIN_NAMES[event.gain]}{target}"
        case MancheWon():
            score = ", ".join(f"{n} {w}" for n, w in event.score)
            return f"manche {event.manche}: {'; '.join(event.how)} — {score}"
        case OppositionSettled():
            verdict = "succeeds" if event.success else "fails"
            return f"{event.character}'s test {verdict}: {event.result} against {event.opposition}"
        case SideOut():
            if event.by is None:
                return f"{event.side} forfeits and leaves {event.conflict!r}"
            return f"{event.side} is beaten by {event.by} (due a punishment of {event.due})"
        case ConflictWon():
            dues = ", ".join(f"{s} due {GRAVITY_NAMES.get(d, d)}" for s, d in event.dues)
            who = f"{event.winner} wins" if event.winner else "both sides are beaten"
            more = " — a count overshot: the GM may aggravate" if event.overshot else ""
            down = "".join(f"; {s} takes the winner down ({d})" for s, d in event.taken_down)
            return f"{who} {event.conflict!r} ({event.how}): {dues}{down}{more}"
        case Punished():
            dead = f"; dies: {', '.join(event.dead)}" if event.dead else ""
            kind = " (magnanimous)" if event.magnanimous else ""
            return (f"{event.by} punishes {event.side}: « {event.punishment} » "
                    f"({GRAVITY_NAMES.get(event.gravity, event.gravity)}, {event.wounds} "
                    f"wound(s){kind}){dead}")  # fmt: skip
        case WoundsTaken():
            by = f" by {event.by}" if event.by else ""
            return (
                f"{event.character} takes {event.count} wound(s){by} ({event.source}): "
                f"{event.wounds}/4"
            )
        case WoundsHealed():
            return f"{event.character} heals {event.count} wound(s) ({event.how}): {event.wounds}/4"
        case Aggravated():
            again = " — the conflict goes on" if event.reopened else ""
            return (f"{event.side} aggravates the conflict to {GRAVITY_NAMES[event.gravity]} "
                    f"(−3 on its next test){again}")  # fmt: skip
        case SurrenderOffered():
            return f"{event.side} offers to surrender"
        case SurrenderAnswered():
            if event.accepted:
                return f"{event.side} accepts the surrender"
            return f"{event.side} refuses the surrender (−3 on its next manche)"
        case ConflictInterrupted():
            return f"{event.conflict!r} is interrupted: the manches won are cancelled"
        case SideJoined():
            how = f"relays {event.replacing}" if event.replacing else "joins"
            return f"{event.character} {how} on side {event.side}"
        case ConflictEnded():
            return f"{event.conflict!r} ends"
    return type(event).__name__


def _describe_test(event: TechniqueTested) -> str:
    maluses = "".join(f" − {m.amount} {m.kind}" for m in event.maluses)
    dice = f"[{event.faces[0]}+{event.faces[1]}]" if event.faces else "[7, not thrown]"
    bet = ""
    if event.call:
        bet = f"; bets {event.call}" + (
            f" ({event.special.replace('_', ' ')})" if event.special else ""
        )
        bet += ": won" if event.bet_won else ": lost"
    where = (f" against {event.opposition} (opposition {event.against})"
             if event.against is not None else f" in manche {event.manche}")  # fmt: skip
    care = f", caring for {event.heal}" if event.heal else ""
    return (f"{event.character} tests {event.technique} {dice} + {event.score}{maluses} = "
            f"{event.result}{where}{care}{bet}")  # fmt: skip


def explain_ukiyo(event: Event) -> list[str]:
    if isinstance(event, TechniqueTested):
        lines = [f"dice: {' + '.join(map(str, event.faces)) or 'none (the mean, 7)'}"]
        lines.append(f"technique {event.technique}: {event.score}")
        lines += [f"malus {m.kind}: −{m.amount}" for m in event.maluses]
        if event.opposition is not None:
            faces = " + ".join(map(str, event.opposition_faces)) or "7 (the mean)"
            lines.append(f"opposition: {faces} + {event.against} = {event.opposition}")
        return lines
    return []
