"""Which commands a ruleset subcommand may be: the session's ruleset's.

``kiroku attack --session night1 …``: the session is read from the store (its opening
only) and the parser is built from its ruleset's command Structs; the store so opened is
the one the command then uses (one reader for the whole command). A ruleset's command
means what its ruleset says, so its help is a ruleset's too: ``kiroku attack --help``
names no ruleset and is answered with the rulesets that have ``attack`` and how to name
one (``--session ID`` or ``--ruleset RULESET``), never with one of them silently (issue
30); ``kiroku attack --ruleset l5r4e --help`` is 4e's. Anything but help asks for the
session.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Sequence

from adapters.cli.arguments import early_options
from adapters.cli.command_line import Whose
from adapters.cli.commands import unknown_word
from adapters.cli.context import store_config
from adapters.store import EventStore
from domain.commands import Command
from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets import RULESETS, lacks, load_ruleset

Found = tuple[tuple[type[Command], ...], EventStore | None, Whose]
"""The command types a word may be, the store the session was read from (None without a
session: the caller closes it), and whose they are (``session 'night1' (l5r3e)``, or
``the l5r4e ruleset``)."""


def wants_help(argv: Sequence[str]) -> bool:
    return "-h" in argv or "--help" in argv


def command_types_for(argv: Sequence[str], word: str) -> Found:
    """The command types ``word`` may be: the session's ruleset's (``--session`` or
    ``$KIROKU_SESSION``), or for ``--help`` alone the ruleset ``--ruleset`` names."""
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
        said = f"session {session_id!r} ({ruleset.id})"
        return ruleset.command_types, store, Whose(said, f"--session {shlex.quote(session_id)}")
    having = [r for r in sorted(RULESETS) if _has(r, word)]
    if not having:
        raise unknown_word(word)
    if not wants_help(argv):
        raise MalformedInput(
            f"{word!r} is a command of the session's ruleset: name the session "
            "(--session ID, or set KIROKU_SESSION)"
        )
    if known.ruleset is None:
        raise MalformedInput(
            f"{word!r} is a ruleset's command, and each ruleset's takes its own options: "
            f"`kiroku {word} --ruleset RULESET --help` (RULESET one of {', '.join(having)}) "
            f"or `kiroku {word} --session ID --help`"
        )
    if known.ruleset not in RULESETS:
        raise MalformedInput(
            f"--ruleset {known.ruleset!r}: not a ruleset; {word!r} is one of {', '.join(having)}'s"
        )
    if known.ruleset not in having:
        raise IllegalUnderRules(
            f"ruleset {known.ruleset!r} has no command {word!r} (the rulesets that have it: "
            f"{', '.join(having)}); `kiroku rules {known.ruleset}` lists its commands"
        )
    whose = Whose(f"the {known.ruleset} ruleset", f"--ruleset {known.ruleset}")
    return load_ruleset(known.ruleset).command_types, None, whose


def _has(ruleset_id: str, word: str) -> bool:
    return any(t.spec.words[0] == word for t in load_ruleset(ruleset_id).command_types)
