"""The conformance rule for the log (issue 28, item 6): an event's line states the numbers
the event holds, so that a GM reading the log reads what was decided on, not a figure
that contradicts the roll above it.

A number counts as stated when it appears in the line as a number of its own (its sign
may be written as words: "−10", "10 off"). Zeros are the absence of what they count (no
raise called, no wound) and need no mention. What a line may leave out is listed in
:data:`LEFT_TO_SHOW`, each with the reason and the place a GM reads it instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import msgspec

from domain.events import Event

LEFT_TO_SHOW: dict[str, str] = {
    "schema_version": "the record's format, not a ruling",
    "sheet.": "a joining's sheet: `kiroku sheet` and `show` give it whole",
    "kept_dice[]": "which dice were kept, by index: `show` lists the kept dice",
    "dice[].parent": "an exploded die's parent, by index: the faces show the explosion",
    "weapons[].": "a loaded armoury's weapons: the line counts them, `show` lists them",
    "weapon.": "a weapon's profile: the sheet and `show` give it",
    "rows[].": "a loaded table's rows: the line counts them, `show` lists them",
    "table[].": "a battle's table: the line counts it, `show` lists it",
    "revised[]": "what a correction revised: counted in its line, each row marked in the log",
    "dropped[]": "what a correction dropped: counted in its line, each row marked in the log",
    "reinstated[]": "what a take-back restored: counted in its line, each row marked",
}
"""Fields a line may leave out, by the start of their path (or their whole name)."""


def numbers_held(value: Any, path: str = "") -> Iterator[tuple[str, int]]:
    """Every number in an event, with the path of the field that holds it (``roll.tn``,
    ``parts[].tn``); booleans and text are not numbers here."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        yield path, value
    elif isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            yield from numbers_held(getattr(value, name), f"{path}.{name}" if path else name)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from numbers_held(item, f"{path}[]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from numbers_held(item, f"{path}.{key}")


def _left_to_show(path: str) -> bool:
    return any(path == name or path.startswith(name) or f".{name}" in path for name in LEFT_TO_SHOW)


def numbers_stated(line: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", line)}


def unstated(event: Event, line: str) -> list[str]:
    """The event's numbers its line does not state, as ``path = value``; empty when the
    line conforms."""
    stated = numbers_stated(line)
    return [
        f"{path} = {number}"
        for path, number in numbers_held(event)
        if number and not _left_to_show(path) and abs(number) not in stated
    ]


TN_SAID = re.compile(r"\bTN (\d+)")


def decided_tn(event: Event) -> int | None:
    """The TN the event's ruling was decided against: its own ``tn`` (an attack's, with the
    raises and the roll's parts), else its roll's effective TN, else the roll's TN."""
    own = getattr(event, "tn", None)
    if isinstance(own, int) and not isinstance(own, bool):
        return own
    roll = getattr(event, "roll", None)
    for name in ("effective_tn", "tn"):
        value = getattr(roll, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def misstated_tn(event: Event, line: str) -> list[str]:
    """Where the line names a TN other than the one the ruling was decided against (issue
    30: a miss said "32 vs armour TN 20" after a roll vs TN 40): the first TN a line
    names is the decided one, and every other it names is a TN the event holds (an armour
    TN, a part's)."""
    decided = decided_tn(event)
    said = [int(n) for n in TN_SAID.findall(line)]
    if decided is None or not said:
        return []
    held = {n for path, n in numbers_held(event) if path.rsplit(".", 1)[-1].endswith("tn")}
    wrong = [f"first TN said {said[0]}, decided {decided}"] if said[0] != decided else []
    return wrong + [f"TN {n} is none the event holds" for n in said[1:] if n not in held]
