"""The command and event catalogs (``docs/catalog/``), made from the Structs themselves:
every command each ruleset decides (the core's first) with its fields as the shell and
the HTTP API take them, every event each ruleset records with its fields and what it
means, and the JSON Schema of every event of each ruleset's sessions
(``event-schemas.json``, :mod:`application.event_schemas`). ``./dev catalog`` writes
them; ``tests/unit/test_catalog.py`` fails when a page no longer says what the code
holds.

    python -m application.catalog docs/catalog
"""

from __future__ import annotations

import inspect
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec.inspect as mi

from application.event_schemas import event_schema
from application.rows import describe_commands
from domain.commands import PHASES, Command
from domain.events import CORE_EVENT_TYPES, Event
from domain.rulesets import BUILT_IN, load_ruleset
from domain.session.commands import CORE_COMMANDS

HEAD = "<!-- made by `python -m application.catalog docs/catalog`: do not edit by hand -->\n\n"


def pages() -> dict[str, str]:
    """Each catalog page by file name: ``commands.md``, ``events.md`` and
    ``event-schemas.json`` (every ruleset's event schema, by ruleset id)."""
    rulesets = [load_ruleset(name) for name in sorted(BUILT_IN)]
    commands = [
        "# Commands\n",
        "Every command Kiroku decides, as the shell takes it (`kiroku WORDS …`, each field "
        'as its option or argument) and as an HTTP body takes it (`{"command": "WORDS", '
        "FIELD: VALUE, …}`); `kiroku rules ID` and `GET /v1/rulesets/ID` say the same.\n",
        _commands("The core (every ruleset)", CORE_COMMANDS),
    ]
    commands += [_commands(f"{r.id}: {r.title}", r.command_types) for r in rulesets]
    events = [
        "# Events\n",
        "Every event Kiroku records, with its fields (beside `actor`, `at`, `reason` and "
        "`schema_version`, which every event has) and what it means. Their JSON Schema, "
        "by ruleset, is in [event-schemas.json](event-schemas.json) (what `GET "
        "/v1/rulesets/ID/events` serves in `schema`): each event an object told apart by "
        "its `type`.\n",
        _events("The core (every ruleset)", CORE_EVENT_TYPES),
    ]
    events += [_events(f"{r.id}: {r.title}", r.event_types) for r in rulesets]
    schemas = {
        "$comment": HEAD.strip().removeprefix("<!-- ").removesuffix(" -->"),
        "rulesets": {r.id: event_schema(r.id) for r in rulesets},
    }
    return {
        "commands.md": HEAD + "\n".join(commands),
        "events.md": HEAD + "\n".join(events),
        "event-schemas.json": json.dumps(schemas, indent=1, ensure_ascii=False) + "\n",
    }


def _commands(title: str, types: tuple[type[Command], ...]) -> str:
    lines = [f"## {title}\n"]
    for command_type, command in zip(types, describe_commands(types), strict=True):
        whose = ", the GM's" if command["gm_only"] else ""
        phase = PHASES[command_type.spec.phase].lower()
        lines.append(f"### `{command['name']}` ({command['struct']}) — {phase}{whose}\n")
        lines.append(f"{_one_line(inspect.getdoc(command_type) or command['help'])}\n")
        fields = [f for f in command["fields"] if f["name"] != "reason"]
        if fields:
            lines.append("| field | given as | type | |")
            lines.append("|---|---|---|---|")
            for field in fields:
                lines.append(
                    f"| `{field['name']}` | `{field['given_as']}` | {_kind(field)} | "
                    f"{_one_line(field['help'])} |"
                )
            lines.append("")
    return "\n".join(lines)


def _kind(field: dict[str, Any]) -> str:
    said = str(field["type"])
    if "values" in field:
        said = " / ".join(f"`{v}`" for v in field["values"])
    bounds = [
        f"{name.replace('_', ' ')} {field[name]}"
        for name in ("minimum", "maximum", "max_length")
        if name in field
    ]
    if not field["required"] and field.get("default") not in (None, False, [], ""):
        bounds.append(f"default `{field['default']}`")
    if field["required"]:
        bounds.append("required")
    return said + (f" ({', '.join(bounds)})" if bounds else "")


COMMON = frozenset({"actor", "at", "reason", "schema_version"})


def _events(title: str, types: Iterable[type[Event]]) -> str:
    lines = [f"## {title}\n"]
    for event_type in sorted(types, key=lambda t: t.__name__):
        lines.append(f"### {event_type.__name__}\n")
        lines.append(f"{_one_line(inspect.getdoc(event_type) or '')}\n")
        info = mi.type_info(event_type)
        assert isinstance(info, mi.StructType)
        fields = [f for f in info.fields if f.name not in COMMON]
        if fields:
            lines.append(", ".join(f"`{f.name}`" for f in fields) + "\n")
    return "\n".join(lines)


ROLE = re.compile(r":\w+:`~?([^`]+)`")


def _one_line(text: str) -> str:
    """The first paragraph, on one line (a table cell or a catalog entry), its
    reStructuredText marks as Markdown's."""
    first = text.strip().split("\n\n", 1)[0]
    first = ROLE.sub(r"`\1`", first).replace("``", "`")
    return " ".join(first.split()).replace("|", "\\|")


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in pages().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/catalog")):
        print(f"wrote {path}")
