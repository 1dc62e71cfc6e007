"""The chance of a roll, as ``kiroku odds`` prints it and a session's odds over HTTP give
it: one :class:`OddsQuery`, whichever surface asked.

A roll & keep expression (``6k3``) is answered under the ruleset's own dice rules where a
ruleset is named (:meth:`domain.rulesets.base.Ruleset.odds`: its ten-dice rule, its
reading of a tie), else under the 4th edition's ten-dice rule, the main ruleset's; a
narrative pool (``3b2s``) by the narrative dice's exact odds; a ruleset whose odds take a
matchup (its ``odds_report``) answers the matchup with the inputs it names.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from domain.commands import Query
from domain.dice.narrative.roll import is_narrative, parse_pool
from domain.dice.roll_keep.ten_dice import FOURTH_EDITION
from domain.errors import KirokuError, MalformedInput, excerpt
from domain.rulesets import RULESETS, load_ruleset
from domain.rulesets.base import Matchups

BARE_RULE = FOURTH_EDITION
"""The ten-dice rule of dice outside any session — ``kiroku roll 7k3`` and ``kiroku odds
7k3`` with no session nor ruleset named: the 4th edition's, the main ruleset's (a
session's roll and odds are its ruleset's)."""


class OddsQuery(msgspec.Struct, frozen=True, kw_only=True):
    """One odds question: an ``expression`` against a ``tn`` (or each TN of the
    ``table``), ``unskilled`` or with an ``emphasis``; under ``ruleset`` with its
    ``options`` where one is named; ``matchup``: the inputs a ruleset whose odds take a
    matchup reads (its ``odds_report``'s keyword arguments), only those given."""

    expression: str
    tn: int | None = None
    table: bool = False
    unskilled: bool = False
    emphasis: bool = False
    ruleset: str | None = None
    options: dict[str, str] = msgspec.field(default_factory=dict)
    matchup: dict[str, Any] = msgspec.field(default_factory=dict)


def odds_of(query: OddsQuery) -> dict[str, Any]:
    """The answer, as ``kiroku odds --json`` prints it."""
    if is_narrative(query.expression):
        return _narrative(query)
    if query.ruleset is not None:
        return _under_ruleset(query)
    _no_matchup(query, "a roll & keep expression")
    from domain.dice.roll_keep import odds  # the exact odds: for odds, not for a bare roll

    unskilled, emphasis = query.unskilled, query.emphasis
    if query.table:
        table = odds.tn_table(
            query.expression, unskilled=unskilled, emphasis=emphasis, rule=BARE_RULE
        )
        return {"expression": query.expression, "table": {str(tn): p for tn, p in table.items()}}
    tn = _tn(query)
    probability = odds.success_probability(
        query.expression, tn, unskilled=unskilled, emphasis=emphasis, rule=BARE_RULE
    )
    return {"expression": query.expression, "tn": tn, "probability": probability}


def matchup_types(named: str | None = None) -> list[type[Query]]:
    """The query of each registered ruleset whose odds take a matchup
    (:class:`~domain.rulesets.base.Matchups`), or of the one ``named``: what a surface
    offers ``odds`` beside the expression, read from each ruleset as its commands are. A
    plug-in that does not load offers none (``kiroku rules`` says why)."""
    found: list[type[Query]] = []
    for ruleset_id in sorted(RULESETS) if named is None else [named]:
        try:
            ruleset = load_ruleset(ruleset_id)
        except KirokuError:
            continue  # a plug-in that does not load, or a ruleset named wrong: said later
        if isinstance(ruleset, Matchups) and ruleset.matchup_type not in found:
            found.append(ruleset.matchup_type)
    return found


_AT = re.compile(r" - at `\$\.([a-z_]+)`$")


def matchup_of(ruleset: Matchups, given: dict[str, Any]) -> Query:
    """``given`` (by field name, as JSON or a query string gives it) as the ruleset's
    matchup query, or a refusal quoting what was wrong."""
    kind = ruleset.matchup_type
    try:
        return msgspec.convert(given, kind, strict=False)
    except msgspec.ValidationError as error:
        message = str(error)
        found = _AT.search(message)
        if found is None:
            raise MalformedInput(f"odds: {message}") from None
        name = found.group(1)
        shown = f"{name}={excerpt(str(given[name]))}" if name in given else name
        raise MalformedInput(f"odds {shown}: {message[: found.start()]}") from None


def _under_ruleset(query: OddsQuery) -> dict[str, Any]:
    """The chance under the ruleset's own dice rules, one TN or the table's; or its
    matchup's report."""
    assert query.ruleset is not None
    ruleset = load_ruleset(query.ruleset, query.options)
    if isinstance(ruleset, Matchups):
        if query.unskilled or query.emphasis or query.tn is not None:
            raise MalformedInput(
                f"{ruleset.id} odds take a matchup ('8-3 vs 7'), not a TN, unskilled nor emphasis"
            )
        asked = matchup_of(ruleset, query.matchup)
        data = ruleset.odds_report(query.expression, asked, table=query.table)
        return data
    _no_matchup(query, f"{ruleset.id} odds")
    from domain.dice.roll_keep.odds import TABLE_TNS

    options = {"unskilled": query.unskilled, "emphasis": query.emphasis}
    head = {"expression": query.expression, "ruleset": ruleset.id}
    if query.table:
        table = {str(tn): ruleset.odds(query.expression, tn, **options) for tn in TABLE_TNS}
        return head | {"table": table}
    tn = _tn(query)
    return head | {"tn": tn, "probability": ruleset.odds(query.expression, tn, **options)}


def _narrative(query: OddsQuery) -> dict[str, Any]:
    """``{"expression", "tn", "probability", "expected_strife"}``; with the table, each
    TN from 1 to 6."""
    from domain.dice.narrative.odds import TABLE_TNS as NARRATIVE_TNS
    from domain.dice.narrative.odds import check_odds

    pool = parse_pool(query.expression)
    if query.unskilled or query.emphasis:
        raise MalformedInput(
            f"{query.expression!r}: unskilled and emphasis are roll & keep's, not a narrative "
            "pool's"
        )
    _no_matchup(query, "a narrative pool")
    if query.table and query.tn is not None:
        raise MalformedInput("give a TN or the table, not both")
    if query.table:
        table = {}
        for tn in NARRATIVE_TNS:
            p, strife = check_odds(pool, tn)
            table[str(tn)] = {"probability": float(p), "expected_strife": float(strife)}
        return {"expression": str(pool), "table": table}
    tn = _tn(query)
    p, strife = check_odds(pool, tn)
    return {
        "expression": str(pool),
        "tn": tn,
        "probability": float(p),
        "expected_strife": float(strife),
    }


def _tn(query: OddsQuery) -> int:
    if query.tn is None:
        raise MalformedInput(f"odds of {query.expression!r} need a TN, or the table")
    return query.tn


def _no_matchup(query: OddsQuery, what: str) -> None:
    if query.matchup:
        given = ", ".join(sorted(query.matchup))
        raise MalformedInput(
            f"{what} take no matchup ({given}): those are for a ruleset whose odds take one "
            "('8-3 vs 7'; kiroku rules lists the rulesets)"
        )
