"""Help generated from the truth (issue 30, item 2): every command of every ruleset, and
the core's, walked — every option has help, every enum lists all its values (in
``--help`` and in ``kiroku rules --json``), descriptions are whole sentences, internal
options are hidden, a range is said once, each dice family's ``--faces`` is explained,
and a ruleset's command's help names its ruleset."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import msgspec
import msgspec.inspect as mi
import pytest

from adapters.cli.command_line import Whose, command_from
from adapters.cli.fields import SHORT
from adapters.cli.main import build_parser, main, ruleset_parser
from adapters.cli.session_rules import command_types_for
from application.odds import matchup_types
from application.rows import describe_commands
from domain.commands import Command, describe_command, option_of, unwrap
from domain.dice.given import FACES_SYNTAX
from domain.errors import IllegalUnderRules, MalformedInput
from domain.field_help import field_help, values_of
from domain.rulesets import RULESETS, load_ruleset
from domain.rulesets.roll_keep_kit.fields import FreeRaises
from domain.session.commands import CORE_COMMANDS, JoinCharacter, hideable

RULESET_IDS = sorted(RULESETS)


def _parsers() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield "core", build_parser(matchup_types(None))
    for ruleset_id in RULESET_IDS:
        yield ruleset_id, ruleset_parser(load_ruleset(ruleset_id).command_types)


def _walk(parser: argparse.ArgumentParser, where: str) -> Iterator[tuple[str, argparse.Action]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _walk(sub, f"{where} {name}")
        elif not isinstance(action, argparse._HelpAction):
            yield where, action


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Every (sub-)subcommand's parser, by its words."""
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found[name] = sub
                found |= {f"{name} {k}": v for k, v in _subcommands(sub).items()}
    return found


def _offered(command_type: type[Command]) -> list[mi.Field]:
    info = mi.type_info(command_type)
    assert isinstance(info, mi.StructType)
    return [
        f
        for f in info.fields
        if (f.name != "hidden" or hideable(command_type))
        and f.name not in command_type.spec.internal
    ]


def _every_command() -> Iterator[tuple[str, type[Command]]]:
    for command_type in CORE_COMMANDS:
        yield "core", command_type
    for ruleset_id in RULESET_IDS:
        for command_type in load_ruleset(ruleset_id).command_types:
            yield ruleset_id, command_type


def _helped_option(
    parsers: dict[str, argparse.ArgumentParser], command_type: type[Command], name: str
) -> argparse.Action:
    sub = parsers[command_type.spec.name]
    option = option_of(command_type, name)
    for action in sub._actions:
        if option in action.option_strings or action.dest == name:
            return action
    raise AssertionError(f"{command_type.spec.name} offers no {option}")


def test_every_option_of_every_command_has_help() -> None:
    bare = [
        f"{ruleset}: {where} {'/'.join(action.option_strings) or action.dest}"
        for ruleset, parser in _parsers()
        for where, action in _walk(parser, "kiroku")
        if action.help != argparse.SUPPRESS and not (action.help or "").strip()
    ]
    assert not bare, f"options with no help: {bare}"


def test_every_field_of_every_command_says_what_it_is() -> None:
    """Not only its values or bounds: a description of its own."""
    bare = [
        f"{ruleset}: {command_type.spec.name} {field.name}"
        for ruleset, command_type in _every_command()
        for field in _offered(command_type)
        if not unwrap(field.type)[1].get("description")
    ]
    assert not bare, f"fields with no description: {bare}"


@pytest.mark.parametrize("ruleset_id", ["core", *RULESET_IDS])
def test_every_enum_lists_all_its_values_in_help_and_in_the_rules(ruleset_id: str) -> None:
    if ruleset_id == "core":
        types, parser = CORE_COMMANDS, build_parser()
    else:
        types = load_ruleset(ruleset_id).command_types
        parser = ruleset_parser(types)
    parsers = _subcommands(parser)
    described = {c["name"]: c for c in describe_commands(types)}
    checked = 0
    for command_type in types:
        if command_type.spec.name == "amend":
            continue  # its options are the amended command's, checked with it
        fields = {f["name"]: f for f in described[command_type.spec.name]["fields"]}
        for field in _offered(command_type):
            values = values_of(unwrap(field.type)[0])
            if not values:
                continue
            checked += 1
            shown = _helped_option(parsers, command_type, field.name).help or ""
            words = set(re.findall(r"[\w-]+", " ".join(shown.split())))
            missing = [v for v in values if str(v) not in words]
            assert not missing, f"{command_type.spec.name} {field.name}: {missing} not in help"
            assert fields[field.name]["values"] == list(values)
            assert all(str(v) in fields[field.name]["help"] for v in values)
    assert checked, "no enum at all: the walk found nothing to check"


def test_3e_act_and_attack_list_their_values_where_they_listed_none() -> None:
    rules = {c["name"]: c for c in describe_commands(load_ruleset("l5r3e").command_types)}
    [actions] = [f for f in rules["act"]["fields"] if f["name"] == "actions"]
    assert "melee_attack" in actions["help"] and "half_move" in actions["values"]
    [circumstances] = [f for f in rules["attack"]["fields"] if f["name"] == "circumstances"]
    assert "flanking" in circumstances["help"] and "rough_terrain" in circumstances["help"]


