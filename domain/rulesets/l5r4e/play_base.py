"""What every l5r4e command stands on: the session core, the 4e state, and who may act.

Who may do what: the GM may do everything; a player may act only for their own
characters (rolls, initiative, stance, Void, XP spends); awarding XP, wounds and heals,
honour/glory/status/taint, combat rounds and turns, hidden rolls and retractions are the
GM's.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Self

from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound
from domain.rulesets.base import Core
from domain.rulesets.l5r4e.conditions import NO_ACTIONS
from domain.rulesets.l5r4e.events import (
    VOID_USES,
    DiceRolled,
    Event,
    SessionOpened,
    VoidPointSpent,
    VoidUse,
)
from domain.rulesets.l5r4e.state import FourEState
from domain.rulesets.l5r4e.state_records import CharacterState
from domain.rulesets.roll_keep_kit.events import MAX_AMOUNT

if TYPE_CHECKING:  # the ruleset loads these commands when one is first given
    from domain.rulesets.l5r4e.ruleset import FourthEdition


def last_rolled(events: Sequence[Event]) -> DiceRolled:
    """The roll a command just made: the last event of the batch :meth:`Play.roll`
    returned."""
    event = events[-1]
    if not isinstance(event, DiceRolled):
        raise TypeError(f"expected the batch to end with a roll, not {type(event).__name__}")
    return event


def positive_amount(amount: int, what: str) -> int:
    if not 0 < amount <= MAX_AMOUNT:
        raise MalformedInput(f"{what} {amount} must be a whole number from 1 to {MAX_AMOUNT}")
    return amount


class PlayBase:
    """A session as 4e's commands see it: the core (its opening, stream and GM) and the
    4e state folded from it."""

    def __init__(self, core: Core, state: FourEState) -> None:
        self.core = core
        self.state = state
        self.ruleset: FourthEdition = state.ruleset

    @classmethod
    def of(cls, session: Any) -> Self:
        """The 4e commands' view of a core session (anything with ``table`` holding a
        :class:`FourEState`)."""
        table = session.table
        if not isinstance(table, FourEState):
            raise IllegalUnderRules(
                f"session {session.opened.session!r} is played under "
                f"{session.opened.ruleset!r}, not l5r4e"
            )
        return cls(session, table)

    def after(self, events: Sequence[Event]) -> Self:
        """The session as it will stand once ``events`` (the first steps of the command
        being decided) are appended — for a command whose later steps act on what its
        first did: the second duellist strikes with the wounds of the first blow. The
        session itself is left as it is (a copy of its state is folded)."""
        state = self.ruleset.load_state(self.ruleset.dump_state(self.state))
        for event in events:
            self.ruleset.evolve(state, event)
        return type(self)(self.core, state)

    @property
    def opened(self) -> SessionOpened:
        return self.core.opened

    @property
    def version(self) -> int:
        return self.core.version

    def is_gm(self, actor: str) -> bool:
        return self.core.is_gm(actor)

    def gm_only(self, actor: str, what: str) -> None:
        self.core.gm_only(actor, what)

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
        """Out or Dead, stunned (« ne peut pas entreprendre d'action ») or asleep: no
        action, and no roll of the character's own."""
        why = self.unable(character)
        if why in NO_ACTIONS:
            raise IllegalUnderRules(f"{character.name} is {why} and can take no action")
        if why is not None:
            raise IllegalUnderRules(f"{character.name} is {why} and cannot act")

    def unable(self, character: CharacterState) -> str | None:
        """What keeps ``character`` from acting (their wound rank, Out or Dead, or a
        condition: stunned, asleep), or None."""
        rank = self.ruleset.wound_rank(character.sheet, character.wounds)
        if rank.penalty is None:
            return rank.name
        return next((held for held in NO_ACTIONS if held in character.conditions), None)

    def not_dead(self, character: CharacterState) -> None:
        """Wounds past the Out band are death (the published game: see
        :mod:`domain.rulesets.l5r4e.wounds`): no healing brings the dead back."""
        if self.ruleset.wound_rank(character.sheet, character.wounds).name == "Dead":
            raise IllegalUnderRules(
                f"{character.name} is Dead: no healing brings them back (retract the ruling "
                f"that killed them, if it was wrong)"
            )

    def void_events(
        self, actor: str, at: datetime, state: CharacterState, purpose: str, use: VoidUse
    ) -> list[Event]:
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
