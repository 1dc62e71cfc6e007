"""The ukiyo ruleset's ``build``: options checked, rules bound (see the package docstring
for the options, and for which rulings fill the excerpt's gaps)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec

from domain.commands import Command, Context
from domain.dice.two_d6.odds import conflict_odds, odds_of_test
from domain.dice.two_d6.roll import check_throw
from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.base import Core, Follows, Option, Progress, RulesetFactory, Table, View
from domain.rulesets.options import Options
from domain.rulesets.roll_keep_kit.carrying import (
    carried_over,
    one_of,
    progress_of,
    sheet_with_wounds,
)
from domain.rulesets.roll_keep_kit.ruleset_parts import KitRuleset
from domain.rulesets.ukiyo import RULESET_ID
from domain.rulesets.ukiyo import commands as c
from domain.rulesets.ukiyo import course as k
from domain.rulesets.ukiyo import play as p
from domain.rulesets.ukiyo.bet_ruling import completed as bet_completed
from domain.rulesets.ukiyo.events import UKIYO_EVENT_TYPES, TechniqueTested
from domain.rulesets.ukiyo.links import followed
from domain.rulesets.ukiyo.recorded import check_recorded
from domain.rulesets.ukiyo.sheet import UkiyoSheet, check_ukiyo_sheet
from domain.rulesets.ukiyo.state import HANDLERS, UkiyoState
from domain.rulesets.ukiyo.views import Views, conflicts, describe_ukiyo, explain_ukiyo, tables

DECIDERS: dict[type[Command], Callable[..., list[Event]]] = {
    c.StartConflict: k.decide_start,
    c.StateObjective: k.decide_objective,
    c.TakeInitiative: k.decide_initiative,
    c.Test: p.decide_test,
    c.Claim: p.decide_claim,
    c.Punish: k.decide_punish,
    c.Wound: k.decide_wound,
    c.Heal: k.decide_heal,
    c.Recover: k.decide_recover,
    c.Aggravate: k.decide_aggravate,
    c.OfferSurrender: k.decide_offer,
    c.AcceptSurrender: k.decide_accept,
    c.RefuseSurrender: k.decide_refuse,
    c.Forfeit: k.decide_forfeit,
    c.Interrupt: k.decide_interrupt,
    c.JoinSide: k.decide_join,
    c.EndConflict: k.decide_end,
}

OPTIONS = {
    "resolution": Option(
        "opposed (default): each side throws two dice + its score, the higher wins; single: "
        "only the initiative's side throws, the other's result is its score + 7",
        "opposed",
        ("opposed", "single"),
    ),
    "ties": Option(
        "none (default): an equal result is nobody's manche; initiative: it is the "
        "initiative's, in a duel",
        "none",
        ("none", "initiative"),
    ),
    "wound_maluses": Option(
        "the malus on every technique for 1, 2, 3, 4 wounds (default 0,3,3,6: the text "
        "gives 0 and 6)",
        "0,3,3,6",
    ),
    "variety_malus": Option(
        "3 (default), 6 or 0: the malus for a technique already used in the conflict's manches",
        "3",
        ("3", "6", "0"),
    ),
}

READINGS = (
    "a yakuza bet is chō-han: even or odd called on one's own two dice before the throw",
    "the GM may rule a bet won or lost over the dice's parity, with a reason (test --bet)",
    "a bet's gain (not a special bet's) is claimed once the dice are known (`kiroku claim`)",
    "a bet lost costs nothing: its stake is cut from the text (record any as a note)",
    "the initiative's side tests first; a manche's winner takes the initiative, a tie leaves it",
    "a test outside the manches (--against N) is opposed by N thrown like a test (two dice)",
    "caring for another is such a test, healing the last wound once (two with heal_two)",
    "all or nothing with a tie gains nothing; a sacrifice bet lost is the test alone",
    "two special bets on one manche give two manches, not more; two sacrifices one each",
    "all beaten at once: the test's winner stands if it reached a count; else all fall",
    "a count overshot lets the GM (only) pick a gravity up to the manches won",
    "gains are claimed in any order and reckoned together (a forced tie on final results)",
    "extras take no wounds; a side is all leads or all extras; a lead is in one conflict "
    "at a time, but between an extended conflict's manches",
    "a punishment deals the same wounds to every member of the beaten side, relays included",
    "the aggravation's −3 falls on the asker's next test in the manches",
    "forfeit in a contest takes the side out; surrender is between a duel's two sides",
    "a technique's reuse is the same character's, in the same conflict's manches",
    "a tactical edge's malus is given test by test (--edge) for as long as the GM rules",
    "« Changer de terrain » is recorded; what the ground gives is the GM's --edge",
)

ODDS = re.compile(r"^\s*(\d{1,2})\s*(?:-\s*(\d{1,2}))?\s*vs\s*(\d{1,2})\s*(?:-\s*(\d{1,2}))?\s*$")


def parse_matchup(text: str) -> tuple[int, int]:
    """``8-3 vs 7``: a score of 8 with a malus of 3 against a score of 7."""
    match = ODDS.match(text)
    if match is None:
        raise MalformedInput(
            f"ukiyo odds {text[:60]!r}: write SCORE[-MALUS] vs SCORE[-MALUS], as 8-3 vs 7"
        )
    mine, my_malus, theirs, their_malus = (int(g) if g else 0 for g in match.groups())
    return mine - my_malus, theirs - their_malus


@dataclass(frozen=True)
class Ukiyo(KitRuleset):
    """Les Errants d'Ukiyo's conflicts for one session."""

    options: Mapping[str, str]
    resolution: str = "opposed"
    ties: str = "none"
    wound_maluses: tuple[int, ...] = (0, 3, 3, 6)
    variety_malus: int = 3
    readings: tuple[str, ...] = READINGS
    id: str = RULESET_ID
    title: str = "Les Errants d'Ukiyo: conflicts won in manches"
    declared_options: Mapping[str, Option] = field(default_factory=lambda: OPTIONS)
    sheet_type: type[Any] = UkiyoSheet
    event_types: tuple[type[Event], ...] = UKIYO_EVENT_TYPES
    deciders: ClassVar[Mapping[type[Command], Callable[..., list[Event]]]] = DECIDERS
    handlers: ClassVar[Mapping[type[Event], Callable[[Any, Any], None]]] = HANDLERS
    state_type: ClassVar[type[Any]] = UkiyoState
    attack_event: ClassVar[str] = "TechniqueTested"

    def sheet_now(self, state: Any, character: str) -> Any:
        """:class:`domain.rulesets.base.Campaigning`: the sheet with the wounds the
        session left them."""
        return sheet_with_wounds(one_of(state.errants, character))

    def carried(self, state: Any, character: str, days: int | None) -> Any:
        """« RECUPERER DE SES BLESSURES : Au début d'un nouveau scénario ou lorsque le
        meneur de jeu estime que suffisamment de temps a passé, un personnage récupère
        entièrement de ses blessures »: healed whole, unless the GM carries them on
        (``days`` given: not time enough, as the GM judges; the text counts no days).
        Wounds never kill (« ne peuvent pas causer directement la mort »); a conflict
        lost to the death does, and the dead are carried nowhere."""
        errant = one_of(state.errants, character)
        return carried_over(sheet_with_wounds(errant), days, dead=errant.dead)

    def progress(self, state: Any) -> dict[str, Progress]:
        return progress_of(state.errants)

    @property
    def views(self) -> Mapping[str, View]:
        return {"characters": Views(self.wound_maluses).characters, "conflicts": conflicts}

    def play(self, core: Core, state: Any, command: Command, context: Context) -> p.Play:
        return p.Play(
            core=core, actor=context.actor, at=context.at, reason=command.reason,
            state=state, resolution=self.resolution, ties=self.ties,
            wound_maluses=self.wound_maluses, variety_malus=self.variety_malus,
        )  # fmt: skip

    def completed(self, command: Any, session: Any) -> Any:
        """A new command as the rules take it: a bet ruled by the GM gives its reason
        (:mod:`.bet_ruling`)."""
        return bet_completed(command, session)

    def describe_own(self, event: Event) -> str:
        return describe_ukiyo(event)

    def explain_own(self, event: Event) -> list[str]:
        return explain_ukiyo(event)

    def tables(self, projections: Mapping[str, Any]) -> list[Table]:
        return tables(projections)

    def check_sheet(self, sheet: Any) -> None:
        check_ukiyo_sheet(sheet)

    def initial(self) -> UkiyoState:
        return UkiyoState()

    def dump_state(self, state: Any) -> bytes:
        return msgspec.msgpack.encode(state)

    def odds(self, roll: str, tn: int, **options: Any) -> float:
        """``kiroku odds --ruleset ukiyo 8 --tn 7``: the chance a test at effective score
        ``roll`` beats one at ``tn`` (the opposing effective score)."""
        if options.get("unskilled") or options.get("emphasis"):
            raise MalformedInput("ukiyo tests have no --unskilled nor --emphasis")
        mine, _ = parse_matchup(f"{roll} vs {tn}")
        return float(odds_of_test(mine, tn, self.resolution).win)  # type: ignore[arg-type]

    @property
    def matchup_type(self) -> type[c.ConflictOdds]:
        """What a matchup's odds take beside it: a conflict in manches."""
        return c.ConflictOdds

    def odds_report(
        self, matchup: str, asked: c.ConflictOdds | None = None, *, table: bool = False
    ) -> dict[str, Any]:
        """One test's chances, and with ``asked.manches`` the chance of winning the conflict
        from ``asked.score`` (``1-0``), betting ``asked.bet`` on each manche."""
        asked = asked or c.ConflictOdds()
        manches, their_manches, score = asked.manches, asked.their_manches, asked.score
        bet, call, initiative = asked.bet, asked.call, not asked.their_initiative
        mine, theirs = parse_matchup(matchup)
        single = odds_of_test(mine, theirs, self.resolution)  # type: ignore[arg-type]
        report: dict[str, Any] = {
            "expression": matchup, "ruleset": self.id, "mine": mine, "theirs": theirs,
            "resolution": self.resolution, "ties": self.ties,
            "test": {k: float(v) for k, v in single._asdict().items()},
        }  # fmt: skip
        if table:
            report["table"] = {
                str(other): float(odds_of_test(mine, other, self.resolution).win)  # type: ignore[arg-type]
                for other in range(max(0, mine - 6), mine + 7)
            }
        if manches is None:
            if score is not None or bet != "none" or their_manches is not None:
                raise MalformedInput(
                    "--score, --bet and --their-manches are for a conflict: give --manches N"
                )
            won_ties = self.ties == "initiative" and initiative
            return report | {"probability": float(single.win + (single.tie if won_ties else 0))}
        won, their_won = _score(score)
        chance = conflict_odds(
            mine, theirs, need=manches, their_need=their_manches, won=won, their_won=their_won,
            my_initiative=initiative, bet=bet, call=call,
            ties=self.ties, resolution=self.resolution,  # type: ignore[arg-type]
        )  # fmt: skip
        return report | {
            "manches": manches, "their_manches": their_manches or manches,
            "score": [won, their_won], "bet": bet, "call": call, "initiative": initiative,
            "probability": float(chance), "exact": f"{chance.numerator}/{chance.denominator}",
        }  # fmt: skip

    def verify(self, event: Event) -> None:
        """A recorded test must add up: its dice, its score less its maluses, its result;
        a wound must fit the four boxes (:mod:`.recorded`)."""
        check_recorded(event)
        if not isinstance(event, TechniqueTested):
            return
        thrown = check_throw(event.faces).total if event.faces else 7
        if thrown + event.score - sum(m.amount for m in event.maluses) != event.result:
            raise MalformedInput(
                f"the recorded test of {event.character!r} does not add up to {event.result}"
            )
        won = (thrown % 2 == 0) == (event.call == "even")
        if event.call is not None and event.faces and event.bet_won != won:
            raise MalformedInput(f"the recorded bet of {event.character!r} does not match its dice")

    def follows(self, event: Event, before: Any = None) -> tuple[Follows, ...]:
        return followed(event)

    def warnings(self, events: Sequence[Event], after: Any = None) -> list[str]:
        said: list[str] = []
        for event in events:
            if isinstance(event, TechniqueTested) and event.bet_won and not event.special:
                said.append(f"{event.character} won the bet: `kiroku claim GAIN --character "
                            f"{event.character}` (or none)")  # fmt: skip
        return said


