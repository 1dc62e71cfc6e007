"""The stored payload format, and how close the projections come to reading the rows.

On a 200,000-event long session (``bench/sessions.py``), stored in SQLite through the
store's own import path (cached, ``bench/stores.py``):

1. Codec: the stored payloads decoded into the typed union ``Event`` as the store
   does it (``adapters.store._decode_rows``: one decoder call per page of 20,000 rows,
   the payloads joined into one array), with msgspec JSON (today's format) against
   msgspec MessagePack (the same events encoded with ``msgspec.msgpack``, decoded the
   same way: one array header, the payloads concatenated); their sizes; encoding too.
2. In process: a raw ``SELECT originator_version, state`` of the same rows plus that
   typed decode, against folding every projection from the store (``EventStore.read``
   + ``fold`` + ``project_state``). Target (issue 7): projections at ≥ 0.8 of the raw
   select + decode rate.
3. Cold processes (``bench/cold.py``): the ``eventsourcing`` library's own aggregate
   replay of the same events (``bench/store.py``'s baseline) against Kiroku's full
   projection rebuild, each a fresh interpreter. Target: Kiroku ≥ 10x faster.

In-process figures are medians of interleaved repeats; cold ones of interleaved runs.
"""

from __future__ import annotations

import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import msgspec

from adapters.codec import codec_for
from adapters.store import READ_PAGE, EventStore, StoreConfig, stream_id
from bench.cold import full_rebuild
from bench.library_session import LIBRARY_ID, LibrarySession, library_application
from bench.machine import Sample, load, median_mb, median_ms, python, run_child, spread_ms, verdict
from bench.sessions import long_session
from bench.stores import SESSION, cached, fingerprint, session_store, working_copy
from domain.events import Event, Recorded

SIZE = 200_000
REPEATS = 5
COLD_RUNS = 5
TARGET_RAW = 0.8
TARGET_LIBRARY = 10.0

Rows = list[tuple[int, bytes]]
_codec = codec_for("l5r4e")
_decode_rows = _codec.decode_page
_union: Any = _codec.union
_json_page: msgspec.json.Decoder[list[Event]] = msgspec.json.Decoder(list[_union])
_msgpack_page: msgspec.msgpack.Decoder[list[Event]] = msgspec.msgpack.Decoder(list[_union])
_msgpack_encoder = msgspec.msgpack.Encoder()
_json_encoder = msgspec.json.Encoder()


def _decode_rows_msgpack(rows: Rows) -> list[Recorded]:
    """``_decode_rows`` for MessagePack payloads: one array (a 32-bit header, then the
    payloads as they are) in one decoder call, the schema version checked per event."""
    if not rows:
        return []
    header = b"\xdd" + len(rows).to_bytes(4, "big")
    events = _msgpack_page.decode(header + b"".join(state for _, state in rows))
    recorded = []
    for (position, _), event in zip(rows, events, strict=True):
        if event.schema_version != type(event).schema:
            raise NotImplementedError("no upcasting from MessagePack in this benchmark")
        recorded.append(Recorded(position, event))
    return recorded


def decode_pages(rows: Rows, decode: Callable[[Rows], list[Recorded]]) -> list[Recorded]:
    decoded: list[Recorded] = []
    for start in range(0, len(rows), READ_PAGE):
        decoded.extend(decode(rows[start : start + READ_PAGE]))
    return decoded


def select_rows(connection: sqlite3.Connection, table: str) -> Rows:
    statement = (
        f"SELECT originator_version, state FROM {table} WHERE originator_id=? "
        "ORDER BY originator_version"
    )
    rows: Rows = connection.execute(statement, (stream_id(SESSION).hex,)).fetchall()
    return rows


def interleaved(work: dict[str, Callable[[], object]], repeats: int) -> dict[str, float]:
    """The median seconds of each piece of work, repeated in turns."""
    samples: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(repeats):
        for name, call in work.items():
            start = time.perf_counter()
            call()
            samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(times) for name, times in samples.items()}


def rate(seconds: float) -> str:
    return f"{SIZE / seconds:>11,.0f} events/s ({seconds * 1000:,.0f} ms)"


