"""What the console reads out (issue 30): an event opened whole as ``kiroku show`` reads
it, dice by die with the chance they had; plots that follow the rules (the raises a
roller may call) and the corrections (a retracted wound is no spike); and no serious or
critical accessibility violation on the GM's page nor a player's (axe-core, in Chromium)."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.console.pages import (
    FUMI,
    KANEKA,
    NIGHT,
    ROOT,
    Console,
    act,
    player,
    prepared,
    record,
    shot,
)

AXE_VERSION = "4.11.0"
"""The axe-core the accessibility check runs (npm's package, pinned: a new rule in a
later release is a change to look at, not a failure out of the blue)."""


def test_an_event_opened_whole_reads_as_kiroku_show_with_its_dice(console: Console) -> None:
    prepared(console)
    page = console.gm("night")
    record(page, "attack", "rolls", attacker=KANEKA, target=FUMI, weapon="Katana",
           faces="10+3,9,8,2,2,3")  # fmt: skip
    damage = console.served.post(NIGHT + "/commands", {"command": "damage", "attacker": KANEKA})
    assert damage.status_code == 201, damage.text
    expect(page.locator("#events li", has_text="rolls Katana damage")).to_have_count(1)
    retractions: list[str] = []  # every retraction tried (a preview decides the tail again)
    page.on("request", lambda r: retractions.append(r.url) if "/retract" in r.url else None)
    page.locator("#events li", has_text="rolls Kenjutsu").locator("button.event-open").click()
    dialog = page.locator("#event-dialog")
    position = int(
        page.locator("#events li", has_text="rolls Kenjutsu").get_attribute("data-position") or 0
    )
    shown = console.served.get(f"{NIGHT}/events/{position}").json()
    dice = dialog.locator("#event-dice li.die")
    expect(dice).to_have_count(6)
    expect(dialog.locator("#event-dice li.die.kept")).to_have_count(3)
    expect(dialog.locator("#event-dice li.die.exploded")).to_have_text("10+3")
    lines = dialog.locator("#event-explanation li").all_inner_texts()
    assert lines == shown["explanation"] and any(line.startswith("TN:") for line in lines)
    roll = shown["event"]["roll"]
    tn = roll["tn"] + 5 * (roll["raises"] - roll["free_raises"])
    asked = {"expression": roll["expression"], "tn": tn}
    asked |= {flag: "true" for flag in ("emphasis", "unskilled") if roll[flag]}  # Katana
    odds = console.served.get(f"{NIGHT}/odds", params=asked).json()
    expect(dialog.locator("#event-odds")).to_contain_text(f"{odds['probability'] * 100:.1f}%")
    expect(dialog.locator("#event-command")).to_contain_text("weapon: Katana")
    expect(dialog.locator("#event-command")).to_contain_text("attack (Attack), which gave events")
    expect(dialog.locator("#event-counts")).to_have_text("still counts")
    used = dialog.locator("#event-used-by")  # what used it: the damage its hit allowed
    users = [u for u in shown["used_by"] if u["command"] == "damage"]
    assert users and all(u["bound"] for u in users), shown["used_by"]
    expect(used).to_contain_text(f"event {users[0]['event']} damage, given for it")
    assert retractions == []  # read from the records: nothing decided again to open it
    dialog.locator("#event-what-if-retracted").click()  # the whole of it, on asking
    expect(dialog.locator("#event-retraction-outcome")).to_contain_text(
        "dropped without it: damage"
    )
    assert len(retractions) == 1 and "dry_run=true" in retractions[0]
    shot(page, "27-event-whole", "#event-dialog")
    phone = player(console, "ana")  # a player reads their own roll the same way
    phone.locator("#events li", has_text="rolls Kenjutsu").locator("button.event-open").click()
    expect(phone.locator("#event-dice li.die")).to_have_count(6)
    expect(phone.locator("#event-command")).not_to_contain_text("undefined")
    expect(phone.locator("#event-used-by")).to_contain_text("damage, given for it")
    expect(phone.locator("#event-what-if-retracted")).to_have_count(0)  # the GM's to ask
    shot(phone, "27-event-whole-phone", full=False)


def test_the_plots_follow_the_rules_and_the_corrections(console: Console) -> None:
    prepared(console)
    page = console.gm("night")
    act(page, "roll", character=FUMI, skill="Kenjutsu", trait="agility", tn=20)
    by_raises = page.locator("#odds svg.plot").nth(1).locator("desc")
    expect(by_raises).to_contain_text("2 → ")
    assert "3 → " not in (by_raises.text_content() or "")  # Fumi's Void ring is 2: 0 to 2 raises
    shot(page, "28-raises-to-the-cap", "#odds")
    fall = console.served.post(NIGHT + "/commands", {"command": "wound", "character": KANEKA,
                                                     "amount": 9, "source": "a fall"})  # fmt: skip
    position = fall.json()["recorded"][0]["position"]
    console.served.post(NIGHT + "/commands", {"command": "note", "text": "later"})
    gone = console.served.post(NIGHT + "/retract", {"position": position, "reason": "no fall"})
    assert gone.status_code == 201, gone.text
    page.click("#history > summary")
    wounds = page.locator('figure[data-path="wounds.*.wounds"] svg desc')
    expect(wounds).to_contain_text(f"{KANEKA}: ")
    kaneka = re.search(rf"{KANEKA}: ([^;]*)", wounds.text_content() or "")
    assert kaneka is not None
    values = [point.split(" → ")[1] for point in kaneka.group(1).split(", ")]
    assert values and set(values) == {"0"}, values  # the fall retracted: never drawn
    page.locator("#plots").scroll_into_view_if_needed()
    shot(page, "28-no-spike", "#plots")


@pytest.fixture(scope="module")
def axe() -> Path:
    """axe-core's script, installed with npm into a cache folder once (KIROKU_AXE names
    one already there)."""
    given = os.environ.get("KIROKU_AXE")
    if given:
        return Path(given)
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "kiroku-tests"
    script = cache / f"axe-core-{AXE_VERSION}" / "node_modules" / "axe-core" / "axe.min.js"
    cache.mkdir(parents=True, exist_ok=True)
    with (cache / "axe.lock").open("w") as lock:  # one install, however many test workers
        fcntl.flock(lock, fcntl.LOCK_EX)
        _install_axe(script)
    return script


def _install_axe(script: Path) -> None:
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm is needed for the accessibility check: apt-get install npm")
        done = subprocess.run(
            [npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix",
             str(script.parents[2]), f"axe-core@{AXE_VERSION}"],
            capture_output=True, text=True, timeout=300, cwd=ROOT,
        )  # fmt: skip
        if done.returncode != 0 or not script.exists():
            pytest.fail(f"npm could not install axe-core {AXE_VERSION}: {done.stderr[-2000:]}")


def violations(page: Page, axe: Path) -> list[dict[str, object]]:
    """axe-core's serious and critical violations on the page as it is now."""
    page.add_script_tag(path=str(axe))
    found: list[dict[str, object]] = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .filter(v => v.impact === "serious" || v.impact === "critical")
            .map(v => ({ id: v.id, impact: v.impact, help: v.help,
                         nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ")) }))"""
    )
    return found


def test_no_serious_accessibility_violation_on_the_gms_page_nor_a_players(
    console: Console, axe: Path
) -> None:
    prepared(console)
    gm = console.gm("night")
    act(gm, "roll", character=FUMI, skill="Kenjutsu", trait="agility", tn=20)
    expect(gm.locator("#odds-probability")).not_to_have_attribute("data-probability", "")
    gm.click("#history > summary")
    expect(gm.locator('figure[data-path="wounds.*.wounds"]')).to_be_visible()
    found = violations(gm, axe)
    assert found == [], found
    gm.locator("#events li button.event-open").last.click()
    expect(gm.locator("#event-dialog")).to_be_visible()
    found = violations(gm, axe)
    assert found == [], found
    phone = player(console, "ben")
    act(phone, "roll", skill="Kenjutsu", trait="agility", tn=15)
    expect(phone.locator("#odds-probability")).not_to_have_attribute("data-probability", "")
    assert violations(phone, axe) == []
    home = console.gm()
    assert violations(home, axe) == []
