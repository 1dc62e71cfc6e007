"""What the GM keeps from the players: hidden rulings, until they are revealed (DESIGN
principle 9).

Behind the screen a GM rolls for an ambusher, notes a whisper, deals a poison's wound
the victim must not feel yet. Any command may be given ``hidden`` — by the GM only —
and is recorded like any other, its record's inputs saying ``hidden``; a roll & keep
ruleset's hidden roll marks its event too (``DiceRolled.hidden``), as it did before
every command could be hidden. What is the GM's secret:

- every event of a hidden ruling;
- a retraction of a secret event (the GM taking back a secret is a secret too);
- the revision a correction decides of a secret ruling, and the correction's heading
  when everything it corrects is secret (a correction of something the players saw is
  theirs to see, with what it did to what they saw);
- the GM's reason for correcting a secret ruling: a correction of it that revises or
  drops what the players saw reaches them as its outcome, without its cause — its
  heading and the retractions of what they saw are sent with no reason (:attr:`Secrets.
  quiet`).

Until :class:`RulingRevealed` reveals it, a secret reaches no player and no observer:
not in the events they are sent, not in the state folded for them
(:func:`domain.session.state.fold` with ``unseen``), not in their count or numbering of
the stream. A reveal reveals the whole ruling — the events it gave, every revision and
retraction of them made while it was hidden — and players read those inside the reveal,
at the reveal's place in their stream: their numbering never shifts, and what they were
sent before never changes. Once nothing is kept from them, the state they read is the
GM's, event for event.

A ruling the GM gives in the open may stand on a secret (an attack on an ambusher who
joined hidden): the players are sent it — the GM chose to act in the open — and the
state folded for them leaves out what it cannot take without the secret: every event
that names a character whose joining is kept from them (:func:`standing_on`: the
ambusher's wounds, his initiative, a grapple he holds), and any other the rules cannot
fold without it — until the joining is revealed (:func:`players_state`).
"""

from __future__ import annotations

import copy
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from domain.errors import IllegalUnderRules, NotFound
from domain.events import (
    CharacterJoined,
    EventRetracted,
    Recorded,
    RulingRevealed,
    RulingsCorrected,
)
from domain.names import key
from domain.session.record import CommandRecord
from domain.session.state import SessionState, fold


def hidden_event(recorded: Recorded) -> bool:
    """An event its ruleset marks ``hidden`` (a roll & keep hidden roll)."""
    return bool(getattr(recorded.event, "hidden", False))


