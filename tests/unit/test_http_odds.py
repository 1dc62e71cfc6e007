"""The server's odds (adapters/http/server.py ``Odds``): computed once per question away
from the store's thread, kept, and never waited on past their budget."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from adapters.http.problems import Problem
from adapters.http.server import Odds
from application.odds import OddsQuery
from domain.errors import MalformedInput

ASKED = OddsQuery(expression="8r8s", table=True, ruleset="l5r5e-house")


class Counted:
    def __init__(self) -> None:
        self.calls: list[OddsQuery] = []
        self.release = threading.Event()

    def __call__(self, query: OddsQuery) -> dict[str, Any]:
        self.calls.append(query)
        self.release.wait(30)
        if query.expression == "bad":
            raise MalformedInput("bad: no such pool")
        return {"expression": query.expression, "table": {"1": 0.5}}


def test_one_computation_answers_every_asker_then_the_cache_does() -> None:
    compute = Counted()

    async def main() -> list[dict[str, Any]]:
        odds = Odds(executor=ThreadPoolExecutor(2), compute=compute)
        asking = [asyncio.create_task(odds.answer(ASKED)) for _ in range(3)]
        await asyncio.sleep(0)
        compute.release.set()
        answers = await asyncio.gather(*asking)
        answers.append(await odds.answer(ASKED))
        odds.close()
        return answers

    answers = asyncio.run(main())
    assert len(compute.calls) == 1  # three at once and one after: one computation
    assert all(a == {"expression": "8r8s", "table": {"1": 0.5}} for a in answers)


def test_past_its_budget_a_question_is_a_503_and_its_answer_is_kept_for_later() -> None:
    compute = Counted()

    async def main() -> tuple[Problem, dict[str, Any]]:
        odds = Odds(executor=ThreadPoolExecutor(1), compute=compute, budget=0.05)
        with pytest.raises(Problem) as refused:
            await odds.answer(ASKED)
        compute.release.set()
        while odds.pending:
            await asyncio.sleep(0.01)
        later = await odds.answer(ASKED)
        odds.close()
        return refused.value, later

    problem, later = asyncio.run(main())
    assert problem.status == 503 and problem.headers["Retry-After"]
    assert later["expression"] == "8r8s"


def test_a_full_queue_is_a_503_at_once_and_refusals_are_not_kept() -> None:
    compute = Counted()

    async def main() -> tuple[int, int]:
        odds = Odds(executor=ThreadPoolExecutor(1), compute=compute, queue=1, budget=30)
        first = asyncio.create_task(odds.answer(ASKED))
        await asyncio.sleep(0)
        with pytest.raises(Problem) as busy:
            await odds.answer(OddsQuery(expression="2r1s", tn=1, ruleset="l5r5e-house"))
        compute.release.set()
        await first
        for _ in range(2):
            with pytest.raises(MalformedInput):
                await odds.answer(OddsQuery(expression="bad"))
        odds.close()
        return busy.value.status, len(compute.calls)

    status, calls = asyncio.run(main())
    assert status == 503
    assert calls == 3  # the table once, the refused question twice (never cached)


def test_the_document_names_the_odds_busy_problem_the_server_answers() -> None:
    """The odds' 503, as the OpenAPI document describes it: its type among those it
    names, every member the problem schema requires, and ``Retry-After`` in seconds."""
    import re

    from adapters.http.openapi import document

    compute = Counted()

    async def main() -> Problem:
        odds = Odds(executor=ThreadPoolExecutor(1), compute=compute, queue=1, budget=30)
        first = asyncio.create_task(odds.answer(ASKED))
        await asyncio.sleep(0)
        with pytest.raises(Problem) as busy:
            await odds.answer(OddsQuery(expression="2r1s", tn=1, ruleset="l5r5e-house"))
        compute.release.set()
        await first
        odds.close()
        return busy.value

    problem = asyncio.run(main())
    spec = document()
    answer = spec["paths"]["/v1/sessions/{session}/odds"]["get"]["responses"]["503"]
    [schema] = answer["content"].values()
    ref, typed = schema["schema"]["allOf"]
    assert ref["$ref"].rsplit("/", 1)[1] == "Problem"
    body = problem.body()
    assert body["type"] == "/problems/odds-busy"
    assert body["type"] in typed["properties"]["type"]["enum"]
    assert set(spec["components"]["schemas"]["Problem"]["required"]) <= set(body)
    pattern = answer["headers"]["Retry-After"]["schema"]["pattern"]
    assert re.fullmatch(pattern, problem.headers["Retry-After"])
    assert "odds-busy" in answer["description"]
