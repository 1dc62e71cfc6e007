"""The session aggregate: commands that validate, then return one batch of events.

A command either returns the events to append (one atomic batch) or raises a typed error
(:mod:`domain.errors`) quoting its input (DESIGN principle 4). It never changes the
session itself: the application appends the batch and then calls :meth:`Session.record`,
so a batch refused by the store leaves nothing behind. The clock (``at``) and the dice
(``dice``) come in from outside, and are read before any event is made.

Who may do what: the GM may do everything; a player may act only for their own
characters (rolls, initiative, stance, Void, XP spends); awarding XP, wounds and heals,
honour/glory/status/taint, combat rounds and turns, hidden rolls and retractions are the
GM's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime

import msgspec

from domain.character import CharacterSheet, Weapon, check_sheet
from domain.dice.die import DiceSource, Die
from domain.dice.expression import parse_expression
from domain.dice.roll import RollOptions, RollResult, resolve, roll
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound
from domain.events import (
    ROLL_PURPOSES,
    VOID_USES,
    AnyEvent,
    CharacterJoined,
    CombatEnded,
    CombatStarted,
    DiceRolled,
    EventRetracted,
    ExperienceAwarded,
    ExperienceSpent,
    Recorded,
    RollPurpose,
    RoundStarted,
    SessionOpened,
    StanceChosen,
    StandingChanged,
    TurnPassed,
    VoidPointSpent,
    VoidPointsRegained,
    VoidUse,
    WoundsHealed,
    WoundsTaken,
)
from domain.modifiers import Part, apply_parts, tn_with
from domain.purchase import Purchase
from domain.rolls import RollContext
from domain.rulesets import Ruleset, load_ruleset
from domain.session.state import CharacterState, SessionState, fold, key
from domain.standing import STANDINGS, Standing, format_tenths

SESSION_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
MAX_AMOUNT = 10_000


def check_session_id(session_id: str) -> str:
    if not SESSION_ID.match(session_id):
        raise MalformedInput(
            f"session id {session_id!r} must be 1–64 lowercase letters, digits, '-' or '_', "
            "starting with a letter or digit"
        )
    return session_id


def open_session(
    *,
    session_id: str,
    ruleset: str,
    gm: str,
    at: datetime,
    options: Mapping[str, str] | None = None,
    campaign: str = "",
    title: str = "",
) -> SessionOpened:
    """Open a session: the ruleset and its options are checked and recorded."""
    check_session_id(session_id)
    if not gm.strip():
        raise MalformedInput("a session needs a GM")
    load_ruleset(ruleset, options or {})
    return SessionOpened(
        actor=gm,
        at=at,
        session=session_id,
        ruleset=ruleset,
        options=tuple(sorted((options or {}).items())),
        campaign=campaign,
        gm=gm,
        title=title,
    )


def last_rolled(events: Sequence[AnyEvent]) -> DiceRolled:
    """The roll a command just made: the last event of the batch :meth:`Session.roll`
    returned."""
    event = events[-1]
    if not isinstance(event, DiceRolled):
        raise TypeError(f"expected the batch to end with a roll, not {type(event).__name__}")
    return event


def _positive(amount: int, what: str) -> int:
    if not 0 < amount <= MAX_AMOUNT:
        raise MalformedInput(f"{what} {amount} must be a whole number from 1 to {MAX_AMOUNT}")
    return amount


class Session:
    """One session's stream and the state folded from it."""

    def __init__(self, events: Sequence[Recorded] = ()) -> None:
        self.events: list[Recorded] = []
        self.state = SessionState()
        self.record(events)

    # -- the stream --------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def opened(self) -> SessionOpened:
        if self.state.opened is None:
            raise NotFound("the session has not been opened")
        return self.state.opened

    @property
    def ruleset(self) -> Ruleset:
        if self.state.ruleset is None:
            raise NotFound("the session has not been opened")
        return self.state.ruleset

    def record(self, events: Sequence[Recorded]) -> None:
        """Take in events the store accepted, in order; refold after a retraction."""
        refold = False
        for recorded in events:
            if recorded.position != len(self.events) + 1:
                raise MalformedInput(
                    f"event at position {recorded.position} does not follow "
                    f"position {len(self.events)}"
                )
            if not self.events and not isinstance(recorded.event, SessionOpened):
                raise MalformedInput(
                    f"a session starts with SessionOpened, not {type(recorded.event).__name__}"
                )
            self.events.append(recorded)
            if isinstance(recorded.event, EventRetracted):
                refold = True
            elif not refold:
                self.state.apply(recorded)
        if refold:
            self.state = fold(self.events)

    def as_of(self, position: int | None) -> SessionState:
        return self.state if position is None else fold(self.events, position)

    # -- who may act -------------------------------------------------------------

    def is_gm(self, actor: str) -> bool:
        return actor == self.opened.gm

    def gm_only(self, actor: str, what: str) -> None:
        if not self.is_gm(actor):
            raise NotAllowed(f"{actor!r} may not {what}: only the GM ({self.opened.gm!r}) may")

    def character_named(self, name: str) -> CharacterState:
        state = self.state.character(name)
        if state is None:
            known = ", ".join(c.name for c in self.state.characters.values()) or "none yet"
            raise NotFound(f"no character {name!r} in session {self.opened.session!r} ({known})")
        return state

    def acting_for(self, actor: str, name: str) -> CharacterState:
        character = self.character_named(name)
        if not self.is_gm(actor) and actor != character.player:
            raise NotAllowed(
                f"{actor!r} may not act for {character.name!r}, who is played by "
                f"{character.player!r}"
            )
        return character

    def can_act(self, character: CharacterState) -> None:
        rank = self.ruleset.wound_rank(character.sheet, character.wounds)
        if rank.penalty is None:
            raise IllegalUnderRules(f"{character.name} is {rank.name} and cannot act")

    # -- commands ----------------------------------------------------------------

    def join(
        self, *, actor: str, at: datetime, sheet: CharacterSheet, player: str
    ) -> list[AnyEvent]:
        self.gm_only(actor, "add a character")
        check_sheet(sheet)
        if not player.strip():
            raise MalformedInput(f"character {sheet.name!r} needs a player")
        if self.state.character(sheet.name) is not None:
            raise IllegalUnderRules(f"a character named {sheet.name!r} is already in the session")
        return [CharacterJoined(actor=actor, at=at, sheet=sheet, player=player)]

    def roll(
        self,
        *,
        actor: str,
        at: datetime,
        expression: str,
        options: RollOptions,
        dice: DiceSource | Sequence[Die],
        character: str | None = None,
        purpose: RollPurpose = "other",
        label: str = "",
        hidden: bool = False,
        reason: str | None = None,
        parts: Sequence[Part] = (),
        trait: str | None = None,
        weapon: Weapon | None = None,
        ranged: bool = False,
        use_center: bool = False,
        target: str | None = None,
        void_free_action: bool = False,
    ) -> list[AnyEvent]:
        """Any roll. ``expression`` and ``options.tn`` are the base; the ruleset adds the
        character's situational parts (wound penalty, stance, conditions, armour), the
        command its own (``parts``), and every part is recorded with the roll. A Void
        point (+1k1, « déclaré avant le jet ») is spent in the same batch; raises are capped
        by the Void ring. Nobody who cannot act rolls — unless the GM lets one at Out pay
        a Void point for one free action. ``dice`` is the dice port, or the faces rolled
        at the table."""
        if purpose not in ROLL_PURPOSES:
            raise MalformedInput(
                f"roll purpose {purpose!r}; choose from {', '.join(ROLL_PURPOSES)}"
            )
        if hidden:
            self.gm_only(actor, "make a hidden roll")
        base = parse_expression(expression)
        events: list[AnyEvent] = []
        all_parts = list(parts)
        if character is not None:
            state = self.acting_for(actor, character)
            character = state.name
            if void_free_action:
                events.extend(self._free_action_at_out(actor, at, state))
            else:
                self.can_act(state)
            context = RollContext(purpose, trait, weapon, ranged, use_center)
            if use_center:
                self._check_center(state)
            all_parts.extend(self.ruleset.situation(self.state, state, context))
            options = msgspec.structs.replace(options, max_raises=state.sheet.void)
            if options.void:
                if purpose == "damage":
                    raise IllegalUnderRules("a Void point cannot add +1k1 to a damage roll")
                events.extend(self.void_events(actor, at, state, f"+1k1 on {expression!r}", "roll"))
                all_parts.append(Part(source="Void point", rolled=1, kept=1))
                options = msgspec.structs.replace(options, void=False)
        elif options.void:
            raise MalformedInput("a Void point is spent by a character: name one")
        elif not self.is_gm(actor):
            raise NotAllowed(f"{actor!r} may roll only for their own character")
        final = str(apply_parts(base, all_parts))
        base_tn = options.tn
        options = msgspec.structs.replace(options, tn=tn_with(base_tn, all_parts))
        result = self._roll_dice(final, options, dice)
        events.append(
            DiceRolled(
                actor=actor,
                at=at,
                reason=reason,
                character=character,
                purpose=purpose,
                label=label,
                roll=result,
                base_tn=base_tn,
                parts=tuple(all_parts),
                target=target,
                hidden=hidden,
            )
        )
        return events

    def _free_action_at_out(
        self, actor: str, at: datetime, state: CharacterState
    ) -> list[AnyEvent]:
        """4e « Points de blessures »: at Out, « s'il lui reste un point de Vide, le MJ peut
        en autoriser la dépense pour le laisser faire une action gratuite »."""
        self.gm_only(actor, "allow a Void-paid free action at Out")
        rank = self.ruleset.wound_rank(state.sheet, state.wounds)
        if rank.penalty is not None:
            raise IllegalUnderRules(f"{state.name} is {rank.name}, not Out: just roll")
        return self.void_events(actor, at, state, "one free action while Out", "free_action")

    def _check_center(self, state: CharacterState) -> None:
        combat = self.state.combat
        if combat is None or state.center_round != combat.round - 1:
            raise IllegalUnderRules(
                f"{state.name} did not hold the Center stance last round: no Center bonus"
            )
        if state.center_bonus_used:
            raise IllegalUnderRules(f"{state.name} has already used this round's Center bonus")

    def _roll_dice(
        self, expression: str, options: RollOptions, dice: DiceSource | Sequence[Die]
    ) -> RollResult:
        rule = self.ruleset.ten_dice_rule
        if isinstance(dice, Sequence):
            return resolve(expression, options, dice, rule)
        return roll(expression, options, dice, rule)

    def roll_initiative(
        self, *, actor: str, at: datetime, character: str, dice: DiceSource | Sequence[Die]
    ) -> list[AnyEvent]:
        """4e « Jet d'initiative »: insight rank + Reflexes rolled, Reflexes kept."""
        if self.state.combat is None:
            raise IllegalUnderRules("initiative is rolled in combat: start one first")
        state = self.acting_for(actor, character)
        if key(state.name) in self.state.combat.initiative:
            raise IllegalUnderRules(f"{state.name} has already rolled initiative this combat")
        expression = self.ruleset.initiative_expression(state.sheet)
        return self.roll(
            actor=actor,
            at=at,
            expression=expression,
            options=RollOptions(),
            dice=dice,
            character=state.name,
            purpose="initiative",
            label="Initiative",
        )

    def start_combat(self, *, actor: str, at: datetime) -> list[AnyEvent]:
        self.gm_only(actor, "start a combat")
        if self.state.combat is not None:
            raise IllegalUnderRules("a combat is already under way")
        return [CombatStarted(actor=actor, at=at)]

    def start_round(self, *, actor: str, at: datetime) -> list[AnyEvent]:
        self.gm_only(actor, "start a round")
        combat = self.state.combat
        if combat is None:
            raise IllegalUnderRules("no combat is under way")
        if not combat.initiative:
            raise IllegalUnderRules("nobody has rolled initiative yet")
        return [RoundStarted(actor=actor, at=at, number=combat.round + 1)]

    def next_turn(self, *, actor: str, at: datetime) -> list[AnyEvent]:
        """The character whose turn it is passes; the next in initiative order acts."""
        combat = self.state.combat
        if combat is None or combat.round == 0:
            raise IllegalUnderRules("no round is under way")
        current = combat.current()
        if current is None:
            raise IllegalUnderRules(f"everyone has acted in round {combat.round}: start the next")
        self.acting_for(actor, current)
        return [TurnPassed(actor=actor, at=at, character=current)]

    def end_combat(self, *, actor: str, at: datetime) -> list[AnyEvent]:
        self.gm_only(actor, "end a combat")
        if self.state.combat is None:
            raise IllegalUnderRules("no combat is under way")
        return [CombatEnded(actor=actor, at=at)]

    def choose_stance(
        self, *, actor: str, at: datetime, character: str, stance: str
    ) -> list[AnyEvent]:
        state = self.acting_for(actor, character)
        chosen = stance.strip().casefold().replace(" ", "_").replace("-", "_")
        if chosen not in self.ruleset.stances:
            raise MalformedInput(
                f"stance {stance!r}; choose from {', '.join(self.ruleset.stances)}"
            )
        self.can_act(state)
        self.ruleset.check_stance(self.state, state, chosen)
        return [StanceChosen(actor=actor, at=at, character=state.name, stance=chosen)]

    def spend_void(
        self,
        *,
        actor: str,
        at: datetime,
        character: str,
        purpose: str,
        use: VoidUse = "other",
    ) -> list[AnyEvent]:
        state = self.acting_for(actor, character)
        return self.void_events(actor, at, state, purpose, use)

    def void_events(
        self, actor: str, at: datetime, state: CharacterState, purpose: str, use: VoidUse
    ) -> list[AnyEvent]:
        """A Void point spent (4e « Utilisation des points de Vide »): there must be one
        left, and in combat only one a round — a school technique's does not count."""
        if use not in VOID_USES:
            raise MalformedInput(f"Void use {use!r}; choose from {', '.join(VOID_USES)}")
        if state.void_points <= 0:
            raise IllegalUnderRules(
                f"{state.name} has no Void point left to spend ({purpose!r}); "
                f"all {state.sheet.void} are spent"
            )
        combat = self.state.combat
        if combat is not None and use != "technique" and state.void_round == combat.round:
            raise IllegalUnderRules(
                f"{state.name} has already spent a Void point this round ({purpose!r}): "
                "one a round in combat, school techniques aside"
            )
        return [VoidPointSpent(actor=actor, at=at, character=state.name, purpose=purpose, use=use)]

    def regain_void(
        self, *, actor: str, at: datetime, character: str, amount: int | None, source: str
    ) -> list[AnyEvent]:
        """Void points come back (4e « Regain »: a full night's sleep restores them all)."""
        self.gm_only(actor, "restore Void points")
        state = self.character_named(character)
        missing = state.void_spent
        amount = missing if amount is None else _positive(amount, "Void points regained")
        if missing == 0:
            raise IllegalUnderRules(f"{state.name} has spent no Void point to regain")
        return [
            VoidPointsRegained(
                actor=actor, at=at, character=state.name, amount=min(amount, missing), source=source
            )
        ]

    def take_wounds(
        self, *, actor: str, at: datetime, character: str, amount: int, source: str = ""
    ) -> list[AnyEvent]:
        self.gm_only(actor, "deal wounds")
        state = self.character_named(character)
        _positive(amount, "wounds")
        return [WoundsTaken(actor=actor, at=at, character=state.name, amount=amount, source=source)]

    def heal(
        self, *, actor: str, at: datetime, character: str, amount: int, method: str = ""
    ) -> list[AnyEvent]:
        """Heal up to the wounds the character has; healing past zero heals nothing more."""
        self.gm_only(actor, "heal wounds")
        state = self.character_named(character)
        _positive(amount, "wounds healed")
        if state.wounds == 0:
            raise IllegalUnderRules(f"{state.name} has no wounds to heal")
        healed = min(amount, state.wounds)
        return [
            WoundsHealed(actor=actor, at=at, character=state.name, amount=healed, method=method)
        ]

    def change_standing(
        self,
        *,
        actor: str,
        at: datetime,
        character: str,
        standing: str,
        delta: int,
        reason: str | None = None,
    ) -> list[AnyEvent]:
        """Honour, glory and taint stay within 0–10 ranks, status within −10–10 (the summary
        gives a geisha −1 and an eta −4 to −8)."""
        self.gm_only(actor, f"change {standing}")
        if standing not in STANDINGS:
            raise MalformedInput(f"{standing!r} is not one of {', '.join(STANDINGS)}")
        which: Standing = standing
        state = self.character_named(character)
        if delta == 0:
            raise MalformedInput(f"a {standing} change of 0 changes nothing")
        new = state.standing.get(which, 0) + delta
        low = -100 if which == "status" else 0
        if not low <= new <= 100:
            raise IllegalUnderRules(
                f"{state.name}'s {standing} would be {format_tenths(new)}, outside "
                f"{format_tenths(low)}–10.0"
            )
        return [
            StandingChanged(
                actor=actor, at=at, reason=reason, character=state.name, standing=which, delta=delta
            )
        ]

    def award_xp(
        self, *, actor: str, at: datetime, character: str, amount: int, reason: str | None = None
    ) -> list[AnyEvent]:
        self.gm_only(actor, "award XP")
        state = self.character_named(character)
        _positive(amount, "XP")
        return [
            ExperienceAwarded(
                actor=actor, at=at, reason=reason, character=state.name, amount=amount
            )
        ]

    def spend_xp(
        self, *, actor: str, at: datetime, character: str, purchase: Purchase
    ) -> list[AnyEvent]:
        """Buy a trait, the Void ring, a skill rank or an emphasis at the ruleset's price."""
        state = self.acting_for(actor, character)
        priced = self.ruleset.price(state.sheet, purchase)
        available = self.ruleset.starting_xp + state.xp_awarded - state.xp_spent
        name = purchase.name.strip()
        if purchase.kind in ("skill", "emphasis"):
            skill = priced.sheet.skill(name)
            name = skill.name if skill else name
        elif purchase.kind == "trait":
            name = name.casefold()
        else:
            name = "void"
        if priced.cost > available:
            what = f"{name} ({purchase.emphasis.strip()})" if purchase.emphasis else name
            raise IllegalUnderRules(
                f"{state.name} has {available} XP; {purchase.kind} {what} → {priced.new_rank} "
                f"costs {priced.cost}"
            )
        before, after = state.sheet, priced.sheet
        raised = [r for r in before.rings if after.ring(r) > before.ring(r)]
        return [
            ExperienceSpent(
                actor=actor,
                at=at,
                character=state.name,
                kind=purchase.kind,
                name=name,
                emphasis=purchase.emphasis.strip(),
                new_rank=priced.new_rank,
                cost=priced.cost,
                insight_rank=(self.ruleset.insight_rank(before), self.ruleset.insight_rank(after)),
                ring_raised=raised[0] if raised else "",
            )
        ]

    def retract(self, *, actor: str, at: datetime, position: int, reason: str) -> list[AnyEvent]:
        """A GM's correction, with a reason (principle 6): the event stops counting."""
        self.gm_only(actor, "retract a ruling")
        if not reason.strip():
            raise MalformedInput("a retraction needs a reason")
        if not 1 <= position <= self.version:
            raise NotFound(f"no event at position {position} (the session has {self.version})")
        target = self.events[position - 1].event
        if isinstance(target, SessionOpened):
            raise IllegalUnderRules("the opening of a session cannot be retracted")
        if isinstance(target, EventRetracted):
            raise IllegalUnderRules(f"event {position} is itself a retraction")
        retracted = {r.event.position for r in self.events if isinstance(r.event, EventRetracted)}
        if position in retracted:
            raise IllegalUnderRules(f"event {position} is already retracted")
        return [EventRetracted(actor=actor, at=at, reason=reason, position=position)]

    def retract_last(self, *, actor: str, at: datetime, reason: str) -> list[AnyEvent]:
        """Undo: retract the latest event that still counts."""
        retracted = {r.event.position for r in self.events if isinstance(r.event, EventRetracted)}
        for recorded in reversed(self.events):
            event = recorded.event
            if isinstance(event, (EventRetracted, SessionOpened)) or recorded.position in retracted:
                continue
            return self.retract(actor=actor, at=at, position=recorded.position, reason=reason)
        raise IllegalUnderRules("there is nothing left to retract")
