"""The l5r4e ruleset: :class:`FourthEdition`, its rules bound to a session's options and
what it declares to the core (sheet, events, fold, views, timeline lines), and ``build``,
which checks the options and binds them (see the package docstring,
:mod:`domain.rulesets.l5r4e`, for the options and the readings)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import msgspec

from domain.commands import Command, Context, Decider
from domain.dice.roll_keep.ten_dice import FOURTH_EDITION, TenDiceRule
from domain.errors import IllegalUnderRules, MalformedInput, NotFound, excerpt
from domain.events import Event
from domain.rulesets.base import Core, DemoTable, Follows, Option, Progress, ShownRoll, Table, View
from domain.rulesets.l5r4e import RULESET_ID, views, views_play
from domain.rulesets.l5r4e.advice import warnings
from domain.rulesets.l5r4e.events import EVENT_TYPES, AttackResolved
from domain.rulesets.l5r4e.experience import STARTING_XP, insight, insight_rank, price
from domain.rulesets.l5r4e.links import explain_armour, follows
from domain.rulesets.l5r4e.recorded_order import FourEOrder
from domain.rulesets.l5r4e.situation import situation
from domain.rulesets.l5r4e.stances import STANCES, check_stance
from domain.rulesets.l5r4e.state import HANDLERS, FourEState
from domain.rulesets.l5r4e.state_records import CharacterState, key
from domain.rulesets.l5r4e.views import tables
from domain.rulesets.l5r4e.views_lines import describe_play
from domain.rulesets.l5r4e.wounds import wound_ladder
from domain.rulesets.options import Options, boolean
from domain.rulesets.roll_keep_kit.chances import roll_keep_chance
from domain.rulesets.roll_keep_kit.character import CharacterSheet, check_sheet
from domain.rulesets.roll_keep_kit.events import verify_recorded
from domain.rulesets.roll_keep_kit.lines import describe_kit, explain_kit, shown_roll
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.purchase import Purchase, PurchasePrice
from domain.rulesets.roll_keep_kit.wounds import WoundRank, rank_on


@dataclass(frozen=True)
class FourthEdition:
    """4e's rules for one session (:class:`domain.rulesets.base.Ruleset`)."""

    id: str
    title: str
    options: Mapping[str, str]
    ten_dice_rule: TenDiceRule
    starting_xp: int
    stances: tuple[str, ...]
    wound_ladder: Callable[[CharacterSheet], tuple[WoundRank, ...]]
    insight: Callable[[CharacterSheet], int]
    insight_rank: Callable[[CharacterSheet], int]
    initiative_expression: Callable[[CharacterSheet], str]
    price: Callable[[CharacterSheet, Purchase], PurchasePrice]
    check_stance: Callable[..., None]
    """``(state, character, stance)``: raise if the stance may not be taken now."""
    situation: Callable[..., list[Part]]
    """``(state, character, RollContext) -> parts`` the rules add to a character's roll."""
    ties_succeed: bool = True
    """Whether a total equal to the TN succeeds (option ``success_on_tie``)."""
    range_bands_begun: bool = False
    """Whether a 15 m band begun past a bow's range costs −1k0 (option ``range_bands``)."""
    declared_options: Mapping[str, Option] = field(default_factory=dict)
    event_types: tuple[type[Event], ...] = ()
    views: Mapping[str, View] = field(default_factory=dict)
    sheet_type: type[CharacterSheet] = CharacterSheet
    commands: Callable[[], tuple[Mapping[type[Command], Decider], Callable[..., Any]]] | None = None
    """Loads the command deciders and the 4e commands' view of a session
    (:class:`domain.rulesets.l5r4e.play.Play`) when a command is first asked for: reading a
    session's state or log needs neither, and they are most of 4e's code."""

    @property
    def deciders(self) -> Mapping[type[Command], Decider]:
        return self._commands()[0]

    @property
    def command_types(self) -> tuple[type[Command], ...]:
        return tuple(self.deciders)

    def _commands(self) -> tuple[Mapping[type[Command], Decider], Callable[..., Any]]:
        if self.commands is None:
            return {}, lambda core, state: None
        return self.commands()

    def sheet_now(self, state: Any, character: str) -> CharacterSheet:
        """The sheet as it stands (:class:`domain.rulesets.base.Campaigning`): traits,
        rings and skills as bought, honour, glory, status and taint as changed, zeni,
        wounds, the Void points spent and not regained, and the XP left to spend
        (« Expérience »)."""
        found: CharacterState | None = state.characters.get(key(character))
        if found is None:
            raise NotFound(f"no character {character!r} in this session")
        return msgspec.structs.replace(
            found.sheet,
            honour=found.standing.get("honour", 0),
            glory=found.standing.get("glory", 0),
            status=found.standing.get("status", 0),
            taint=found.standing.get("taint", 0),
            zeni=found.zeni,
            xp=self.xp_at_joining(found.sheet) + found.xp_awarded - found.xp_spent,
            wounds=found.wounds,
            void_spent=min(found.void_spent, found.sheet.void),
        )

    def carried(self, state: Any, character: str, days: int | None) -> CharacterSheet:
        """4e between two sessions: the Void points are back after a night's sleep
        (« Une période complète de sommeil … tous les points de Vide »), so unless the GM
        says the next session is the same day (``days`` 0). Wounds are gone unless the GM
        carries them (``days`` None); if they do, each day heals (Constitution × 2) +
        Rang de Réputation (« Guérison naturelle : Par nuit de repos »). The Dead stay
        dead: nothing but a retraction undoes it."""
        sheet = self.sheet_now(state, character)
        if self.wound_rank(sheet, sheet.wounds).name == "Dead":
            raise IllegalUnderRules(
                f"{sheet.name} is Dead: no time between sessions brings them back (retract "
                "the ruling that killed them, if it was wrong)"
            )
        if days is None:
            return msgspec.structs.replace(sheet, wounds=0, void_spent=0)
        nightly = 2 * sheet.trait("stamina") + self.insight_rank(sheet)
        return msgspec.structs.replace(
            sheet,
            wounds=max(0, sheet.wounds - days * nightly),
            void_spent=sheet.void_spent if days == 0 else 0,
        )

    def progress(self, state: Any) -> dict[str, Progress]:
        return {
            c.name: Progress(
                c.xp_awarded,
                c.xp_spent,
                self.insight_rank(c.sheet),
                {s: c.standing.get(s, 0) for s in ("honour", "glory", "status", "taint")},
            )
            for c in state.characters.values()
        }

    def xp_at_joining(self, sheet: CharacterSheet) -> int:
        """The XP a character joined with, not yet spent: the sheet's, if it was carried
        from an earlier session, else the session's starting XP (« 40 points »)."""
        return self.starting_xp if sheet.xp is None else sheet.xp

    def wound_rank(self, sheet: CharacterSheet, wounds: int) -> WoundRank:
        """The rank ``wounds`` wounds put this character at."""
        return rank_on(self.wound_ladder(sheet), wounds)

    # -- what the core asks of a ruleset ------------------------------------------

    def decide(self, core: Core, state: Any, command: Command, context: Context) -> list[Event]:
        deciders, play = self._commands()
        decider = deciders.get(type(command))
        if decider is None:
            raise IllegalUnderRules(f"{self.id} has no command {type(command).__name__}")
        events: list[Event] = decider(play(core, state), command, context)
        return events

    def tables(self, projections: Mapping[str, Any]) -> list[Table]:
        return tables(projections)

    def check_sheet(self, sheet: Any) -> None:
        """The kit's checks, and no one joins already dead (wounds past Out)."""
        check_sheet(sheet)
        if self.wound_rank(sheet, sheet.wounds).name == "Dead":
            raise MalformedInput(
                f"character {sheet.name!r}: {sheet.wounds} wounds leave them Dead; a sheet "
                "joins with fewer"
            )

    def initial(self) -> Any:
        return FourEState().attach(self)

    def completed(self, command: Any, session: Any) -> Any:
        """What a new command leaves to the rules, written into it before it is decided,
        so that its record says it: an attack naming no weapon names the one in hand
        (:func:`~domain.rulesets.l5r4e.attacks.weapon_in_hand`) — a record made before
        2026-12-04 names none, and meant the bare hands, as the attack decides a weapon
        of None still; a round's ``--stance NAME=…`` naming a character by the start of
        their name names them in full (:func:`domain.session.prefixes.named_by`)."""
        from domain.rulesets.l5r4e.attacks import weapon_in_hand
        from domain.rulesets.l5r4e.commands.fight import Attack
        from domain.rulesets.l5r4e.commands.table import StartRound, stance_declared
        from domain.session.prefixes import named_by

        table = session.table
        if isinstance(command, StartRound) and command.stances:
            stances = []
            for given in command.stances:
                name, stance = stance_declared(given)
                stances.append(f"{named_by(name, session.state, '--stance')}={stance}")
            return msgspec.structs.replace(command, stances=tuple(stances))
        if not isinstance(command, Attack) or command.weapon is not None:
            return command
        who = table.character(command.attacker) if isinstance(table, FourEState) else None
        if who is None:
            return command  # the rules refuse it, naming who is there
        return msgspec.structs.replace(command, weapon=weapon_in_hand(who).name)

    def dump_state(self, state: Any) -> bytes:
        return msgspec.msgpack.encode(state)

    def load_state(self, data: bytes) -> Any:
        return msgspec.msgpack.decode(data, type=FourEState).attach(self)

    def fold_handlers(self) -> Mapping[type[Event], Callable[[Any, Event], None]]:
        return HANDLERS

    def evolve(self, state: Any, event: Event) -> Any:
        HANDLERS[type(event)](state, event)
        return state

    def odds(self, roll: str, tn: int, **options: Any) -> float:
        """Roll & keep odds under this session's ten-dice rule (``unskilled``,
        ``emphasis``, ``raises``, ``free_raises``) and its reading of a tie (a total that
        must exceed the TN needs one more than it)."""
        from domain.dice.roll_keep.odds import success_probability  # for odds alone

        needed = tn if self.ties_succeed else tn + 1
        return success_probability(roll, needed, rule=self.ten_dice_rule, **options)

    def chance_of(self, event: Event) -> dict[str, Any] | None:
        """A roll's pool, TN and chances under this session's dice rules (:mod:`domain.
        rulesets.roll_keep_kit.chances`); None for an event that throws no dice."""
        return roll_keep_chance(event, self.odds)

    def verify(self, event: Event) -> None:
        """The kit's arithmetic (:func:`verify_recorded`), and an attack hits exactly when
        its total reaches the TN it was decided on (« JET D'ATTAQUE […] ND = Valeur de ND
        de la cible pour être touchée », l5r-4e-rules-summary.fr.txt, raises and
        circumstances included, and reached as every roll's TN is, by the session's
        reading of a tie; an attack recorded before its TN was, not checked)."""
        verify_recorded(event, self.ten_dice_rule, ties_succeed=self.ties_succeed)
        tn = event.tn if isinstance(event, AttackResolved) else None
        if (
            isinstance(event, AttackResolved)
            and tn is not None
            and event.hit != (event.total >= tn if self.ties_succeed else event.total > tn)
        ):
            said = "hits" if event.hit else "misses"
            raise MalformedInput(
                f"the recorded attack of {event.attacker!r} {said} with {event.total} "
                f"against TN {tn}"
            )

    def recorded_order(self) -> FourEOrder:
        """What each event no command record vouches for must agree with among the
        events before it (:mod:`domain.rulesets.l5r4e.recorded_order`)."""
        return FourEOrder()

    def demo_scene(self, table: DemoTable) -> None:
        """``kiroku demo``'s skirmish (:mod:`domain.rulesets.l5r4e.demo`), loaded with the
        commands it gives."""
        from domain.rulesets.l5r4e.demo import demo_scene

        demo_scene(table)

    def shown_roll(self, event: Event) -> ShownRoll | None:
        """The kit's rolls shown whole (:func:`~domain.rulesets.roll_keep_kit.lines.
        shown_roll`)."""
        return shown_roll(event)

    def describe(self, event: Event) -> str:
        return describe_kit(event) or describe_play(event)

    def explain(self, event: Event, before: Any = None) -> list[str]:
        return explain_kit(event) + explain_armour(event, before)

    def follows(self, event: Event, before: Any = None) -> tuple[Follows, ...]:
        return follows(event, before)

    def warnings(self, events: Sequence[Event], after: Any = None) -> list[str]:
        return warnings(events, after)


