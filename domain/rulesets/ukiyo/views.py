"""The ukiyo read models and log lines: each Errant's wounds and malus, and each conflict's
state (objectives, counts, manches won per side, initiative, the manche under way with its
tests and bets, what is due once it is won)."""

from __future__ import annotations

from typing import Any

from domain.events import SCREEN, Event
from domain.names import key
from domain.rulesets.base import Table
from domain.rulesets.ukiyo.bet_ruling import parity_won
from domain.rulesets.ukiyo.counts import GRAVITY_NAMES, gravity_said
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
from domain.rulesets.ukiyo.state import Conflict, Pending, Side, UkiyoState


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


def need(c: Conflict, side: Side) -> int | None:
    """The manches ``side`` must win to win the conflict: to beat every other side still
    standing (a lead falls at the conflict's count, extras at their threat); once no
    other stands, the count it had to reach."""
    others = [s for s in c.sides.values() if s is not side]
    standing = [s for s in others if not s.out] or others  # once won: the count it reached
    counts = [s.falls_at for s in standing]
    if not counts or any(n is None for n in counts):
        return None
    return max(n for n in counts if n is not None)


def awaiting_gain(c: Conflict) -> list[str]:
    """Who won a bet this manche and has yet to claim its gain (the manche waits)."""
    return [
        p.test.character for p in c.tests.values()
        if p.test.bet_won and not p.test.special and p.gain is None
    ]  # fmt: skip


def next_step(c: Conflict) -> str:
    """What the table does next in this conflict, in a line."""
    if c.interrupted:
        return "`kiroku conflict end`"
    if c.won is not None:
        owed = [
            f"{s.beaten_by} punishes {s.name} ({GRAVITY_NAMES.get(s.due, s.due)})"
            for s in c.sides.values()
            if s.out and s.beaten_by and s.due and (s.beaten_by, s.name) not in c.punished
        ]
        owed += [f"{side} may punish {c.won.winner} ({GRAVITY_NAMES.get(due, due)})"
                 for side, due in c.won.taken_down
                 if due and (side, c.won.winner) not in c.punished]  # fmt: skip
        return "; ".join(owed) or "`kiroku conflict end`"
    missing = [s.name for s in c.sides.values() if s.objective is None]
    if missing:
        return f"the objective of {', '.join(missing)}"
    if c.kind == "duel" and c.initiative is None:
        return "who has the initiative for the first manche"
    if c.surrender is not None:
        return f"the other side accepts or refuses {c.surrender}'s surrender"
    untested = [s.name for s in c.standing() if key(s.name) not in c.tests]
    if c.kind == "duel" and c.initiative in untested:
        return f"{c.initiative} tests first (the initiative)"
    if untested:
        return f"the test of {', '.join(untested)}"
    return f"{', '.join(awaiting_gain(c))} claims the bet's gain (`kiroku claim`)"


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
        "next": next_step(c),
        "awaiting_gain": awaiting_gain(c),
        "sides": {
            s.name: {
                "members": list(s.members),
                "threat": s.threat,
                "objective": s.objective,
                "gravity": s.gravity,
                "need": need(c, s),
                "falls_at": s.falls_at,
                "won": s.won,
                "out": s.out,
                "beaten_by": s.beaten_by,
                "due": s.due if s.out else None,
                "overshot": s.overshot,
                "next_maluses": dict(s.next_maluses),
            }
            for s in c.sides.values()
        },
        "tests": {c.sides[k].name: _test(p) for k, p in c.tests.items()},
        "taken_down": dict(c.won.taken_down) if c.won else {},
        "punished": [{"by": by, "side": side} for by, side in c.punished],
        "techniques_used": {name: list(used) for name, used in c.used.items()},
    }


def conflicts(state: UkiyoState) -> dict[str, Any]:
    """Every conflict not yet ended, by name; those ended, in order; who has a bet's gain
    to claim."""
    waiting = [p.test.character for p in state.outside.values()]
    for c in state.conflicts.values():
        waiting += awaiting_gain(c)
    return {
        "open": {c.name: _conflict(c) for c in state.conflicts.values()},
        "ended": list(state.ended),
        "awaiting_gain": waiting,
    }