def test_a_bad_enum_value_is_quoted_with_every_value_it_could_be() -> None:
    types = load_ruleset("l5r3e").command_types
    parser = ruleset_parser(types)
    args = parser.parse_args(["act", "--character", "Fumi", "--action", "draw"])
    with pytest.raises(MalformedInput) as refused:
        command_from(args, args.command_type)
    message = str(refused.value)
    assert message.startswith("act --action: 'draw' is not one of ")
    for action in ("complex", "half_move", "melee_attack", "stand_up"):
        assert action in message


def test_the_top_level_descriptions_are_whole_sentences() -> None:
    parser = build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    helps = {c.dest: c.help or "" for c in sub._choices_actions}
    for word, text in helps.items():
        assert text.endswith("."), f"{word}: {text!r} is no sentence"
        assert text[0].isupper(), f"{word}: {text!r}"
    for word in ("join", "retract", "reinstate", "reveal", "close", "undo"):
        assert not helps[word].endswith((", with.", " that.", " every.", "(or.")), helps[word]
    assert helps["clock"].startswith("The GM moves the story's clock on"), helps["clock"]


@pytest.mark.parametrize("command_type", [t for _, t in _every_command()], ids=str)
def test_a_command_s_summary_is_its_docstring_s_first_sentence_whole(
    command_type: type[Command],
) -> None:
    summary = describe_command(command_type)
    doc = " ".join((command_type.__doc__ or "").split())
    plain = re.sub(r":[a-z]+:`([^`]*)`|``([^`]*)``", lambda m: m.group(1) or m.group(2), doc)
    assert summary.endswith((".", "!", "?")), summary
    assert plain.startswith(summary), f"{summary!r} is not how {plain[:80]!r} starts"
    rest = plain[len(summary) :]
    assert rest == "" or rest.startswith(" "), f"{summary!r} is cut mid-word"


def test_internal_options_are_hidden_from_help_but_still_taken() -> None:
    parsers = _subcommands(build_parser())
    assert "--carried" not in [o for a in parsers["join"]._actions for o in a.option_strings]
    assert "--carried" not in parsers["join"].format_help()
    [join] = describe_commands((JoinCharacter,))
    assert "carried" not in [f["name"] for f in join["fields"]]
    carried = {"session": "s1", "position": 3}
    taken = msgspec.convert(
        {"sheet": {}, "player": "ana", "carried": carried}, JoinCharacter
    )  # what `kiroku carry` builds, and a replay line holds
    assert taken.carried is not None


def test_a_range_is_said_once_and_right() -> None:
    types = load_ruleset("l5r3e").command_types
    rules = {c["name"]: c for c in describe_commands(types)}
    [rough] = [f for f in rules["attack"]["fields"] if f["name"] == "rough_terrain"]
    assert rough["help"].endswith("; 0, or 5 to 15")
    assert "5 to 15; 0 to 15" not in rough["help"]
    for ruleset, command_type in _every_command():
        for field in _offered(command_type):
            kind, extra = unwrap(field.type)
            description = extra.get("description", "")
            said = re.findall(r"\b\d+ to \d+\b", description)
            low, high = getattr(kind, "ge", None), getattr(kind, "le", None)
            bounded = low is not None or high is not None
            if low is not None and high is not None:
                said += re.findall(rf"(?<![\d-]){low}\s*[–-]\s*{high}(?!\d)", description)
            assert not (said and bounded), (
                f"{ruleset} {command_type.spec.name} {field.name}: the description says "
                f"{said} and the bounds are said after it"
            )


def test_3e_free_to_manoeuvre_is_3e_s_own_wording() -> None:
    [attack] = [t for t in load_ruleset("l5r3e").command_types if t.spec.name == "attack"]
    [field] = [f for f in _offered(attack) if f.name == "free_to_manoeuvre"]
    help_text = field_help(field)
    kit = mi.type_info(FreeRaises)
    assert isinstance(kit, mi.Metadata) and kit.extra_json_schema
    assert kit.extra_json_schema["description"] not in help_text  # 4e's wording
    assert "Assault" in help_text and "feint" in help_text and "Augmentations" in help_text


def test_every_dice_command_explains_its_own_family_s_faces() -> None:
    for _, command_type in _every_command():
        if command_type.spec.dice == "none":
            continue
        parser = ruleset_parser([command_type])
        sub = _subcommands(parser)[command_type.spec.name]
        [faces] = [a for a in sub._actions if "--faces" in a.option_strings]
        assert faces.help == FACES_SYNTAX[command_type.spec.family], command_type.spec.name
    for command_type in load_ruleset("l5r5e-house").command_types:
        if command_type.spec.dice != "none":
            assert command_type.spec.family == "narrative", command_type.spec.name
    assert "10+3" not in FACES_SYNTAX["narrative"]  # no roll & keep notation in narrative
    assert re.search(r": [0-9,]+$", FACES_SYNTAX["narrative"])  # ends with its example


