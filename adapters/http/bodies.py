"""Request bodies: a command is one of the session's command Structs, decoded by msgspec
exactly as the command line and a replay file decode it (DESIGN principle 4).

``POST /v1/sessions/{id}/commands`` takes a JSON object whose ``command`` member names
the command by its words (``"roll"``, ``"duel assess"``, as ``kiroku rules RULESET``
lists them) and whose other members are that Struct's fields: unknown members are
refused, every number is bounded by the Struct's own ``Meta``, a body over
:data:`MAX_BODY` bytes is refused before it is decoded. A command that throws dice may
carry the faces thrown at the table (``"faces": "6,7,10+3"``, as each dice family types
them); without them the server's dice are rolled. The GM's corrections and session-level
requests have bodies of their own, untagged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import Meta

from adapters.http.members import given_twice, repeated_member
from adapters.http.problems import Problem, malformed
from domain.commands import Command, DiceFamily
from domain.dice.given import FACES_SYNTAX
from domain.errors import excerpt
from domain.field_help import enum_explained
from domain.rulesets import load_ruleset
from domain.session.commands import CORE_COMMANDS, CORRECTIONS

T = TypeVar("T")

MAX_BODY = 16 * 1024
"""The largest request body read, in bytes: a character sheet fits many times over."""


MAX_DEPTH = 32
"""The deepest a body's JSON may nest (objects and arrays within one another): a sheet
nests a handful of levels, and a body nested a thousand deep would exhaust the parser's
stack. Counted on the raw bytes, before anything is decoded."""

_TOKENS = re.compile(rb'"(?:[^"\\]|\\[\s\S]?)*(?:"|\Z)|[\[\]{}]')
"""A string (to its closing quote, or the end of an unterminated one: never read twice)
or a bracket."""


def depth_of(body: bytes) -> int:
    """How deep the JSON in ``body`` nests, read off its brackets outside its strings
    (one pass over at most :data:`MAX_BODY` bytes, with no decoding)."""
    deepest = depth = 0
    for found in _TOKENS.finditer(body):
        token = found.group()
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


def check_depth(body: bytes, what: str) -> None:
    """400 for a body nested deeper than :data:`MAX_DEPTH`, quoting its start."""
    depth = depth_of(body)
    if depth > MAX_DEPTH:
        raise malformed(
            f"{what} {excerpt(body.decode('utf-8', 'replace'))}: nested {depth} deep "
            f"(objects and arrays within one another): at most {MAX_DEPTH}"
        )


def faces_of(family: DiceFamily) -> Any:
    """A body's ``faces``, as the command's dice family types them (the shell's
    ``--faces``: :data:`domain.dice.given.FACES_SYNTAX`)."""
    return Annotated[
        str,
        Meta(
            max_length=200,
            description=f"{FACES_SYNTAX[family]}; without them the server rolls",
        ),
    ]


def too_large(size: int) -> Problem:
    return Problem(
        413,
        "body-too-large",
        "The request body is too large",
        f"a body of {size} bytes: at most {MAX_BODY} are read",
    )


@dataclass(frozen=True)
class CommandBodies:
    """The commands a session of one ruleset takes over HTTP, each tagged by its words."""

    tagged: tuple[type[msgspec.Struct], ...]
    decoder: msgspec.json.Decoder[Any]
    by_tag: dict[type[msgspec.Struct], type[Command]]

    def decode(self, body: bytes) -> tuple[Command, str | None]:
        """The command a body holds, as its ruleset's own Struct, and the faces given."""
        check_depth(body, "a command")
        try:
            decoded = self.decoder.decode(body)
        except msgspec.ValidationError as error:
            told = self._enum_explained(body, str(error)) or str(error)
            raise malformed(f"{excerpt(body.decode('utf-8', 'replace'))}: {told}") from None
        except (msgspec.DecodeError, RecursionError) as error:
            raise malformed(
                f"{excerpt(body.decode('utf-8', 'replace'))}: not a JSON object ({error})"
            ) from None
        twice = repeated_member(body)
        if twice is not None:
            raise malformed(f"{excerpt(body.decode('utf-8', 'replace'))}: {given_twice(twice)}")
        command_type = self.by_tag[type(decoded)]
        fields = msgspec.structs.asdict(decoded)
        faces = fields.pop("faces", None)
        return command_type(**fields), faces

    def _enum_explained(self, body: bytes, message: str) -> str:
        """A bad enum value of the command the body names, with every value it could be
        (:func:`domain.field_help.enum_explained`); "" for any other refusal."""
        try:
            named = msgspec.json.decode(body)
        except (msgspec.DecodeError, RecursionError):
            return ""
        words = named.get("command") if isinstance(named, dict) else None
        for command_type in self.by_tag.values():
            if command_type.spec.name == words:
                return enum_explained(command_type, message)
        return ""


def tagged_struct(command_type: type[Command]) -> type[msgspec.Struct]:
    """``command_type`` with a ``command`` tag (its words) and, if it throws dice, the
    faces thrown at the table."""
    extra: list[tuple[str, Any, Any]] = []
    if command_type.spec.dice != "none":
        extra.append(("faces", faces_of(command_type.spec.family) | None, None))
    return msgspec.defstruct(
        command_type.__name__,
        extra,
        bases=(command_type,),
        tag_field="command",
        tag=command_type.spec.name,
        frozen=True,
        kw_only=True,
        forbid_unknown_fields=True,
        module=command_type.__module__,
    )


def session_commands(command_types: Sequence[type[Command]]) -> CommandBodies:
    """The bodies of every command in ``command_types`` but the corrections (which have
    endpoints of their own)."""
    tagged = []
    by_tag: dict[type[msgspec.Struct], type[Command]] = {}
    for command_type in command_types:
        if command_type in CORRECTIONS:
            continue
        struct = tagged_struct(command_type)
        tagged.append(struct)
        by_tag[struct] = command_type
    union: Any = tagged[0]
    for struct in tagged[1:]:
        union = union | struct
    return CommandBodies(tuple(tagged), msgspec.json.Decoder(union), by_tag)


@cache
def ruleset_commands(ruleset_id: str) -> CommandBodies:
    """The commands of a session of ``ruleset_id``: the core's and the ruleset's. Options
    never change which commands a ruleset has, only how it decides them."""
    return session_commands((*CORE_COMMANDS, *load_ruleset(ruleset_id).command_types))


def decode_as(body: bytes, kind: type[T], what: str) -> T:
    """A body holding one ``kind`` (a correction, a fork, a session to open)."""
    check_depth(body, what)
    try:
        decoded = msgspec.json.decode(body or b"{}", type=kind)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError) as error:
        raise malformed(f"{what} {excerpt(body.decode('utf-8', 'replace'))}: {error}") from None
    twice = repeated_member(body)
    if twice is not None:
        raise malformed(f"{what} {excerpt(body.decode('utf-8', 'replace'))}: {given_twice(twice)}")
    return decoded
