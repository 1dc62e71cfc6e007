"""The suite's tiers, as markers (``pyproject.toml``): ``e2e`` (the real ``kiroku``: a
process, a server or a browser; :mod:`tests.e2e.conftest`), ``browser`` (the console in
Chromium), ``postgres`` (a test on this machine's PostgreSQL server), and ``slow`` (more
than a second or two, marked by hand). ``./dev test`` runs them all, as CI does;
``./dev fast`` leaves out ``slow`` and ``e2e``; ``./dev test -m "not postgres"`` runs
without a database server."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

HERE = Path(__file__).parent
CONSOLE = HERE / "e2e" / "console"


def _on_postgres(item: pytest.Item) -> bool:
    """A test given the PostgreSQL store (a store parameter ``postgresql``), or one that
    makes a PostgreSQL schema of its own (:func:`tests.postgres.schema`)."""
    callspec = getattr(item, "callspec", None)
    if callspec is not None and "postgresql" in map(str, callspec.params.values()):
        return True
    function = getattr(item, "function", None)
    if function is None:
        return False
    try:
        source = inspect.getsource(function)
    except (OSError, TypeError):
        return False
    return "schema(" in source or "postgres" in source.casefold()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(CONSOLE):
            item.add_marker(pytest.mark.browser)
        if _on_postgres(item):
            item.add_marker(pytest.mark.postgres)
