"""The console in a real browser: Debian's Chromium, headless, driven by Playwright,
against a real ``kiroku serve`` process on 127.0.0.1 (:mod:`tests.e2e.server`).

Chromium is launched by its path (``KIROKU_CHROMIUM``, default ``/usr/bin/chromium``;
``./dev test`` installs Debian's package when it is missing) with the flags that keep it
off the network. Each step's screenshot is kept in ``artifacts/console/`` (or
``$KIROKU_ARTIFACTS/console/``) for a person to look at after the run."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.e2e.server import Served

ROOT = Path(__file__).resolve().parents[3]
CHROMIUM = Path(os.environ.get("KIROKU_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(os.environ.get("KIROKU_ARTIFACTS", ROOT / "artifacts")) / "console"
SHEETS = ROOT / "replays" / "sheets"
ADMIN = "console-admin-token-0123456789"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
KANEKA = "Akodo Kaneka"
FUMI = "Bayushi Fumi"
NIGHT = "/v1/sessions/night"
PHONE = {"width": 360, "height": 740}
DESK = {"width": 1280, "height": 800}
TALL = {"width": 390, "height": 844}
OTHER = "\u2026other"
"""The value of a choice's "other…" option: what the sheet does not list, typed."""


class Console:
    """A served store and the pages open on it."""

    def __init__(self, served: Served, browser: Browser) -> None:
        self.served = served
        self.browser = browser
        self.errors: list[str] = []
        self.contexts: list[Any] = []

    def page(self, viewport: dict[str, int] | None = None) -> Page:
        context = self.browser.new_context(viewport=viewport or DESK)  # type: ignore[arg-type]
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page

    def gm(self, session: str | None = None, viewport: dict[str, int] | None = None) -> Page:
        """A page holding the admin token: the sessions, or one session as its GM."""
        page = self.page(viewport)
        page.goto(self.served.url + "/")
        page.evaluate("token => localStorage.setItem('kiroku.admin', token)", ADMIN)
        page.goto(self.served.url + ("/#/" if session is None else f"/#/s/{session}"))
        if session is not None:
            live(page)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def live(page: Page) -> None:
    """Wait until the page follows its session's stream."""
    expect(page.locator("#live")).to_have_text("live", timeout=20_000)


def shot(page: Page, name: str, part: str | None = None, *, full: bool = True) -> Path:
    """Keep a screenshot of the page (or of the element ``part`` selects; ``full=False``:
    what is in view, as the screen shows it) as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    if part is None:
        page.screenshot(path=str(path), full_page=full)
    else:
        page.locator(part).screenshot(path=str(path))
    return path


def act(page: Page, command: str, **fields: Any) -> None:
    """Choose ``command`` in the Act panel and fill its fields (checkboxes for bools,
    selects for choices, text otherwise); nothing is sent."""
    page.select_option("#act-command", command)
    form = page.locator(f'#act-form form[data-command="{command}"]')
    expect(form).to_be_visible()
    form.locator("details").evaluate_all("all => all.forEach(d => { d.open = true; })")
    for name, value in fields.items():
        field = form.locator(f'[name="{name}"]')
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("e => e.tagName") == "FIELDSET":  # a box for each choice
            for box in field.locator("input[type=checkbox]").all():
                box.set_checked(box.get_attribute("value") in str(value).split(","))
        elif field.evaluate("e => e.tagName") == "SELECT":
            offered = field.evaluate("e => [...e.options].map(o => o.value)")
            if str(value) not in offered and OTHER in offered:  # not on the sheet: typed
                field.select_option(OTHER)
                form.locator(f"#{field.get_attribute('id')}-other").fill(str(value))
            else:
                field.select_option(str(value))
        else:
            field.fill(str(value))


def record(page: Page, command: str, expected: str, **fields: Any) -> None:
    """Act, send, and wait until the result shows ``expected``."""
    act(page, command, **fields)
    page.click("#act-submit")
    expect(page.locator("#result")).to_contain_text(expected, timeout=20_000)


def join(page: Page, sheet: str, player: str) -> None:
    """A character joins from a sheet file, through the join form's file picker."""
    act(page, "join", player=player)
    page.locator('#act-form form[data-command="join"] input[type=file]').set_input_files(
        str(SHEETS / sheet)
    )
    expect(page.locator('#act-form [name="sheet"]')).not_to_have_value("")
    page.click("#act-submit")
    expect(page.locator("#result")).to_contain_text("joins", timeout=20_000)


def prepared(console: Console) -> int:
    """A 4e session "night" in its first round (set up over the API: the page is what is tested)."""
    served = console.served
    served.post("/v1/sessions", {"id": "night", "gm": "sensei"}).raise_for_status()
    commands: list[dict[str, Any]] = [
        {"command": "join", "sheet": json.loads((SHEETS / "akodo-kaneka.json").read_text()),
         "player": "ana"},
        {"command": "join", "sheet": json.loads((SHEETS / "bayushi-fumi.json").read_text()),
         "player": "ben"},
        {"command": "combat start"},
        {"command": "initiative", "character": KANEKA, "faces": "9,8,7,2"},
        {"command": "initiative", "character": FUMI, "faces": "5,4,3,2"},
        {"command": "combat round"},
        {"command": "wound", "character": FUMI, "amount": 12, "source": "an ambush"},
    ]  # fmt: skip
    for body in commands:
        done = served.post(NIGHT + "/commands", body)
        assert done.status_code == 201, (body["command"], done.text)
    version: int = served.get(NIGHT).json()["version"]
    return version


def player(console: Console, who: str, viewport: dict[str, int] | None = None) -> Page:
    """A player's (or an observer's) phone on session "night", opened from their link."""
    made = console.served.post(NIGHT + "/tokens", {"participant": who})
    assert made.status_code == 201, made.text
    page = console.page(viewport or TALL)
    page.goto(f"{console.served.url}/#/s/night?token={made.json()['token']}")
    live(page)
    return page


def in_view(page: Page, selector: str) -> bool:
    """Whether the element is wholly on the screen as it is scrolled now."""
    page.locator(selector).wait_for()
    seen: bool = page.evaluate(  # looked up afresh: the page redraws its panels as it reads
        """selector => { const e = document.querySelector(selector);
            const r = e ? e.getBoundingClientRect() : { height: 0 };
            return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight
              && r.left >= 0 && r.right <= innerWidth; }""",
        selector,
    )
    return seen


def sideways(page: Page) -> int:
    """How far the page is wider than the screen (0: no sideways scroll)."""
    over: int = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    return over
