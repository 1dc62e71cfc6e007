"""The console as a table tool (issue 30): at a desk, the table and whose turn it is stay
in view with acting and the timeline beside them, the turn order shown once; a player's
phone reads cards with no sideways scroll; commands come by phase and by role, the turn's
character picked, closed choices offered as choices; buttons that say what they are; a
player's link with its QR code. Each step's screenshots at 1280×800 and 390×844 go to
artifacts/console/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.console.pages import (
    ADMIN,
    DESK,
    FUMI,
    KANEKA,
    NIGHT,
    Console,
    act,
    in_view,
    player,
    prepared,
    record,
    shot,
    sideways,
)


def test_at_a_desk_the_table_and_the_turn_stay_in_view_beside_acting_and_the_timeline(
    console: Console,
) -> None:
    prepared(console)
    page = console.gm("night")  # 1280×800
    table, acting, timeline = (
        page.locator(s).bounding_box() for s in ("#table", "#act", "#timeline")
    )
    assert table and acting and timeline
    assert (
        acting["x"] >= table["x"] + table["width"] and timeline["x"] >= table["x"] + table["width"]
    )
    assert acting["y"] < DESK["height"] / 3  # acting is beside the table, not below the fold
    expect(page.locator("#turn-now")).to_have_text(f"{KANEKA}'s turn")
    assert in_view(page, "#turn-now") and in_view(page, "#wound-tracks")
    expect(page.locator("#turn-order li")).to_have_count(2)  # the turn order, once
    expect(page.locator("table.ruleset-table th", has_text="initiative")).to_have_count(0)
    assert sideways(page) <= 0
    shot(page, "20-desk", full=False)
    page.locator("#players").scroll_into_view_if_needed()
    assert page.evaluate("scrollY") > 0
    assert in_view(page, "#turn-now")  # the GM reads the timeline on: the turn stays in view
    shot(page, "21-desk-scrolled", full=False)


@pytest.mark.parametrize("width", [390, 360])
def test_a_players_phone_reads_cards_with_no_sideways_scroll(console: Console, width: int) -> None:
    prepared(console)
    phone = player(console, "ben", {"width": width, "height": 844})
    card = phone.locator("table.ruleset-table tbody tr").first
    expect(card).to_contain_text(KANEKA)
    expect(card).to_have_css("display", "block")  # a card, not a row of a wide table
    assert sideways(phone) <= 0, f"the page scrolls sideways at {width} px"
    act(phone, "roll", skill="Kenjutsu", trait="agility", tn=15)
    expect(phone.locator("#odds-probability")).not_to_have_attribute("data-probability", "")
    assert sideways(phone) <= 0, f"the odds make the page scroll sideways at {width} px"
    phone.locator("#events li button.event-open").last.click()
    expect(phone.locator("#event-dialog")).to_be_visible()
    assert sideways(phone) <= 0, f"an event opened whole scrolls sideways at {width} px"
    shot(phone, f"22-phone-{width}-event", full=False)
    phone.keyboard.press("Escape")
    shot(phone, f"22-phone-{width}", full=False)
    shot(phone, f"22-phone-{width}-whole")


def test_commands_come_by_phase_and_a_player_is_offered_only_what_they_may_give(
    console: Console,
) -> None:
    prepared(console)
    rules = console.served.get("/v1/rulesets/l5r4e").json()
    gms = {c["name"] for c in rules["commands"] + rules["core_commands"] if c["gm_only"]}
    assert {"wound", "combat start", "xp award", "join"} <= gms
    gm = console.gm("night")
    groups = gm.locator("#act-command optgroup").evaluate_all(
        "all => all.map(g => [g.dataset.phase, g.label, [...g.children].map(o => o.value)])"
    )
    assert [label for _, label, _ in groups[:3]] == [
        "Rounds and turns",
        "Fighting",
        "Rolls and checks",
    ]  # a fight is on: its rounds and its blows first
    titles = {phase["id"]: phase["title"] for phase in rules["phases"]}
    phase_of = {c["name"]: c["phase"] for c in rules["commands"] + rules["core_commands"]}
    for phase, label, names in groups:  # each under the phase its spec declares
        assert label == titles[phase]
        assert {phase_of[name] for name in names} == {phase}, (label, names)
    assert "corrections" not in [phase for phase, _, _ in groups]  # the timeline's
    expect(
        gm.locator("#act-command optgroup[data-phase='fighting'] option[value='attack']")
    ).to_have_count(1)
    expect(gm.locator("#act-character")).to_have_value(KANEKA)  # whose turn it is
    phone = player(console, "ana")
    offered = set(phone.locator("#act-command option").evaluate_all("all => all.map(o => o.value)"))
    assert {"attack", "roll", "stance", "note"} <= offered
    assert not offered & gms, f"a player is offered the GM's {sorted(offered & gms)}"
    expect(phone.locator("#act-character")).to_have_value(KANEKA)
    expect(phone.locator("#act-turn")).to_have_text(f"{KANEKA}'s turn")
    assert in_view(phone, "#act-turn")  # a player's phone opens on what they may do
    shot(phone, "23-player-commands", full=False)
    phone.select_option("#act-command", "attack")
    form = phone.locator('#act-form form[data-command="attack"]')
    expect(form.locator('[name="attacker"]')).to_have_value(KANEKA)
    done = console.served.post(NIGHT + "/commands", {"command": "combat next"})
    assert done.status_code == 201, done.text
    expect(gm.locator("#act-character")).to_have_value(FUMI)  # the turn moved on: so did the pick
    expect(gm.locator("#turn-now")).to_have_text(f"{FUMI}'s turn")
    shot(gm, "23-gm-commands", full=False)


def test_closed_choices_are_offered_as_choices(console: Console) -> None:
    prepared(console)
    rules = console.served.get("/v1/rulesets/l5r4e").json()
    stance = next(c for c in rules["commands"] if c["name"] == "stance")
    stances = next(f for f in stance["fields"] if f["name"] == "stance")["values"]
    assert stances == ["attack", "full_attack", "defense", "full_defense", "center"]
    page = console.gm("night")
    page.select_option("#act-command", "attack")
    form = page.locator('#act-form form[data-command="attack"]')
    for name in ("attacker", "target", "weapon"):
        assert form.locator(f'[name="{name}"]').evaluate("e => e.tagName") == "SELECT", name
    weapons = form.locator('[name="weapon"] option').evaluate_all("all => all.map(o => o.value)")
    assert "Katana" in weapons  # Kaneka's sheet
    page.select_option("#act-character", FUMI)
    weapons = form.locator('[name="weapon"] option').evaluate_all("all => all.map(o => o.value)")
    fumi = console.served.get(NIGHT + "/choices").json()["characters"][FUMI]
    assert [w for w in weapons if w and not w.startswith("…")] == fumi["weapons"]  # hers now
    page.select_option("#act-command", "stance")
    form = page.locator('#act-form form[data-command="stance"]')
    shown = form.locator('[name="stance"] option').evaluate_all("all => all.map(o => o.value)")
    assert [s for s in shown if s] == stances
    page.select_option("#act-command", "roll")
    form = page.locator('#act-form form[data-command="roll"]')
    skills = form.locator('[name="skill"] option').evaluate_all("all => all.map(o => o.value)")
    assert "Kenjutsu" in skills
    assert form.locator('[name="void"]').get_attribute("type") == "checkbox"
    page.select_option("#act-command", "duel assess")
    learns = page.locator('#act-form [name="challenger_learns"] input[type=checkbox]')
    expect(learns).to_have_count(6)  # each item of a list of choices: a box
    shot(page, "24-choices", full=False)
    record(page, "stance", "takes the defense stance", character=FUMI, stance="defense")
    home = console.gm()
    expect(home.locator("#option-success_on_tie")).to_be_visible()
    assert home.locator("#option-success_on_tie").evaluate("e => e.tagName") == "SELECT"
    values = home.locator("#option-success_on_tie option").evaluate_all(
        "all => all.map(o => o.value)"
    )
    assert values == ["", "false"]  # the default (true), or false
    assert home.locator("#option-starting_xp").evaluate("e => e.tagName") == "INPUT"
    shot(home, "24-open-options", "#options")
    home.select_option("#open-ruleset", "ukiyo")
    variety = home.locator("#option-variety_malus option")  # "3 (default), 6 or 0": declared
    expect(variety).to_have_count(3)
    assert variety.evaluate_all("all => all.map(o => o.value)") == ["", "6", "0"]
    assert home.locator("#option-wound_maluses").get_attribute("placeholder") == "0,3,3,6"
    shot(home, "24-open-options-ukiyo", "#options")


def test_an_attack_s_manoeuvres_are_chosen_and_its_faces_checked_as_they_are_typed(
    console: Console,
) -> None:
    """A 4e attack's manoeuvres are a box each, a called shot's part of the body a
    choice and increased damage's raises a bounded number, as the ruleset declares them;
    physical dice's faces say their family's syntax and are refused as the server would,
    before anything is sent; the ruling's record holds what was chosen, and its
    amendment's form is filled with it."""
    version = prepared(console)
    page = console.gm("night")
    act(page, "attack", target=FUMI, raises=2)
    form = page.locator('#act-form form[data-command="attack"]')
    manoeuvres = form.locator('[name="manoeuvres"]')
    boxes = manoeuvres.locator("input[type=checkbox]")
    assert boxes.evaluate_all("all => all.map(b => b.value)") == [
        "extra_attack", "called_shot", "disarm", "increased_damage", "feint", "knockdown"
    ]  # fmt: skip
    where = manoeuvres.locator('[data-argument="called_shot"]')
    parts = where.locator("option").evaluate_all("all => all.map(o => o.value)")
    assert parts == ["", "arm", "leg", "hand", "foot", "head", "eye", "ear", "finger"]
    more = manoeuvres.locator('[data-argument="increased_damage"]')
    bounds = more.evaluate("e => [e.type, e.min, e.max, e.placeholder]")
    assert bounds == ["number", "1", "20", "1"]
    where.select_option("arm")  # the part aimed at: its box is ticked with it
    expect(manoeuvres.locator('input[value="called_shot"]')).to_be_checked()
    manoeuvres.locator('input[value="increased_damage"]').check()
    more.fill("25")
    error = form.locator('[data-field="manoeuvres"] .field-error')
    expect(error).to_have_text("increased damage '25' is not a whole number from 1 to 20")
    more.fill("")  # one raise, the rules' default
    expect(error).to_have_text("")
    faces = form.locator('[name="faces"]')
    expect(form.locator('[data-field="faces"] small')).to_contain_text("10+3,1r4")  # roll & keep's
    faces.fill("9,9,10+")
    faces_error = form.locator('[data-field="faces"] .field-error')
    expect(faces_error).to_have_text("faces '9,9,10+': die 3 ('10+'): '' is not a face")
    page.click("#act-submit")  # refused on the page: nothing is sent
    expect(faces).to_have_attribute("aria-invalid", "true")
    assert console.served.get(NIGHT).json()["version"] == version
    shot(page, "24-manoeuvres-and-faces", "#act")
    faces.fill("")  # the server rolls
    expect(faces_error).to_have_text("")
    page.click("#act-submit")
    expect(page.locator("#result")).to_contain_text("attack", timeout=20_000)
    events = console.served.get(NIGHT + f"/events?after={version}&limit=10").json()["events"]
    shown = console.served.get(f"{NIGHT}/events/{events[0]['position']}").json()
    assert shown["command"]["inputs"]["manoeuvres"] == ["called_shot:arm", "increased_damage"]
    page.locator("#events li button.event-open").nth(version).click()
    page.click('#event-dialog [data-action="amend"]')
    amend = page.locator('#correction-changes[data-command="attack"]')
    expect(amend.locator('input[value="called_shot"]')).to_be_checked()
    expect(amend.locator('[data-argument="called_shot"]')).to_have_value("arm")
    expect(amend.locator('input[value="increased_damage"]')).to_be_checked()
    expect(amend.locator('input[value="feint"]')).not_to_be_checked()
    expect(amend.locator('[name="faces"]')).to_have_count(1)
    amend.locator('[name="faces"]').fill("1r")
    page.fill("#correction-reason", "her dice")
    page.click("#correction-preview")  # the page's own refusal, beside the field
    expect(amend.locator('[data-field="faces"] .field-error')).to_contain_text("'' is not a face")
    expect(page.locator("#correction-confirm")).to_be_disabled()


