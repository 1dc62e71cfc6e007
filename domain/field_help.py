"""A field's help, made from its Struct and nothing typed beside it (DESIGN principle 4;
a command's own is :func:`domain.commands.describe_command`): a field's help is its
``Meta(description=…)``, then the values its type takes (a ``Literal``'s, or each item's
of a tuple of them, or the names of a tuple of named items and what each takes after
its colon: :func:`domain.commands.named_items`) and its bounds, each said once. Every
surface that explains a command — the shell's ``--help``, ``kiroku rules --json``, the
API's description of a ruleset and the console's forms built from it — reads these, so
an enum's values are listed wherever the field is, from the type itself."""

from __future__ import annotations

import re
from typing import Any

import msgspec.inspect as mi

from domain.commands import Command, Query, unwrap


def values_of(kind: Any) -> tuple[Any, ...]:
    """The values an enum field takes: a ``Literal``'s, or those of each item of a tuple
    of one (``act --action``, given once an action); () for any other type."""
    if isinstance(kind, mi.LiteralType):
        return tuple(kind.values)
    if isinstance(kind, (mi.VarTupleType, mi.ListType)):
        item = unwrap(kind.item_type)[0]
        if isinstance(item, mi.LiteralType):
            return tuple(item.values)
    return ()


def choices_of(kind: Any, extra: dict[str, Any]) -> tuple[Any, ...]:
    """The values a closed field takes: its type's (:func:`values_of`), else those its
    ``Meta`` declares (``extra_json_schema={"enum": …}``: a text the rules check against a
    closed set, a 4e stance or condition)."""
    return values_of(kind) or tuple(extra.get("enum", ())) or tuple(extra.get("x-values", ()))


def arguments_of(extra: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What each named item of a field takes after its colon (:func:`domain.commands.
    named_items`: ``called_shot:head``): its values, or its bounds, and its default."""
    found: dict[str, dict[str, Any]] = extra.get("x-arguments", {})
    return found


def _argument_help(name: str, argument: dict[str, Any]) -> str:
    if "values" in argument:
        said = f"{name}:VALUE, VALUE one of {', '.join(argument['values'])}"
    else:
        said = f"{name}:N, N {argument['minimum']} to {argument['maximum']}"
    return said + (f" ({argument['default']} if left out)" if "default" in argument else "")


def _spans(low: int, high: int, gap: tuple[int, int] | None) -> str:
    pieces = [(low, high)]
    if gap is not None:
        pieces = [(low, gap[0] - 1), (gap[1] + 1, high)]
    said = [str(a) if a == b else f"{a} to {b}" for a, b in pieces if a <= b]
    return ", or ".join(said)


def bounds_of(kind: Any, extra: dict[str, Any]) -> str:
    """A field's bounds, said once: ``1 to 20`` for a bounded whole number (``0, or 5 to
    15`` when its schema rules out a span between, ``{"not": {"minimum": 1, "maximum":
    4}}``), ``at most 100 characters`` for a text, ``1 to 5 of them`` for a tuple."""
    if isinstance(kind, mi.IntType):
        low = kind.ge if kind.ge is not None else kind.gt
        high = kind.le if kind.le is not None else kind.lt
        if low is not None and high is not None:
            ruled_out = extra.get("not", {})
            gap = None
            if "minimum" in ruled_out and "maximum" in ruled_out:
                gap = (int(ruled_out["minimum"]), int(ruled_out["maximum"]))
            return _spans(low, high, gap)
    if isinstance(kind, mi.StrType) and kind.max_length is not None:
        return f"at most {kind.max_length} characters"
    if isinstance(kind, (mi.VarTupleType, mi.ListType)) and kind.max_length is not None:
        low = kind.min_length or 0
        return f"{low} to {kind.max_length} of them" if low else f"at most {kind.max_length}"
    return ""


def field_help(field: mi.Field) -> str:
    """A field's help: its description; ``one of a, b, c`` (``each one of …`` for a tuple
    of them); its bounds."""
    kind, extra = unwrap(field.type)
    values = choices_of(kind, extra)
    listed = ", ".join(map(str, values))
    bits = [extra.get("description", "")]
    if values:
        each = isinstance(kind, (mi.VarTupleType, mi.ListType))  # a value given once each
        bits.append(("each one of " if each else "one of ") + listed)
    bits += [_argument_help(n, a) for n, a in arguments_of(extra).items()]
    bits.append(bounds_of(kind, extra))
    return "; ".join(b for b in bits if b)


_ENUM = re.compile(r"Invalid enum value '(.*)' - at `\$\.([a-z_]+)")


def enum_explained(command_type: type[Command] | type[Query], message: str) -> str:
    """msgspec's ``Invalid enum value 'draw' - at `$.actions[0]``` as a person reads it:
    the field, the value quoted and every value it could be (``actions: 'draw' is not one
    of complex, …``); "" when ``message`` is no enum's refusal."""
    match = _ENUM.match(message)
    if match is None:
        return ""
    refusal = enum_refusal(command_type, match.group(2), match.group(1))
    return f"{match.group(2)}: {refusal}" if refusal else ""


def enum_refusal(command_type: type[Command] | type[Query], name: str, value: str) -> str:
    """What a bad value of enum field ``name`` is told: the value quoted, then every value
    the field takes (empty if ``name`` is no enum field of ``command_type``)."""
    info = mi.type_info(command_type)
    assert isinstance(info, mi.StructType)
    for field in info.fields:
        if field.name == name:
            values = choices_of(*unwrap(field.type))
            if values:
                return f"{value!r} is not one of {', '.join(map(str, values))}"
    return ""