OPTIONS = {
    "starting_xp": Option(
        f"the XP every character starts with (default {STARTING_XP})", str(STARTING_XP)
    ),
    "armour_penalty_on_attacks": boolean(
        "true (default): armour's TN penalty on Agility and Reflexes skill rolls counts on "
        "attack rolls too; false spares them"
    ),
    "success_on_tie": boolean(
        "true (default): a total equal to the TN succeeds, as in the published game; "
        "false: it must exceed it (« excéder », the summary's word)"
    ),
    "range_bands": Option(
        "complete (default): −1k0 for each complete 15 m band past a bow's range (« par "
        "tranche de 15m au delà »); begun: for each band begun",
        "complete",
        ("complete", "begun"),
    ),
}

VIEWS = {
    "session": views.session,
    "characters": views.characters,
    "initiative": views.initiative,
    "wounds": views.wounds,
    "experience": views.experience,
    "void": views.void,
    "stances": views.stances,
    "standing": views.standing,
    **views_play.VIEWS,
}
"""The l5r4e read models (``session`` adds the counts of rolls and combats to the core's)."""


def initiative_expression(sheet: CharacterSheet) -> str:
    """« Rang de Réputation + Réflexes jetés, Réflexes gardés » (rank 2, Reflexes 3: 5k3)."""
    reflexes = sheet.trait("reflexes")
    return f"{insight_rank(sheet) + reflexes}k{reflexes}"