def tables(projections: Any) -> list[Table]:
    out: list[Table] = []
    for name, c in projections["conflicts"]["open"].items():
        rows = tuple(
            (
                ("▶ " if c["initiative"] == side else "") + side,
                ", ".join(s["members"]),
                f"{s['won']}/{s['need'] if s['need'] is not None else '?'}",
                _objective(s),
                _standing(s),
            )
            for side, s in c["sides"].items()
        )
        kind = c["kind"].replace("_", "-") + (", extended" if c["extended"] else "")
        status = f"won by {c['winner']}" if c["winner"] else c["status"]
        title = f"{name}: {kind}, manche {c['manche']}, {status} — next: {c['next']}"
        out.append(Table(title, ("side", "characters", "manches", "objective", "state"), rows))
        if c["tests"]:
            out.append(_tests(name, c))
    characters = projections["characters"]
    people: tuple[tuple[str, ...], ...] = tuple(
        (n, "-" if ch["threat"] else f"{ch['wounds']}/4",
         f"-{ch['wound_malus']}" if ch["wound_malus"] else "0",
         "dead" if ch["dead"] else f"extras, threat {ch['threat']}" if ch["threat"] else "")
        for n, ch in characters.items()
    )  # fmt: skip
    out.append(Table("", ("character", "wounds", "malus", "state"), people))
    return out


def _tests(name: str, conflict: dict[str, Any]) -> Table:
    """The manche's tests so far: each side's roll, its score and result, and its bet
    (« pari »: the call, and whether it was won)."""
    rows = tuple(
        (
            side, t["character"], t["technique"], "+".join(str(f) for f in t["faces"]),
            str(t["score"]), str(t["result"]),
            "-" if t["call"] is None else f"{t['call']}" + (
                "" if t["bet_won"] is None else ": won" if t["bet_won"] else ": lost"),
        )
        for side, t in conflict["tests"].items()
    )  # fmt: skip
    columns = ("side", "character", "technique", "dice", "score", "result", "bet")
    return Table(f"{name}: manche {conflict['manche']}'s tests", columns, rows)


def _objective(side: dict[str, Any]) -> str:
    if side["objective"] is None:
        return "-"
    text = side["objective"] if len(side["objective"]) <= 30 else side["objective"][:29] + "…"
    return f"{GRAVITY_NAMES.get(side['gravity'], '?')}: {text}"


def _standing(side: dict[str, Any]) -> str:
    bits = []
    if side["out"]:
        bits.append(f"beaten by {side['beaten_by']}" if side["beaten_by"] else "out")
        due, least = side["due"], side["falls_at"]
        if side["beaten_by"] and due:
            if side["overshot"] and least and least < due:
                bits.append(f"due {gravity_said(least)}, up to {gravity_said(due)} if aggravated")
            else:
                bits.append(f"due {gravity_said(due)}")
    bits += [f"−{n} {MALUS_WORDS[k]} next" for k, n in side["next_maluses"].items()]
    return ", ".join(bits)


MALUS_WORDS = {
    "edge": "edge", "unsuitable": "unsuitable", "variety": "variety", "wounds": "wounds",
    "aggravated": "aggravated", "refused_surrender": "surrender refused", "screen": SCREEN,
}  # fmt: skip


def wounds(count: int) -> str:
    return f"{count} wound" + ("" if count == 1 else "s")


