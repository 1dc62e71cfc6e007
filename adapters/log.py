"""structlog at the adapters' edge: every command logged with its session, outcome and time.

Rendered as JSON when stderr is not a terminal (a service, CI, a pipe) and readably
when it is. ``KIROKU_LOG`` sets the level (debug, info, warning, error) or turns logging
``off``. structlog is imported when the first line is logged, not before: a command that
only reads logs nothing and never pays for it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

LEVELS = {"debug": 10, "info": 20, "warning": 30, "error": 40, "off": 50}  # off: nothing logs at 50
_configured = False


def configure(level: str | None = None, *, json: bool | None = None) -> None:
    global _configured
    import structlog

    name = (level or os.environ.get("KIROKU_LOG") or "info").lower()
    threshold = LEVELS[name]
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
    _configured = True


def logger() -> Any:
    if not _configured:
        configure()
    import structlog

    return structlog.get_logger("kiroku")


def check_environment() -> None:
    """``KIROKU_LOG``, if set, names a level: a typo is refused, not read as ``info``."""
    from domain.errors import MalformedInput, excerpt

    name = os.environ.get("KIROKU_LOG")
    if name and name.lower() not in LEVELS:
        raise MalformedInput(f"KIROKU_LOG={excerpt(name)} is not one of {', '.join(LEVELS)}")
