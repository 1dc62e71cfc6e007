"""The GM looks back in the console: the table at an earlier position, a what-if forked
and shown beside the session, wounds and Void plotted over the evening and XP over the
campaign, a character joined as the campaign left them, and each ruleset's own panels
(5e fatigue and strife, Ukiyo's manches) as that ruleset lays them out."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import KIROKU
from tests.e2e.console.pages import (
    FUMI,
    KANEKA,
    NIGHT,
    SHEETS,
    Console,
    act,
    live,
    prepared,
    shot,
)

ROOT = Path(__file__).resolve().parents[3]


def slide_to(page: Page, position: int) -> None:
    page.locator("#as-of").evaluate(
        "(e, at) => { e.value = String(at); e.dispatchEvent(new Event('input')); }", position
    )


def fumi_wounds(page: Page, where: str = "#table") -> str:
    track = page.locator(f'{where} .wound-track[data-character="{FUMI}"] .wound-state')
    return track.inner_text()


def test_the_table_as_it_stood_and_a_what_if_beside_it(console: Console) -> None:
    version = prepared(console)  # its last event: Fumi takes 12 wounds
    token = console.served.post(NIGHT + "/tokens", {"participant": "sensei"}).json()["token"]
    page = console.page()  # the GM with this session's token, not the server's admin token
    page.goto(f"{console.served.url}/#/s/night?token={token}")
    live(page)
    expect(page.locator(f'#wound-tracks [data-character="{FUMI}"]')).to_contain_text("12 wounds")
    slide_to(page, version - 1)
    expect(page.locator("#table .as-of")).to_contain_text(f"position {version - 1}")
    expect(page.locator(f'#wound-tracks [data-character="{FUMI}"]')).to_contain_text("0 wounds")
    console.served.post(NIGHT + "/commands", {"command": "note", "text": "meanwhile"})
    expect(page.locator("#events li").last).to_contain_text("meanwhile")
    assert "0 wounds" in fumi_wounds(page)  # the past stays put while events arrive
    shot(page, "11-as-it-stood")
    page.click("#as-of-live")
    expect(page.locator("#table .as-of")).to_have_count(0)
    expect(page.locator(f'#wound-tracks [data-character="{FUMI}"]')).to_contain_text("12 wounds")

    page.locator("#events li", has_text="takes 12 wounds").locator("button.event-open").click()
    page.click('#event-dialog [data-action="fork"]')
    page.fill("#fork-id", "night-unhurt")
    page.click("#fork-go")  # no reason: refused, beside the form
    expect(page.locator("#event-dialog .form-error")).to_contain_text("reason")
    page.fill("#fork-reason", "what if the ambush had missed her")
    page.click("#fork-go")
    compare = page.locator("#compare")
    expect(compare.locator('[data-session="night-unhurt"]')).to_be_visible()
    console.served.post(
        "/v1/sessions/night-unhurt/commands",
        {"command": "heal", "character": FUMI, "amount": 12, "method": "what if"},
    ).raise_for_status()
    page.click("#compare-again")
    ours = compare.locator(f'[data-session="night"] .wound-track[data-character="{FUMI}"]')
    theirs = compare.locator(f'[data-session="night-unhurt"] .wound-track[data-character="{FUMI}"]')
    expect(ours).to_contain_text("12 wounds")
    expect(theirs).to_contain_text("0 wounds")
    shot(page, "12-what-if")


def test_plots_over_the_session_and_the_campaign(console: Console) -> None:
    served = console.served
    served.post("/v1/campaigns", {"id": "winter", "gm": "sensei"}).raise_for_status()
    served.post("/v1/sessions", {"id": "first", "gm": "sensei", "campaign": "winter"})
    kaneka = json.loads((SHEETS / "akodo-kaneka.json").read_text())
    for body in (
        {"command": "join", "sheet": kaneka, "player": "ana"},
        {"command": "wound", "character": KANEKA, "amount": 9, "source": "a bandit"},
        {"command": "void", "character": KANEKA},
        {"command": "xp award", "character": KANEKA, "amount": 4},
    ):
        done = served.post("/v1/sessions/first/commands", body)
        assert done.status_code == 201, done.text
    served.post("/v1/sessions", {"id": "second", "gm": "sensei", "campaign": "winter"})
    page = console.gm("second")
    page.fill("#carry-character", "Nobody Atall")
    page.click("#carry-go")
    expect(page.locator(".carry-form .form-error")).to_contain_text("Nobody Atall")
    page.fill("#carry-character", KANEKA)
    page.fill("#carry-days", "0")
    page.click("#carry-go")
    expect(page.locator("#carry-done")).to_contain_text("joins")
    expect(page.locator(f'#wound-tracks [data-character="{KANEKA}"]')).to_contain_text("9 wounds")

    first = console.gm("first")
    first.click("#history > summary")
    wounds = first.locator('figure[data-path="wounds.*.wounds"] svg desc')
    expect(wounds).to_contain_text(f"{KANEKA}: 2 → 0, 3 → 9")
    void = first.locator('figure[data-path="void.*.left"] svg desc')
    expect(void).to_contain_text("3 → 2, 4 → 1")
    xp = first.locator('figure[data-path="campaign-xp"] svg desc')
    expect(xp).to_contain_text(f"{KANEKA}: 1 → 4, 2 → 4")
    served.post("/v1/sessions/first/commands", {"command": "wound", "character": KANEKA,
                                                 "amount": 2}).raise_for_status()  # fmt: skip
    expect(wounds).to_contain_text("6 → 11")  # redrawn as the session goes on
    shot(first, "13-plots")


def imported(data_dir: Path, replay: str) -> None:
    env = {**os.environ, "KIROKU_DATA_DIR": str(data_dir), "KIROKU_LOG": "off"}
    subprocess.run(
        [str(KIROKU), "import", str(ROOT / "replays" / f"{replay}.jsonl")],
        env=env, check=True, capture_output=True, timeout=120,
    )  # fmt: skip


def test_each_ruleset_lays_out_its_own_panels(console: Console, tmp_path: Path) -> None:
    imported(tmp_path, "l5r5e-house-skirmish")
    imported(tmp_path, "ukiyo-three-way")
    five = console.gm("l5r5e-house-skirmish")
    table = five.locator(".ruleset-table").first
    expect(table.locator("thead")).to_contain_text("fatigue")
    expect(table.locator("thead")).to_contain_text("strife")
    expect(table.locator("thead")).to_contain_text("criticals")
    expect(table.locator("tbody tr", has_text="Kakita Ryoku")).to_contain_text("5/10")
    expect(five.locator("#act-command option[value='strike']")).to_have_count(1)
    act(five, "check", character="Kakita Ryoku", skill="Meditation", ring="air", tn=3)
    expect(five.locator("#odds-pool")).to_have_text("3r2s")
    expect(five.locator("#odds")).to_contain_text("strife expected")
    shot(five, "14-five")
    ukiyo = console.gm("ukiyo-three-way")
    slide_to(ukiyo, 14)
    expect(ukiyo.locator("#table")).to_contain_text("manche 2")
    sukinoko = ukiyo.locator("#table .ruleset-table tbody tr", has_text="minor")
    expect(sukinoko).to_contain_text("1/3")
    tests = ukiyo.locator("#table .ruleset-table", has_text="manche 2's tests")
    expect(tests.locator("thead")).to_contain_text("bet")
    imported(tmp_path, "l5r3e-three-ronin")
    third = console.gm("l5r3e-three-ronin")
    slide_to(third, 20)
    expect(third.locator("#turn-order h3")).to_have_text("Turn order, round 1")
    expect(third.locator("#turn-order .current")).to_contain_text("Mirumoto Rola 36")
    imported(tmp_path, "l5r-house-two-rounds")
    house = console.gm("l5r-house-two-rounds")  # no characters view: named by its others
    expect(house.locator("#act-character option")).to_have_count(3)
    shot(ukiyo, "15-ukiyo")


def test_a_correction_is_made_only_on_the_session_its_preview_saw(console: Console) -> None:
    """The GM previews an undo; a player's ruling lands before the GM confirms: the
    confirmation is refused (it would now take back the player's ruling), nothing is
    appended, and a new preview shows what the undo now does."""
    version = prepared(console)
    page = console.gm("night")
    page.click("#undo")
    page.fill("#correction-reason", "the ambush never happened")
    page.click("#correction-preview")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("The ruling: wound, event #8")
    expect(preview).to_contain_text("wounds › Bayushi Fumi › wounds: 12 → 0")
    console.served.post(NIGHT + "/commands", {"command": "note", "text": "a later ruling"})
    expect(page.locator("#events li").last).to_contain_text("a later ruling")
    page.click("#correction-confirm")
    expect(page.locator("#event-dialog .form-error")).to_contain_text("moved on")
    expect(page.locator("#correction-confirm")).to_be_disabled()
    assert console.served.get(NIGHT).json()["version"] == version + 1
    page.click("#correction-preview")
    expect(preview).to_contain_text("The ruling: note, event #9")
    page.click("#correction-confirm")
    expect(page.locator("#event-dialog")).not_to_be_visible()
    expect(page.locator("#events li", has_text="a later ruling")).to_have_class("retracted")
    expect(page.locator(f'#wound-tracks [data-character="{FUMI}"]')).to_contain_text("12 wounds")


def test_an_amendment_from_the_page(console: Console) -> None:
    """An amendment is the ruling's own form (the Act panel's generator), filled as the
    ruling was given: the GM changes a field, and what differs is what is sent."""
    prepared(console)
    page = console.gm("night")
    page.locator("#events li", has_text="takes 12 wounds").locator("button.event-open").click()
    page.click('#event-dialog [data-action="amend"]')
    form = page.locator('#correction-changes[data-command="wound"]')
    expect(form.locator('[name="amount"]')).to_have_value("12")
    expect(form.locator('[name="character"]')).to_have_value(FUMI)  # a choice, as given
    assert form.locator('[name="character"]').evaluate("e => e.tagName") == "SELECT"
    expect(form.locator('[name="source"]')).to_have_value("an ambush")
    page.fill("#correction-reason", "the ambush was half-hearted")
    form.locator('[name="amount"]').fill("lots")
    page.locator("#correction-reason").press("Enter")  # Enter in the form: a preview
    expect(page.locator("#event-dialog")).to_contain_text("amount")
    expect(form.locator('[name="amount"]')).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#correction-confirm")).to_be_disabled()
    form.locator('[name="amount"]').fill("5")
    page.click("#correction-preview")
    changes = page.locator("#preview-changes")
    expect(changes).to_contain_text("wounds › Bayushi Fumi › wounds: 12 → 5")
    shot(page, "16-amend-form")
    shot(page, "16-amend-form-dialog", "#event-dialog")
    page.click("#correction-confirm")
    expect(page.locator(f'#wound-tracks [data-character="{FUMI}"]')).to_contain_text("5 wounds")
    amended = console.served.get(NIGHT + "/events?after=0&limit=100").json()["events"]
    correction = next(e for e in amended if e["type"] == "RulingsCorrected")
    shown = console.served.get(f"{NIGHT}/events/{correction['position']}").json()
    assert shown["command"]["inputs"]["changes"] == {"amount": 5}, shown  # only what differs


def test_a_campaign_and_its_session_opened_from_the_page(console: Console) -> None:
    page = console.gm()
    page.fill("#campaign-id", "court")
    page.click("text=Open the campaign")  # no GM: the API's problem, on the page
    expect(page.locator("#campaign-error")).to_contain_text("gm")
    page.fill("#campaign-gm", "sensei")
    page.select_option("#campaign-ruleset", "l5r5e-house")
    page.click("text=Open the campaign")
    expect(page.locator("#campaigns")).to_contain_text("court — l5r5e-house, GM sensei")
    page.select_option("#open-campaign", "court")
    expect(page.locator("#open-ruleset")).to_have_value("l5r5e-house")
    page.click("text=Open the session")  # no GM yet
    expect(page.locator("#open-error")).to_contain_text("needs a GM")
    page.fill("#open-gm", "sensei")
    page.fill("#open-id", "audience")
    page.click("text=Open the session")
    live(page)
    opened = console.served.get("/v1/sessions/audience").json()["views"]["session"]
    assert (opened["campaign"], opened["ruleset"]) == ("court", "l5r5e-house")
