"""The ukiyo tests and manches decided: one batch of events each, or a typed error quoting
its input (errants-d-ukiyo-conflicts.fr.txt; the package docstring says which rulings
fill the excerpt's gaps).

- a test is two dice + the technique's score − its maluses: the GM's for a tactical edge
  (3, or 6) and an unsuitable technique (3, or 6), the variety malus for a technique the
  character already used in the conflict's manches, the wounds' malus, and those owed (an
  aggravation's −3, a refused surrender's −3); a test outside the manches reuses freely;
- a manche's tests are in once each side standing has tested (in a duel, the side with
  the initiative first); a yakuza bet called on one's own dice and won waits for its gain
  to be claimed, then the manche is reckoned (:mod:`.reckoning`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.commands import Dice
from domain.dice.source import DiceSource, TableFaces
from domain.dice.two_d6.roll import throw
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound
from domain.events import Event
from domain.names import key
from domain.rulesets.table_kit.deciding import Deciding, find
from domain.rulesets.ukiyo import commands as c
from domain.rulesets.ukiyo.bet_ruling import bet_outcome
from domain.rulesets.ukiyo.events import (
    GainClaimed,
    Malus,
    TechniqueTested,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.ukiyo.reckoning import Reckoner
from domain.rulesets.ukiyo.sheet import WOUND_BOXES
from domain.rulesets.ukiyo.state import Conflict, Errant, Pending, Side, UkiyoState

GM_MALUSES = (0, 3, 6)
"""« vous pouvez augmenter le malus de l'adversaire de 3 (voire de 6 si l'atout est
véritablement extraordinaire) »."""


@dataclass
class Play(Deciding):
    state: UkiyoState = field(default_factory=UkiyoState)
    resolution: str = "opposed"
    ties: str = "none"
    wound_maluses: tuple[int, ...] = (0, 3, 3, 6)
    variety_malus: int = 3

    def errant(self, name: str) -> Errant:
        return find(self.state.errants, name)

    def acting_for(self, name: str) -> Errant:
        found = self.errant(name)
        self.permitted(found.name, found.player)
        if found.dead:
            raise IllegalUnderRules(f"{found.name} is dead")
        return found

    def conflict(self, name: str | None, *, open_only: bool = True) -> Conflict:
        conflicts = self.state.conflicts
        if name is not None:
            found = conflicts.get(key(name))
            if found is None:
                known = ", ".join(repr(x.name) for x in conflicts.values()) or "none"
                raise NotFound(f"no conflict {name!r} under way; conflicts: {known}")
        elif not conflicts:
            raise IllegalUnderRules("no conflict is under way: `kiroku conflict start`")
        elif len(conflicts) > 1:
            known = ", ".join(repr(x.name) for x in conflicts.values())
            raise MalformedInput(
                f"several conflicts are under way ({known}): name one (--conflict)"
            )
        else:
            found = next(iter(conflicts.values()))
        if open_only and not found.under_way:
            state = "was interrupted" if found.interrupted else "is won"
            raise IllegalUnderRules(f"conflict {found.name!r} {state}: `kiroku conflict end`")
        return found

    def side(self, conflict: Conflict, name: str) -> Side:
        found = conflict.sides.get(key(name))
        if found is None:
            sides = ", ".join(s.name for s in conflict.sides.values())
            raise NotFound(f"no side {name!r} in conflict {conflict.name!r}; sides: {sides}")
        return found

    def for_side(self, side: Side) -> None:
        """The GM acts for any side; a player for a side one of their characters is on."""
        if self.core.is_gm(self.actor):
            return
        players = {self.state.errants[key(m)].player for m in side.members}
        if self.actor not in players:
            raise NotAllowed(f"{self.actor!r} has no character on side {side.name!r}")

    def reckoner(self, conflict: Conflict | None) -> Reckoner:
        return Reckoner(play=self, conflict=conflict)

    wounds_now: dict[str, int] = field(default_factory=dict)
    """Wounds as this command's batch leaves them so far (two in one batch add up)."""

    def wound_malus(self, errant: Errant) -> int:
        """« SOUFFRIR DE SES BLESSURES »: the malus on every technique's score."""
        return self.wound_maluses[errant.wounds - 1] if errant.wounds else 0

    def wound(self, name: str, count: int, source: str, by: str | None = None) -> list[Event]:
        """``count`` wounds checked, at most the four boxes (« Les blessures ne peuvent pas
        causer directement la mort »); extras take none."""
        errant = self.errant(name)
        if errant.sheet.extras or errant.dead:
            return []
        now = self.wounds_now.get(key(name), errant.wounds)
        after = min(WOUND_BOXES, now + count)
        if after == now:
            return []
        self.wounds_now[key(name)] = after
        return [self.event(WoundsTaken, character=errant.name, count=after - now, wounds=after,
                           source=source, by=by)]  # fmt: skip

    def heal(self, name: str, count: int, how: str, by: str | None = None) -> list[Event]:
        errant = self.errant(name)
        now = self.wounds_now.get(key(name), errant.wounds)
        after = max(0, now - count)
        if after == now:
            return []
        self.wounds_now[key(name)] = after
        return [self.event(WoundsHealed, character=errant.name, count=now - after, wounds=after,
                           how=how, by=by)]  # fmt: skip


