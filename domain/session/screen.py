"""The GM's screen: a secret is decided on, never leaked (DESIGN principle 9).

Every ruling is decided on the whole history, what the GM keeps hidden included, and
decided again (``kiroku verify``, an import, a correction) exactly so: a hidden poison's
wound penalty weighs on the victim's own roll, whoever gives it. What the players read
of a ruling is filtered afterwards, never by deciding on a filtered history.

A player's ruling given in the open while the GM keeps something from the players is
decided a second time, on the state the players see (:func:`domain.session.secrets.
players_state`), with the same dice. Where the two differ, each event records what the
players are shown of it (:meth:`~domain.events.Event.screened_by`: a roll's TN and parts
as they know them); players and observers read the event through
:meth:`~domain.events.Event.for_players` — the dice and the outcome as they are, the
cause kept behind the screen. Because the screen is part of the event, it is sealed,
exported and re-judged with it, and a player's view is a function of the GM's record.

A player's command the rules refuse only because of what is kept from them is refused
without naming it (:func:`players_refusal`): the refusal they would get on what they
see, or a plain "the GM rules it out".

The GM's own rulings given in the open are not screened: the GM chose to act in the
open. A correction deciding a ruling again compares it unscreened
(:meth:`~domain.events.Event.unscreened`): what the players were shown of a ruling that
stands is not rewritten because a secret was revealed since.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from domain.commands import Command
from domain.errors import IllegalUnderRules, KirokuError
from domain.events import (
    Event,
    EventRetracted,
    Recorded,
    RulingRevealed,
    RulingsCorrected,
)
from domain.session.aggregate import Session
from domain.session.record import CommandRecord
from domain.session.rejudge import redecide
from domain.session.secrets import Secrets, as_players_fold, standing_on
from domain.session.state import SessionState, fold_onto


class LowestFaces:
    """The dice of a ruling decided on the players' view beyond those it drew: its
    lowest face, always (those faces are never recorded nor shown; only the TN and parts
    of that decision are)."""

    def randint(self, a: int, b: int, /) -> int:
        return a


def screened(actual: Sequence[Event], seen: Sequence[Event]) -> list[Event]:
    """``actual`` (the ruling decided on everything) with what the players are shown of
    each event, ``seen`` being the same ruling decided on what they see; events are
    paired in order while their types agree. Those past the pairing come of what the
    players cannot see (a hidden Bleeding's damage after a check): what weighs on them
    is all behind the screen (:meth:`~domain.events.Event.screened_blind`)."""
    events = list(actual)
    for index, event in enumerate(actual):
        shown = seen[index] if index < len(seen) else None
        if shown is None or type(event) is not type(shown):
            events[index:] = [e.screened_blind() for e in actual[index:]]
            break
        events[index] = event.screened_by(shown)
    return events


def unscreened(events: Sequence[Event]) -> tuple[Event, ...]:
    """The events without what they record of the players' view (see the module)."""
    return tuple(e.unscreened() for e in events)


def recorded_like(given: Sequence[Event], stored: Sequence[Event]) -> tuple[Event, ...]:
    """A ruling decided again (``given``) as its recording ``stored`` holds it, event by
    event: what an event type gained since it was recorded left out
    (:meth:`~domain.events.Event.recorded_like`)."""
    return tuple(g.recorded_like(stored[i]) if i < len(stored) else g for i, g in enumerate(given))


def same_ruling(given: Sequence[Event], stored: Sequence[Event]) -> bool:
    """Whether a ruling decided again gives what was recorded (unscreened: see the
    module), as it was recorded."""
    return unscreened(recorded_like(given, stored)) == unscreened(stored)


def for_players(recorded: Recorded) -> Recorded:
    """An event as players and observers read it."""
    shown = recorded.event.for_players()
    return recorded if shown is recorded.event else Recorded(recorded.position, shown)


def as_revealed(recorded: Recorded, secrets: Secrets) -> Recorded:
    """An event a reveal showed, as the players read it inside the reveal: a carried
    joining the GM revealed with its sheet as it is (:attr:`Secrets.sheets`), any other
    as they read it (:func:`for_players`)."""
    return recorded if recorded.position in secrets.whole() else for_players(recorded)


def screens(session: Session, record: CommandRecord) -> bool:
    """Whether a ruling is screened while the GM keeps anything: a player's, given in the
    open (the core's corrections aside: they are the GM's)."""
    return not session.is_gm(record.actor) and not record.inputs.get("hidden")


def seen_decision(
    seen: Session,
    record: CommandRecord,
    command: Command | None,
    batch_of: Callable[[int], tuple[int, int] | None] | None,
) -> list[Event] | None:
    """The ruling ``record`` (``command`` in its place) decided on the players' view
    ``seen`` with the dice it drew; None where their view refuses it (it waits on a
    declaration kept from them, or names a character kept from them)."""
    try:
        events, _ = redecide(seen, record, command=command, then=LowestFaces(), batch_of=batch_of)
    except KirokuError:
        return None
    return events


def screen_ruling(
    actual: Sequence[Event],
    seen: Session | None,
    record: CommandRecord,
    command: Command | None = None,
    batch_of: Callable[[int], tuple[int, int] | None] | None = None,
) -> list[Event]:
    """``actual`` screened against the ruling decided on ``seen`` (no screen: None);
    where their view refuses it, what weighs on it is all behind the screen
    (:meth:`~domain.events.Event.screened_blind`)."""
    if seen is None:
        return list(actual)
    shown = seen_decision(seen, record, command, batch_of)
    if shown is None:
        return [event.screened_blind() for event in actual]
    return screened(actual, shown)


def players_refusal(
    seen: Session,
    command: Command,
    record: CommandRecord,
    error: KirokuError,
    batch_of: Callable[[int], tuple[int, int] | None] | None = None,
) -> KirokuError:
    """The refusal a player is given of ``command`` the rules refuse (``error``) while
    the GM keeps something from them: the one their own view gives, or — where only
    what is kept from them forbids it — one that names nothing of it."""
    try:
        redecide(seen, record, command=command, then=LowestFaces(), batch_of=batch_of)
    except KirokuError as theirs:
        return theirs
    character = getattr(command, "character", None)
    who = f" for {character!r}" if isinstance(character, str) else ""
    return IllegalUnderRules(
        f"{command.spec.name}{who}: the GM rules it out (something behind the screen stands "
        "in the way; ask the GM); nothing was recorded"
    )


@dataclass
class PlayersView:
    """What the players see of a stream read forward (re-judging from the opening, or a
    service catching up with its store): the secrets as of the last batch taken in, and
    the state the players read, folded forward and read again whole only after a reveal
    or a correction — so a player's ruling while the GM keeps something costs the events
    since the last one, not the session's length."""

    secrets: Secrets = field(default_factory=Secrets)
    _state: SessionState | None = None

    def take(self, batch: Sequence[Recorded], records: Sequence[CommandRecord]) -> None:
        """Take in a batch just re-judged, with the records of its rulings."""
        self.secrets.take_all(batch, sorted(records, key=lambda r: r.first))
        if self._state is None:
            return
        if any(isinstance(r.event, EventRetracted | RulingsCorrected | RulingRevealed)
               for r in batch):  # fmt: skip
            self._state = None
            return
        secret, names = self.secrets.secret, self.secrets.kept_names()
        kept = {r.position for r in batch if secret(r.position) or standing_on(r, names)}
        whole = self.secrets.whole()
        folded = [as_players_fold(r, whole) for r in batch]
        fold_onto(self._state, folded, kept, lenient=True)  # its position moves on past them

    @property
    def read(self) -> int:
        """The last position taken in."""
        return self.secrets.read

    def session(self, read_again: Callable[[Secrets], SessionState]) -> Session | None:
        """The session as the players see it after what was taken in, or None while
        nothing is kept from them; ``read_again`` gives their state with these secrets
        (:func:`domain.session.secrets.players_state` of the stream so far, or from a
        snapshot of their view), called only when it must be read again whole."""
        if not self.secrets.keeps_any:
            return None
        if self._state is None:
            self._state = read_again(self.secrets)
        return Session(state=self._state)


@dataclass(frozen=True)
class Screen:
    """What a correction needs to screen the rulings it decides again: the positions kept
    from the players as the correction is made, and the state they see before a place
    of the history (lazily read: only a player's ruling decided again needs it)."""

    unseen: frozenset[int]
    before: Callable[[int], SessionState]
    names: Mapping[str, int] = field(default_factory=dict)
    """The characters whose joining is kept from the players, with its position
    (:func:`domain.session.secrets.standing_on`)."""
    whole: frozenset[int] = frozenset()
    """The carried joinings whose sheet the GM revealed to the players
    (:meth:`domain.session.secrets.Secrets.whole`)."""
