"""Reading a file someone named, whatever it turns out to be.

A path on the command line may name a regular file, a folder, a pipe (``/dev/stdin``, a
FIFO another process writes), a device that never ends (``/dev/zero``) or nothing. A
file's size from ``stat`` says nothing for the last three, so every read here is bounded
as it goes: at most ``limit`` bytes are read, and one more means the file is refused. A
FIFO is opened without waiting for a writer — one that has none reads as empty, where a
plain ``open`` would wait for ever — and read to its end like a pipe.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
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


def write_through(path: Path, chunks: Iterable[bytes]) -> None:
    """Write to a device or a FIFO as it is (never replacing it with a file). A FIFO no
    process reads is refused at once, where a plain ``open`` would wait for a reader for
    ever."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise MalformedInput(f"cannot write {str(path)!r}: no process reads it") from None
        raise MalformedInput(f"cannot write {str(path)!r}: {error.strerror}") from None
    try:
        os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "wb", closefd=False) as out:
            out.writelines(chunks)
    except OSError as error:
        raise MalformedInput(f"cannot write {str(path)!r}: {error.strerror}") from None
    finally:
        os.close(descriptor)


def write_file(path: Path, chunks: Iterable[bytes]) -> None:
    """Write a file whole or not at all: a temporary ``NAME.part`` beside it, then a
    rename over it; a device or a FIFO is written through (:func:`write_through`), and
    a symbolic link's file is replaced, not the link."""
    if path.is_symlink():
        path = path.resolve()
    if path.exists() and not path.is_file() and not path.is_dir():
        write_through(path, chunks)
        return
    if not path.parent.is_dir():
        raise MalformedInput(f"cannot write {str(path)!r}: there is no folder {str(path.parent)!r}")
    if path.is_dir():
        raise MalformedInput(f"cannot write {str(path)!r}: it is a folder; name a file in it")
    temporary = path.with_name(path.name + ".part")
    try:
        out = temporary.open("wb")
    except OSError as error:  # the folder takes no new file (/proc, a read-only mount)
        raise MalformedInput(
            f"cannot write {str(path)!r}: no new file can be made in {str(path.parent)!r} "
            f"({error.strerror})"
        ) from None
    try:
        with out:
            out.writelines(chunks)
        temporary.replace(path)
    except OSError as error:
        if temporary.is_file():
            temporary.unlink()  # nothing half-written is left behind
        raise MalformedInput(f"cannot write {str(path)!r}: {error.strerror}") from None
