"""The command and event catalogs in ``docs/catalog/`` say what the code holds: each
page equals the one :mod:`application.catalog` makes from the Structs now, so a command,
a field or an event added, removed or reworded without ``./dev catalog`` fails here."""

from __future__ import annotations

from pathlib import Path

from application.catalog import pages
from domain.rulesets import BUILT_IN, load_ruleset

ROOT = Path(__file__).resolve().parents[2]


def test_the_catalogs_are_up_to_date() -> None:
    for name, text in pages().items():
        page = ROOT / "docs" / "catalog" / name
        assert page.read_text(encoding="utf-8") == text, (
            f"docs/catalog/{name} is stale: run ./dev catalog"
        )


def test_every_command_and_event_of_every_ruleset_is_catalogued() -> None:
    made = pages()
    for ruleset_id in sorted(BUILT_IN):
        ruleset = load_ruleset(ruleset_id)
        for command in ruleset.command_types:
            assert f"({command.__name__})" in made["commands.md"], command
        for event in ruleset.event_types:
            assert f"### {event.__name__}\n" in made["events.md"], event
