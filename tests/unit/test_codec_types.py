"""Every type a session's codec decodes is declared with its annotations evaluated where
it is written: msgspec would otherwise resolve each string annotation through typing's
ForwardRef the first time a command reads a session (issue 30, start-up: 10 of the 14 ms
it took to build the 4e codec)."""

from __future__ import annotations

import typing

import msgspec
import pytest

from domain.events import CORE_EVENT_TYPES, CharacterJoined
from domain.rulesets import RULESETS, load_ruleset
from domain.session.record import CommandRecord
from domain.session.snapshot import Snapshot


def structs_reached(root: object) -> set[type[msgspec.Struct]]:
    """Every Struct type a decoder of ``root`` builds, and the classes they derive from."""
    found: set[type[msgspec.Struct]] = set()
    waiting = [root]
    while waiting:
        tp = waiting.pop()
        origin = typing.get_origin(tp)
        if origin is not None:
            waiting.extend(typing.get_args(tp))
            waiting.append(origin)
            continue
        if isinstance(tp, type) and issubclass(tp, msgspec.Struct) and tp not in found:
            for klass in tp.__mro__:
                if issubclass(klass, msgspec.Struct) and klass is not msgspec.Struct:
                    found.add(klass)
            waiting.extend(typing.get_type_hints(tp, include_extras=True).values())
    return found


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_sessions_types_declare_no_annotation_as_text(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    roots: list[object] = [CommandRecord, Snapshot, *ruleset.event_types]
    sheet: object = ruleset.sheet_type
    roots += [CharacterJoined[sheet] if t is CharacterJoined else t for t in CORE_EVENT_TYPES]  # type: ignore[valid-type]
    postponed = sorted(
        f"{klass.__module__}.{klass.__qualname__}.{field}"
        for root in roots
        for klass in structs_reached(root)
        for field, annotation in vars(klass).get("__annotations__", {}).items()
        if isinstance(annotation, str)
    )
    assert postponed == []
