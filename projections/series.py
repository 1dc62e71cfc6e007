"""Projections over time: a number the views hold (a character's wounds, their Void
points left), read at positions across a session, for a plot.

A path names a leaf of the views by its keys, ``*`` standing for every key at its level
(``wounds.*.wounds``: each character's wounds; ``void.*.left``: each one's Void points
left). A leaf that is no number, or missing at a position, reads as None there."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.errors import MalformedInput, excerpt

MAX_SAMPLES = 200
"""The most positions one series is read at."""


def check_path(path: str) -> tuple[str, ...]:
    """The keys of ``path``: one ``*`` at most, no empty key."""
    keys = tuple(path.split("."))
    if not 2 <= len(keys) <= 6 or any(not k for k in keys) or keys.count("*") > 1:
        raise MalformedInput(
            f"path {excerpt(path)}: give keys joined by dots, one of them * at most "
            "(wounds.*.wounds)"
        )
    return keys


def sampled(last: int, samples: int) -> list[int]:
    """Up to ``samples`` positions from 0 to ``last``, evenly spread, both ends kept."""
    if not 2 <= samples <= MAX_SAMPLES:
        raise MalformedInput(f"samples={samples}: give 2 to {MAX_SAMPLES}")
    if last + 1 <= samples:
        return list(range(last + 1))
    return sorted({round(i * last / (samples - 1)) for i in range(samples)})


def picked(views: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, float | None]:
    """The leaves ``keys`` names in ``views``: by the key ``*`` stood for (or, with no
    ``*``, under the path itself)."""
    if "*" not in keys:
        return {".".join(keys): _leaf(views, keys)}
    at = keys.index("*")
    parent = _node(views, keys[:at])
    if not isinstance(parent, Mapping):
        return {}
    return {str(name): _leaf(child, keys[at + 1 :]) for name, child in parent.items()}


def _node(value: Any, keys: tuple[str, ...]) -> Any:
    for key in keys:
        if not isinstance(value, Mapping) or key not in value:
            return None
        value = value[key]
    return value


def _leaf(value: Any, keys: tuple[str, ...]) -> float | None:
    found = _node(value, keys)
    if isinstance(found, bool) or not isinstance(found, int | float):
        return None
    return found


def series(
    frames: Sequence[tuple[int, Mapping[str, Any]]], paths: Sequence[tuple[str, ...]]
) -> dict[str, dict[str, list[float | None]]]:
    """For each path, each name it reaches at any position, its value at every frame (a
    position and the views there), None where it is not."""
    found: dict[str, dict[str, list[float | None]]] = {}
    for keys in paths:
        path = ".".join(keys)
        rows: dict[str, list[float | None]] = {}
        for index, (_, views) in enumerate(frames):
            for name, value in picked(views, keys).items():
                rows.setdefault(name, [None] * len(frames))[index] = value
        found[path] = rows
    return found
