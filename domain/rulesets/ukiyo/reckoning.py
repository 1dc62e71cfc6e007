"""A manche reckoned once its tests are in and its bets' gains claimed
(errants-d-ukiyo-conflicts.fr.txt, « GAINS DU PARI DU YAKUZA », « PARIS SPECIAUX »,
« FIGURANTS », « AFFRONTEMENTS COMPLEXES »):

- each test's final result is its result with the maluses its gain lifts given back (« La
  bonne technique au bon moment »: unsuitable and variety; « Serrer les dents »: wounds);
- the highest result wins the manche; a tie is nobody's (option ``ties=initiative``: the
  initiative's, in a duel); « Forcer l'égalité » makes a loss within 3 of the winner a tie;
- « Tenter le tout pour le tout »: test and bet won, two manches; test won and bet lost,
  one; test lost, the other side wins two. « Se sacrifier »: bet won, every side one
  manche more;
- the winner takes the initiative (« Conserver l'initiative »: the holder keeps it);
  « Blesser l'autre » wounds at the manche's end, won or not;
- a side is beaten once another has won as many manches as it falls at; the conflict is
  won when one side is left (two beaten at once in a duel: the test's winner stands; with
  none, both are beaten); each beaten side is due a punishment of the gravity of its
  beater's manches, and a count overshot lets the GM aggravate it; « Emporter l'autre avec
  soi » lets a side beaten on that manche punish the winner by its own manches won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Event
from domain.names import key
from domain.rulesets.ukiyo.events import (
    ConflictWon,
    InitiativeTaken,
    MancheWon,
    OppositionSettled,
    SideOut,
)
from domain.rulesets.ukiyo.state import Conflict, Pending

if TYPE_CHECKING:
    from domain.rulesets.ukiyo.play import Play


def ready(tests: Sequence[Pending]) -> bool:
    """Every bet won has its gain (special bets carry theirs)."""
    return all(p.gain is not None or not p.test.bet_won or p.test.special for p in tests)


FORCE_TIE_WITHIN = 3
"""« son résultat final est inférieur de 3 points ou moins à celui du gagnant »."""


@dataclass
class Outcome:
    finals: dict[str, int]
    winner: str | None
    gained: dict[str, int]
    how: list[str]
    score: dict[str, int]
    out: dict[str, str | None] = field(default_factory=dict)
    """Sides beaten on this manche → the side that beat them."""
    standing: list[str] = field(default_factory=list)


def final(pending: Pending) -> int:
    """A test's result with what its gain gives back."""
    test = pending.test
    lifted = {"right_technique": ("unsuitable", "variety"), "grit_teeth": ("wounds",)}
    back = lifted.get(pending.gain or "", ())
    return test.result + sum(m.amount for m in test.maluses if m.kind in back)


