"""A session's stream of events, the state folded from it, and who may act on it.

Who may do what: the GM may do everything; a player may act only for their own
characters (rolls, initiative, stance, Void, XP spends); awarding XP, wounds and heals,
honour/glory/status/taint, combat rounds and turns, hidden rolls and retractions are the
GM's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime

from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound
from domain.events import (
    VOID_USES,
    AnyEvent,
    DiceRolled,
    EventRetracted,
    Recorded,
    SessionOpened,
    VoidPointSpent,
    VoidUse,
)
from domain.rulesets import Ruleset, load_ruleset
from domain.session.state import CharacterState, SessionState, fold

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


def positive_amount(amount: int, what: str) -> int:
    if not 0 < amount <= MAX_AMOUNT:
        raise MalformedInput(f"{what} {amount} must be a whole number from 1 to {MAX_AMOUNT}")
    return amount


class SessionStream:
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
