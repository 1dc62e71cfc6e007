"""Event upcasting: old replays stay readable as event schemas move on (DESIGN principle 7).

Each event type has a current ``schema`` (a class variable); each stored event carries
the ``schema_version`` it was written with. An upcaster turns the raw mapping of one
version of a type into the next; :func:`upcast` chains them up to the current version.
Files are never edited: reading upcasts. Upcasters are registered by event type name
(a ruleset's or the core's), with the ruleset id where two rulesets share a name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.errors import MalformedInput
from domain.events import Event

Raw = dict[str, Any]
Upcaster = Callable[[Raw], Raw]

#: (event type, version) → the function that makes version + 1 of it; a ruleset's own
#: may be keyed (``"ruleset:Type"``, version) where two rulesets share a type name.
UPCASTERS: dict[tuple[str, int], Upcaster] = {}


def upcast(raw: Raw, types: Mapping[str, type[Event]], ruleset_id: str = "") -> Raw:
    """Bring one raw event up to its type's current schema (``types``: the session's)."""
    name = raw.get("type")
    if not isinstance(name, str) or name not in types:
        raise MalformedInput(f"unknown event type {name!r}")
    current = types[name].schema
    version = raw.get("schema_version", 1)
    if not isinstance(version, int) or version < 1:
        raise MalformedInput(f"{name}: schema_version {version!r} is not a version")
    if version > current:
        raise MalformedInput(
            f"{name}: schema_version {version} is newer than this Kiroku reads ({current})"
        )
    while version < current:
        step = UPCASTERS.get((f"{ruleset_id}:{name}", version)) or UPCASTERS.get((name, version))
        if step is None:
            raise MalformedInput(f"{name}: no upcaster from schema_version {version}")
        raw = step(dict(raw))
        version += 1
        raw["schema_version"] = version
    return raw