@dataclass
class Reckoner:
    play: Play
    conflict: Conflict | None

    # -- a manche ---------------------------------------------------------------------

    def all_in(self, tests: Mapping[str, Pending]) -> bool:
        assert self.conflict is not None
        return all(key(s.name) in tests for s in self.conflict.standing())

    def manche_if_ready(self, tests: Mapping[str, Pending]) -> list[Event]:
        if not self.all_in(tests) or not ready(list(tests.values())):
            return []
        return self.events(self.reckon(tests), tests)

    def reckon(self, tests: Mapping[str, Pending]) -> Outcome:
        conflict = self.conflict
        assert conflict is not None
        finals = {k: final(p) for k, p in tests.items()}
        top = max(finals.values())
        leaders = [k for k, v in finals.items() if v == top]
        holder = key(conflict.initiative or "")
        winner: str | None = None
        how: list[str] = []
        if len(leaders) == 1:
            winner = leaders[0]
            how.append(f"{conflict.sides[winner].name} wins the test, {top}")
        elif self.play.ties == "initiative" and conflict.kind == "duel" and holder in leaders:
            winner = holder
            how.append(f"a tie at {top}: to the initiative, {conflict.sides[holder].name}")
        else:
            how.append(f"a tie at {top}: nobody's manche")
        for k, p in tests.items():
            near = winner is not None and finals[winner] - finals[k] <= FORCE_TIE_WITHIN
            if p.gain == "force_tie" and winner is not None and k != winner and near:
                how.append(f"{p.test.character} forces a tie ({finals[k]} to {finals[winner]})")
                winner = None
        gained = {k: 0 for k in conflict.sides}
        if winner is not None:
            gained[winner] = 1
        for k, p in tests.items():
            name = conflict.sides[k].name
            if p.test.special == "all_or_nothing" and winner is not None:
                # two manches at most, however many bet all or nothing on it
                if winner == k and p.test.bet_won:
                    gained[k] = 2
                    how.append(f"{name}: all or nothing, two manches")
                elif winner == k:
                    how.append(f"{name}: all or nothing, the bet lost: one manche")
                else:
                    gained[winner] = 2
                    how.append(f"{name}: all or nothing, the test lost: two manches to "
                               f"{conflict.sides[winner].name}")  # fmt: skip
        sacrificed = [conflict.sides[k].name for k, p in tests.items()
                      if p.test.special == "sacrifice" and p.test.bet_won]  # fmt: skip
        if sacrificed:
            for each in conflict.standing():
                gained[key(each.name)] += 1
            how.append(f"{' and '.join(sacrificed)}'s sacrifice: every side one manche more")
        score = {k: s.won + gained[k] for k, s in conflict.sides.items()}
        outcome = Outcome(finals=finals, winner=winner, gained=gained, how=how, score=score)
        self._beaten(outcome)
        return outcome

    def _beaten(self, outcome: Outcome) -> None:
        conflict = self.conflict
        assert conflict is not None
        standing = [key(s.name) for s in conflict.standing()]
        for k in standing:
            falls_at = conflict.sides[k].falls_at or 0
            beaters = [t for t in standing if t != k and outcome.score[t] >= falls_at]
            if beaters:
                outcome.out[k] = max(beaters, key=lambda t: outcome.score[t])
        winner = outcome.winner
        if len(outcome.out) == len(standing) and winner in outcome.out:
            beats = any(outcome.score[winner] >= (conflict.sides[k].falls_at or 0)
                        for k in standing if k != winner)  # fmt: skip
            if beats:  # the test's winner, who reached a count, stands; else all fall
                del outcome.out[winner]
        outcome.standing = [k for k in standing if k not in outcome.out]

    def events(self, outcome: Outcome, tests: Mapping[str, Pending]) -> list[Event]:
        conflict = self.conflict
        assert conflict is not None
        play = self.play
        names = {k: s.name for k, s in conflict.sides.items()}
        events: list[Event] = [
            play.event(
                MancheWon,
                conflict=conflict.name,
                manche=conflict.manche,
                results=tuple((names[k], v) for k, v in outcome.finals.items()),
                winner=None if outcome.winner is None else names[outcome.winner],
                gained=tuple((names[k], v) for k, v in outcome.gained.items() if v),
                how=tuple(outcome.how),
                score=tuple((names[k], v) for k, v in outcome.score.items()),
            )
        ]  # fmt: skip
        events += self._initiative(outcome, tests)
        events += self._bet_wounds(tests)
        events += self._won(outcome, tests)
        return events

    def _initiative(self, outcome: Outcome, tests: Mapping[str, Pending]) -> list[Event]:
        conflict = self.conflict
        assert conflict is not None
        if conflict.kind != "duel" or conflict.initiative is None or len(outcome.standing) < 2:
            return []
        holder = conflict.initiative
        if any(p.gain == "keep_initiative" for p in tests.values()):
            return [self.play.event(InitiativeTaken, conflict=conflict.name, side=holder,
                                    how="kept")]  # fmt: skip
        if outcome.winner is not None and outcome.winner != key(holder):
            side = conflict.sides[outcome.winner].name
            return [self.play.event(InitiativeTaken, conflict=conflict.name, side=side,
                                    how="manche")]  # fmt: skip
        return []

    def _bet_wounds(self, tests: Mapping[str, Pending]) -> list[Event]:
        """« Blesser l'autre : que le personnage ait remporté la manche ou non, il inflige à
        son adversaire une blessure à la fin de la manche »."""
        events: list[Event] = []
        for p in tests.values():
            if p.gain == "wound" and p.target is not None:
                events += self.play.wound(p.target, 1, "bet", by=p.test.character)
        return events

    def _won(self, outcome: Outcome, tests: Mapping[str, Pending]) -> list[Event]:
        """Each side beaten on this manche, by whom, what it is due (and whether its beater
        overshot its count), what it may take its beater down with; and once one side (or
        none) is left, the conflict won."""
        conflict = self.conflict
        assert conflict is not None
        play = self.play
        names = {k: s.name for k, s in conflict.sides.items()}
        events: list[Event] = []
        for k, by in outcome.out.items():
            if by is None:
                continue
            down = tests.get(k)
            events.append(play.event(
                SideOut, conflict=conflict.name, side=names[k], by=names[by],
                due=outcome.score[by],
                overshot=outcome.score[by] > (conflict.sides[k].falls_at or 0),
                takes_down=outcome.score[k] if down and down.gain == "take_down" else 0,
                mildest=_mildest(outcome.score[by], conflict.sides[k].falls_at),
            ))  # fmt: skip
        if len(outcome.standing) > 1:
            return events
        winner = outcome.standing[0] if outcome.standing else None
        dues = []
        mildest = []
        overshot = False
        for k, side in conflict.sides.items():
            if k == winner:
                continue
            by = outcome.out.get(k)
            due = outcome.score[by] if by is not None else side.due
            dues.append((names[k], due))
            beaten_over = by is not None and due > (side.falls_at or 0)
            overshot = overshot or beaten_over or side.overshot
            if (beaten_over or side.overshot) and side.falls_at and side.falls_at < due:
                mildest.append((names[k], side.falls_at))
        taken_down = tuple(
            (names[k], outcome.score[k])
            for k, p in tests.items()
            if p.gain == "take_down" and k in outcome.out and winner is not None
        )
        return [
            *events,
            play.event(
                ConflictWon, conflict=conflict.name,
                winner=None if winner is None else names[winner], how="manches",
                dues=tuple(dues), overshot=overshot, taken_down=taken_down,
                mildest=tuple(mildest),
            ),
        ]  # fmt: skip

    # -- a gain claimed -----------------------------------------------------------------

    def check_gain(self, pending: Pending, gain: str, target: str | None) -> str | None:
        """The gain's target, or a refusal saying why the gain cannot be had now."""
        test = pending.test
        if gain == "none":
            return None
        if self.conflict is None:
            return self._outside_gain(pending, gain, target)
        conflict = self.conflict
        if gain == "heal_two":
            raise IllegalUnderRules("heal_two is for a test that cares for another (--heal)")
        if gain in ("right_technique", "grit_teeth"):
            lifted = ("unsuitable", "variety") if gain == "right_technique" else ("wounds",)
            if not any(m.kind in lifted for m in test.maluses):
                raise IllegalUnderRules(
                    f"{gain}: {test.character}'s test has no {' or '.join(lifted)} malus to lift"
                )
            return None
        if gain == "keep_initiative":
            side = conflict.side_of(test.character)
            if conflict.kind != "duel" or side is None or conflict.initiative != side.name:
                raise IllegalUnderRules(f"{test.character}'s side does not hold the initiative")
            return None
        if gain == "ground":
            return None
        side = conflict.side_of(test.character)
        assert side is not None
        tests = {**conflict.tests, key(side.name): Pending(test=test, gain=gain)}
        if gain == "wound":
            return self._wound_target(side.name, target)
        if not self.all_in(tests):
            raise IllegalUnderRules(f"{gain}: every side's test must be in to claim it")
        outcome = self.reckon({**tests, key(side.name): Pending(test=test, gain="none")})
        mine = key(side.name)
        if outcome.winner is None or outcome.winner == mine:
            raise IllegalUnderRules(f"{gain}: {test.character} did not lose the test")
        if gain == "force_tie":
            gap = outcome.finals[outcome.winner] - outcome.finals[mine]
            if gap > FORCE_TIE_WITHIN:
                raise IllegalUnderRules(
                    f"force_tie: {test.character} lost by {gap}, more than {FORCE_TIE_WITHIN}"
                )
        elif gain == "take_down" and mine not in outcome.out:
            raise IllegalUnderRules(
                f"take_down: {side.name} does not lose the conflict on this manche"
            )
        elif gain == "take_down" and not outcome.score[mine]:
            raise IllegalUnderRules(
                f"take_down: {side.name} has won no manche, so the winner would owe nothing "
                "(« des conséquences relatives au nombre de manches que son adversaire a "
                "remportées »)"
            )
        return None

    def _wound_target(self, side_name: str, target: str | None) -> str:
        conflict = self.conflict
        assert conflict is not None
        others = [s for s in conflict.standing() if key(s.name) != key(side_name)]
        if target is None:
            testers = [conflict.tests[key(s.name)].test.character for s in others
                       if key(s.name) in conflict.tests]  # fmt: skip
            members = [m for s in others for m in s.members]
            choices = testers or members
            if len(choices) != 1:
                raise MalformedInput(
                    f"wound: name the one wounded (--target): {', '.join(choices)}"
                )
            target = choices[0]
        if not any(key(target) in map(key, s.members) for s in others):
            raise IllegalUnderRules(f"wound: {target!r} is not an opponent in {conflict.name!r}")
        errant = self.play.errant(target)
        if errant.sheet.extras:
            raise IllegalUnderRules(f"wound: {errant.name} are extras, who take no wounds")
        return errant.name

    def _outside_gain(self, pending: Pending, gain: str, target: str | None) -> str | None:
        test = pending.test
        if gain == "heal_two":
            if test.heal is None:
                raise IllegalUnderRules("heal_two: this test cares for no one (--heal)")
            return test.heal
        if gain in ("right_technique", "grit_teeth"):
            lifted = ("unsuitable",) if gain == "right_technique" else ("wounds",)
            if not any(m.kind in lifted for m in test.maluses):
                raise IllegalUnderRules(f"{gain}: the test has no {lifted[0]} malus to lift")
            return None
        raise IllegalUnderRules(f"{gain} is a gain within a conflict's manches")

    # -- a test outside the manches -----------------------------------------------------

    def outside_if_ready(self, pending: Pending) -> list[Event]:
        test = pending.test
        if test.bet_won and pending.gain is None:
            return []
        assert test.opposition is not None
        result = final(pending)
        success = result > test.opposition
        events: list[Event] = [
            self.play.event(OppositionSettled, character=test.character, result=result,
                            opposition=test.opposition, success=success)
        ]  # fmt: skip
        if success and test.heal is not None:
            count = 2 if pending.gain == "heal_two" else 1
            how = "heal_two" if count == 2 else "care"
            events += self.play.heal(test.heal, count, how, by=test.character)
        return events


def _mildest(due: int, falls_at: int | None) -> int | None:
    """The mildest punishment of a side beaten past its count (« le meneur de jeu est en
    droit d'aggraver »: from the count it fell at up to ``due``); None when not overshot."""
    return falls_at if falls_at and falls_at < due else None
