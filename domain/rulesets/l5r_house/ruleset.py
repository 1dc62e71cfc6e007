"""The l5r-house ruleset's ``build``: options checked, rules bound (see the package
docstring)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.commands import Command, Context
from domain.dice.roll_keep.ten_dice import FOURTH_EDITION
from domain.errors import MalformedInput
from domain.events import Event
from domain.rulesets.base import (
    Core,
    Follows,
    Option,
    Progress,
    RulesetFactory,
    Table,
    View,
)
from domain.rulesets.l5r_house import RULESET_ID
from domain.rulesets.l5r_house import commands as c
from domain.rulesets.l5r_house import play as p
from domain.rulesets.l5r_house import tn_rulings as tn
from domain.rulesets.l5r_house.events import HOUSE_EVENT_TYPES, AttackMade, WoundsTaken
from domain.rulesets.l5r_house.rules import RULED
from domain.rulesets.l5r_house.state import HANDLERS, HouseState
from domain.rulesets.l5r_house.table import fighter, rank_of
from domain.rulesets.l5r_house.views import VIEWS, describe_house, explain_house, tables
from domain.rulesets.options import Options
from domain.rulesets.roll_keep_kit import deciding as kit
from domain.rulesets.roll_keep_kit.carrying import (
    carried_over,
    one_of,
    progress_of,
    sheet_with_wounds,
)
from domain.rulesets.roll_keep_kit.character import CharacterSheet, check_sheet
from domain.rulesets.roll_keep_kit.ruleset_parts import KitRuleset

DECIDERS: dict[type[Command], Callable[..., list[Event]]] = {
    c.Roll: p.decide_roll,
    c.RollInitiative: p.decide_initiative,
    c.StartCombat: kit.decide_start_combat,
    c.StartRound: p.decide_start_round,
    c.NextTurn: p.decide_next,
    c.EndCombat: kit.decide_end_combat,
    c.Declare: p.decide_declare,
    c.Attack: p.decide_attack,
    c.Damage: p.decide_damage,
    c.SpendVoid: p.decide_void,
    c.TakeWounds: kit.decide_wound,
    c.Heal: kit.decide_heal,
    c.RuleTn: tn.decide_rule_tn,
    c.LiftTn: tn.decide_lift_tn,
}

OPTIONS = {
    "wound_malus": Option(
        "levels (default): each wounded level one point of malus (Égratigné 1 … Épuisé 6), "
        "the scale of the text's « quelqu'un à -2 »; published: the published game's +3, "
        "+5, +10, +15, +20, +40",
        "levels",
        ("levels", "published"),
    ),
    "malus_on": Option(
        "pool (default): the malus comes off the dice rolled and kept (« ses dégâts "
        "comptent dans le calcul du nombre de dés jetés et gardés »); tn: it is added to "
        "the TN instead (and the default with wound_malus=published)",
        "pool",
        ("pool", "tn"),
    ),
    "full_defence_roll": Option(
        "first_attack (default): a Full Defence is rolled at the first attack on it in the "
        "round (« dès que l'on essaie de le toucher »), its faces before that attack's, and "
        "not at all in a round where nobody attacks; declared: it is rolled as it is "
        "declared",
        "first_attack",
        ("first_attack", "declared"),
    ),
}


@dataclass(frozen=True)
class HouseRules(KitRuleset):
    """The house combat flow for one session (:class:`domain.rulesets.base.Ruleset`)."""

    options: Mapping[str, str]
    level_malus: bool = True
    malus_in_pool: bool = True
    defence_when_declared: bool = False
    id: str = RULESET_ID
    title: str = "Legend of the Five Rings, the house combat flow"
    declared_options: Mapping[str, Option] = field(default_factory=lambda: OPTIONS)
    sheet_type: type[Any] = CharacterSheet
    event_types: tuple[type[Event], ...] = HOUSE_EVENT_TYPES
    deciders: ClassVar[Mapping[type[Command], Callable[..., list[Event]]]] = DECIDERS
    handlers: ClassVar[Mapping[type[Event], Callable[[Any, Any], None]]] = HANDLERS
    state_type: ClassVar[type[Any]] = HouseState
    attack_event: ClassVar[str] = "AttackMade"

    def sheet_now(self, state: Any, character: str) -> Any:
        """:class:`domain.rulesets.base.Campaigning`: the house text is a combat flow and
        says nothing of the time between sessions, so its reading is the kit's
        (:mod:`domain.rulesets.roll_keep_kit.carrying`)."""
        return sheet_with_wounds(one_of(state.fighters, character))

    def carried(self, state: Any, character: str, days: int | None) -> Any:
        fighter = one_of(state.fighters, character)
        dead = rank_of(fighter)[1].name == "Dead"
        return carried_over(sheet_with_wounds(fighter), days, dead=dead)

    def progress(self, state: Any) -> dict[str, Progress]:
        return progress_of(state.fighters)

    @property
    def views(self) -> Mapping[str, View]:
        return VIEWS

    def play(self, core: Core, state: Any, command: Command, context: Context) -> p.Play:
        return p.Play(
            core=core,
            actor=context.actor,
            at=context.at,
            reason=command.reason,
            ten_dice=FOURTH_EDITION,
            state=state,
        )

    def describe_own(self, event: Event) -> str:
        return describe_house(event)

    def explain_own(self, event: Event) -> list[str]:
        return explain_house(event)

    def tables(self, projections: Mapping[str, Any]) -> list[Table]:
        return tables(projections)

    def check_sheet(self, sheet: Any) -> None:
        check_sheet(sheet)

    def initial(self) -> HouseState:
        return HouseState(
            level_malus=self.level_malus,
            malus_in_pool=self.malus_in_pool,
            defence_when_declared=self.defence_when_declared,
        )

    def odds(self, roll: str, tn: int, **options: Any) -> float:
        """Roll & keep odds, a total equal to the TN succeeding; the text's initiative
        (1k1, 10s rerolled, + Reflexes) is ``1k1+R`` in this notation."""
        from domain.dice.roll_keep.odds import success_probability  # for odds alone

        return success_probability(roll, tn, rule=FOURTH_EDITION, **options)

    def follows(self, event: Event, before: Any = None) -> tuple[Follows, ...]:
        """The kit's (damage follows its hit), and an attack whose TN holds the GM's ruling
        follows that ruling (decided in its light: retracting it decides the attack
        again)."""
        found = super().follows(event, before)
        if isinstance(event, AttackMade) and any(
            p.source.startswith(RULED) for p in event.tn_parts
        ):
            ruled = Follows("TnRuled", {"character": event.target}, "the GM's TN to be hit")
            found = (*found, ruled)
        return found

    def warnings(self, events: Sequence[Event], after: Any = None) -> list[str]:
        said: list[str] = []
        if not isinstance(after, HouseState):
            return said
        for event in events:
            if isinstance(event, WoundsTaken):
                who = fighter(after, event.character)
                _, rank = rank_of(who)
                said.append(f"{who.name} is now {rank.french}")
            if isinstance(event, AttackMade) and event.hit and event.called_shot:
                said.append(f"a called shot hit: the GM rules its effect on {event.target}")
        return said


def build(options: Mapping[str, str]) -> HouseRules:
    given = Options(RULESET_ID, options, OPTIONS)
    malus = given.choice("wound_malus")
    on = given.choice("malus_on", None if malus == "levels" else "tn")
    if malus == "published" and on == "pool":
        raise MalformedInput(
            "option wound_malus=published (+3 … +40) goes on the TN: malus_on=tn (forty "
            "dice off a pool would leave 1k1)"
        )
    return HouseRules(
        options=dict(options),
        level_malus=malus == "levels",
        malus_in_pool=on == "pool",
        defence_when_declared=given.choice("full_defence_roll") == "declared",
    )


_conforms: RulesetFactory = build
