"""A GM runs a short 4e combat from the console with no shell: a session opened, two
characters joined from their sheet files, initiative, stances, an attack with a Void
point, its damage putting Bayushi Fumi Out, her turn skipped; then a reload mid-combat
that resumes the live table, and the contested hit retracted after its preview, its
damage gone from every panel."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.console.pages import Console, join, live, record, shot

KANEKA = "Akodo Kaneka"
FUMI = "Bayushi Fumi"


def open_session(page: Page, session: str) -> None:
    page.select_option("#open-ruleset", "l5r4e")
    expect(page.locator("#options")).to_contain_text("starting xp")
    page.fill("#open-gm", "sensei")
    page.fill("#open-id", session)
    page.fill("#open-title", "The bridge at dusk")
    page.click("text=Open the session")
    live(page)


def fight_to_out(page: Page) -> None:
    join(page, "akodo-kaneka.json", "ana")
    join(page, "bayushi-fumi.json", "ben")
    record(page, "combat start", "combat starts")
    record(page, "initiative", "Initiative", character=KANEKA, faces="9,8,7,2")
    record(page, "initiative", "Initiative", character=FUMI, faces="5,4,3,2")
    record(page, "combat round", "round 1")
    record(page, "stance", "attack stance", character=KANEKA, stance="attack")
    record(page, "stance", "attack stance", character=FUMI, stance="attack")
    record(
        page, "attack", "hits", attacker=KANEKA, target=FUMI, weapon="Katana", void=True,
        faces="10+5,9,9,8,2,2,3",
    )  # fmt: skip
    record(page, "damage", "takes 35 wounds", attacker=KANEKA, faces="10+10+6,9,2,2,3,4")


def test_a_whole_combat_from_the_page(console: Console) -> None:
    page = console.gm()
    expect(page.locator("#sessions-h")).to_have_text("Sessions")
    open_session(page, "bridge")
    shot(page, "01-opened")
    fight_to_out(page)
    roll = page.locator("#result figure.roll")
    expect(roll.locator(".die.kept")).to_have_count(2)  # 6k2: every face shown, two kept
    expect(roll.locator(".die.exploded")).to_have_count(1)
    expect(roll.locator(".total")).to_contain_text("26 + 9 = 35")
    tracks = page.locator("#wound-tracks")
    expect(tracks.locator(f'[data-character="{FUMI}"] .wound-state')).to_contain_text(
        "35 wounds — Out, cannot act"
    )
    expect(page.locator(".ruleset-table").first).to_contain_text("35 (Out")
    page.click("#tn-parts > summary")
    armour = page.locator(f'#tn-parts li[data-view="armour"][data-character="{KANEKA}"]')
    expect(armour).to_contain_text("armour TN 25 — Reflexes × 5 + 5: 20; Light armour: 5")
    void_row = page.locator(".ruleset-table").first.locator("tbody tr", has_text=KANEKA)
    expect(void_row).to_contain_text("1/2")  # the Void point spent on the attack
    shot(page, "02-fumi-out")
    record(page, "combat next", "ends their turn")
    order = page.locator("#turn-order")
    expect(order.locator(f'[data-character="{FUMI}"]')).to_contain_text("skipped (Out)")
    timeline = page.locator("#events")
    expect(timeline).to_contain_text("Bayushi Fumi's turn is skipped: Out")
    shot(page, "03-turn-skipped")
    page.evaluate("scrollTo(0, 0)")
    shot(page, "readme-table", full=False)  # docs/console.md's first picture: the board

    # A reload mid-combat: every panel is back, and the table is followed live again.
    page.reload()
    live(page)
    expect(order.locator(f'[data-character="{FUMI}"]')).to_contain_text("skipped (Out)")
    expect(tracks.locator(f'[data-character="{FUMI}"] .wound-state')).to_contain_text("Out")
    count = timeline.locator("li").count()
    console.served.post(
        "/v1/sessions/bridge/commands",
        {"command": "note", "text": "the bridge creaks", "reason": "from another screen"},
    ).raise_for_status()
    expect(timeline.locator("li")).to_have_count(count + 1)
    expect(timeline.locator("li").last).to_contain_text("the bridge creaks")
    shot(page, "04-reloaded")


def test_a_contested_hit_retracted_after_its_preview(console: Console) -> None:
    page = console.gm()
    open_session(page, "contested")
    fight_to_out(page)
    hit = page.locator("#events li", has_text="hits Bayushi Fumi")
    hit.locator("button.event-open").click()
    dialog = page.locator("#event-dialog")
    expect(dialog).to_contain_text("AttackResolved")
    dialog.locator('[data-action="retract"]').click()
    page.click("#correction-preview")  # no reason: the API's problem, beside the field
    expect(dialog.locator(".form-error, .field-error").first).to_contain_text("reason")
    page.fill("#correction-reason", "contested: Fumi's Defense was never counted")
    page.click("#correction-preview")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("It would record")
    changes = preview.locator("#preview-changes")
    expect(changes).to_contain_text("wounds › Bayushi Fumi › wounds: 35 → 0")
    version = console.served.get("/v1/sessions/contested").json()["version"]
    shot(page, "05-retraction-preview")
    page.click("#correction-confirm")
    expect(dialog).not_to_be_visible()
    tracks = page.locator("#wound-tracks")
    expect(tracks.locator(f'[data-character="{FUMI}"] .wound-state')).to_contain_text(
        "0 wounds — Healthy"
    )
    expect(page.locator(".ruleset-table").first).not_to_contain_text("35 (Out")
    expect(hit).to_have_class("retracted")
    damage = page.locator("#events li", has_text="takes 35 wounds")
    expect(damage).to_have_class("retracted")
    assert console.served.get("/v1/sessions/contested").json()["version"] > version
    shot(page, "06-retracted")

    # The GM takes the retraction back: reinstating the hit takes the whole correction
    # back, after its preview — the hit counts again (its Void point spent), and the
    # damage it had dropped with it.
    hit.locator("button.event-open").click()
    expect(dialog.locator('[data-action="retract"]')).to_have_count(0)
    dialog.locator('[data-action="reinstate"]').click()
    page.fill("#correction-reason", "the magistrate saw the blow land")
    page.click("#correction-preview")
    for change in ("void › Akodo Kaneka › left: 2 → 1", "wounds › Bayushi Fumi › wounds: 0 → 35"):
        expect(page.locator("#preview-changes")).to_contain_text(change)
    page.click("#correction-confirm")
    expect(dialog).not_to_be_visible()
    for row in (hit, damage):
        expect(row).not_to_have_class("retracted")
    expect(tracks.locator(f'[data-character="{FUMI}"] .wound-state')).to_contain_text(
        "35 wounds — Out"
    )
