"""structlog at the adapters' edge: every command logged with its session, outcome and time.

Nothing is logged unless asked: a GM at a table reads a command's result, not a log
line before it. ``kiroku -v`` (``--verbose``, before or after the subcommand) logs at
``info``; ``KIROKU_LOG`` names a level (debug, info, warning, error) or ``off``; the
command line wins (``-v`` with ``KIROKU_LOG=off`` logs at ``info``; with
``KIROKU_LOG=debug`` at ``debug``). ``kiroku serve`` is a service, not a table: its
default is ``info`` (each command it records, on stderr), which ``KIROKU_LOG`` changes.

The lines go to stderr, rendered as JSON when stderr is not a terminal (a service, CI,
a pipe) and readably when it is. structlog is imported when a line is to be logged, not
before: a command that logs nothing (the default) never pays for it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

LEVELS = {"debug": 10, "info": 20, "warning": 30, "error": 40, "off": 50}  # off: nothing logs at 50
_level: str | None = None
"""The level chosen by :func:`configure`; None until a surface chose one."""


class _Silent:
    """The logger when logging is off: every call does nothing, and structlog stays
    unimported."""

    def bind(self, **_values: Any) -> _Silent:
        return self

    def debug(self, *_args: Any, **_values: Any) -> None:
        pass

    info = warning = error = debug


def level_named(default: str = "off", *, verbose: bool = False) -> str:
    """The level a surface logs at: ``KIROKU_LOG`` if set, else ``default``; ``verbose``
    (``-v``) makes it at least ``info``."""
    name = (os.environ.get("KIROKU_LOG") or default).lower()
    if verbose and LEVELS.get(name, 50) > LEVELS["info"]:
        return "info"
    return name


def configure(level: str | None = None, *, json: bool | None = None) -> None:
    """Log at ``level`` (default: :func:`level_named`'s, off unless ``KIROKU_LOG``
    says), as JSON or readably (default: JSON unless stderr is a terminal)."""
    global _level
    name = (level or level_named()).lower()
    threshold = LEVELS[name]
    _level = name
    if name == "off":
        return
    import structlog

    as_json = (not sys.stderr.isatty()) if json is None else json
    renderer: Any = (
        structlog.processors.JSONRenderer() if as_json else structlog.dev.ConsoleRenderer()
    )
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(threshold),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )


def logger() -> Any:
    """The logger to log through: a silent one while logging is off."""
    if _level is None:
        configure()
    if _level == "off":
        return _Silent()
    import structlog

    return structlog.get_logger("kiroku")


def check_environment() -> None:
    """``KIROKU_LOG``, if set, names a level: a typo is refused, not read as ``info``."""
    from domain.errors import MalformedInput, excerpt

    name = os.environ.get("KIROKU_LOG")
    if name and name.lower() not in LEVELS:
        raise MalformedInput(f"KIROKU_LOG={excerpt(name)} is not one of {', '.join(LEVELS)}")
