"""What changed in the projections between two states: the read model ``kiroku diff`` prints.

Two projections (as :func:`projections.project_state` gives them: views of JSON-like
values) are compared leaf by leaf. A change is the path to a value (the view, then each
key or list index), what it was and what it is; a value that appears or disappears has
``None`` on its missing side and says so in ``change``. Lists are compared index by
index (an initiative order, a character's conditions), so an entry inserted in the
middle shows as the entries after it changing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

Path = tuple[str | int, ...]

MISSING: Any = object()


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every leaf that differs, in the order of the views and their keys."""
    return [
        {
            "path": list(path),
            "change": "added" if old is MISSING else "removed" if new is MISSING else "changed",
            "before": None if old is MISSING else old,
            "after": None if new is MISSING else new,
        }
        for path, old, new in _walk((), before, after)
    ]


def _walk(path: Path, old: Any, new: Any) -> Iterator[tuple[Path, Any, Any]]:
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        for name in [*old, *(k for k in new if k not in old)]:
            yield from _walk((*path, name), old.get(name, MISSING), new.get(name, MISSING))
    elif isinstance(old, list | tuple) and isinstance(new, list | tuple):
        for index in range(max(len(old), len(new))):
            yield from _walk(
                (*path, index),
                old[index] if index < len(old) else MISSING,
                new[index] if index < len(new) else MISSING,
            )
    elif old is MISSING or new is MISSING or type(old) is not type(new) or old != new:
        yield path, old, new


def render_path(path: list[str | int]) -> str:
    """``wounds › Bayushi Fumi › rank``, list indexes as ``[2]``."""
    return " › ".join(f"[{p}]" if isinstance(p, int) else str(p) for p in path)


def render_changes(found: list[dict[str, Any]]) -> str:
    """One line per change: ``path: before → after``."""
    if not found:
        return "no change"
    lines = []
    for item in found:
        before = "(none)" if item["change"] == "added" else _text(item["before"])
        after = "(none)" if item["change"] == "removed" else _text(item["after"])
        lines.append(f"{render_path(item['path'])}: {before} → {after}")
    return "\n".join(lines)


def _text(value: Any) -> str:
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return "-" if value is None else str(value)
