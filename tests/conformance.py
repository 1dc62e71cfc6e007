"""The conformance kit: what the core, the store and both surfaces rely on of a ruleset,
each a named check that takes the ruleset's id (``tests/unit/test_ruleset_conformance.py``
runs every check on every ruleset, the tests' coin included). A new ruleset that forgets
one fails that check, by name.

- ``it_implements_the_protocol``: every member of the ``Ruleset`` protocol is there;
- ``events_are_folded``: nothing it can record goes unfolded;
- ``events_keep_their_own_names``: none of its events takes a core event's name;
- ``commands_have_one_name_each``: each a Command with a docstring, none a core word;
- ``every_command_is_decided``: each command it lists reaches its decider (a sample of
  it, on a fresh session, gives events or a refusal of its own — never the dispatch's
  "has no command", nor a crash; a decider that refuses in other words for want of a
  case of its own is not told apart);
- ``its_commands_name_their_phase``: each of its commands (and the core's) names the
  part of play it belongs to, one of ``PHASES``, which the console groups them by;
- ``every_command_builds_a_parser_and_a_body``: the shell builds its parser, and an HTTP
  body of it decodes to the same command;
- ``its_matchup_query_is_declared_like_a_command`` (odds that take a matchup): its query's
  fields are ``kiroku odds``'s options and the API's parameters, read to one Struct;
- ``its_rolls_show_whole`` (rolls shown whole under their command): each roll of its
  replays with a heading, its lines and JSON (its total, or a narrative check's
  successes);
- ``its_demo_scene_plays`` (a demonstration scene): played through, nothing refused;
- ``its_state_survives_a_snapshot`` and ``its_fold_is_deterministic`` (its curated
  replays folded twice give the same snapshot, byte for byte — and for a shipped
  ruleset in two processes whose string hashes differ);
- ``its_views_encode_to_json``: fresh, and after each of its curated replays;
- ``it_knows_its_sheet_and_its_options``: each option explained, an unknown one refused;
- ``its_closed_options_declare_their_values``: each option's default declared, and the
  values of one that takes a closed set (offered as a choice from the declaration), each
  of them taken and no other;
- ``it_has_curated_replays`` (the shipped rulesets: their rules' regression suite), each
  of whose events has a line stating its numbers (:mod:`tests.lines`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi

from adapters.cli.demo import Table as DemoTable
from adapters.cli.dice_commands import odds_query
from adapters.cli.main import build_parser, ruleset_parser
from adapters.http.bodies import ruleset_commands
from adapters.replay_file import read_replay
from adapters.store import EventStore, StoreConfig
from application.odds import matchup_of, matchup_types
from application.service import SessionService
from domain.commands import PHASES, Command, Context, Query, option_of, unwrap
from domain.dice.source import FaceQueue
from domain.errors import IllegalUnderRules, KirokuError, MalformedInput, NotAllowed
from domain.events import CORE_EVENT_TYPES, Recorded, SessionOpened
from domain.rulesets import BUILT_IN, Ruleset, load_ruleset
from domain.rulesets.base import Demonstrated, Matchups, Option, ShowsRolls
from domain.session.aggregate import Session
from domain.session.commands import CORE_COMMANDS
from projections import project_state
from projections.timeline import describe
from tests.lines import misstated_tn, unstated
from tests.support import GM, T0, Clock

ROOT = Path(__file__).resolve().parents[1]
REPLAYS = ROOT / "replays"

Check = Callable[[str], None]


@cache
def replays_of(ruleset_id: str) -> tuple[tuple[Recorded, ...], ...]:
    """The curated replays played under ``ruleset_id`` (with no options of their own,
    for the fold to be compared), each as its events."""
    found = []
    for path in sorted(REPLAYS.glob("*.jsonl")):
        header, events = read_replay(path, recompute_rolls=False)
        if header.ruleset == ruleset_id:
            found.append(tuple(events))
    return tuple(found)


def sample(kind: Any) -> Any:
    """A plain value of the type msgspec describes, within its bounds: what a sample
    command is made of."""
    if isinstance(kind, mi.Metadata):
        return sample(kind.type)
    if isinstance(kind, mi.UnionType):
        others = [t for t in kind.types if not isinstance(t, mi.NoneType)]
        return None if len(others) < len(kind.types) else sample(others[0])
    if isinstance(kind, mi.StrType):
        return "x" * max(1, kind.min_length or 0)
    if isinstance(kind, mi.BoolType):
        return False
    if isinstance(kind, mi.IntType):
        low = kind.ge if kind.ge is not None else (kind.gt + 1 if kind.gt is not None else 1)
        return low
    if isinstance(kind, mi.FloatType):
        return float(kind.ge if kind.ge is not None else 1.0)
    if isinstance(kind, mi.LiteralType):
        return kind.values[0]
    if isinstance(kind, mi.TupleType):
        return [sample(t) for t in kind.item_types]
    if isinstance(kind, mi.ListType | mi.VarTupleType | mi.SetType | mi.FrozenSetType):
        return [sample(kind.item_type) for _ in range(kind.min_length or 0)]
    if isinstance(kind, mi.DictType):
        return {}
    if isinstance(kind, mi.StructType):
        return {f.encode_name: sample(f.type) for f in kind.fields if f.required}
    return None


def sample_command(command_type: type[Command]) -> Command:
    info = mi.type_info(command_type)
    assert isinstance(info, mi.StructType)
    given = {f.encode_name: sample(f.type) for f in info.fields if f.required}
    return msgspec.convert(given, command_type)


def fresh(ruleset_id: str) -> Session:
    opened = SessionOpened(actor=GM, at=T0, session="conformance", ruleset=ruleset_id, gm=GM)
    return Session([Recorded(1, opened)])


# -- the checks ---------------------------------------------------------------------------


def it_implements_the_protocol(ruleset_id: str) -> None:
    """Every member of :class:`~domain.rulesets.base.Ruleset` is there: the core calls
    them without asking (only the optional capabilities, protocols of their own, are
    asked for)."""
    ruleset = load_ruleset(ruleset_id)
    members = {n for n in vars(Ruleset) if not n.startswith("_")}
    missing = sorted(name for name in members if not hasattr(ruleset, name))
    assert not missing, f"{ruleset_id} lacks {missing} of the Ruleset protocol"
    assert isinstance(ruleset, Ruleset)


def events_are_folded(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    handlers = ruleset.fold_handlers()
    unfolded = [t.__name__ for t in ruleset.event_types if t not in handlers]
    assert not unfolded, f"{ruleset_id} records events nothing folds: {unfolded}"


def events_keep_their_own_names(ruleset_id: str) -> None:
    core = {t.__name__ for t in CORE_EVENT_TYPES}
    taken = core & {t.__name__ for t in load_ruleset(ruleset_id).event_types}
    assert not taken, f"{ruleset_id}'s events take the core's names: {sorted(taken)}"


def commands_have_one_name_each(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    names = [t.spec.name for t in ruleset.command_types]
    assert len(names) == len(set(names)), f"{ruleset_id}: two commands share a name"
    undocumented = [t.__name__ for t in ruleset.command_types if not t.__doc__]
    assert not undocumented, f"{ruleset_id}'s commands without a docstring: {undocumented}"
    assert all(issubclass(t, Command) for t in ruleset.command_types)
    core = {t.spec.words[0] for t in CORE_COMMANDS} - {"roll"}  # a ruleset's roll is its own
    taken = core & {t.spec.words[0] for t in ruleset.command_types}
    assert not taken, f"{ruleset_id}'s commands take the core's words: {sorted(taken)}"


def every_command_is_decided(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    for command_type in ruleset.command_types:
        command = sample_command(command_type)
        session = fresh(ruleset_id)
        context = Context(GM, T0, FaceQueue([1] * 200))
        try:
            session.decide(command, context)
        except IllegalUnderRules as error:
            assert "has no command" not in str(error), (
                f"{ruleset_id} lists {command_type.__name__} but decides it nowhere: {error}"
            )
        except KirokuError:
            pass  # refused on a fresh session (no such character): decided, and refused
        except Exception as error:
            raise AssertionError(
                f"{ruleset_id} lists {command_type.__name__} but its decider fails on it "
                f"({type(error).__name__}: {error}) instead of deciding or refusing"
            ) from error


def its_gm_s_commands_are_marked(ruleset_id: str) -> None:
    """A command the rules give the GM alone says so on its spec (``gm_only``), so that
    every surface offers it to the GM alone (the console's forms, a player's phone): a
    player giving a marked one is refused (``NotAllowed``), and a player giving an
    unmarked one is never refused for not being the GM."""
    ruleset = load_ruleset(ruleset_id)
    for command_type in ruleset.command_types:
        command = sample_command(command_type)
        session = fresh(ruleset_id)
        try:
            session.decide(command, Context("a-player", T0, FaceQueue([1] * 200)))
        except NotAllowed as error:
            assert command_type.spec.gm_only or "only the GM" not in str(error), (
                f"{ruleset_id}'s {command_type.spec.name!r} is the GM's alone ({error}) "
                "but its spec does not say gm_only=True"
            )
            continue
        except KirokuError:
            pass
        assert not command_type.spec.gm_only, (
            f"{ruleset_id}'s {command_type.spec.name!r} says gm_only=True, but a player "
            "giving it is not refused"
        )


def its_commands_name_their_phase(ruleset_id: str) -> None:
    """Each command it decides says the part of play it belongs to (``phase``, one of
    :data:`domain.commands.PHASES`), on its spec: a surface groups the commands by it (the
    console's Act panel), and a plug-in's spec is not type-checked."""
    ruleset = load_ruleset(ruleset_id)
    for command_type in (*ruleset.command_types, *CORE_COMMANDS):
        phase = getattr(command_type.spec, "phase", None)
        assert phase in PHASES, (
            f"{ruleset_id}'s {command_type.spec.name!r} names phase {phase!r}, not one of "
            f"{', '.join(PHASES)}"
        )


def every_command_builds_a_parser_and_a_body(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    bodies = ruleset_commands(ruleset_id)
    for command_type in ruleset.command_types:
        ruleset_parser([command_type])  # the shell's parser of it
        command = sample_command(command_type)
        body = msgspec.json.encode(
            {"command": command_type.spec.name} | msgspec.to_builtins(command)
        )
        decoded, _ = bodies.decode(body)
        assert decoded == command, f"{ruleset_id}: the body of {command_type.__name__}"


def its_matchup_query_is_declared_like_a_command(ruleset_id: str) -> None:
    """A ruleset whose odds take a matchup declares what else they take as a
    :class:`~domain.commands.Query`: every field is an option of ``kiroku odds`` and a
    parameter of the API, both read to the same query, which the ruleset answers or
    refuses with one of the core's errors."""
    ruleset = load_ruleset(ruleset_id)
    if not isinstance(ruleset, Matchups):
        return
    kind = ruleset.matchup_type
    assert issubclass(kind, Query), f"{ruleset_id}: its matchup_type is no Query"
    fields = mi.type_info(kind).fields  # type: ignore[attr-defined]
    values = {f.name: sample(unwrap(f.type)[0]) for f in fields}
    argv = ["odds", "1 vs 1", "--ruleset", ruleset_id]
    for f in fields:
        value = values[f.name]
        if isinstance(value, bool):
            argv += [option_of(kind, f.name)] if value else []
        else:
            argv += [option_of(kind, f.name), str(value)]
    shell = odds_query(build_parser(matchup_types()).parse_args(argv)).matchup
    api = {name: str(value).lower() if isinstance(value, bool) else str(value)
           for name, value in values.items()}  # fmt: skip
    asked = matchup_of(ruleset, api)
    assert matchup_of(ruleset, shell) == asked, f"{ruleset_id}: {kind.__name__} read twice"
    with contextlib.suppress(KirokuError):  # refused, as a sample's values may be
        ruleset.odds_report("1 vs 1", asked)


def its_rolls_show_whole(ruleset_id: str) -> None:
    """A ruleset that shows its rolls whole (:class:`~domain.rulesets.base.ShowsRolls`)
    shows each roll of its curated replays with a heading, its lines, and JSON that
    encodes and says which roll it is."""
    ruleset = load_ruleset(ruleset_id)
    if not isinstance(ruleset, ShowsRolls):
        return
    for events in replays_of(ruleset_id):
        for recorded in events:
            shown = ruleset.shown_roll(recorded.event)
            if shown is None:
                continue
            assert shown.heading and shown.lines, (recorded.position, shown)
            data = msgspec.json.decode(msgspec.json.encode({**shown.roll, **shown.about}))
            assert {"expression", "dice"} <= set(data), (recorded.position, data)
            counted = "successes" if data.get("family") == "narrative" else "total"
            assert counted in data, (recorded.position, data)  # a total, or the successes


def its_demo_scene_plays(ruleset_id: str) -> None:
    """A ruleset with a demonstration scene (``kiroku demo``) plays it through on a fresh
    session: every command it gives is decided and recorded, none refused."""
    ruleset = load_ruleset(ruleset_id)
    if not isinstance(ruleset, Demonstrated):
        return
    service = SessionService(EventStore(StoreConfig(kind="memory")), clock=Clock())
    service.open(session_id="demo", ruleset=ruleset_id, gm=GM)
    ruleset.demo_scene(DemoTable(service, "demo", random.Random(1120)))
    assert service.load("demo").version > 10, "a scene of a few commands only"


def its_state_survives_a_snapshot(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    state = ruleset.initial()
    assert ruleset.load_state(ruleset.dump_state(state)) == state
    for events in replays_of(ruleset_id):
        table = Session(list(events)).state.table
        assert ruleset.load_state(ruleset.dump_state(table)) == table


def folded_digests(ruleset_id: str) -> list[str]:
    """The SHA-256 of the snapshot of each of the ruleset's curated replays, folded."""
    ruleset = load_ruleset(ruleset_id)
    return [
        hashlib.sha256(ruleset.dump_state(Session(list(events)).state.table)).hexdigest()
        for events in replays_of(ruleset_id)
    ]


@cache
def folded_elsewhere(seed: str) -> dict[str, list[str]]:
    """:func:`folded_digests` of every shipped ruleset, in a process of its own whose
    string hashes are seeded with ``seed``: a fold that leans on a set's or a dict's
    hash order differs between two such processes."""
    script = (
        "import json\n"
        "from domain.rulesets import BUILT_IN\n"
        "from tests.conformance import folded_digests\n"
        "print(json.dumps({r: folded_digests(r) for r in BUILT_IN}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": seed},
        capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    found: dict[str, list[str]] = json.loads(done.stdout)
    return found


def its_fold_is_deterministic(ruleset_id: str) -> None:
    """The same events fold to the same snapshot, byte for byte: twice here, and in two
    processes whose string hashes differ (the shipped rulesets)."""
    here = folded_digests(ruleset_id)
    assert here == folded_digests(ruleset_id)
    if ruleset_id in BUILT_IN:
        assert folded_elsewhere("1")[ruleset_id] == folded_elsewhere("4")[ruleset_id] == here


def its_views_encode_to_json(ruleset_id: str) -> None:
    msgspec.json.encode(project_state(fresh(ruleset_id).state))
    for events in replays_of(ruleset_id):
        msgspec.json.encode(project_state(Session(list(events)).state))


def it_knows_its_sheet_and_its_options(ruleset_id: str) -> None:
    """Its sheet is a type, each option it takes says what it does, and an option it
    does not take is refused, quoted."""
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset.sheet_type, type)
    assert set(ruleset.options) <= set(ruleset.declared_options)
    assert all(isinstance(o, Option) and o.help.strip() for o in ruleset.declared_options.values())
    try:
        load_ruleset(ruleset_id, {"no_such_option": "x"})
    except MalformedInput as error:
        assert "no_such_option" in str(error), str(error)
    else:
        raise AssertionError(f"{ruleset_id} takes an option it does not have")


LISTED_AS_CLOSED = re.compile(r"^(\S+) \(default\)[:,]")
"""A help that reads as a closed option's: ``X (default): …; Y: …``, ``X (default), Y
or Z`` — what a surface once guessed values from, and what now needs them declared."""


def its_closed_options_declare_their_values(ruleset_id: str) -> None:
    """Each option declares its default and, where it takes one of a closed set, every
    value (:class:`domain.rulesets.options.Option`), which every surface offers from the
    declaration, never from the help's words: its default opens a session; each value
    it declares does, and one outside them is refused, quoted, with every value it could
    be; a help that names a default names the declared one; and a help that reads as a
    closed option's (``X (default): …; Y: …``) is a closed option's, declared."""
    ruleset = load_ruleset(ruleset_id)
    for name, option in ruleset.declared_options.items():
        load_ruleset(ruleset_id, {name: option.default})
        said = LISTED_AS_CLOSED.match(option.help) or re.match(r"^(\S+) \(default\)", option.help)
        assert said is None or said.group(1) == option.default, (
            f"{ruleset_id}'s option {name} says its default is {said.group(1)!r}, but "
            f"declares {option.default!r}"
        )
        if not option.values:
            assert not LISTED_AS_CLOSED.match(option.help), (
                f"{ruleset_id}'s option {name} lists its values in its help ({option.help!r}) "
                "but declares none: declare them (Option(values=…))"
            )
            continue
        for value in option.values:
            load_ruleset(ruleset_id, {name: value})
        try:
            load_ruleset(ruleset_id, {name: "no-such-value"})
        except MalformedInput as error:
            assert "no-such-value" in str(error), str(error)
            assert all(value in str(error) for value in option.values), str(error)
        else:
            raise AssertionError(f"{ruleset_id}'s option {name} takes a value it does not declare")


def it_has_curated_replays(ruleset_id: str) -> None:
    if ruleset_id not in BUILT_IN:
        return  # a test's or a plug-in's ruleset keeps its replays where it is kept
    replays = replays_of(ruleset_id)
    assert replays, f"{ruleset_id} has no curated replay in replays/"
    ruleset = load_ruleset(ruleset_id)
    for events in replays:
        for recorded in events:
            missing = unstated(recorded.event, describe(recorded.event, ruleset))
            assert not missing, (recorded.position, type(recorded.event).__name__, missing)


def its_lines_say_the_tn_decided(ruleset_id: str) -> None:
    """Every line of its curated replays that names a TN names first the one its ruling
    was decided against, and no TN its event does not hold (:func:`tests.lines.misstated_tn`)."""
    ruleset = load_ruleset(ruleset_id)
    for events in replays_of(ruleset_id):
        for recorded in events:
            line = describe(recorded.event, ruleset)
            wrong = misstated_tn(recorded.event, line)
            assert not wrong, (recorded.position, line, wrong)


CHECKS: dict[str, Check] = {
    check.__name__: check
    for check in (
        it_implements_the_protocol,
        events_are_folded,
        events_keep_their_own_names,
        commands_have_one_name_each,
        every_command_is_decided,
        its_gm_s_commands_are_marked,
        its_commands_name_their_phase,
        every_command_builds_a_parser_and_a_body,
        its_matchup_query_is_declared_like_a_command,
        its_rolls_show_whole,
        its_demo_scene_plays,
        its_state_survives_a_snapshot,
        its_fold_is_deterministic,
        its_views_encode_to_json,
        it_knows_its_sheet_and_its_options,
        its_closed_options_declare_their_values,
        it_has_curated_replays,
        its_lines_say_the_tn_decided,
    )
}
