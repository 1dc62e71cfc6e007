"""Wake-ups from PostgreSQL: the eventsourcing library's PostgreSQL recorder sends a
``NOTIFY`` on its events table's channel with every write it commits, from whichever
process made it. One listener thread a server ``LISTEN``s there and wakes every
session's feed (:class:`adapters.http.streams.Feeds`), so an event written through
another server reaches this one's subscribers at once rather than at its next look.

A notification alone is never trusted: one may be lost (the listener's connection
dropped, the listener reconnecting, PostgreSQL restarted), so the feeds still look at
the store every :data:`adapters.http.streams.POLL` seconds whatever happens here, and a
listener that fails waits a second and listens again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from adapters.log import logger

RETRY = 1.0
"""Seconds a failed listener waits before it listens again."""


class Listener:
    """A thread that calls ``wake`` after each notification on the store's channel."""

    def __init__(self, recorder: Any, wake: Callable[[], None]) -> None:
        self.recorder = recorder
        self.wake = wake
        self.heard = 0
        """How many notifications woke the feeds (for the tests and the logs)."""
        self.listening = threading.Event()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kiroku-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        from psycopg.sql import SQL, Identifier  # PostgreSQL's own: not loaded on SQLite

        channel = self.recorder.channel_name
        while not self._stopped.is_set():
            try:
                with self.recorder.datastore.get_connection() as connection:
                    connection.execute(SQL("LISTEN {0}").format(Identifier(channel)))
                    connection.commit()
                    self.listening.set()
                    while not self._stopped.is_set():
                        for _ in connection.notifies(timeout=0.2, stop_after=1):
                            self.heard += 1
                            self.wake()
            except Exception as error:  # the feeds' own looks carry on meanwhile
                self.listening.clear()
                logger().warning("listen failed", channel=channel, error=str(error))
                self._stopped.wait(RETRY)
