"""Replay files: written whole, read whole, and a corrupt one refused whole with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.replay_file import CorruptReplay, parse_replay, read_replay, write_replay
from domain.errors import MalformedInput
from tests.replays.curate import dice_examples

GOOD = dice_examples().session.events


def good_lines(tmp_path: Path) -> list[bytes]:
    path = tmp_path / "good.jsonl"
    write_replay(path, GOOD)
    return path.read_bytes().splitlines()


def test_a_written_replay_reads_back_the_same_events(tmp_path: Path) -> None:
    path = tmp_path / "night.jsonl"
    write_replay(path, GOOD)
    header, events = read_replay(path)
    assert (header.ruleset, header.session) == ("l5r4e", "dice-examples")
    assert events == GOOD


def corrupt(tmp_path: Path, line: int, text: bytes) -> bytes:
    lines = good_lines(tmp_path)
    lines[line - 1] = text
    return b"\n".join(lines) + b"\n"


@pytest.mark.parametrize(
    ("line", "text", "reason"),
    [
        (1, b'{"format":"csv","version":1,"ruleset":"l5r4e","session":"x"}', "format 'csv'"),
        (1, b"not json", "line 1: not a replay header"),
        (3, b'{"position":2,"event":{"type":"Teleported"}}', "line 3"),
        (3, b'{"position":2,"event":', "line 3"),
        (
            4,
            b'{"position":7,"event":{"type":"CombatStarted","actor":"gm",'
            b'"at":"2026-11-29T19:00:00Z"}}',
            "line 4: position 7, expected 3",
        ),
        (
            2,
            b'{"position":1,"event":{"type":"CombatStarted","actor":"gm",'
            b'"at":"2026-11-29T19:00:00Z"}}',
            "line 2: the first event must be SessionOpened",
        ),
    ],
)
def test_a_corrupt_line_is_refused_with_its_number_and_reason(
    tmp_path: Path, line: int, text: bytes, reason: str
) -> None:
    with pytest.raises(CorruptReplay, match=reason) as caught:
        parse_replay(corrupt(tmp_path, line, text), "night.jsonl")
    assert caught.value.line == line
    assert "'night.jsonl'" in str(caught.value)


def test_a_roll_whose_faces_do_not_give_its_total_is_refused(tmp_path: Path) -> None:
    lines = good_lines(tmp_path)
    number = next(i for i, line in enumerate(lines, 1) if b'"total":24' in line)
    lines[number - 1] = lines[number - 1].replace(b'"total":24', b'"total":42')
    with pytest.raises(CorruptReplay, match=f"line {number}: the recorded roll '1k1' does not"):
        parse_replay(b"\n".join(lines))


def test_a_roll_with_impossible_faces_is_refused(tmp_path: Path) -> None:
    lines = good_lines(tmp_path)
    number = next(i for i, line in enumerate(lines, 1) if b"[[10,10,4],false]" in line)
    lines[number - 1] = lines[number - 1].replace(b"[[10,10,4],false]", b"[[10,10],false]")
    with pytest.raises(CorruptReplay, match="a 10 explodes"):
        parse_replay(b"\n".join(lines))


def test_an_empty_or_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CorruptReplay, match="line 1: the file is empty"):
        parse_replay(b"")
    with pytest.raises(MalformedInput, match="cannot read replay"):
        read_replay(tmp_path / "absent.jsonl")


def test_an_unknown_field_in_an_event_is_refused_naming_the_line_and_the_field(
    tmp_path: Path,
) -> None:
    lines = good_lines(tmp_path)
    lines[3] = lines[3].replace(b'"actor":', b'"actr":"x","actor":', 1)
    with pytest.raises(CorruptReplay, match=r"line 4: .*unknown field `actr`"):
        parse_replay(b"\n".join(lines) + b"\n")


def test_a_byte_order_mark_before_the_header_is_read_past(tmp_path: Path) -> None:
    _, again = parse_replay(b"\xef\xbb\xbf" + b"\n".join(good_lines(tmp_path)) + b"\n")
    assert again == GOOD


def test_a_replay_is_not_written_into_a_folder_that_is_not_there(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "night.jsonl"
    with pytest.raises(MalformedInput, match=r"there is no folder .*missing'"):
        write_replay(target, GOOD)


def test_a_line_nested_too_deep_is_refused_naming_the_line(tmp_path: Path) -> None:
    lines = good_lines(tmp_path)
    lines[1] = b'{"position":1,"event":' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    with pytest.raises(CorruptReplay, match="line 2: nested too deep"):
        parse_replay(b"\n".join(lines) + b"\n")


@pytest.mark.parametrize(
    ("find", "replace", "reason"),
    [
        (b'"name":"Hida Tsuneo"', b'"name":"Hida\\nTsuneo\\u001b[31m"', "not one line of print"),
        (b'"player":"ana"', b'"player":"ana\\n"', "player 'ana\\\\n' is not one line"),
        (
            b'"source":"Void point"',
            b'"source":"Void\\n#99 forged"',
            "source 'Void.*is not one line",
        ),
        (b'"title":"', b'"title":"' + b"T" * 900_000, "title 'TTTT"),
        (
            b'"name":"Hida Tsuneo"',
            b'"name":"' + b"Z" * 300 + b'"',
            r"length <= 100 - at `\$.sheet.name`",
        ),
        (b'"actor":"sensei"', b'"actor":"sen\\u0007sei"', "event.actor 'sen"),
        (b'"source":"Void point"', '"source":"Void\u2028point"'.encode(), "source 'Void"),
        (b'"source":"Void point"', b'"source":"Void\x7fpoint"', "source 'Void"),
    ],
)
def test_a_file_is_held_to_what_a_command_would_take(
    tmp_path: Path, find: bytes, replace: bytes, reason: str
) -> None:
    """A name, an id or an actor the CLI would refuse (a newline or an escape would forge
    a line of ``kiroku log``; a name past 100 characters) is refused in a file too,
    naming its line: an import cannot carry in what a command could not record."""
    data = b"\n".join(good_lines(tmp_path)) + b"\n"
    assert find in data
    with pytest.raises(CorruptReplay, match=reason) as caught:
        parse_replay(data.replace(find, replace, 1), "night.jsonl")
    assert caught.value.line >= 2


def test_text_past_ascii_that_prints_is_read(tmp_path: Path) -> None:
    data = b"\n".join(good_lines(tmp_path)) + b"\n"
    kept = data.replace(b'"source":"Void point"', '"source":"Vide × 2 — é"'.encode(), 1)
    assert parse_replay(kept)[1] != parse_replay(data)[1]


def test_a_note_or_a_line_past_its_bound_is_refused(tmp_path: Path) -> None:
    lines = good_lines(tmp_path)
    note = (
        b'{"position":%d,"event":{"type":"NoteTaken","actor":"sensei",'
        b'"at":"2026-11-29T19:00:00Z","text":"' % len(lines) + b"x" * 3_000 + b'"}}'
    )
    with pytest.raises(CorruptReplay, match="a note of 3,000 characters: at most 2,000"):
        parse_replay(b"\n".join([*lines, note]) + b"\n", "night.jsonl")
    huge = note.replace(b"x" * 3_000, b"x" * 1_000_001)
    with pytest.raises(CorruptReplay, match="bytes: at most 1,000,000") as caught:
        parse_replay(b"\n".join([*lines, huge]) + b"\n", "night.jsonl")
    assert caught.value.line == len(lines) + 1


def test_a_replay_is_not_written_over_a_folder_nor_left_half_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The error names the file asked for, never the temporary ``.part`` beside it, and
    no ``.part`` is left behind when the write fails."""
    with pytest.raises(MalformedInput, match=r"cannot write '.*': it is a folder"):
        write_replay(tmp_path, GOOD)
    target = tmp_path / "night.jsonl"

    def refuse(self: Path, other: Path) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "replace", refuse)
    with pytest.raises(MalformedInput, match=r"night\.jsonl': No space left") as caught:
        write_replay(target, GOOD)
    assert ".part" not in str(caught.value)
    assert list(tmp_path.iterdir()) == []
