"""Reading a file someone named, whatever it turns out to be.

A path on the command line may name a regular file, a folder, a pipe (``/dev/stdin``, a
FIFO another process writes), a device that never ends (``/dev/zero``) or nothing. A
file's size from ``stat`` says nothing for the last three, so every read here is bounded
as it goes: at most ``limit`` bytes are read, and one more means the file is refused. A
FIFO is opened without waiting for a writer — one that has none reads as empty, where a
plain ``open`` would wait for ever — and read to its end like a pipe.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from domain.errors import MalformedInput

CHUNK = 1 << 20


def read_bounded(path: Path | str, limit: int, what: str) -> bytes:
    """The bytes of the file at ``path``, at most ``limit`` of them; a clear
    :class:`MalformedInput` naming ``what`` and the path for anything else."""
    shown = repr(str(path))
    if not str(path):
        raise MalformedInput(f"no {what} named: the path is empty")
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise MalformedInput(f"cannot read {what} {shown}: {error.strerror}") from None
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise MalformedInput(f"cannot read {what} {shown}: it is a folder; name a file in it")
        os.set_blocking(descriptor, True)  # a pipe with a writer is waited for, to its end
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise MalformedInput(f"cannot read {what} {shown}: {error.strerror}") from None
    finally:
        os.close(descriptor)
    if size > limit:
        kind = "" if stat.S_ISREG(mode) else " (it does not end where a file would)"
        raise MalformedInput(f"{what} {shown} is more than {limit:,} bytes{kind}")
    return b"".join(chunks)