@cache
def _commands() -> tuple[Mapping[type[Command], Decider], Callable[..., Any]]:
    """The command deciders and the Play view, imported on first use."""
    from domain.rulesets.l5r4e.commands import DECIDERS
    from domain.rulesets.l5r4e.play import Play

    return DECIDERS, Play


MAX_STARTING_XP = 10_000
"""The most XP a character may start with (the book's 40, a veteran campaign's hundreds)."""


def build(options: Mapping[str, str]) -> FourthEdition:
    given = Options(RULESET_ID, options, OPTIONS)
    raw = given.text("starting_xp")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 5 and int(raw) <= MAX_STARTING_XP):
        raise MalformedInput(
            f"option starting_xp={excerpt(raw)} is not a whole number of XP from 0 to "
            f"{MAX_STARTING_XP:,}"
        )
    given.choice("armour_penalty_on_attacks")  # checked: situation.py weighs it on a roll
    bands = given.choice("range_bands")
    return FourthEdition(
        id=RULESET_ID,
        title="Legend of the Five Rings, 4th edition",
        options=dict(options),
        ten_dice_rule=FOURTH_EDITION,
        starting_xp=int(raw),
        ties_succeed=given.choice("success_on_tie") == "true",
        range_bands_begun=bands == "begun",
        stances=STANCES,
        wound_ladder=wound_ladder,
        insight=insight,
        insight_rank=insight_rank,
        initiative_expression=initiative_expression,
        price=price,
        situation=situation,
        check_stance=check_stance,
        declared_options=OPTIONS,
        event_types=EVENT_TYPES,
        views=VIEWS,
        commands=_commands,
    )
