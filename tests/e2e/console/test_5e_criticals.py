"""The console shows a 5e critical's effects as ``kiroku state`` does (issue 31): its
table is the ruleset's, so a fighter's conditions (wounded rings, bleeding, dying,
damaged armour, scars) come in its « state » column, for the GM and the players alike."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.console.pages import Console
from tests.e2e.console.test_history import imported


def test_a_fighter_s_conditions_from_criticals_are_in_the_table(
    console: Console, tmp_path: Path
) -> None:
    imported(tmp_path, "l5r5e-house-criticals")
    page = console.gm("l5r5e-house-criticals")
    table = page.locator(".ruleset-table").first
    daini = table.locator("tbody tr", has_text="Mirumoto Daini")
    expect(daini).to_contain_text("Severely Wounded (water)")
    expect(daini).to_contain_text("Lacquered armour Destroyed")
    expect(daini).to_contain_text("Scarred (water)")
    ryoku = table.locator("tbody tr", has_text="Kakita Ryoku")
    expect(ryoku).to_contain_text("Dying (2 rounds)")
