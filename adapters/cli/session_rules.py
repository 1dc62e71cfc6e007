"""Which commands a ruleset subcommand may be: the session's ruleset's.

``kiroku attack --session night1 …``: the session is read from the store (its opening
only) and the parser is built from its ruleset's command Structs; the store so opened is
the one the command then uses (one reader for the whole command). Without a session,
``--help`` shows the command as the first ruleset that has it; anything else asks for
the session.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from adapters.cli.arguments import early_options
from adapters.cli.commands import unknown_word
from adapters.cli.context import store_config
from adapters.store import EventStore
from domain.commands import Command
from domain.errors import MalformedInput
from domain.rulesets import RULESETS, lacks, load_ruleset


def command_types_for(
    argv: Sequence[str], word: str
) -> tuple[tuple[type[Command], ...], EventStore | None]:
    """The command types ``word`` may be, and the store the session was read from (None
    without a session): the caller closes it."""
    known = early_options(argv)
    session_id = known.session or os.environ.get("KIROKU_SESSION")
    if session_id:
        store = EventStore(store_config(known))
        try:
            opened = store.opened(session_id)
            ruleset = load_ruleset(opened.ruleset, dict(opened.options))
            if not any(t.spec.words[0] == word for t in ruleset.command_types):
                raise lacks(session_id, ruleset.id, word)
        except BaseException:
            store.close()
            raise
        return ruleset.command_types, store
    for ruleset_id in sorted(RULESETS):
        ruleset = load_ruleset(ruleset_id)
        if any(t.spec.words[0] == word for t in ruleset.command_types):
            if "-h" in argv or "--help" in argv:
                return ruleset.command_types, None
            raise MalformedInput(
                f"{word!r} is a command of the session's ruleset: name the session "
                "(--session ID, or set KIROKU_SESSION)"
            )
    raise unknown_word(word)
