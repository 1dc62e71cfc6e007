"""What the ``kiroku`` process does first, before any of Kiroku is imported."""

import sys


def msgspec_on_typing_alone() -> None:
    """Import msgspec as it runs where ``typing_extensions`` is not installed.

    msgspec takes ``get_type_hints``, ``Required`` and ``NotRequired`` from
    ``typing_extensions`` when it can (for Pythons before 3.11) and from ``typing``
    otherwise; on 3.11, which Kiroku requires, ``typing``'s are the same for every type a
    Kiroku Struct declares. ``typing_extensions`` is a few milliseconds of every command's
    start-up: hidden while msgspec is first imported, and there for any later import (the
    ``eventsourcing`` library's, on a write). Should a msgspec release need it, msgspec is
    left to be imported the ordinary way."""
    if "msgspec" in sys.modules or "typing_extensions" in sys.modules:
        return
    sys.modules["typing_extensions"] = None  # type: ignore[assignment]  # "not installed"
    try:
        import msgspec  # noqa: F401
    except ImportError:
        for name in [n for n in sys.modules if n == "msgspec" or n.startswith("msgspec.")]:
            del sys.modules[name]
    finally:
        del sys.modules["typing_extensions"]
