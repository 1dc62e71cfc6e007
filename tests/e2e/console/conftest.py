"""The console's browser and a served store for each test (:mod:`tests.e2e.console.pages`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.e2e.console.pages import ADMIN, CHROMIUM, FLAGS, Console
from tests.e2e.server import Served


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium for a module's tests, stopped at its end: Playwright's synchronous API
    keeps an event loop in this thread while it runs, and the suite's asyncio tests that
    come after must find none."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"no Chromium at {CHROMIUM}: `./dev test` installs Debian's (apt-get install "
            "chromium), or KIROKU_CHROMIUM names another"
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def console(tmp_path: Path, browser: Browser) -> Iterator[Console]:
    served = Served(tmp_path, admin=ADMIN)
    made = Console(served, browser)
    try:
        yield made
    finally:
        made.close()
        for server in {id(served): served, id(made.served): made.served}.values():
            if server.process.poll() is None:  # a test may have restarted it
                server.stop()
    assert not made.errors, f"the page threw: {made.errors}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test is slow: a page driven in Chromium against a served store."""
    here = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(here):
            item.add_marker(pytest.mark.slow)
