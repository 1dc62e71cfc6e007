"""The JSON shapes the shell's ``--json`` prints and the HTTP API serves, one for both:
a session and a campaign as listed, what a command recorded (each roll in ``kiroku roll
--json``'s shape), and the rulesets with their options and commands."""

from __future__ import annotations

from typing import Any

import msgspec
import msgspec.inspect as mi

from domain.campaign import CampaignOpened
from domain.commands import PHASES, Command, describe_command, option_of, repeats, unwrap
from domain.dice.given import FACES_SYNTAX
from domain.errors import KirokuError
from domain.events import Recorded, SessionOpened
from domain.field_help import arguments_of, choices_of, field_help
from domain.rulesets import MAIN, RULESETS, Ruleset, load_ruleset
from domain.rulesets.base import Readings, ShowsRolls
from domain.session.commands import CORE_COMMANDS, hideable
from projections.timeline import describe


def _field(command_type: type[Command], field: mi.Field) -> dict[str, Any]:
    kind, extra = unwrap(field.type)
    spec = command_type.spec
    positional = field.name in spec.positional
    data: dict[str, Any] = {
        "name": field.name,
        "given_as": field.name.upper() if positional else option_of(command_type, field.name),
        "type": type(kind).__name__.removesuffix("Type").lower(),
        "required": field.required,
        "help": field_help(field),
        "repeats": repeats(command_type, field),
    }
    if choices_of(kind, extra):
        data["values"] = list(choices_of(kind, extra))
    if arguments_of(extra):  # a named item's argument: NAME:VALUE
        data["arguments"] = arguments_of(extra)
    for bound, name in (("ge", "minimum"), ("le", "maximum"), ("max_length", "max_length")):
        value = getattr(kind, bound, None)
        if value is not None:
            data[name] = value
    if not field.required and field.default is not msgspec.NODEFAULT:
        default = field.default
        data["default"] = list(default) if isinstance(default, tuple) else default
    return data


def describe_commands(command_types: tuple[type[Command], ...]) -> list[dict[str, Any]]:
    described = []
    for command_type in command_types:
        info = mi.type_info(command_type)
        assert isinstance(info, mi.StructType)
        spec = command_type.spec
        throws: dict[str, str] = {}
        if spec.dice != "none":  # its dice, and how their faces are typed at the table
            throws = {"family": spec.family, "faces": FACES_SYNTAX[spec.family]}
        described.append(
            {
                "name": command_type.spec.name,
                "struct": command_type.__name__,
                "help": describe_command(command_type),
                "dice": command_type.spec.dice,
                **throws,
                "gm_only": command_type.spec.gm_only,
                "phase": command_type.spec.phase,
                "fields": [
                    _field(command_type, f)
                    for f in info.fields
                    if (f.name != "hidden" or hideable(command_type))
                    and f.name not in command_type.spec.internal
                ],
            }
        )
    return described


def describe_ruleset(ruleset: Ruleset) -> dict[str, Any]:
    return {
        "id": ruleset.id,
        "title": ruleset.title,
        "options": {
            name: {
                "help": option.help,
                "default": option.default,
                **({"values": list(option.values)} if option.values else {}),
            }
            for name, option in ruleset.declared_options.items()
        },
        "readings": list(ruleset.readings) if isinstance(ruleset, Readings) else [],
        "commands": describe_commands(ruleset.command_types),
        "core_commands": describe_commands(CORE_COMMANDS),
        "phases": [{"id": phase, "title": title} for phase, title in PHASES.items()],
    }


def list_rulesets() -> list[dict[str, Any]]:
    """Each ruleset's id and title (and why, for a plug-in that does not load); the main
    one, a session's default, says ``"main": true``."""
    listed: list[dict[str, Any]] = []
    for name in sorted(RULESETS):
        try:
            main = {"main": True} if name == MAIN else {}
            listed.append({"id": name, "title": load_ruleset(name).title, **main})
        except KirokuError as error:  # a plug-in that does not load: say so, go on
            listed.append({"id": name, "title": "", "error": str(error)})
    return listed


def recorded_as_json(
    session_id: str, recorded: list[Recorded], ruleset: Ruleset | None = None
) -> dict[str, Any]:
    """What a command recorded; each roll also in ``kiroku roll --json``'s shape, with
    its position, character, base TN and parts (the last roll again as ``roll``)."""
    data: dict[str, Any] = {
        "session": session_id,
        "recorded": [
            {
                "position": r.position,
                "type": type(r.event).__name__,
                "summary": describe(r.event, ruleset),
            }
            for r in recorded
        ],
        "rolls": [],
    }
    for r in recorded:
        shown = ruleset.shown_roll(r.event) if isinstance(ruleset, ShowsRolls) else None
        if shown is not None:
            data["rolls"].append({**shown.roll, "position": r.position, **shown.about})
    if data["rolls"]:
        data["roll"] = data["rolls"][-1]
    return data


def session_row(opened: SessionOpened) -> dict[str, Any]:
    """A session as ``kiroku session list --json`` (and ``GET /v1/sessions``) lists it."""
    return {
        "id": opened.session,
        "ruleset": opened.ruleset,
        "gm": opened.gm,
        "campaign": opened.campaign,
        "title": opened.title,
        "opened": opened.at.isoformat(),
    }


def campaign_row(opened: CampaignOpened, sessions: int | None = None) -> dict[str, Any]:
    row = {
        "id": opened.campaign,
        "ruleset": opened.ruleset,
        "gm": opened.gm,
        "title": opened.title,
        "opened": opened.at.isoformat(),
    }
    return row if sessions is None else row | {"sessions": sessions}