def test_buttons_say_what_they_are_and_the_admin_hint_is_no_error(console: Console) -> None:
    page = console.page()
    page.goto(console.served.url + "/")
    hint = page.locator("#token-hint")
    expect(hint).to_contain_text("KIROKU_ADMIN_TOKEN")
    assert hint.evaluate("e => !e.closest('[role=alert]') && !e.classList.contains('form-error')")
    expect(page.locator(".token-form .form-error")).to_be_hidden()  # nothing went wrong
    shot(page, "25-admin-hint", full=False)
    page.fill("#token", ADMIN)
    page.click("text=Use this token")

    def look(selector: str) -> str:
        looks: str = page.locator(selector).first.evaluate(
            "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color,"
            " getComputedStyle(e).borderColor].join(' ')"
        )
        return looks

    expect(page.locator("#forget-admin")).to_be_visible()
    danger, primary = look("#forget-admin"), look(".open-form button[type=submit]")
    assert danger != primary
    prepared(console)
    page.goto(console.served.url + "/#/s/night")
    expect(page.locator("#live")).to_have_text("live", timeout=20_000)
    assert look("#act-submit") == primary and look("#undo") == danger
    assert look("#as-of-live") not in (danger, primary)  # a plain button looks plain
    page.select_option("#act-command", "close")
    expect(page.locator("#act-submit")).to_have_class("danger")  # closing the session
    page.locator("#events li button.event-open").last.click()
    assert look('#event-dialog [data-action="retract"]') == danger
    assert look('#event-dialog [data-action="amend"]') not in (danger, primary)
    shot(page, "25-buttons", "#event-dialog")


def test_a_players_link_comes_with_its_qr_code(console: Console) -> None:
    prepared(console)
    gm = console.gm("night")
    gm.fill("#link-participant", "ben")
    gm.click("#link-issue")
    qr = gm.locator("#links img.qr")
    expect(qr).to_have_count(1)
    qr.evaluate("img => img.decode()")
    assert qr.evaluate("img => img.complete && img.naturalWidth > 0")  # drawn, nothing fetched
    link = gm.locator("#links input.player-link").input_value()
    assert link.startswith(console.served.url + "/#/s/night?token=")
    warning = gm.locator("#links .warning")  # this server listens on 127.0.0.1 only
    expect(warning).to_contain_text("--public-url")
    gm.locator("#players").scroll_into_view_if_needed()
    shot(gm, "26-link-qr", "#players")
