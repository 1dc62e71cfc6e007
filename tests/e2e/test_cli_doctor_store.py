"""``kiroku doctor --store URL`` checks the store it is given: a PostgreSQL store is read
and each session vouched for (or not) as on SQLite, never the default SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from psycopg import sql

from tests.e2e.conftest import runner, seated
from tests.postgres import _connect, schema


@pytest.mark.postgres
def test_the_doctor_checks_the_postgresql_store_it_is_given(tmp_path: Path) -> None:
    kiroku = runner(tmp_path)
    seated(kiroku, "night", ("akodo-kaneka", "ana"))  # the default SQLite store: not this one
    with schema() as url:
        store = ("--store", url)
        assert kiroku("session", "open", "--id", "pg", "--gm", "g", *store).returncode == 0
        assert kiroku("note", "--session", "pg", "hello", *store).returncode == 0
        done = kiroku("doctor", *store, "--json")
        assert done.returncode == 0, done.stdout + done.stderr
        report = json.loads(done.stdout)
        assert report["store"].startswith("postgresql://") and "kiroku_test" in report["store"]
        assert list(report["sessions"]) == ["pg"]  # not night, of the SQLite file
        assert report["sessions"]["pg"] == {"events": 2, "intact": True, "edited": False}
        assert report["records"] == 1 and report["problems"] == []  # the note's
        name = url.rpartition("schema=")[2]
        with _connect() as connection:  # a row edited behind the store's back
            connection.execute(
                sql.SQL(
                    "UPDATE {} SET state = convert_to(replace(convert_from(state, 'UTF8'), "
                    "'hello', 'forged'), 'UTF8') WHERE convert_from(state, 'UTF8') LIKE '%hello%'"
                ).format(sql.Identifier(name, "kiroku_events"))
            )
        done = kiroku("doctor", *store)
        assert done.returncode == 2, done.stdout
        assert "pg: 2 events, EDITED" in done.stdout
    done = kiroku("doctor", "--store", "postgresql://postgres@127.0.0.1:9/kiroku")
    assert done.returncode == 2
    assert "cannot be reached" in done.stdout and "no store here yet" not in done.stdout
