"""Shared test helpers: a fixed clock, scripted dice, sample sheets, a session builder."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from domain.commands import Command, Context
from domain.events import Event, Recorded
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.l5r4e.state import FourEState
from domain.rulesets.roll_keep_kit.character import Armour, CharacterSheet, Skill, Traits, Weapon
from domain.session.aggregate import Session, open_session
from domain.session.chain import head, seal
from domain.session.commands import CORRECTIONS
from domain.session.correction import Correction, History, correct
from domain.session.record import CommandRecord, decide_recorded

GM = "sensei"
T0 = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)


class Clock:
    """A clock that ticks one second per reading."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


class Scripted:
    """A dice port that shows the faces it is given, in order."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int, /) -> int:
        assert (a, b) == (1, 10)
        if not self.faces:
            raise AssertionError("the scripted dice ran out of faces")
        return self.faces.pop(0)


def sheet(name: str = "Akodo Kaneka", **changes: Any) -> CharacterSheet:
    """A rank-1 bushi: Earth 2, Reflexes 3, Agility 3, Void 2, Kenjutsu 3 (Katana)."""
    traits = Traits(
        stamina=changes.pop("stamina", 3),
        willpower=changes.pop("willpower", 2),
        reflexes=changes.pop("reflexes", 3),
        awareness=changes.pop("awareness", 2),
        strength=changes.pop("strength", 3),
        perception=changes.pop("perception", 2),
        agility=changes.pop("agility", 3),
        intelligence=changes.pop("intelligence", 2),
    )
    base: dict[str, Any] = {
        "name": name,
        "traits": traits,
        "void": 2,
        "skills": (Skill("Kenjutsu", 3, ("Katana",), True), Skill("Defense", 2)),
        "honour": 65,
        "glory": 10,
        "status": 10,
        "armour": Armour("Light armour", 5, 3, 5),
        "weapons": (Weapon("Katana", "3k2"),),
    }
    base.update(changes)
    return CharacterSheet(**base)


class Table:
    """A session driven the way the service drives it: decide, then record."""

    def __init__(
        self, session_id: str = "test-night", ruleset: str = "l5r4e", **options: str
    ) -> None:
        self.clock = Clock()
        opened = open_session(
            session_id=session_id, ruleset=ruleset, gm=GM, at=self.clock(), options=options
        )
        self.session = Session([Recorded(1, opened)])

    @property
    def play(self) -> Play:
        """The session as the l5r4e commands see it."""
        play: Play = Play.of(self.session)
        return play

    @property
    def state(self) -> FourEState:
        """The l5r4e state, as of the latest event."""
        return self.play.state

    def do(self, command: Callable[..., list[Event]], /, **fields: Any) -> list[Event]:
        """Run ``command`` as the GM unless ``actor`` is given, and record it: a core
        command (a :class:`Session` method) on the session, any other on its :class:`Play`."""
        fields.setdefault("actor", GM)
        core = getattr(command, "__qualname__", "").startswith("Session.")
        target = self.session if core else self.play
        events = command(target, at=self.clock(), **fields)
        start = self.session.version
        self.session.record([Recorded(start + i, e) for i, e in enumerate(events, 1)])
        return events

    def join(self, name: str = "Akodo Kaneka", player: str = "ana", **changes: Any) -> None:
        self.do(Session.join, sheet=sheet(name, **changes), player=player)


class RecordedTable:
    """A session driven by command Structs, each recorded with its dice, as the service
    records them (:func:`domain.session.record.decide_recorded`), and corrected as the
    service corrects (:func:`domain.session.correction.correct`)."""

    def __init__(
        self,
        session_id: str = "test-night",
        ruleset: str = "l5r4e",
        options: dict[str, str] | None = None,
    ) -> None:
        self.clock = Clock()
        opened = open_session(
            session_id=session_id, ruleset=ruleset, gm=GM, at=self.clock(), options=options
        )
        self.events: list[Recorded] = [Recorded(1, opened)]
        self.records: list[CommandRecord] = []

    @property
    def session(self) -> Session:
        return Session(self.events)

    def append(self, events: list[Event], records: Sequence[CommandRecord]) -> list[Recorded]:
        """Append a batch, its records sealed with the hash chain as the service seals."""
        start = len(self.events)
        recorded = [Recorded(start + i, e) for i, e in enumerate(events, 1)]
        sid = self.session.opened.session
        sealed, _ = seal(sid, head(sid, self.events), recorded, records)
        self.records += sealed
        self.events += recorded
        return recorded

    def do(self, command: Command, *, actor: str = GM, dice: Any = None) -> list[Recorded]:
        """Decide ``command`` (a correction as :meth:`correct`), record it, append it."""
        if isinstance(command, CORRECTIONS):
            return self.append(*self._corrected(command, actor, dice))
        history = History(self.events, self.records)
        context = Context(actor, self.clock(), dice, history.batch_of)
        events, record = decide_recorded(self.session, command, context)
        return self.append(events, [record])

    def correct(self, command: Command, *, fresh: Any = None, actor: str = GM) -> Correction:
        """The correction ``command`` decides (not appended)."""
        history = History(self.events, self.records)
        context = Context(actor, self.clock(), None, history.batch_of)
        return correct(history, command, context, fresh=fresh)  # type: ignore[arg-type]

    def _corrected(
        self, command: Command, actor: str, fresh: Any
    ) -> tuple[list[Event], list[CommandRecord]]:
        outcome = self.correct(command, fresh=fresh, actor=actor)
        return outcome.events, outcome.records


def version_1(path: Path, events: Sequence[Recorded]) -> Path:
    """``events`` written to ``path`` as a file without command records (version 1, no
    head), as Kiroku wrote a session before its commands were recorded."""
    from adapters.codec import encode_event

    opened = events[0].event
    header = {
        "format": "kiroku-replay",
        "version": 1,
        "ruleset": getattr(opened, "ruleset", ""),
        "session": getattr(opened, "session", ""),
    }
    lines = [json.dumps(header, separators=(",", ":")).encode()]
    for recorded in events:
        lines.append(
            b'{"position":%d,"event":%s}' % (recorded.position, encode_event(recorded.event))
        )
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def refused(t: RecordedTable, command: Any, error: type[Exception], match: str, **kw: Any) -> None:
    """``command`` refused with ``error`` saying ``match``, and nothing appended: every
    refusal leaves the session as it was."""
    before = len(t.events)
    with pytest.raises(error, match=match):
        t.do(command, **kw)
    assert len(t.events) == before, "a refused command appended something"
