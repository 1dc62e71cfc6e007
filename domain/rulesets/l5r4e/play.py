"""The l5r4e commands at the heart of play: rolls, initiative, rounds and stances.

A command either returns the events to append (one atomic batch) or raises a typed error
(:mod:`domain.errors`) quoting its input (DESIGN principle 4). It never changes the
session itself: the application appends the batch and the core folds it, so a batch
refused by the store leaves nothing behind. The clock (``at``) and the dice (``dice``)
come in from outside, and are read before any event is made.

:class:`Play` is the session as 4e's commands see it (:mod:`domain.rulesets.l5r4e.play_base`),
its bookkeeping (:mod:`domain.rulesets.l5r4e.bookkeeping`), and here: rolls, initiative,
rounds and stances. The other 4e commands are functions of a :class:`Play`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import msgspec

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.expression import parse_expression
from domain.dice.roll_keep.roll import RollOptions, RollResult, resolve, roll
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed
from domain.rulesets.l5r4e.bookkeeping import Bookkeeping
from domain.rulesets.l5r4e.events import (
    ROLL_PURPOSES,
    CombatEnded,
    CombatStarted,
    DiceRolled,
    Event,
    RollPurpose,
    RoundStarted,
    StanceChosen,
    TurnPassed,
)
from domain.rulesets.l5r4e.play_base import last_rolled
from domain.rulesets.l5r4e.state_records import CharacterState, key
from domain.rulesets.roll_keep_kit.character import Weapon
from domain.rulesets.roll_keep_kit.modifiers import Part, apply_parts, tn_with
from domain.rulesets.roll_keep_kit.rolls import RollContext, roll_spec

__all__ = ["Play", "last_rolled"]


class Play(Bookkeeping):
    """A session as 4e's commands see it, with the commands of play."""

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
    ) -> list[Event]:
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
        events: list[Event] = []
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

    def check(
        self,
        who: CharacterState,
        *,
        actor: str,
        at: datetime,
        dice: DiceSource | Sequence[Die],
        skill: str | None,
        trait: str | None = None,
        ring: str | None = None,
        tn: int | None = None,
        raises: int = 0,
        purpose: RollPurpose = "skill",
        label: str | None = None,
        label_before: str = "",
        label_after: str = "",
        parts: Sequence[Part] = (),
        target: str | None = None,
    ) -> list[Event]:
        """A skill check, as every 4e rule that calls for one makes it: « Compétence +
        Trait » rolled, the Trait kept (or the ring, for « Méditation + Vide »), unskilled
        at rank 0 (no raise, no exploding 10), the TN and raises the rule names, the
        character's situation added by :meth:`roll` (``skill`` None: a trait or a ring
        alone). Its line is the check's own name (``Athletics/Agility``) between the rule's
        words (``label_after=", leading"``), or the rule's ``label``."""
        spec = roll_spec(who.sheet, skill=skill, trait=trait, ring=ring)
        return self.roll(
            actor=actor,
            at=at,
            expression=spec.expression,
            options=RollOptions(tn=tn, raises=raises, unskilled=spec.unskilled),
            dice=dice,
            character=who.name,
            purpose=purpose,
            label=f"{label_before}{spec.label if label is None else label}{label_after}",
            parts=parts,
            trait=spec.trait,
            target=target,
        )

    def _free_action_at_out(self, actor: str, at: datetime, state: CharacterState) -> list[Event]:
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
        rule, ties = self.ruleset.ten_dice_rule, self.ruleset.ties_succeed
        if isinstance(dice, Sequence):
            return resolve(expression, options, dice, rule, ties_succeed=ties)
        return roll(expression, options, dice, rule, ties_succeed=ties)

    def roll_initiative(
        self, *, actor: str, at: datetime, character: str, dice: DiceSource | Sequence[Die]
    ) -> list[Event]:
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

    def start_combat(self, *, actor: str, at: datetime) -> list[Event]:
        self.gm_only(actor, "start a combat")
        if self.state.combat is not None:
            raise IllegalUnderRules("a combat is already under way")
        return [CombatStarted(actor=actor, at=at)]

    def start_round(self, *, actor: str, at: datetime) -> list[Event]:
        self.gm_only(actor, "start a round")
        combat = self.state.combat
        if combat is None:
            raise IllegalUnderRules("no combat is under way")
        if not combat.initiative:
            raise IllegalUnderRules("nobody has rolled initiative yet")
        return self.skipping(actor, at, [RoundStarted(actor=actor, at=at, number=combat.round + 1)])

    def next_turn(self, *, actor: str, at: datetime) -> list[Event]:
        """The character whose turn it is passes; the next in initiative order acts."""
        combat = self.state.combat
        if combat is None or combat.round == 0:
            raise IllegalUnderRules("no round is under way")
        current = combat.current()
        if current is None:
            raise IllegalUnderRules(f"everyone has acted in round {combat.round}: start the next")
        self.acting_for(actor, current)
        return self.skipping(actor, at, [TurnPassed(actor=actor, at=at, character=current)])

    def skipping(self, actor: str, at: datetime, events: list[Event]) -> list[Event]:
        """``events`` (a round begun, a turn passed, delayed or traded), then the turn of
        each character they bring up who cannot act (Out, Dead, stunned, asleep:
        :meth:`unable`) passed by itself, in the same batch, saying why: 4e « Hors de
        combat » cannot act, and the order goes on to the next. (The GM may still let one
        at Out act once, for a Void point: a roll's ``void_free_action``.) A correction
        that gives them back their wounds decides the batch again, without the skip."""
        trial = self.ruleset.load_state(self.ruleset.dump_state(self.state))
        for event in events:
            trial = self.ruleset.evolve(trial, event)
        skipped: list[Event] = []
        while trial.combat is not None and (current := trial.combat.current()) is not None:
            why = self.unable(trial.characters[key(current)])
            if why is None:
                break
            skip = TurnPassed(actor=actor, at=at, character=current, skipped=why)
            skipped.append(skip)
            trial = self.ruleset.evolve(trial, skip)
        return [*events, *skipped]

    def end_combat(self, *, actor: str, at: datetime) -> list[Event]:
        self.gm_only(actor, "end a combat")
        if self.state.combat is None:
            raise IllegalUnderRules("no combat is under way")
        return [CombatEnded(actor=actor, at=at)]

    def choose_stance(
        self, *, actor: str, at: datetime, character: str, stance: str
    ) -> list[Event]:
        state = self.acting_for(actor, character)
        chosen = stance.strip().casefold().replace(" ", "_").replace("-", "_")
        if chosen not in self.ruleset.stances:
            raise MalformedInput(
                f"stance {stance!r}; choose from {', '.join(self.ruleset.stances)}"
            )
        self.can_act(state)
        self.ruleset.check_stance(self.state, state, chosen)
        return [StanceChosen(actor=actor, at=at, character=state.name, stance=chosen)]
