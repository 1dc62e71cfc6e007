"""The l5r5e-house ruleset's ``build``: options checked, rules bound (see the package
docstring for the options and readings)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec

from domain.commands import Command, Context
from domain.dice.narrative.odds import check_odds
from domain.dice.narrative.roll import parse_pool, recompute
from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Event
from domain.names import key
from domain.rulesets.base import (
    Core,
    Follows,
    Option,
    Progress,
    RulesetFactory,
    ShownRoll,
    Table,
    View,
)
from domain.rulesets.l5r5e_house import RULESET_ID
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house import play as p
from domain.rulesets.l5r5e_house import skirmish as s
from domain.rulesets.l5r5e_house.afflictions import (
    bleeding,
    decide_afflict,
    decide_load_table,
    decide_treat,
)
from domain.rulesets.l5r5e_house.chances import check_chance
from domain.rulesets.l5r5e_house.completing import complete
from domain.rulesets.l5r5e_house.derived import endurance, half_up
from domain.rulesets.l5r5e_house.events import (
    FIFTH_EVENT_TYPES,
    CheckRolled,
    CriticalSuffered,
    DamageResolved,
    TurnEnded,
)
from domain.rulesets.l5r5e_house.injury_commands import Afflict, LoadCriticalTable, Treat
from domain.rulesets.l5r5e_house.injury_fold import ALL_HANDLERS
from domain.rulesets.l5r5e_house.injury_lines import describe_injury
from domain.rulesets.l5r5e_house.injury_recorded import check_injury_recorded
from domain.rulesets.l5r5e_house.recorded import check_recorded
from domain.rulesets.l5r5e_house.sheet import Disadvantage, FifthSheet, check_fifth_sheet
from domain.rulesets.l5r5e_house.shown import shown_check
from domain.rulesets.l5r5e_house.state import FifthState
from domain.rulesets.l5r5e_house.views import VIEWS, describe_fifth, explain_fifth, tables
from domain.rulesets.options import Options
from domain.rulesets.roll_keep_kit.carrying import one_of
from domain.rulesets.roll_keep_kit.ruleset_parts import KitRuleset

DECIDERS: dict[type[Command], Callable[..., list[Event]]] = {
    c.Check: p.decide_check,
    c.StartConfrontation: p.decide_start,
    c.StartRound: p.decide_round,
    c.NextTurn: p.decide_next,
    c.EndConfrontation: p.decide_end,
    c.RollInitiative: p.decide_initiative,
    c.ChooseStance: p.decide_stance,
    c.Stare: p.decide_stare,
    c.Strike: p.decide_strike,
    c.CoupDeGrace: p.decide_coup,
    c.Resist: p.decide_resist,
    c.Breathe: p.decide_breathe,
    c.Prepare: p.decide_prepare,
    c.Unmask: p.decide_unmask,
    c.GiveStrife: p.decide_strife,
    c.GiveFatigue: p.decide_fatigue,
    c.EndScene: p.decide_end_scene,
    c.Sleep: p.decide_sleep,
    c.Place: s.decide_place,
    c.Move: s.decide_move,
    c.Manoeuvre: s.decide_manoeuvre,
    c.Protect: s.decide_protect,
    c.Wait: s.decide_wait,
    c.Challenge: s.decide_challenge,
    c.Answer: s.decide_answer,
    c.SingleCombat: s.decide_single_combat,
    c.ChangeStanding: s.decide_standing,
    c.Center: s.decide_center,
    c.Predict: s.decide_predict,
    c.DeclineCoup: p.decide_decline,
    c.DealHit: p.decide_hit,
    c.Recover: p.decide_recover,
    Treat: decide_treat,
    Afflict: decide_afflict,
    LoadCriticalTable: decide_load_table,
}

OPTIONS = {
    "vigilance_rounding": Option(
        "up (default): vigilance is (Air + Water) / 2 rounded up; down: rounded down",
        "up",
        ("up", "down"),
    ),
    "stare_down_cap": Option(
        "focus (default): a stare-down bid is at most the bidder's focus; none: no cap",
        "focus",
        ("focus", "none"),
    ),
    "keep_default": Option(
        "most (default): a check whose dice are not named keeps the most successes (the "
        "bonus ones count) and every explosion success; odds: the odds' policy (the best "
        "chance at the TN, then the least strife); either then keeps, in the room left, "
        "every die that costs nothing (a success or an opportunity without strife)",
        "most",
        ("most", "odds"),
    ),
    "opportunity_critical": Option(
        "also (default): a strike's two opportunities add a critical of the deadliness to "
        "its damage (« infligez … un coup critique »); instead: the critical replaces the "
        "damage",
        "also",
        ("also", "instead"),
    ),
    "coup_window": Option(
        "open (default): a coup de grâce stays open until struck or let pass; round: it "
        "lapses with the round it opened in (« immédiatement »)",
        "open",
        ("open", "round"),
    ),
    "stare_down": Option(
        "gm (default): the GM calls each duel round's stare-down; required: no one acts in "
        "a duel round before it",
        "gm",
        ("gm", "required"),
    ),
    "critical_table": Option(
        "published (default): a critical's effects are the published game's critical "
        "table's (armour damaged, wounds, bleeding, scars, dying, death), or those of the "
        "table the GM loads (`kiroku critical-table`); gm: none applies by itself but a "
        "death at 16+, the GM rules each (`kiroku afflict`)",
        "published",
        ("published", "gm"),
    ),
}

READINGS = (
    "range bands lie on one line: the GM places each character, a range is a difference",
    "a glory rank is glory ÷ 10; allies are those of the same --side",
    "a Void point gained (a refused challenge) never passes the Void ring",
    "`kiroku check` is the GM's: outside a turn's count of actions",
    "« Centrer » reserves, by default, the skill dice showing a success",
    "a coup de grâce is rolled in the striker's stance's ring (Fire when none)",
    "a critical's Fitness test is no action: the Incapacitated make it too",
    "explosions come in one order, ring explosions first (as the odds count them)",
    "« Attendre » names the action it holds (--action): only it is taken when the trigger "
    "comes, any other but Attendre once the round's turns are over; the Water stance's "
    "extra action stays apart from it",
    "« Compromis » is the published condition: no die showing strife kept, vigilance 1, no "
    "stare-down bid (the round's strife counted first)",
    "a critical's wound or scar falls on the ring of its Fitness test (the stance's)",
    "bleeding's damage has no deadliness: one who cannot defend it takes a critical of 0",
    "dying counts down as each round begins; a healer beside a confrontation treats freely",
)


@dataclass(frozen=True)
class FifthHouse(KitRuleset):
    """The house 5th edition confrontations for one session."""

    options: Mapping[str, str]
    vigilance_up: bool = True
    stare_cap: bool = True
    keep_for_odds: bool = False
    critical_instead: bool = False
    coup_lapses: bool = False
    stare_required: bool = False
    gm_table: bool = False
    readings: tuple[str, ...] = READINGS
    id: str = RULESET_ID
    title: str = "Legend of the Five Rings, 5th edition confrontations (house rules)"
    declared_options: Mapping[str, Option] = field(default_factory=lambda: OPTIONS)
    sheet_type: type[Any] = FifthSheet
    event_types: tuple[type[Event], ...] = FIFTH_EVENT_TYPES
    deciders: ClassVar[Mapping[type[Command], Callable[..., list[Event]]]] = DECIDERS
    handlers: ClassVar[Mapping[type[Event], Callable[[Any, Any], None]]] = ALL_HANDLERS
    state_type: ClassVar[type[Any]] = FifthState
    attack_event: ClassVar[str] = "StruckAt"

    def sheet_now(self, state: Any, character: str) -> Any:
        """:class:`domain.rulesets.base.Campaigning`: the sheet with the honour and glory
        the session moved, the fatigue, strife, Void points and criticals it left them,
        and the scars of those criticals among its disadvantages."""
        fighter = one_of(state.fighters, character)
        scars = tuple(Disadvantage(name, ring) for name, ring in fighter.scars)
        return msgspec.structs.replace(
            fighter.sheet,
            honour=max(0, min(100, fighter.sheet.honour + fighter.honour)),
            glory=max(0, min(100, fighter.sheet.glory + fighter.glory)),
            fatigue=fighter.fatigue,
            strife=fighter.strife,
            void_points=fighter.void_points,
            criticals=tuple(fighter.criticals),
            disadvantages=(*fighter.sheet.disadvantages, *scars)[:60],
        )

    def carried(self, state: Any, character: str, days: int | None) -> Any:
        """« Les personnages peuvent éliminer leurs points de Fatigue en se reposant »:
        between sessions, rested, unless the GM carries the fatigue (``days`` given). A
        session's end ends its scene (« À la fin de chaque scène … tous les points de
        Fatigue dépassant la moitié de la valeur d'Endurance … sont éliminés »), and each
        day between is a night's sleep (« … un nombre de points de Fatigue égal au double
        de son anneau d'Eau »). Strife is a scene's, and the Void is full again at the
        next session (the sheet's ``strife`` and ``void_points`` are for the GM to state
        otherwise). The criticals stay: they are what lasts, and the scars they left among
        the disadvantages; the wounds of criticals are the session's, rested off. A hit
        still owed must be met first; the dead are carried nowhere, nor the dying."""
        fighter = one_of(state.fighters, character)
        if fighter.dead:
            raise IllegalUnderRules(
                f"{fighter.name} is dead: no time between sessions brings them back"
            )
        if fighter.owed:
            raise IllegalUnderRules(
                f"{fighter.name} still owes {len(fighter.owed)} hit(s): resist them first"
            )
        if fighter.dying >= 0:
            raise IllegalUnderRules(
                f"{fighter.name} is Dying ({fighter.dying} round(s) left): Medicine first "
                "(`kiroku treat --condition dying`), or the rounds run out"
            )
        sheet = msgspec.structs.replace(
            self.sheet_now(state, character), strife=0, void_points=None
        )
        if days is None:
            return msgspec.structs.replace(sheet, fatigue=0)
        fatigue = min(sheet.fatigue, half_up(endurance(sheet)))
        return msgspec.structs.replace(
            sheet, fatigue=max(0, fatigue - days * 2 * sheet.rings.water)
        )

    def progress(self, state: Any) -> dict[str, Progress]:
        """No XP in these confrontations; honour, glory and status as they stand."""
        return {
            f.name: Progress(
                0, 0, None, {"honour": f.sheet.honour + f.honour, "glory": f.sheet.glory
                             + f.glory, "status": f.sheet.status},
            )
            for f in state.fighters.values()
        }  # fmt: skip

    @property
    def views(self) -> Mapping[str, View]:
        return VIEWS

    def play(self, core: Core, state: Any, command: Command, context: Context) -> p.Play:
        return p.Play(
            core=core, actor=context.actor, at=context.at, reason=command.reason,
            state=state, vigilance_up=self.vigilance_up,
            stare_cap=self.stare_cap, keep_for_odds=self.keep_for_odds,
            critical_instead=self.critical_instead, coup_lapses=self.coup_lapses,
            stare_required=self.stare_required, gm_table=self.gm_table,
            hidden=bool(command.hidden),
        )  # fmt: skip

    def completed(self, command: Any, session: Any) -> Any:
        """What a new command leaves to the rules, written into it (:mod:`.completing`)."""
        return complete(command, session)

    def shown_roll(self, event: Event) -> ShownRoll | None:
        """A narrative check shown whole (:mod:`.shown`): its dice, keep and TN listed under
        ``rolls`` in a command's ``--json``."""
        return shown_check(event, describe_fifth(event), explain_fifth(event))

    def decide(self, core: Core, state: Any, command: Command, context: Context) -> list[Event]:
        """The command's events, each check of a Bleeding character followed by what it
        bled (:func:`.afflictions.bleeding`)."""
        events = super().decide(core, state, command, context)
        return bleeding(self.play(core, state, command, context), state, events)

    def describe_own(self, event: Event) -> str:
        return describe_injury(event) or describe_fifth(event)

    def explain_own(self, event: Event) -> list[str]:
        return explain_fifth(event)

    def tables(self, projections: Mapping[str, Any]) -> list[Table]:
        return tables(projections)

    def check_sheet(self, sheet: Any) -> None:
        check_fifth_sheet(sheet)

    def initial(self) -> FifthState:
        return FifthState(vigilance_up=self.vigilance_up, stare_cap=self.stare_cap)

    def odds(self, roll: str, tn: int, **options: Any) -> float:
        """Narrative odds (``3r2s``): the chance of ``tn`` successes under the keeping
        policy of :mod:`domain.dice.narrative.odds`."""
        if options.get("unskilled") or options.get("emphasis"):
            raise MalformedInput("narrative checks have no --unskilled nor --emphasis")
        chance, _ = check_odds(parse_pool(roll), tn)
        return float(chance)

    def chance_of(self, event: Event) -> dict[str, Any] | None:
        """A narrative check's pool, TN and chances (:mod:`domain.rulesets.l5r5e_house.
        chances`); None for any other event."""
        return check_chance(event)

    def verify(self, event: Event) -> None:
        """A recorded check must recompute from its dice to its recorded counts, and every
        other event add up as a command gives it (:mod:`.recorded`)."""
        check_recorded(event)
        check_injury_recorded(event)
        if isinstance(event, CheckRolled) and recompute(event.roll) != event.roll:
            raise MalformedInput(
                f"the recorded check {event.roll.expression!r} does not recompute from its dice"
            )

    def follows(self, event: Event, before: Any = None) -> tuple[Follows, ...]:
        """A hit met (``kiroku resist``: « DEGATS », resistance then fatigue or a
        critical) is met *for* the hit it meets: the oldest still owed (« hits owed are
        met oldest first »), a strike's or another source's — the one with as many of its
        type still owed after it as the target owes (:attr:`Follows.back`). A turn that
        ended by itself (the unconscious take no turn) follows the critical that left
        its character unconscious: « Si le personnage subit un coup critique alors qu'il
        présente cet état [Hors de combat], il perd connaissance et subit l'état
        Inconscient » (l5r-5e-house-confrontations.fr.txt)."""
        if isinstance(event, TurnEnded) and event.skipped and isinstance(before, FifthState):
            return _kept_from_acting(event.character, before)
        if not isinstance(event, DamageResolved) or not isinstance(before, FifthState):
            return ()
        fighter = before.fighters.get(key(event.character))
        if fighter is None or not fighter.owed:
            return ()
        first = fighter.owed[0]
        back = sum(
            1 for later in fighter.owed[1:]
            if (later.struck, later.bled) == (first.struck, first.bled)
        )  # fmt: skip
        why = "the hit it meets"
        if first.bled:
            return (Follows("Bled", {"character": fighter.name}, why, True, back),)
        if first.struck:
            return (Follows("StruckAt", {"target": fighter.name, "hit": True}, why, True, back),)
        return (Follows("HitDealt", {"character": fighter.name}, why, True, back),)

    def warnings(self, events: Sequence[Event], after: Any = None) -> list[str]:
        said: list[str] = []
        if not isinstance(after, FifthState):
            return said
        for event in events:
            if isinstance(event, CriticalSuffered):
                said.append(f"{event.character}: {event.result} (severity {event.lessened_to})")
        for fighter in after.fighters.values():
            if fighter.incapacitated and any(
                getattr(e, "character", None) == fighter.name for e in events
            ):
                said.append(f"{fighter.name} is Incapacitated (fatigue above endurance)")
        return said


def _kept_from_acting(character: str, before: FifthState) -> tuple[Follows, ...]:
    """The critical that left ``character`` unconscious, counted back from their latest."""
    fighter = before.fighters.get(key(character))
    if fighter is None or fighter.knocked_out < 0:
        return ()
    back = len(fighter.criticals) - 1 - fighter.knocked_out
    why = "the critical that left them unconscious"
    return (Follows("CriticalSuffered", {"character": fighter.name}, why, False, back),)


def build(options: Mapping[str, str]) -> FifthHouse:
    given = Options(RULESET_ID, options, OPTIONS)
    return FifthHouse(
        options=dict(options),
        vigilance_up=given.choice("vigilance_rounding") == "up",
        stare_cap=given.choice("stare_down_cap") == "focus",
        keep_for_odds=given.choice("keep_default") == "odds",
        critical_instead=given.choice("opportunity_critical") == "instead",
        coup_lapses=given.choice("coup_window") == "round",
        stare_required=given.choice("stare_down") == "required",
        gm_table=given.choice("critical_table") == "gm",
    )


_conforms: RulesetFactory = build
