"""The l5r3e ruleset's ``build``: its options checked, its rules, events, commands and
views bound into one :class:`ThirdEdition` (see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.commands import Command, Context
from domain.dice.roll_keep.ten_dice import FOURTH_EDITION
from domain.errors import IllegalUnderRules
from domain.events import Event
from domain.rulesets.base import Core, Follows, Option, Progress, RulesetFactory, Table, View
from domain.rulesets.l5r3e import RULESET_ID
from domain.rulesets.l5r3e import commands as c
from domain.rulesets.l5r3e.events import (
    THIRD_EVENT_TYPES,
    AttackResolved,
    ReversalApplied,
    WoundsTaken,
)
from domain.rulesets.l5r3e.fight import (
    decide_attack,
    decide_damage,
    decide_grapple,
    decide_reversal,
)
from domain.rulesets.l5r3e.mounts import decide_dismount, decide_mount
from domain.rulesets.l5r3e.play import (
    Play,
    Rules,
    decide_actions,
    decide_cast,
    decide_delay,
    decide_initiative,
    decide_manoeuvre,
    decide_next,
    decide_roll,
    decide_start_round,
    decide_swap,
    decide_void,
    decide_wounds,
)
from domain.rulesets.l5r3e.sheet import ThirdSheet, check_third_sheet
from domain.rulesets.l5r3e.state import HANDLERS, ThirdState
from domain.rulesets.l5r3e.table import fighter, is_dead, wound_rank
from domain.rulesets.l5r3e.views import VIEWS, describe_third, explain_third, tables
from domain.rulesets.options import Options, boolean
from domain.rulesets.roll_keep_kit import deciding as kit
from domain.rulesets.roll_keep_kit.carrying import (
    carried_over,
    one_of,
    progress_of,
    sheet_with_wounds,
)
from domain.rulesets.roll_keep_kit.ruleset_parts import KitRuleset

DECIDERS: dict[type[Command], Callable[..., list[Event]]] = {
    c.Roll: decide_roll,
    c.RollInitiative: decide_initiative,
    c.StartCombat: kit.decide_start_combat,
    c.StartRound: decide_start_round,
    c.NextTurn: decide_next,
    c.EndCombat: kit.decide_end_combat,
    c.SwapInitiative: decide_swap,
    c.ChooseManoeuvre: decide_manoeuvre,
    c.TakeActions: decide_actions,
    c.Delay: decide_delay,
    c.Attack: decide_attack,
    c.Damage: decide_damage,
    c.Grapple: decide_grapple,
    c.Reversal: decide_reversal,
    c.SpendVoid: decide_void,
    c.TakeWounds: decide_wounds,
    c.Heal: kit.decide_heal,
    c.Cast: decide_cast,
    c.Mount: decide_mount,
    c.Dismount: decide_dismount,
}

OPTIONS = {
    "defense_to_tn": boolean(
        "true (default): a character not in Assault (nor surprised) adds their Defense rank "
        "to the TN to be hit (« Exceptions »: « Défense 3 »); false: the basic rules' "
        "Reflexes × 5 + armour alone, as the text's first examples count"
    ),
    "emphasis": Option(
        "skill_rank (default): an emphasis adds the skill's rank to the roll, as the text's "
        "Mirumoto Rola adds 3 with Kenjutsu (Katana) 3; none: it adds nothing here (the "
        "published 3e rerolls 1s)",
        "skill_rank",
        ("skill_rank", "none"),
    ),
}


@dataclass(frozen=True)
class ThirdEdition(KitRuleset):
    """3e's skirmish rules for one session (:class:`domain.rulesets.base.Ruleset`)."""

    options: Mapping[str, str]
    rules: Rules
    id: str = RULESET_ID
    title: str = "Legend of the Five Rings, 3rd edition (skirmish rules)"
    declared_options: Mapping[str, Option] = field(default_factory=lambda: OPTIONS)
    sheet_type: type[Any] = ThirdSheet
    event_types: tuple[type[Event], ...] = THIRD_EVENT_TYPES
    deciders: ClassVar[Mapping[type[Command], Callable[..., list[Event]]]] = DECIDERS
    handlers: ClassVar[Mapping[type[Event], Callable[[Any, Any], None]]] = HANDLERS
    state_type: ClassVar[type[Any]] = ThirdState
    attack_event: ClassVar[str] = "AttackResolved"

    def sheet_now(self, state: Any, character: str) -> Any:
        """:class:`domain.rulesets.base.Campaigning`: the skirmish text says nothing of the
        time between sessions, so its reading is the kit's
        (:mod:`domain.rulesets.roll_keep_kit.carrying`)."""
        return sheet_with_wounds(one_of(state.fighters, character))

    def carried(self, state: Any, character: str, days: int | None) -> Any:
        fighter = one_of(state.fighters, character)
        return carried_over(sheet_with_wounds(fighter), days, dead=is_dead(fighter))

    def progress(self, state: Any) -> dict[str, Progress]:
        return progress_of(state.fighters)

    @property
    def views(self) -> Mapping[str, View]:
        return VIEWS

    def play(self, core: Core, state: Any, command: Command, context: Context) -> Play:
        return Play(
            core=core,
            actor=context.actor,
            at=context.at,
            reason=command.reason,
            ten_dice=self.rules.ten_dice,
            state=state,
            rules=self.rules,
        )

    def describe_own(self, event: Event) -> str:
        return describe_third(event)

    def explain_own(self, event: Event) -> list[str]:
        return explain_third(event)

    def tables(self, projections: Mapping[str, Any]) -> list[Table]:
        return tables(projections)

    def check_sheet(self, sheet: Any) -> None:
        check_third_sheet(sheet)

    def initial(self) -> ThirdState:
        return ThirdState(defense_to_tn=self.rules.defense_adds_to_tn)

    def odds(self, roll: str, tn: int, **options: Any) -> float:
        """Roll & keep odds: « supérieur ou égal à ce ND » succeeds; the ten-dice rule is
        the kit's (the text's « règle des Dix Dés » without its figures). An emphasis that
        adds the skill's rank (option ``emphasis``) is a modifier: written in the roll."""
        if options.get("emphasis") and self.rules.emphasis_adds_rank:
            raise IllegalUnderRules(
                f"in {self.id} an emphasis adds the skill's rank to the total: write it in "
                f"the roll ({roll}+RANK), not --emphasis"
            )
        options.pop("emphasis", None)
        from domain.dice.roll_keep.odds import success_probability  # for odds alone

        return success_probability(roll, tn, rule=FOURTH_EDITION, **options)

    def follows(self, event: Event, before: Any = None) -> tuple[Follows, ...]:
        """The kit's (damage and wounds follow the hit), and a reversal taken off an
        opponent follows the hit that allowed it."""
        if isinstance(event, ReversalApplied) and event.target != event.character:
            used = {"character": event.character, "target": event.target, "hit": True}
            return (
                Follows("AttackResolved", used, "the hit that lets it come off this foe", True),
            )
        return super().follows(event, before)

    def warnings(self, events: Sequence[Event], after: Any = None) -> list[str]:
        """A character's new wound level, and who can no longer act."""
        said: list[str] = []
        if not isinstance(after, ThirdState):
            return said
        for event in events:
            if isinstance(event, WoundsTaken):
                who = fighter(after, event.character)
                rank = wound_rank(who)
                penalty = f" (+{rank.penalty} to the TN of their actions)" if rank.penalty else ""
                said.append(f"{who.name} is now {rank.french}{penalty}")
            if isinstance(event, AttackResolved) and event.hit and event.manoeuvre == "feint":
                said.append(
                    f"a feint deals no damage: {event.character} has a free raise on their "
                    f"next attack on {event.target}"
                )
        return said


def build(options: Mapping[str, str]) -> ThirdEdition:
    given = Options(RULESET_ID, options, OPTIONS)
    rules = Rules(
        ten_dice=FOURTH_EDITION,
        defense_adds_to_tn=given.choice("defense_to_tn") == "true",
        emphasis_adds_rank=given.choice("emphasis") == "skill_rank",
    )
    return ThirdEdition(options=dict(options), rules=rules)


_conforms: RulesetFactory = build
