"""What the table sees in the console: a roll's odds before it is thrown (the same figure
as ``kiroku odds``), bad input refused beside its field with nothing appended, the
players' pages on their phones (their own characters, never a hidden roll), the 360 px
layout, the keyboard, and a dropped connection that leaves no gap."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import KIROKU
from tests.e2e.console.pages import (
    ADMIN,
    FUMI,
    KANEKA,
    NIGHT,
    PHONE,
    TALL,
    Console,
    act,
    live,
    prepared,
    record,
    shot,
    sideways,
)
from tests.e2e.server import Served


def shown_odds(page: Page) -> tuple[str, int, float]:
    probability = page.locator("#odds-probability")
    expect(probability).not_to_have_attribute("data-probability", "")
    return (
        page.locator("#odds-pool").inner_text(),
        int(page.locator("#odds-tn").inner_text()),
        float(probability.get_attribute("data-probability") or "nan"),
    )


def kiroku_odds(pool: str, tn: int) -> float:
    done = subprocess.run(
        [str(KIROKU), "odds", "--ruleset", "l5r4e", pool, "--tn", str(tn), "--json"],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    chance: float = json.loads(done.stdout)["probability"]
    return chance


def test_the_odds_before_a_roll_are_kiroku_odds_for_the_same_pool(console: Console) -> None:
    version = prepared(console)
    page = console.gm("night")
    act(page, "roll", character=FUMI, skill="Kenjutsu", trait="agility", tn=20)
    pool, tn, chance = shown_odds(page)
    assert (pool, tn) == ("6k3", 23)  # Kenjutsu 3 + Agility 3; 12 wounds: Nicked, +3 TN
    expect(page.locator("#odds")).to_contain_text("wound penalty")
    assert chance == kiroku_odds(pool, tn)
    page.locator('#act-form [name="raises"]').fill("2")
    expect(page.locator("#odds-tn")).to_have_text("33")
    pool, tn, raised = shown_odds(page)
    assert raised == kiroku_odds(pool, tn) and raised < chance
    page.locator('#act-form [name="void"]').check()
    expect(page.locator("#odds-pool")).to_have_text("7k4")
    pool, tn, with_void = shown_odds(page)
    assert with_void == kiroku_odds(pool, tn) and with_void > raised
    expect(page.locator("#odds svg.plot")).to_have_count(2)  # by TN, by raises
    shot(page, "07-odds")
    console.served.post(NIGHT + "/commands", {"command": "wound", "character": FUMI,
                                              "amount": 4}).raise_for_status()  # fmt: skip
    expect(page.locator("#odds-tn")).to_have_text("35")  # Grazed now: +5, as the table moved
    version += 1
    assert console.served.get(NIGHT).json()["version"] == version  # the odds appended nothing


def test_bad_input_is_refused_beside_its_field_and_nothing_is_appended(console: Console) -> None:
    version = prepared(console)
    page = console.gm("night")
    act(page, "roll", character=FUMI, skill="Kenjutsu", trait="agility", tn=20, raises="lots")
    page.click("#act-submit")
    raises = page.locator('#act-form [name="raises"]')
    error = page.locator(f"#{raises.get_attribute('id')}-error")
    expect(error).to_contain_text("Expected `int`")
    expect(raises).to_have_attribute("aria-invalid", "true")
    act(page, "roll", character=FUMI, skill="Kenjutsux", trait="agility", tn=20)  # typed: other…
    page.click("#act-submit")  # a rule's refusal, beside the field whose value it quotes
    skill = page.locator('#act-form [name="skill"]')
    expect(page.locator(f"#{skill.get_attribute('id')}-error")).to_contain_text("Kenjutsux")
    expect(skill).to_have_attribute("aria-invalid", "true")
    act(page, "wound", character=FUMI, amount=3)
    amount = page.locator('#act-form [name="amount"]')
    amount.fill("lots")
    amount.press("Enter")  # Enter sends the form too
    expect(page.locator(f"#{amount.get_attribute('id')}-error")).to_contain_text("Expected `int`")
    assert console.served.get(NIGHT).json()["version"] == version
    expect(page.locator("#events li")).to_have_count(version)
    shot(page, "08-refused")


def test_a_player_on_a_phone_sees_their_own_and_never_a_hidden_roll(console: Console) -> None:
    prepared(console)
    gm = console.gm("night")
    gm.fill("#link-participant", "ben")
    gm.click("#link-issue")
    link = gm.locator("#links input.player-link")
    expect(link).to_have_count(1)
    phone = console.page(PHONE)
    phone.goto(link.input_value())
    live(phone)
    expect(phone.locator("#you")).to_have_text("you: ben (player)")
    assert "token" not in phone.url  # the link's token is kept, not left in the address
    options = phone.locator("#act-character option")
    expect(options).to_have_count(1)
    expect(options).to_have_text(FUMI)
    expect(phone.locator("#players")).to_have_count(0)  # the GM's links are the GM's
    gm.fill("#link-participant", "kenji")
    gm.select_option("#link-role", "observer")
    gm.click("#link-issue")
    expect(gm.locator("#links input.player-link")).to_have_count(2)
    watcher = console.page(PHONE)
    watcher.goto(gm.locator("#links input.player-link").last.input_value())
    live(watcher)
    expect(watcher.locator("#you")).to_have_text("you: kenji (observer)")
    expect(watcher.locator("#act")).to_have_count(0)  # an observer sends no command
    expect(watcher.locator("#turn-order")).to_contain_text(KANEKA)

    record(gm, "roll", "rolls", character=KANEKA, expression="5k3", hidden=True,
           reason="behind the screen: does Kaneka notice the ninja?")  # fmt: skip
    hidden = gm.locator("#events li", has_text="does Kaneka notice")
    expect(hidden).to_have_count(1)
    expect(hidden).to_have_class("hidden-ruling")  # the GM sees which rulings are secret
    record(phone, "stance", "takes the full attack stance", character=FUMI, stance="full_attack")
    expect(gm.locator("#events li").last).to_contain_text("full attack")
    events = phone.locator("#events li")
    expect(events.last).to_contain_text("full attack")
    numbers = [int(n or 0) for n in events.evaluate_all("l => l.map(e => e.dataset.position)")]
    assert numbers == list(range(1, len(numbers) + 1))  # no gap where the secret is
    assert "5k3" not in phone.locator("#events").inner_text()
    assert "behind the screen" not in phone.content()
    gm_count = gm.locator("#events li").count()
    assert len(numbers) == gm_count - 1

    act(phone, "roll", skill="Kenjutsu", trait="agility", tn=15)
    expect(phone.locator("#odds-probability")).not_to_have_attribute("data-probability", "")
    for theirs in ("join", "reveal", "close", "clock advance"):  # the rules' gm_only
        expect(phone.locator(f"#act-command option[value='{theirs}']")).to_have_count(0)
        expect(gm.locator(f"#act-command option[value='{theirs}']")).to_have_count(1)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a 360 px screen"
    shot(phone, "09-phone")
    phone.locator("#act-form details").evaluate_all("all => all.forEach(d => { d.open = false; })")
    shot(phone, "readme-phone", "#act")  # docs/console.md's second picture
    phone.set_viewport_size(TALL)  # type: ignore[arg-type]
    phone.locator("#table").evaluate("e => e.scrollIntoView()")
    assert sideways(phone) <= 0
    shot(phone, "readme-phone-table", full=False)  # docs/console.md's third: the cards
    phone.reload()
    live(phone)
    assert "5k3" not in phone.locator("#events").inner_text()
    tokens = gm.locator("#tokens li")
    expect(tokens).to_have_count(2)
    shot(gm, "10-gm-sees-the-hidden-roll")
    hidden.locator("button.event-open").click()
    gm.click('#event-dialog [data-action="reveal"]')
    revealed = phone.locator("#events > li").last
    expect(revealed.locator("ul.revealed")).to_contain_text("5k3")
    assert revealed.get_attribute("data-position") == str(len(numbers) + 1)

    expect(hidden.locator(".revealed-mark")).to_contain_text("revealed at #")  # the GM's mark

    gm.click("text=Revoke ben's token")  # a lost phone: the open page asks for a token
    expect(gm.locator("#tokens li", has_text="ben")).to_contain_text("revoked")
    expect(phone.locator(".token-form .form-error")).to_contain_text("revoked", timeout=20_000)


def test_the_keyboard_reaches_every_action(console: Console) -> None:
    prepared(console)
    page = console.gm("night")
    page.focus("#act-command")
    page.keyboard.press("End")  # the last command in the list, chosen by keyboard
    page.select_option("#act-command", "note")
    page.keyboard.press("Tab")
    page.keyboard.type("the rain stops")
    page.focus("#act-submit")
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_contain_text("the rain stops")
    opener = page.locator("#events li").last.locator("button.event-open")
    opener.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#event-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("button.close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).not_to_be_visible()
    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('input, select, textarea')]
            .filter(e => e.type !== 'hidden' && !e.labels?.length && !e.getAttribute('aria-label'))
            .map(e => e.outerHTML)"""
    )
    assert unlabelled == []


