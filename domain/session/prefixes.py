"""A character named by the start of their name: ``--character Akodo`` when only "Akodo
Kaneka" begins so.

At a table a GM types the same names every round; a name is found whatever its case
or spacing (:func:`domain.names.key`), and here, when it names no character and no
group exactly, by an unambiguous prefix: the command is then the one naming the
character in full — as it is decided, recorded and re-judged, so a later character who
shares the prefix changes nothing already ruled. An exact name always wins ("Akodo"
names a character called Akodo even beside Akodo Kaneka); a prefix that begins several
names is refused, quoting it and listing them; one that begins none is left for the
rules to refuse as they do. The names looked through are those the actor can see (the
players' view of the session for a player): a character the GM keeps hidden is never
a candidate, nor named in a refusal, for a player.
"""

import re
import sys
from functools import cache
from typing import TypeVar, get_args

import msgspec

from domain.errors import MalformedInput, excerpt
from domain.names import key
from domain.session.state import SessionState

NAMING_FIELDS = frozenset({"character", "target", "challenger", "defender"})
"""Fields that name a character (or a group) whatever their declared type."""

NAMING_TYPES = re.compile(r"\b(?:Name|Character)\b")
"""The declared types of a field that names one: the rulesets' ``Name`` and ``Character``
(``Annotated[str, …]``: "a character's name", "the character who acts")."""

C = TypeVar("C", bound=msgspec.Struct)


@cache
def naming_fields(command_type: type[msgspec.Struct]) -> tuple[str, ...]:
    """The fields of ``command_type`` that name a character: by name, or declared
    ``Name`` or ``Character`` (the annotations as written, along the class's bases)."""
    declared: dict[str, bool] = {}
    for klass in reversed(command_type.__mro__):
        where = vars(sys.modules[klass.__module__]) if klass.__module__ in sys.modules else {}
        naming = [where[n] for n in ("Name", "Character") if n in where]
        for field, annotation in getattr(klass, "__annotations__", {}).items():
            declared[field] = _declared_naming(annotation, naming)
    return tuple(
        f.name
        for f in msgspec.structs.fields(command_type)
        if f.name in NAMING_FIELDS or declared.get(f.name, False)
    )


def _declared_naming(annotation: object, naming: list[object]) -> bool:
    """Whether an annotation is (or holds: ``Name | None``, ``tuple[Name, ...]``) the
    ``Name`` or ``Character`` of the module it was written in: as text where the module
    postpones its annotations, else as the very objects its names stand for."""
    if isinstance(annotation, str):
        return NAMING_TYPES.search(annotation) is not None
    if any(annotation is n or _extends(annotation, n) for n in naming):
        return True
    return any(_declared_naming(a, naming) for a in get_args(annotation) if not isinstance(a, str))


def _extends(annotation: object, alias: object) -> bool:
    """Whether ``annotation`` is ``Annotated[alias, more…]``, which Python flattens into
    ``alias``'s own type with ``alias``'s metadata first."""
    metadata = getattr(alias, "__metadata__", None)
    return (
        metadata is not None
        and getattr(annotation, "__origin__", None) is getattr(alias, "__origin__", None)
        and getattr(annotation, "__metadata__", ())[: len(metadata)] == metadata
    )


def in_full(command: C, state: SessionState) -> C:
    """``command`` with each character it names by an unambiguous prefix named in full
    (the same command when none is); refused when a prefix begins several names."""
    changes: dict[str, str] = {}
    for name in naming_fields(type(command)):
        given = getattr(command, name)
        if isinstance(given, str):
            found = named_by(given, state, name)
            if found != given:
                changes[name] = found
    return msgspec.structs.replace(command, **changes) if changes else command


def named_by(given: str, state: SessionState, option: str = "character") -> str:
    """The name ``given`` stands for among the session's characters and groups: itself
    when it is one of them (or begins none), else the one name it begins."""
    wanted = key(given)
    if not wanted or state.member(given) is not None or state.group(given) is not None:
        return given
    names = [m.name for m in state.members.values()]
    names += [members[0] for members in state.groups.values()]
    begun = sorted({n for n in names if key(n).startswith(wanted)}, key=key)
    if len(begun) == 1:
        return begun[0]
    if len(begun) > 1:
        listed = ", ".join(repr(n) for n in begun)
        raise MalformedInput(
            f"{option} {excerpt(given)} begins {len(begun)} names: {listed}; give more of the name"
        )
    return given