def decide_test(play: Play, command: c.Test, dice: DiceSource) -> list[Event]:
    errant = play.acting_for(command.character)
    technique = errant.sheet.technique(command.technique)
    if technique is None:
        known = ", ".join(t.name for t in errant.sheet.techniques)
        raise NotFound(f"{errant.name} has no technique {command.technique!r}; techniques: {known}")
    for what, amount in (("--edge", command.edge), ("--unsuitable", command.unsuitable)):
        if amount not in GM_MALUSES:
            raise MalformedInput(f"{what} {amount}: a GM's malus is 3 (or 6 for the extraordinary)")
    if key(errant.name) in play.state.outside:
        raise IllegalUnderRules(f"{errant.name}'s last test awaits its bet's gain: `kiroku claim`")
    maluses = [Malus("edge", command.edge), Malus("unsuitable", command.unsuitable)]
    maluses.append(Malus("wounds", play.wound_malus(errant)))
    if command.against is not None:
        return _outside_test(play, command, errant, technique.score, maluses, dice)
    if command.heal is not None:
        raise MalformedInput("--heal is a test outside the manches: give --against too")
    conflict = play.conflict(command.conflict)
    side = conflict.side_of(errant.name)
    relayed = conflict.party_of(errant.name)
    if side is None and relayed is not None:
        raise IllegalUnderRules(
            f"{errant.name} was relayed on side {relayed.name!r}: `kiroku conflict join "
            f"--side {relayed.name!r} --character {errant.name!r} --replacing …` brings them back"
        )
    if side is None:
        sides = "; ".join(f"{s.name}: {', '.join(s.members)}" for s in conflict.sides.values())
        raise IllegalUnderRules(
            f"{errant.name} is on no side of conflict {conflict.name!r} ({sides}); "
            "`kiroku conflict join` brings one in"
        )
    _check_turn(play, conflict, side, errant)
    if technique.name in conflict.used.get(errant.name, []) and play.variety_malus:
        maluses.append(Malus("variety", play.variety_malus))
    maluses += [Malus(kind, amount) for kind, amount in side.next_maluses]  # type: ignore[arg-type]
    kept = tuple(m for m in maluses if m.amount)
    effective = technique.score - sum(m.amount for m in kept)
    throws = not (play.resolution == "single" and conflict.kind == "duel")
    throws = throws or key(side.name) == key(conflict.initiative or "")
    if not throws and (command.call or command.special):
        raise IllegalUnderRules(
            f"under the single resolution only {conflict.initiative}'s side throws: "
            f"{errant.name} has no dice to bet on"
        )
    if command.special and not command.call:
        raise MalformedInput(f"a special bet ({command.special}) is a yakuza bet: give --call")
    if not throws and isinstance(dice, TableFaces) and dice.left:
        raise MalformedInput(
            f"under the single resolution only {conflict.initiative}'s side throws: "
            f"{errant.name}'s test takes no --faces (its result is its score + 7)"
        )
    faces: tuple[int, ...] = throw(dice).faces if throws else ()
    total = sum(faces) if throws else 7
    call_won, ruled = bet_outcome(play, command, total)  # :mod:`.bet_ruling`
    test = play.event(
        TechniqueTested, character=errant.name, technique=technique.name, score=technique.score,
        maluses=kept, faces=faces, result=total + effective, conflict=conflict.name,
        side=side.name, manche=conflict.manche, call=command.call, bet_won=call_won,
        special=command.special, bet_ruled=ruled,
    )  # fmt: skip
    assert isinstance(test, TechniqueTested)
    tests = {**conflict.tests, key(side.name): Pending(test=test)}
    return [test, *play.reckoner(conflict).manche_if_ready(tests)]


