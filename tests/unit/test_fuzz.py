"""Fuzzing (hypothesis): whatever text, JSON or command comes in, only Kiroku's own errors
come out — each quoting at most a short excerpt — and each input is handled quickly."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.codec import codec_for
from adapters.replay_file import parse_replay
from domain.commands import Context
from domain.dice.roll_keep.expression import parse_expression
from domain.dice.roll_keep.faces import parse_faces
from domain.errors import KirokuError
from domain.rulesets.l5r4e.commands import DECIDERS
from domain.session.commands import JoinCharacter
from tests.support import GM, T0, Table

FAST = settings(max_examples=300, deadline=None)
EXPRESSION_ALPHABET = st.sampled_from([*"0123456789kKgG+-−  ,r.x9999", "١", "\n"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)  # fmt: skip


def handled(call: Any, *args: Any) -> None:
    started = time.perf_counter()
    try:
        call(*args)
    except KirokuError as error:
        assert len(str(error)) < 2_000, "an error that quotes too much of its input"
    assert time.perf_counter() - started < 0.5


@FAST
@given(st.text(EXPRESSION_ALPHABET, max_size=120) | st.text(max_size=60))
def test_any_text_as_an_expression(text: str) -> None:
    handled(parse_expression, text)


@FAST
@given(st.text(EXPRESSION_ALPHABET, max_size=120) | st.text(max_size=60))
def test_any_text_as_faces(text: str) -> None:
    handled(parse_faces, text)


@FAST
@given(JSON)
def test_any_json_as_an_event(value: Any) -> None:
    handled(codec_for("l5r4e").decode, msgspec.json.encode(value))


@FAST
@given(st.lists(JSON, max_size=3))
def test_any_json_lines_as_a_replay(values: list[Any]) -> None:
    header = b'{"format":"kiroku-replay","version":1,"ruleset":"l5r4e","session":"x"}\n'
    body = b"\n".join(msgspec.json.encode(v) for v in values)
    handled(parse_replay, header + body)


COMMANDS = sorted(DECIDERS, key=lambda t: t.__name__)


@pytest.fixture(scope="module")
def table() -> Table:
    table = Table()
    table.join("Akodo Kaneka", "ana")
    table.join("Bayushi Fumi", "ben")
    return table


@pytest.mark.parametrize("command_type", COMMANDS, ids=[t.__name__ for t in COMMANDS])
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_valid_command_is_decided_or_refused_by_the_rules(
    table: Table, command_type: Any, data: st.DataObject
) -> None:
    """Every 4e command, with any values its Struct accepts (names of the two characters
    and of strangers), decides one batch or raises a Kiroku error; nothing else."""
    raw = {
        field.name: data.draw(JSON)
        for field in msgspec.structs.fields(command_type)
        if data.draw(st.booleans())
    }
    for field in msgspec.structs.fields(command_type):
        if field.name in ("character", "attacker", "target", "healer", "leader", "patient"):
            raw[field.name] = data.draw(st.sampled_from(["Akodo Kaneka", "Bayushi Fumi", "x"]))
    try:
        command = msgspec.convert(raw, command_type)
    except msgspec.ValidationError:
        return
    dice = random.Random(data.draw(st.integers(0, 100)))
    handled(table.session.decide, command, Context(GM, T0, dice))


KANEKA_SHEET = msgspec.json.decode(
    (Path(__file__).resolve().parents[2] / "replays" / "sheets" / "akodo-kaneka.json").read_bytes()
)


def mutated(sheet: Any, data: st.DataObject) -> Any:
    """A sheet with any of its values (at any depth) swapped for any JSON, or dropped."""
    if isinstance(sheet, dict):
        out = {}
        for name, value in sheet.items():
            choice = data.draw(st.sampled_from(["keep", "keep", "recurse", "swap", "drop"]))
            if choice == "swap":
                out[name] = data.draw(JSON)
            elif choice == "recurse":
                out[name] = mutated(value, data)
            elif choice == "keep":
                out[name] = value
        if data.draw(st.booleans()):
            out[data.draw(st.text(max_size=8))] = data.draw(JSON)
        return out
    if isinstance(sheet, list):
        return [mutated(item, data) for item in sheet] * data.draw(st.sampled_from([0, 1, 2]))
    return sheet


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_sheet_is_joined_or_refused_with_a_kiroku_error(
    table: Table, data: st.DataObject
) -> None:
    sheet = mutated(KANEKA_SHEET, data)
    if not isinstance(sheet, dict):
        return
    command = JoinCharacter(sheet={**sheet, "name": "Doji Hana"}, player="cy")
    handled(table.session.decide, command, Context(GM, T0, random.Random(1)))
