"""The closed choices a front end's forms offer for each character, read off their
sheet as the state holds it (``GET /v1/sessions/{id}/choices``): the names of the
sheet's lists of named things (weapons, spells, techniques…) and the keys of its tables
(skills, traits, rings), each under the sheet's own key, whatever the ruleset. A form
offers them as a choice; the rules still check whatever is sent."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from domain.session.state import SessionState


def _sheets(table: object) -> Iterator[tuple[str, Any]]:
    """Each character's sheet in the ruleset's state: the entries, in any of its tables
    of characters (by whatever name: characters, fighters, errants), that hold one."""
    names = getattr(table, "__struct_fields__", None) or tuple(vars(table))
    for name in names:
        entries = getattr(table, name, None)
        if not isinstance(entries, dict):
            continue
        for held in entries.values():
            sheet = getattr(held, "sheet", None)
            if sheet is not None:
                yield str(getattr(sheet, "name", "")), sheet


def named(sheet: dict[str, Any]) -> dict[str, list[str]]:
    """What a sheet (as plain data) names, by key: a table's keys, a list's names."""
    found: dict[str, list[str]] = {}
    for key, value in sheet.items():
        if isinstance(value, dict) and value and "name" not in value:  # not one named thing
            found[key] = list(value)
        elif isinstance(value, list) and value:
            names = [v["name"] if isinstance(v, dict) else v for v in value]
            if all(isinstance(n, str) for n in names):
                found[key] = names
    return found


def choices(state: SessionState) -> dict[str, Any]:
    """Each character's choices, by name, in joining order."""
    table = getattr(state, "table", None)
    characters: dict[str, dict[str, list[str]]] = {}
    if table is not None:
        for name, sheet in _sheets(table):
            plain = msgspec.json.decode(msgspec.json.encode(sheet))
            if name and isinstance(plain, dict):
                characters[name] = named(plain)
    order = {member.name: member.joined for member in state.members.values()}
    ranked = sorted(characters, key=lambda n: (order.get(n, len(order)), n))
    return {"characters": {name: characters[name] for name in ranked}}