def _score(text: str | None) -> tuple[int, int]:
    if text is None:
        return 0, 0
    match = re.fullmatch(r"\s*(\d{1,2})\s*-\s*(\d{1,2})\s*", text)
    if match is None:
        raise MalformedInput(f"--score {text[:20]!r}: write the manches won as 1-0")
    return int(match.group(1)), int(match.group(2))


def _numbers(text: str) -> tuple[int, ...]:
    parts = text.split(",")
    if len(parts) != 4 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise MalformedInput(f"option wound_maluses={text[:40]!r}: four whole numbers, as 0,3,3,6")
    values = tuple(int(p) for p in parts)
    if any(v > 12 for v in values) or list(values) != sorted(values):
        raise MalformedInput(
            f"option wound_maluses={text[:40]!r}: 0 to 12 each, never less for more wounds"
        )
    return values


def build(options: Mapping[str, str]) -> Ukiyo:
    given = Options(RULESET_ID, options, OPTIONS)
    return Ukiyo(
        options=dict(options),
        resolution=given.choice("resolution"),
        ties=given.choice("ties"),
        wound_maluses=_numbers(given.text("wound_maluses")),
        variety_malus=int(given.choice("variety_malus")),
    )


_conforms: RulesetFactory = build
__all__ = ["Ukiyo", "build"]
