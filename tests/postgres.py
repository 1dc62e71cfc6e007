"""The PostgreSQL server the tests run against: the one on 127.0.0.1:5432 (trust auth)
that this machine runs, or ``KIROKU_TEST_POSTGRES`` (a ``postgresql://`` URL without a
schema). Each test gets a schema of its own in database ``kiroku_test``, dropped after it.
A test that needs PostgreSQL fails when it cannot be reached; it never skips (``./dev
test`` starts the server and makes the database first)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg import sql

SERVER = os.environ.get("KIROKU_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/kiroku_test")


def _connect() -> psycopg.Connection[tuple[object, ...]]:
    return psycopg.connect(SERVER, connect_timeout=5, autocommit=True)


@contextmanager
def schema() -> Iterator[str]:
    """A store URL on a fresh schema, dropped (with every table in it) afterwards."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    try:
        yield f"{SERVER}?schema={name}"
    finally:
        with _connect() as connection:
            connection.execute(
                sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name))
            )