def test_a_dropped_connection_resumes_without_a_gap(console: Console, tmp_path: Path) -> None:
    """The server goes away mid-session (killed), the shell records two notes on the store
    meanwhile, the server comes back on its port: the page says it is not live, then
    shows both notes, in order, with no gap and nothing twice."""
    version = prepared(console)
    page = console.gm("night")
    port = console.served.url.rsplit(":", 1)[1]
    console.served.kill()
    expect(page.locator("#live")).to_have_text("reconnecting…", timeout=20_000)
    for text in ("while the server was down", "and a second note"):
        shell(tmp_path, "note", text)
    console.served = Served(tmp_path, "--port", port, admin=ADMIN)
    live(page)
    events = page.locator("#events li")
    expect(events).to_have_count(version + 2, timeout=20_000)
    expect(events.nth(version)).to_contain_text("while the server was down")
    expect(events.nth(version + 1)).to_contain_text("and a second note")
    numbers = [int(n or 0) for n in events.evaluate_all("l => l.map(e => e.dataset.position)")]
    assert numbers == list(range(1, version + 3))


def shell(data_dir: Path, *args: str) -> None:
    """A command from the shell on the served store, as the GM."""
    env = {**os.environ, "KIROKU_DATA_DIR": str(data_dir), "KIROKU_LOG": "off"}
    subprocess.run(
        [str(KIROKU), *args, "--session", "night"], env=env, check=True, capture_output=True,
        timeout=60,
    )  # fmt: skip


def test_the_gms_free_roll_is_no_ones_and_a_closed_session_says_so(console: Console) -> None:
    prepared(console)
    page = console.gm("night")
    expect(page.locator("#act-character")).to_have_value(KANEKA)
    record(page, "roll", "rolls", expression="3k2", tn=15, reason="does the bridge hold?")
    assert not page.locator("#result .recorded").inner_text().startswith(KANEKA)
    record(page, "close", "closes", reason="the evening ends")
    expect(page.locator("#live")).to_contain_text("closed by the GM", timeout=20_000)