@dataclass
class Secrets:
    """What is kept from the players in one session, read event by event."""

    read: int = 0
    """The last position taken in."""
    ruling_of: dict[int, int] = field(default_factory=dict)
    """Every position ever kept from the players → the first position of the secret
    ruling it belongs to."""
    rulings: dict[int, list[int]] = field(default_factory=dict)
    """A secret ruling's first position → every position that belongs to it."""
    revealed: dict[int, int] = field(default_factory=dict)
    """A position once kept from the players → the position of the reveal that showed it."""
    reveals: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """A reveal's position → the positions it showed, in order."""
    joinings: dict[int, str] = field(default_factory=dict)
    """The position of every character's joining ever kept from the players → the
    character, by key (what an event in the open may stand on: :func:`standing_on`)."""
    screened: set[int] = field(default_factory=set)
    """The positions of the events in the open the players read otherwise than the GM
    (:meth:`~domain.events.Event.for_players`): carried joinings with the sheet they
    could see where it was carried from (:attr:`domain.events.Carried.shown`), rulings
    with what weighed on them behind the GM's screen. Each is folded for them as they
    read it, a reveal since or not (a reveal shows what was hidden, it does not decide
    again what was decided on it), so their state is the GM's only where none is."""
    sheets: dict[int, int | None] = field(default_factory=dict)
    """The carried joinings among :attr:`screened` → the position of the reveal that
    showed the players the sheet as it is (None: not yet). Until then they fold the
    sheet they could see where it was carried from; from then on, the sheet itself
    (the rulings it carries are the source session's, and stay as it keeps them)."""
    quiet: set[int] = field(default_factory=set)
    """The positions players read with no reason: those of a correction of a secret
    ruling that they may see (its heading, its retractions of what they saw), whose
    reason is the GM's word on the secret."""
    _revisions: dict[int, int] = field(default_factory=dict, repr=False)
    """A revision's position, while its correction's batch is read → the ruling revised."""
    _quieting: tuple[str, datetime, str | None] | None = field(default=None, repr=False)
    """The actor, time and reason of a correction of a secret ruling whose retractions
    are being read (each of its batch's events carries them, a later command not)."""

    @classmethod
    def of(cls, events: Iterable[Recorded], records: Iterable[CommandRecord]) -> Secrets:
        """The secrets of a stream, from its events and the records of its rulings."""
        secrets = cls()
        secrets.take_all(events, records)
        return secrets

    def take_all(self, events: Iterable[Recorded], records: Iterable[CommandRecord]) -> None:
        """Take in ``events`` (after :attr:`read`), each with the record whose batch holds it."""
        hidden_batches = sorted((r.first, r.last) for r in records if r.inputs.get("hidden"))
        index = 0
        for recorded in events:
            position = recorded.position
            while index < len(hidden_batches) and hidden_batches[index][1] < position:
                index += 1
            batch = hidden_batches[index] if index < len(hidden_batches) else None
            in_hidden = batch is not None and batch[0] <= position
            self.take(recorded, batch[0] if in_hidden and batch is not None else None)

    def take(self, recorded: Recorded, hidden_ruling: int | None = None) -> None:
        """Take in one event; ``hidden_ruling``: the first position of its batch, when
        the command that gave it was hidden."""
        position = recorded.position
        if position <= self.read:
            return
        self.read = position
        event = recorded.event
        revised = self._revisions.pop(position, None)
        quieting, self._quieting = self._quieting, None
        if isinstance(event, RulingRevealed) and event.position in self.sheets:
            self.sheets[event.position] = position
            self.reveals[position] = (event.position,)
        elif isinstance(event, RulingRevealed):
            ruling = self.ruling_of.get(event.position, event.position)
            shown = tuple(p for p in self.rulings.get(ruling, ()) if p not in self.revealed)
            for p in shown:
                self.revealed[p] = position
            self.reveals[position] = shown
        elif revised is not None:  # a revision is as secret as the ruling it revises
            if self.secret(revised):
                self._keep(position, revised)
        elif isinstance(event, EventRetracted):
            ours = quieting == (event.actor, event.at, event.reason)  # the correction's
            if self.secret(event.position):
                self._keep(position, event.position)
            elif ours:
                self.quiet.add(position)
            self._quieting = quieting if ours else None
        elif isinstance(event, RulingsCorrected):
            named = [event.ruling, *(o for o, _, _ in event.revised), *event.dropped]
            for original, first, count in event.revised:
                for p in range(first, first + count):
                    self._revisions[p] = original
            if all(self.secret(p) for p in [*named, *event.reinstated]):
                self._keep(position, event.ruling)
            elif self.secret(event.ruling):
                self.quiet.add(position)
                self._quieting = (event.actor, event.at, event.reason)
        elif hidden_ruling is not None:
            self._keep(position, hidden_ruling)
            if isinstance(event, CharacterJoined):
                self.joinings[position] = key(event.sheet.name)
        elif hidden_event(recorded):
            self._keep(position, position)
        elif event.for_players() is not event:
            self.screened.add(position)
            if isinstance(event, CharacterJoined):
                self.sheets[position] = None

    def kept_names(self, until: int | None = None) -> dict[str, int]:
        """The characters whose joining is kept from the players as of ``until``, by key,
        each with its joining's position."""
        if not self.joinings:
            return {}
        unseen = self.unseen(until)
        return {name: at for at, name in self.joinings.items() if at in unseen}

    def _keep(self, position: int, of: int) -> None:
        """Keep ``position`` from the players, with the secret ruling ``of`` belongs to
        (``of`` itself when it is the first of its own)."""
        ruling = self.ruling_of.get(of, of)
        self.ruling_of[position] = ruling
        self.rulings.setdefault(ruling, []).append(position)

    def secret(self, position: int) -> bool:
        """Whether the event at ``position`` is kept from the players now."""
        return position in self.ruling_of and position not in self.revealed

    def ever_hidden(self, position: int) -> bool:
        """Whether the event at ``position`` was ever kept from the players (revealed
        since or not): it has no place of its own in their stream."""
        return position in self.ruling_of

    def unseen(self, until: int | None = None) -> set[int]:
        """The positions kept from the players as of ``until`` (now when None)."""
        if until is None:
            return {p for p in self.ruling_of if p not in self.revealed}
        return {
            p
            for p in self.ruling_of
            if p <= until and (p not in self.revealed or self.revealed[p] > until)
        }

    @property
    def keeps_any(self) -> bool:
        """Whether anything is kept from the players now, or ever was behind the GM's
        screen (:attr:`screened`): whether their state may differ from the GM's."""
        return len(self.revealed) < len(self.ruling_of) or bool(self.screened)

    def check_reveal(self, position: int, head: int) -> int:
        """The first position of the secret ruling holding ``position``, for a reveal;
        a clear error if there is none."""
        if not 1 <= position <= head:
            raise NotFound(f"no event at position {position} (the session has {head})")
        if position in self.sheets:  # a carried sheet the players read as they saw it
            shown = self.sheets[position]
            if shown is not None:
                raise IllegalUnderRules(f"the sheet at {position} was revealed at {shown} already")
            return position
        if position not in self.ruling_of:
            raise IllegalUnderRules(f"event {position} is not hidden: the players see it already")
        if position in self.revealed:
            raise IllegalUnderRules(
                f"event {position} was revealed at {self.revealed[position]} already"
            )
        return self.ruling_of[position]

    def whole(self, until: int | None = None) -> frozenset[int]:
        """The carried joinings the players read with the sheet as it is as of ``until``
        (now when None): revealed to them by then."""
        return frozenset(
            p
            for p, reveal in self.sheets.items()
            if reveal is not None and (until is None or reveal <= until)
        )

    def after(self, batch: Sequence[Recorded], records: Sequence[CommandRecord]) -> Secrets:
        """A copy of these secrets with ``batch`` (not yet stored) taken in too."""
        later = copy.deepcopy(self)
        later.take_all(batch, records)
        return later