def describe_ukiyo(event: Event) -> str:
    match event:
        case ConflictStarted():
            sides = " against ".join(
                f"{s.name}"
                + (f" ({', '.join(s.members)})" if s.members != (s.name,) else "")
                + (f" (threat {s.threat})" if s.threat else "")
                for s in event.sides
            )
            return f"a {event.kind.replace('_', '-')} begins, {event.conflict!r}: {sides}"
        case ObjectiveStated():
            verb = "changes its objective to" if event.changed else "wants"
            return (f"{event.side} {verb} « {event.objective} » "
                    f"({gravity_said(event.gravity)})")  # fmt: skip
        case CountsSet():
            return "manches to win: " + "; ".join(event.why)
        case InitiativeTaken():
            return f"{event.side} has the initiative ({event.how})"
        case TechniqueTested():
            return _describe_test(event)
        case GainClaimed():
            target = f" on {event.target}" if event.target else ""
            return (f"{event.character} claims the bet's gain of manche {event.manche}: "
                    f"{GAIN_NAMES[event.gain]}{target}")  # fmt: skip
        case MancheWon():
            results = ", ".join(f"{n} {r}" for n, r in event.results)
            score = ", ".join(f"{n} {w}" for n, w in event.score)
            gained = ", ".join(f"{n} +{g}" for n, g in event.gained)
            return (f"manche {event.manche} ({results}): {'; '.join(event.how)} — gained: "
                    f"{gained or 'none'}; manches: {score}")  # fmt: skip
        case OppositionSettled():
            verdict = "succeeds" if event.success else "fails"
            return f"{event.character}'s test {verdict}: {event.result} against {event.opposition}"
        case SideOut():
            if event.by is None:
                return f"{event.side} forfeits and leaves {event.conflict!r}"
            due = gravity_said(event.due)
            if event.mildest is not None:
                due = f"{gravity_said(event.mildest)}, up to {due} if the GM aggravates"
            down = (
                f"; it takes {event.by} down with it ({gravity_said(event.takes_down)})"
                if event.takes_down
                else ""
            )
            return f"{event.side} is beaten by {event.by} (due a punishment: {due}){down}"
        case ConflictWon():
            least = dict(event.mildest or ())
            dues = ", ".join(
                f"{s} due {gravity_said(least[s])}, up to {gravity_said(d)} if the GM aggravates"
                if s in least
                else f"{s} due {gravity_said(d)}"
                for s, d in event.dues
            )
            who = f"{event.winner} wins" if event.winner else "both sides are beaten"
            more = (
                " — a count overshot: the GM may aggravate"
                if event.overshot and event.mildest is None
                else " (a count overshot)"
                if event.overshot and not least
                else ""
            )
            down = "".join(f"; {s} takes the winner down ({d})" for s, d in event.taken_down)
            return f"{who} {event.conflict!r} ({event.how}): {dues}{down}{more}"
        case Punished():
            dead = f"; dies: {', '.join(event.dead)}" if event.dead else ""
            kind = " (magnanimous)" if event.magnanimous else ""
            return (f"{event.by} punishes {event.side}: « {event.punishment} » "
                    f"({gravity_said(event.gravity)}, "
                    f"{wounds(event.wounds)}{kind}){dead}")  # fmt: skip
        case WoundsTaken():
            by = f" by {event.by}" if event.by else ""
            return (
                f"{event.character} takes {wounds(event.count)}{by} ({event.source}): "
                f"{event.wounds}/4"
            )
        case WoundsHealed():
            healed = wounds(event.count)
            return f"{event.character} heals {healed} ({event.how}): {event.wounds}/4"
        case Aggravated():
            again = " — the conflict goes on" if event.reopened else ""
            return (f"{event.side} aggravates the conflict to {gravity_said(event.gravity)} "
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
    maluses = "".join(f" − {m.amount} {MALUS_WORDS[m.kind]}" for m in event.maluses)
    dice = f"[{event.faces[0]}+{event.faces[1]}]" if event.faces else "[7, not thrown]"
    bet = ""
    if event.call:
        bet = f"; bets {event.call}" + (
            f" ({event.special.replace('_', ' ')})" if event.special else ""
        )
        bet += ": won" if event.bet_won else ": lost"
        if event.bet_ruled and event.call:
            by_dice = "won" if parity_won(event.call, sum(event.faces) or 7) else "lost"
            bet += f" as the GM rules (the dice's parity: {by_dice})"
    if event.against is not None:
        thrown = "+".join(map(str, event.opposition_faces)) or "7, not thrown"
        where = f" against {event.opposition} (the opposition: [{thrown}] + {event.against})"
    else:
        where = f" in manche {event.manche}"
    care = f", caring for {event.heal}" if event.heal else ""
    return (f"{event.character} tests {event.technique} {dice} + {event.score}{maluses} = "
            f"{event.result}{where}{care}{bet}")  # fmt: skip


def explain_ukiyo(event: Event) -> list[str]:
    if isinstance(event, TechniqueTested):
        lines = [f"dice: {' + '.join(map(str, event.faces)) or 'none (the mean, 7)'}"]
        lines.append(f"technique {event.technique}: {event.score}")
        lines += [f"malus {MALUS_WORDS[m.kind]}: −{m.amount}" for m in event.maluses]
        if event.call is not None:
            by_dice = "won" if parity_won(event.call, sum(event.faces) or 7) else "lost"
            verdict = "won" if event.bet_won else "lost"
            lines.append(
                f"bet {event.call}: {verdict}, ruled by the GM (the dice's parity: {by_dice})"
                if event.bet_ruled
                else f"bet {event.call}: {verdict} (the dice's parity)"
            )
        if event.opposition is not None:
            faces = " + ".join(map(str, event.opposition_faces)) or "7 (the mean)"
            lines.append(f"opposition: {faces} + {event.against} = {event.opposition}")
        return lines
    return []
