"""A 5e check given from the console shows its narrative dice (issue 31: a check's dice,
keep and TN, listed under ``rolls``): each die as it fell, the kept ones marked, the
counts of what was kept against the TN."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.console.pages import Console, join, live, record


def test_a_check_shows_its_dice_kept_and_its_tn(console: Console) -> None:
    page = console.gm()
    page.select_option("#open-ruleset", "l5r5e-house")
    page.fill("#open-gm", "sensei")
    page.fill("#open-id", "dojo")
    page.click("text=Open the session")
    live(page)
    join(page, "kakita-ryoku-5e.json", "ana")
    record(page, "check", "rolls Fitness", character="Kakita Ryoku", skill="Fitness",
           ring="earth", tn="2", faces="5,4,9")  # fmt: skip
    roll = page.locator("#result figure.roll")
    expect(roll.locator(".die")).to_have_count(3)
    expect(roll.locator(".die.kept")).to_have_count(2)  # r5 and s9; r4's strife left
    expect(roll.locator(".total")).to_contain_text("2 successes, 0 opportunities, 0 strife")
    expect(roll.locator(".total")).to_contain_text("vs TN 2: success")
    expect(roll.locator(".parts")).to_contain_text("the GM: TN +2")