def as_players_fold(recorded: Recorded, whole: Container[int] = ()) -> Recorded:
    """An event as the players' state folds it: as they read it
    (:meth:`~domain.events.Event.for_players`) — a carried joining screened from them
    with the sheet they could see where it was carried from (:attr:`domain.events.
    Carried.shown`), until the GM reveals it (its position in ``whole``:
    :meth:`Secrets.whole`), a screened ruling with what weighed on it behind the GM's
    screen (a hidden Dodge is no Dodge their state counts) — every other event as it
    is."""
    if recorded.position in whole:
        return recorded
    shown = recorded.event.for_players()
    return recorded if shown is recorded.event else Recorded(recorded.position, shown)


def standing_on(recorded: Recorded, names: Mapping[str, int]) -> bool:
    """Whether an event names one of the characters ``names`` (by key, each with the
    position of its joining kept from the players) after that joining (a field, or an
    item of one, that is such a character's name): in the open, it stands on the
    joining, which the players have not seen — they fold it no more than they see the
    joining. An event before the joining stands on nothing of it, so what the players
    fold of the stream up to a position never depends on a joining after it (their
    snapshots rely on it: :mod:`projections.players`)."""
    if not names:
        return False
    event, position = recorded.event, recorded.position
    for field_name in event.__struct_fields__:
        value = getattr(event, field_name)
        values = value if isinstance(value, tuple) else (value,)
        for v in values:
            if isinstance(v, str) and names.get(key(v), position) < position:
                return True
    return False


def players_state(
    events: list[Recorded], secrets: Secrets, until: int | None = None
) -> SessionState:
    """The state players and observers read as of ``until``: the GM's, without what is
    kept from them then. An event in the open that the rules cannot fold without a
    secret it stands on is left out of it (see the module's docstring)."""
    whole = secrets.whole(until)
    events = [as_players_fold(r, whole) for r in events]
    unseen = secrets.unseen(until)
    names = secrets.kept_names(until)
    if names:
        unseen |= {r.position for r in events if standing_on(r, names)}
    return fold(events, until, unseen=unseen, lenient=True)