def test_a_bare_narrative_roll_takes_its_family_s_faces_as_the_sessions_do(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``roll 3r2s --faces`` in the order thrown (the family's syntax) and in the older
    slash form give the same roll."""
    assert main(["roll", "3r2s", "--faces", "6,3,1,12,9,5,4", "--tn", "3", "--json"]) == 0
    in_order = capsys.readouterr().out
    assert main(["roll", "3r2s", "--faces", "6+5,3,1/12+4,9", "--tn", "3", "--json"]) == 0
    assert capsys.readouterr().out == in_order
    assert main(["roll", "3r2s", "--faces", "6,3,1,12,9,5,4,4"]) == 2
    assert "1 of the faces given were not rolled (4)" in capsys.readouterr().err


def test_a_ruleset_s_command_s_help_asks_for_its_ruleset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("KIROKU_SESSION", raising=False)
    with pytest.raises(MalformedInput) as asked:
        command_types_for(["attack", "--help"], "attack")
    message = str(asked.value)
    assert "--ruleset RULESET" in message and "--session ID" in message
    assert "l5r-house, l5r3e, l5r4e" in message  # the rulesets that have it
    types, store, whose = command_types_for(["attack", "--ruleset", "l5r3e", "--help"], "attack")
    assert store is None and whose.said == "the l5r3e ruleset"
    assert whose.option == "--ruleset l5r3e"
    assert types == load_ruleset("l5r3e").command_types
    with pytest.raises(IllegalUnderRules, match="ruleset 'ukiyo' has no command 'attack'"):
        command_types_for(["attack", "--ruleset", "ukiyo", "--help"], "attack")
    with pytest.raises(MalformedInput, match="name the session"):
        command_types_for(["attack", "--ruleset", "l5r3e"], "attack")


def test_a_ruleset_s_command_s_help_names_the_ruleset(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("KIROKU_SESSION", raising=False)
    with pytest.raises(SystemExit):
        main(["attack", "--ruleset", "l5r3e", "--help"])
    shown = capsys.readouterr().out
    assert "As the l5r3e ruleset takes it." in shown
    assert "--free-to-manoeuvre" in shown and "--rough-terrain" in shown  # 3e's, not 4e's


def test_an_unknown_option_before_the_word_names_the_command_s_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["-z", "roll", "5k3"]) == 2
    assert "`kiroku roll --help`" in capsys.readouterr().err
    assert main(["roll", "5k3", "-z"]) == 2
    assert "`kiroku roll --help`" in capsys.readouterr().err


def test_the_short_options_a_gm_types_every_round() -> None:
    """-c, -t and -w wherever --character, --target and --weapon are (argparse would
    refuse a clash when the parser is built)."""
    for ruleset, parser in _parsers():
        for where, action in _walk(parser, "kiroku"):
            for long, short in SHORT.items():
                if long in action.option_strings:
                    assert short in action.option_strings, f"{ruleset}: {where} {long}"
    parser = ruleset_parser(load_ruleset("l5r4e").command_types)
    args = parser.parse_args(["attack", "-c", "Akodo Kaneka", "-t", "Bayushi Fumi", "-w", "Katana"])
    attack = command_from(args, args.command_type)
    assert msgspec.to_builtins(attack)["target"] == "Bayushi Fumi"
    assert msgspec.to_builtins(attack)["weapon"] == "Katana"
    for words in (["log", "-c", "Kaneka"], ["sheet", "-c", "Kaneka"]):
        assert build_parser().parse_args(words).character == "Kaneka"


def test_every_ruleset_option_lists_the_rulesets() -> None:
    parsers = _subcommands(build_parser())
    for words in ("session open", "campaign open", "odds"):
        [option] = [a for a in parsers[words]._actions if "--ruleset" in a.option_strings]
        assert all(r in (option.help or "") for r in RULESET_IDS), (words, option.help)


def test_the_api_tells_a_bad_enum_value_every_value_it_could_be() -> None:
    from adapters.http.bodies import ruleset_commands
    from adapters.http.problems import Problem

    body = b'{"command": "act", "character": "Fumi", "actions": ["draw"]}'
    with pytest.raises(Problem) as refused:
        ruleset_commands("l5r3e").decode(body)
    detail = str(refused.value.detail)
    assert "actions: 'draw' is not one of complex, concentration, half_move" in detail


def test_a_ruleset_s_command_s_refusals_name_the_help_of_its_ruleset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``kiroku attack --help`` alone asks which ruleset: a refusal names the help that
    shows this one's."""
    whose = Whose("session 'night' (l5r3e)", "--session night")
    parser = ruleset_parser(load_ruleset("l5r3e").command_types, whose)
    with pytest.raises(SystemExit):
        parser.parse_args(["attack", "-c", "Fumi"])
    assert "(`kiroku attack --session night --help`)" in capsys.readouterr().err
    args, extra = parser.parse_known_args(["attack", "-c", "Fumi", "-t", "Rola", "-z"])
    assert extra == ["-z"] and args.unknown_help == "kiroku attack --session night --help"
