"""Text a session records: one line of printable characters, wherever it stands.

Every string a command or an event holds is printed somewhere — a line of ``kiroku
log``, a row of ``kiroku state``, a GM's terminal. A newline in a wound's source would
forge a second line of the log; an escape sequence in a skill's name would repaint the
terminal. So no string anywhere in a command, a sheet or an event may hold a character
``str.isprintable`` refuses (a newline, a tab, a control or format character, a line or
paragraph separator); a name, a reason or a note is checked alike, however deep it lies.
"""

from __future__ import annotations

from typing import Any


def first_unprintable(value: Any, where: str = "") -> tuple[str, str] | None:
    """The first string in ``value`` (plain data: dicts, lists, strings, numbers) that
    is not printable, with where it lies (``sheet.skills[0].name``); None if there is
    none. A dict's keys are strings too."""
    if isinstance(value, str):
        return None if value.isprintable() else (where or "the text", value)
    if isinstance(value, dict):
        for key, item in value.items():
            here = f"{where}.{key}" if where else str(key)
            if isinstance(key, str) and not key.isprintable():
                return here, key
            found = first_unprintable(item, here)
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found = first_unprintable(item, f"{where}[{index}]")
            if found is not None:
                return found
    return None
