"""The snapshot runner (DESIGN principle 5): a session's state from its latest valid
snapshot and the events after it, and when to take the next one.

A snapshot is versioned with the code that folded it — a digest of the domain's source
and of the ruleset's — so a rule change invalidates every snapshot taken before it, and
the next command folds from position 0 again (and snapshots anew). A snapshot at S is
skipped when a correction after S took back, revised or reinstated an event at or before
S; the fold then starts from an earlier one. Only the corrections after a snapshot are
read to tell: a range scan of the stream's own key.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import chain
from pathlib import Path
from typing import Protocol

from domain import rulesets
from domain.events import Recorded, SessionOpened
from domain.session.corrected import Corrections
from domain.session.snapshot import UnreadableSnapshot, restore, take, valid_after
from domain.session.state import SessionState, fold_corrected, fold_onto

EVERY = 1_000
"""A snapshot is taken when a session has moved this many events past its last one."""

DOMAIN = Path(rulesets.__file__).resolve().parents[1]


class History(Protocol):
    """What the runner reads: a session's events, its retractions, its snapshots."""

    def opened(self, session_id: str) -> SessionOpened: ...

    def read_pages(
        self, session_id: str, after: int = 0, page: int = ..., *, until: int | None = None
    ) -> Iterator[list[Recorded]]: ...

    def corrections(
        self, session_id: str, after: int = 0, until: int | None = None
    ) -> list[Recorded]: ...

    def read(
        self, session_id: str, after: int = 0, page: int = ..., *, until: int | None = None
    ) -> Iterator[Recorded]: ...


class Snapshots(Protocol):
    def latest(
        self, session_id: str, version: str, until: int | None = None
    ) -> Iterable[tuple[int, bytes]]: ...

    def write(self, session_id: str, position: int, version: str, data: bytes) -> bool: ...


def _sources(path: str) -> list[str]:
    """Every ``*.py`` under ``path`` (itself, if a file), in the order ``sorted`` gives
    their :class:`~pathlib.Path` objects (by their parts): found with ``os.scandir``,
    which costs a command a fraction of ``Path.rglob``'s start-up."""
    if not os.path.isdir(path):
        return [path]
    found: list[str] = []
    folders = [path]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir():
                    folders.append(entry.path)
                elif entry.name.endswith(".py") and entry.is_file():
                    found.append(entry.path)
    return sorted(found, key=lambda found_path: found_path.split(os.sep))


@cache
def code_version(ruleset_id: str) -> str:
    """A digest of the domain's source and the ruleset's: a ruleset kept outside the
    domain (``KIROKU_RULESETS``) counts with every module of the folder its module is in,
    since the module it names may import its siblings. Each file counts by its path
    (without the root) and its bytes; every command that reads a session computes it,
    so it reads the files with ``os`` alone."""
    digest = hashlib.sha256()
    spec = importlib.util.find_spec(rulesets.RULESETS.get(ruleset_id, "domain"))
    domain = str(DOMAIN)
    paths = _sources(domain)
    if spec is not None and spec.origin and not Path(spec.origin).is_relative_to(DOMAIN):
        paths += _sources(os.path.dirname(spec.origin))
    for path in paths:
        with open(path, "rb") as source:
            digest.update(path.lstrip(os.sep).encode() + b"\0" + source.read())
    return digest.hexdigest()[:16]


def load(
    history: History,
    snapshots: Snapshots,
    session_id: str,
    until: int | None = None,
    *,
    as_corrected: bool = False,
) -> tuple[SessionState, int]:
    """The session's state as of ``until`` (the latest when None), and the position of
    the snapshot it was folded from (0: none): with the corrections recorded by ``until``,
    or (``as_corrected``) every correction, later ones too. The latest snapshot is tried
    first; when a correction after it took back, revised or reinstated an event at or
    before it, the next try is the latest snapshot before the earliest event so touched —
    however far back that is."""
    version = code_version(history.opened(session_id).ruleset)
    reach = None if as_corrected else until
    bound = until
    while bound is None or bound > 0:
        latest = next(iter(snapshots.latest(session_id, version, bound)), None)
        if latest is None:
            break
        position, data = latest
        later = history.corrections(session_id, position, reach)
        if valid_after(position, later):
            try:
                restored = restore(data, position)
            except UnreadableSnapshot:  # only a cache: fold from an earlier one instead
                bound = position - 1
                continue
            state = _fold_from(history, session_id, restored, later, until, reach)
            return state, position
        touched = Corrections.of(later).first_touched()
        assert touched is not None
        bound = touched - 1
    later = history.corrections(session_id, 0, reach)
    return _fold_from(history, session_id, SessionState(), later, until, reach), 0


def _fold_from(
    history: History,
    session_id: str,
    state: SessionState,
    later: list[Recorded],
    until: int | None,
    reach: int | None,
) -> SessionState:
    corrections = Corrections.of(later, reach)
    pages = chain.from_iterable(history.read_pages(session_id, state.position, until=until))
    if not corrections.reorders:
        return fold_onto(state, pages, corrections.retracted, until)
    return fold_corrected(
        state, pages, corrections, revisions(history, session_id, corrections), until
    )


def revisions(history: History, session_id: str, corrections: Corrections) -> dict[int, Recorded]:
    """The events the corrections place elsewhere (by position), read in one range."""
    if not corrections.moved:
        return {}
    low, high = min(corrections.moved), max(corrections.moved)
    return {
        r.position: r
        for r in history.read(session_id, low - 1, until=high)
        if r.position in corrections.moved
    }


def maybe_take(
    snapshots: Snapshots, session_id: str, state: SessionState, last: int, *, force: bool = False
) -> int:
    """Take a snapshot of ``state`` if it is ``EVERY`` events past the last one (``last``)
    or ``force`` says so; the position of the latest snapshot now."""
    if state.opened is None or not (force or state.position - last >= EVERY):
        return last
    if state.position > last:
        version = code_version(state.opened.ruleset)
        snapshots.write(session_id, state.position, version, take(state))
    return max(state.position, last)
