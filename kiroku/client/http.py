"""The client: :class:`Client` for the server (its sessions, its rulesets) and
:class:`SessionClient` for one session (its commands, reads, corrections, tokens and
stream), each call made as the holder of the client's bearer token and each refusal
raised as its :class:`~kiroku.client.problems.Problem`."""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType
from typing import Any
from urllib.parse import quote

import httpx

from kiroku.client.problems import problem_of
from kiroku.client.results import Event, Page, Recorded, State, Token
from kiroku.client.stream import Stream

JSON = dict[str, Any]


class Client:
    """A client of ``kiroku serve`` at ``url`` (``http://127.0.0.1:8321``) holding
    ``token`` (the server's admin token, a GM's, a player's or an observer's). Use it
    as an async context manager, or call :meth:`close`. ``transport``: httpx's, for a
    test or a proxy."""

    def __init__(
        self,
        url: str,
        token: str,
        *,
        timeout: float = 30.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.url = url.rstrip("/")
        self.http = httpx.AsyncClient(
            base_url=self.url,
            headers={"Authorization": f"Bearer {token}"},
            timeout=timeout,
            transport=transport,
        )

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        await self.http.aclose()

    async def request(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        params: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> httpx.Response:
        """One request: its answer if the server accepted it, else its problem raised."""
        answer = await self.http.request(
            method,
            path,
            json=body,
            params={k: _query(v) for k, v in (params or {}).items() if v is not None},
            headers=dict(headers or {}),
        )
        if answer.status_code >= 400:
            raise problem_of(answer)
        return answer

    async def json(self, method: str, path: str, **kwargs: Any) -> JSON:
        answer = await self.request(method, path, **kwargs)
        data: JSON = answer.json()
        return data

    def session(self, session_id: str) -> SessionClient:
        """The session ``session_id``, as this client's token's holder acts in it."""
        return SessionClient(self, session_id)

    async def open_session(
        self,
        session_id: str | None = None,
        *,
        gm: str,
        ruleset: str | None = None,
        options: Mapping[str, str] | None = None,
        title: str = "",
        campaign: str = "",
    ) -> SessionClient:
        """Open a session (the admin token's): ``ruleset`` None is the main one."""
        body: JSON = {"gm": gm, "title": title, "campaign": campaign}
        if session_id is not None:
            body["id"] = session_id
        if ruleset is not None:
            body["ruleset"] = ruleset
        if options:
            body["options"] = dict(options)
        opened = await self.json("POST", "/v1/sessions", body=body)
        return self.session(str(opened["session"]))

    async def sessions(self) -> list[JSON]:
        """Every session of the store (the admin token's): id, ruleset, gm, title…"""
        return list((await self.json("GET", "/v1/sessions"))["sessions"])

    async def rulesets(self) -> list[JSON]:
        """Every ruleset the server knows (``kiroku rules --json``)."""
        return list((await self.json("GET", "/v1/rulesets"))["rulesets"])

    async def ruleset(self, ruleset_id: str) -> JSON:
        """One ruleset: its options and every command's fields (``kiroku rules ID --json``)."""
        return await self.json("GET", f"/v1/rulesets/{quote(ruleset_id, safe='')}")


class SessionClient:
    """One session, as the client's token's holder acts in it and sees it (a player
    never receives what the GM keeps hidden: the server filters it)."""

    def __init__(self, client: Client, session_id: str) -> None:
        self.client = client
        self.id = session_id
        self.path = f"/v1/sessions/{quote(session_id, safe='')}"

    async def command(
        self,
        name: str,
        fields: Mapping[str, Any] | None = None,
        /,
        *,
        if_match: int | None = None,
        idempotency_key: str | None = None,
        **more: Any,
    ) -> Recorded:
        """Send the command ``name`` (its words: ``"roll"``, ``"duel assess"``) with its
        fields (``fields`` and keyword arguments together, as ``kiroku rules RULESET
        --json`` lists them; ``faces`` for dice thrown at the table, ``hidden``,
        ``reason``). ``if_match``: the session's version you saw (as you count it): if
        it moved on, :class:`~kiroku.client.problems.VersionConflict` and nothing
        appended. ``idempotency_key``: a repeat with the same key (and body) is answered
        as the first was (``replayed``), appending nothing."""
        headers = _headers(if_match, idempotency_key)
        body = {"command": name, **(fields or {}), **more}
        answer = await self.client.request(
            "POST", self.path + "/commands", body=body, headers=headers
        )
        replayed = answer.headers.get("idempotent-replayed") == "true"
        return Recorded.of(answer.json(), replayed=replayed)

    async def try_command(
        self, name: str, fields: Mapping[str, Any] | None = None, /, **more: Any
    ) -> JSON:
        """Try the command (``?dry_run=true``): decided as it would be, nothing
        appended; the events it would record, or, for a roll, its pool, TN and exact
        chance of success."""
        body = {"command": name, **(fields or {}), **more}
        return await self.client.json(
            "POST", self.path + "/commands", body=body, params={"dry_run": True}
        )

    async def state(self, *, at: int | None = None) -> State:
        """The projections (the GM may read them ``at`` a past position)."""
        return State.of(await self.client.json("GET", self.path, params={"at": at}))

    async def events(self, *, after: str | int | None = None, limit: int = 100) -> Page:
        """A page of the log: up to ``limit`` events (at most 1,000) after the cursor
        ``after`` (an ``EPOCH.N`` cursor or a number; None: from the start)."""
        page = await self.client.json(
            "GET", self.path + "/events", params={"after": after, "limit": limit}
        )
        return Page(
            events=tuple(Event.of(row) for row in page["events"]),
            next=str(page["next"]),
            head=int(page["head"]),
        )

    async def log(self, *, after: str | int | None = None, limit: int = 1000) -> list[Event]:
        """Every event after ``after`` to the end of the log, page after page."""
        found: list[Event] = []
        while True:
            page = await self.events(after=after, limit=limit)
            found.extend(page.events)
            if not page.events:
                return found
            after = page.next

    async def show(self, position: int) -> JSON:
        """One event whole, with its ruling's record (``kiroku show --json``): the
        ruling it ``follows`` from, what used it since (``used_by``) — what ``kiroku
        why`` reads."""
        return await self.client.json("GET", f"{self.path}/events/{position}")

    async def diff(self, first: int, second: int) -> JSON:
        """What changed in the projections between two positions (the GM's)."""
        return await self.client.json(
            "GET", self.path + "/diff", params={"from": first, "to": second}
        )

    async def odds(self, expression: str, *, tn: int | None = None, **query: Any) -> JSON:
        """The chance of a roll under the session's ruleset and options: ``expression``
        and ``tn``, or ``table=True``; for a ruleset whose odds take a matchup, its
        fields by name (``manches=3``)."""
        params = {"expression": expression, "tn": tn, **query}
        return await self.client.json("GET", self.path + "/odds", params=params)

    async def choices(self) -> JSON:
        """Each character's closed choices, read off their sheet as you see it."""
        return await self.client.json("GET", self.path + "/choices")

    async def retract(
        self,
        position: int | None = None,
        *,
        reason: str,
        last: bool = False,
        dry_run: bool = False,
        if_match: int | None = None,
    ) -> JSON:
        """Retract the ruling that gave the event at ``position`` (or the ``last`` that
        still counts); ``dry_run`` previews it (its ``version`` is what to send back as
        ``if_match``, so the correction is made only on what was previewed)."""
        body: JSON = {"reason": reason}
        if position is not None:
            body["position"] = position
        if last:
            body["last"] = True
        return await self._correct("retract", body, dry_run, if_match)

    async def amend(
        self,
        position: int,
        changes: Mapping[str, Any],
        *,
        reason: str,
        faces: str | None = None,
        dry_run: bool = False,
        if_match: int | None = None,
    ) -> JSON:
        """Give the ruling at ``position`` anew with ``changes`` to its command's
        fields; every later ruling is decided again."""
        body: JSON = {"position": position, "changes": dict(changes), "reason": reason}
        if faces is not None:
            body["faces"] = faces
        return await self._correct("amend", body, dry_run, if_match)

    async def undo(
        self, *, reason: str, dry_run: bool = False, if_match: int | None = None
    ) -> JSON:
        """Take back the latest ruling, or the latest correction."""
        return await self._correct("undo", {"reason": reason}, dry_run, if_match)

    async def reinstate(
        self, position: int, *, reason: str, dry_run: bool = False, if_match: int | None = None
    ) -> JSON:
        """Take a retraction back: the ruling counts again."""
        body = {"position": position, "reason": reason}
        return await self._correct("reinstate", body, dry_run, if_match)

    async def _correct(self, kind: str, body: JSON, dry_run: bool, if_match: int | None) -> JSON:
        return await self.client.json(
            "POST",
            f"{self.path}/{kind}",
            body=body,
            params={"dry_run": True} if dry_run else None,
            headers=_headers(if_match, None),
        )

    async def fork(self, new_id: str, *, at: int, reason: str) -> JSON:
        """A what-if (the GM's): a new session, ``new_id``, as this one stood at
        position ``at``: the answer names it (``session``, ``origin``, ``events``), and
        gives a GM who forked with their session's token one for the fork (``token``)."""
        body = {"id": new_id, "at": at, "reason": reason}
        return await self.client.json("POST", self.path + "/fork", body=body)

    async def series(self, *paths: str, samples: int | None = None) -> JSON:
        """Numbers the views hold (``wounds.*.wounds``: ``*`` for each character), read
        at up to ``samples`` positions spread over the session (the GM's), for a plot."""
        params: list[tuple[str, str | int | float | bool | None]] = [("path", p) for p in paths]
        if samples is not None:
            params.append(("samples", samples))
        answer = await self.client.http.get(self.path + "/series", params=params)
        if answer.status_code >= 400:
            raise problem_of(answer)
        data: JSON = answer.json()
        return data

    async def issue_token(self, participant: str, *, note: str = "") -> Token:
        """A token for a participant (the GM's): its secret is in the answer only."""
        body = {"participant": participant, "note": note}
        return Token.of(await self.client.json("POST", self.path + "/tokens", body=body))

    async def tokens(self) -> list[JSON]:
        """Each token issued in the session: id, holder, issuer, when, revoked (the GM's)."""
        return list((await self.client.json("GET", self.path + "/tokens"))["tokens"])

    async def revoke_token(self, token_id: str) -> JSON:
        """Refuse a token from now on (the GM's)."""
        return await self.client.json("DELETE", f"{self.path}/tokens/{quote(token_id, safe='')}")

    def stream(
        self,
        *,
        after: str | int | None = None,
        idle_timeout: float = 45.0,
        reconnect_for: float = 30.0,
    ) -> Stream:
        """The session's events after the cursor ``after`` (None: from the start),
        caught up then followed live, resumed after a drop from the last one received:
        ``async for event in session.stream(): …`` (see :mod:`kiroku.client.stream`)."""
        return Stream(
            self.client.http,
            self.path + "/stream",
            None if after is None else str(after),
            idle_timeout=idle_timeout,
            reconnect_for=reconnect_for,
        )


def _headers(if_match: int | None, idempotency_key: str | None) -> dict[str, str]:
    headers = {}
    if if_match is not None:
        headers["If-Match"] = str(if_match)
    if idempotency_key is not None:
        headers["Idempotency-Key"] = idempotency_key
    return headers


def _query(value: Any) -> str:
    """A query parameter as the server reads it (``true``/``false`` for a flag)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