def codecs(rows: Rows, events: list[Event]) -> Iterator[str]:
    packed: Rows = [
        (version, _msgpack_encoder.encode(e)) for (version, _), e in zip(rows, events, strict=True)
    ]
    as_json, as_msgpack = (
        decode_pages(rows, _decode_rows),
        decode_pages(packed, _decode_rows_msgpack),
    )
    assert as_json == as_msgpack, "MessagePack does not give back the same events"
    del as_json, as_msgpack
    json_bytes, msgpack_bytes = (sum(len(s) for _, s in r) for r in (rows, packed))
    pages = range(0, SIZE, READ_PAGE)
    json_pages = [b"[" + b",".join(s for _, s in rows[i : i + READ_PAGE]) + b"]" for i in pages]
    msgpack_pages = [
        b"\xdd"
        + len(packed[i : i + READ_PAGE]).to_bytes(4, "big")
        + b"".join(s for _, s in packed[i : i + READ_PAGE])
        for i in pages
    ]
    seconds = interleaved(
        {
            "json decode by pages (the store's way)": lambda: decode_pages(rows, _decode_rows),
            "msgpack decode by pages (the store's way)": lambda: decode_pages(
                packed, _decode_rows_msgpack
            ),
            "json decoder calls alone": lambda: [_json_page.decode(p) for p in json_pages],
            "msgpack decoder calls alone": lambda: [_msgpack_page.decode(p) for p in msgpack_pages],
            "json encode": lambda: [_json_encoder.encode(e) for e in events],
            "msgpack encode": lambda: [_msgpack_encoder.encode(e) for e in events],
        },
        REPEATS,
    )
    for name, taken in seconds.items():
        yield f"codec: {name:<40} {rate(taken)}"
    speed = {
        what: seconds[f"json {what}"] / seconds[f"msgpack {what}"]
        for what in ("decode by pages (the store's way)", "decoder calls alone", "encode")
    }
    yield "codec: msgpack speed / JSON's: " + ", ".join(f"{w} {x:.2f}x" for w, x in speed.items())
    yield (
        f"codec: stored payloads: JSON {json_bytes / 1e6:,.1f} MB "
        f"({json_bytes / SIZE:.0f} B/event),"
        f" msgpack {msgpack_bytes / 1e6:,.1f} MB ({msgpack_bytes / SIZE:.0f} B/event,"
        f" {msgpack_bytes / json_bytes:.2f}x)"
    )


def in_process(data_dir: Path) -> Iterator[str]:
    with (
        EventStore(StoreConfig(kind="sqlite", data_dir=data_dir)) as store,
        closing(sqlite3.connect(data_dir / "kiroku.sqlite")) as connection,
    ):
        table = store.recorder.events_table_name
        rows = select_rows(connection, table)
        assert len(rows) == SIZE
        events = [r.event for r in decode_pages(rows, _decode_rows)]
        yield from codecs(rows, events)
        del events
        seconds = interleaved(
            {
                "raw select + typed decode": lambda: decode_pages(
                    select_rows(connection, table), _decode_rows
                ),
                "all projections from the store": lambda: full_rebuild(store, SESSION),
            },
            REPEATS,
        )
    for name, taken in seconds.items():
        yield f"codec: {name:<40} {rate(taken)}"
    ratio = seconds["raw select + typed decode"] / seconds["all projections from the store"]
    yield (
        f"codec: projections rebuilt / raw select+decode: {ratio:.2f} >= {TARGET_RAW} "
        f"{verdict(ratio >= TARGET_RAW)}"
    )


def library_store(events: list[Recorded]) -> tuple[Path, bool]:
    """The baseline's store: the same events as dicts in one library aggregate, stored
    with the library's default JSON transcoder (as ``bench/store.py`` does)."""

    def build(path: Path) -> None:
        app = library_application(path)
        session = LibrarySession()
        for recorded in events[1:]:  # the aggregate's own creation stands for the first
            payload = msgspec.to_builtins(recorded.event)
            session.happened(kind=payload["type"], payload=payload)
        app.save(session)
        app.close()

    key = fingerprint(events, "library", str(SIZE), str(LIBRARY_ID), LibrarySession.__module__)
    return cached(f"library-{SIZE}", key, build)


def cold(store: Path, library: Path, folder: Path) -> Iterator[str]:
    data_dir = working_copy(store, folder / "cold")
    library_copy = folder / "library.sqlite"
    shutil.copyfile(library, library_copy)
    argvs = {
        "library aggregate replay": [python(), "-m", "bench.cold", "library", str(library_copy)],
        "kiroku projection rebuild": [
            python(),
            "-m",
            "bench.cold",
            "kiroku",
            str(data_dir),
            SESSION,
        ],
    }
    samples: dict[str, list[Sample]] = {name: [] for name in argvs}
    for _ in range(COLD_RUNS):
        for name, argv in argvs.items():
            sample = run_child(argv, capture=True)
            assert int(sample.output) == SIZE, f"{name} saw {sample.output!r} events"
            samples[name].append(sample)
    for name, runs in samples.items():
        ms = median_ms(runs)
        yield (
            f"codec: cold {name:<27} {ms:>7,.0f} ms ({spread_ms(runs)}), "
            f"{SIZE / ms * 1000:,.0f} events/s, {median_mb(runs):,.0f} MB peak"
        )
    ratio = median_ms(samples["library aggregate replay"]) / median_ms(
        samples["kiroku projection rebuild"]
    )
    yield (
        f"codec: cold library replay / Kiroku rebuild: {ratio:.1f}x >= {TARGET_LIBRARY:.0f}x "
        f"{verdict(ratio >= TARGET_LIBRARY)}"
    )


def run() -> Iterator[str]:
    yield f"codec: before: {load()}"
    events = long_session(SIZE)
    store, how = session_store(SIZE, events)
    yield f"codec: store: {how}"
    library, reused = library_store(events)
    yield f"codec: library store: {'reused' if reused else 'built'} {library.name}"
    del events
    with tempfile.TemporaryDirectory(prefix="kiroku-codec-") as temp:
        folder = Path(temp)
        yield f"codec: in process, {REPEATS} interleaved repeats, medians ({SIZE:,} events)"
        yield from in_process(working_copy(store, folder / "kiroku"))
        yield f"codec: cold processes, {COLD_RUNS} interleaved runs each, medians"
        yield from cold(store, library, folder)
    yield f"codec: after: {load()}"


if __name__ == "__main__":
    for line in run():
        print(line, flush=True)
