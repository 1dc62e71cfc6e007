"""Whole numbers as the command line takes them: ASCII digits, a sign if need be.

Python's ``int`` also reads other scripts' digits (``٣`` is 3), underscores (``1_000``)
and numbers of thousands of digits; a table types none of these on purpose, so each is
refused as argparse refuses any number it cannot read ("invalid int value").
"""

from __future__ import annotations

import re

MAX_DIGITS = 20
"""The longest number taken: a 64-bit seed; every bound in the game is far smaller."""

_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


def whole_number(text: str) -> int:
    """``text`` as an int, or ValueError (argparse words it, naming the value)."""
    if not _WHOLE.fullmatch(text.strip()):
        raise ValueError(text)
    return int(text)


whole_number.__name__ = "int"  # argparse's message: "invalid int value: '…'"