def _check_turn(play: Play, conflict: Conflict, side: Side, errant: Errant) -> None:
    missing = [s.name for s in conflict.sides.values() if s.objective is None]
    if missing:
        raise IllegalUnderRules(
            f"conflict {conflict.name!r}: state every side's objective first "
            f"(`kiroku objective`): {', '.join(missing)}"
        )
    if side.out:
        raise IllegalUnderRules(f"side {side.name!r} is beaten in conflict {conflict.name!r}")
    if conflict.surrender is not None:
        raise IllegalUnderRules(
            f"{conflict.surrender} offered to surrender: `kiroku surrender accept|refuse` first"
        )
    done = conflict.tests.get(key(side.name))
    if done is not None:
        raise IllegalUnderRules(
            f"side {side.name!r} has tested in manche {conflict.manche} ({done.test.character}, "
            f"{done.test.result})"
        )
    if conflict.kind != "duel":
        return
    if conflict.initiative is None:
        raise IllegalUnderRules(
            f"conflict {conflict.name!r}: who has the initiative for the first manche? "
            "`kiroku initiative --side S --how conceded|initiator|bet`"
        )
    holder = key(conflict.initiative)
    if key(side.name) != holder and holder not in conflict.tests:
        raise IllegalUnderRules(
            f"{conflict.initiative} has the initiative: it tests first in manche {conflict.manche}"
        )


def _outside_test(
    play: Play, command: c.Test, errant: Errant, score: int, maluses: list[Malus],
    dice: DiceSource,
) -> list[Event]:  # fmt: skip
    """« TESTS HORS MANCHE »: a test that counts for no manche, against the opposition the
    GM sets (thrown as a test of its own, or its mean under ``single``); no variety malus."""
    if command.special:
        raise IllegalUnderRules(f"a special bet ({command.special}) wins or loses manches: "
                                "a test outside the manches has none")  # fmt: skip
    if command.heal is not None:
        cared = play.errant(command.heal)
        if key(cared.name) == key(errant.name):
            raise IllegalUnderRules(
                "« Soigner l'autre » is for another (« un personnage qui tente d'en soigner un "
                "autre »)"
            )
        if not cared.wounds:
            raise IllegalUnderRules(f"{cared.name} has no wound to heal")
        if cared.cared:
            raise IllegalUnderRules(
                f"{cared.name}'s last wound was healed already: the others take time"
            )
    if command.conflict is not None:
        play.conflict(command.conflict)
    kept = tuple(m for m in maluses if m.amount)
    faces = throw(dice).faces
    against = command.against
    assert against is not None
    opposition_faces = throw(dice).faces if play.resolution == "opposed" else ()
    opposition = (sum(opposition_faces) if opposition_faces else 7) + against
    call_won, ruled = bet_outcome(play, command, sum(faces))  # :mod:`.bet_ruling`
    test = play.event(
        TechniqueTested, character=errant.name, technique=command.technique, score=score,
        maluses=kept, faces=faces, result=sum(faces) + score - sum(m.amount for m in kept),
        call=command.call, bet_won=call_won, bet_ruled=ruled, against=against,
        opposition_faces=opposition_faces, opposition=opposition,
        heal=None if command.heal is None else play.errant(command.heal).name,
    )  # fmt: skip
    assert isinstance(test, TechniqueTested)
    return [test, *play.reckoner(None).outside_if_ready(Pending(test=test))]


def decide_claim(play: Play, command: c.Claim, dice: Dice | None) -> list[Event]:
    errant = play.acting_for(command.character)
    pending, conflict = _awaiting(play, errant, command.conflict)
    reckoner = play.reckoner(conflict)
    target = reckoner.check_gain(pending, command.gain, command.target)
    claimed = play.event(
        GainClaimed, character=errant.name, gain=command.gain, target=target,
        conflict=None if conflict is None else conflict.name,
        manche=None if conflict is None else conflict.manche,
    )  # fmt: skip
    done = Pending(test=pending.test, gain=command.gain, target=target)
    if conflict is None:
        return [claimed, *reckoner.outside_if_ready(done)]
    side = conflict.side_of(errant.name)
    assert side is not None
    return [claimed, *reckoner.manche_if_ready({**conflict.tests, key(side.name): done})]


def _awaiting(play: Play, errant: Errant, name: str | None) -> tuple[Pending, Conflict | None]:
    found: list[tuple[Pending, Conflict | None]] = []
    outside = play.state.outside.get(key(errant.name))
    if outside is not None and outside.gain is None and name is None:
        found.append((outside, None))
    conflicts = play.state.conflicts.values()
    if name is not None:
        conflicts = [play.conflict(name, open_only=False)]  # type: ignore[assignment]
    for conflict in conflicts:
        side = conflict.side_of(errant.name)
        pending = None if side is None else conflict.tests.get(key(side.name))
        if (
            pending is not None
            and key(pending.test.character) == key(errant.name)
            and pending.test.bet_won
            and not pending.test.special
            and pending.gain is None
        ):
            found.append((pending, conflict))
    if not found:
        raise IllegalUnderRules(f"{errant.name} has no yakuza bet won awaiting its gain")
    if len(found) > 1:
        where = ", ".join(repr(c.name) if c else "outside the manches" for _, c in found)
        raise MalformedInput(f"{errant.name} has bets won in {where}: name one (--conflict)")
    return found[0]
