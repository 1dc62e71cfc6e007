"""Campaigns: sessions played one after another by the same characters.

A campaign is a stream of its own, opened once (:class:`CampaignOpened`: its id, title,
GM and ruleset). A session opened with ``campaign`` set belongs to it, in the order the
sessions were opened. A character who played one of its sessions can join a later one
*carried over*: with their sheet as that session left them, through the time between
sessions as the ruleset's text says (:class:`domain.rulesets.base.Campaigning`), the
session and position it was read at recorded on the joining (``CharacterJoined.carried``).

The campaign's read models are folds of its sessions (:func:`campaign_table`): XP
awarded and spent per session and character, insight rank and honour, glory, status and
taint as each session left them, and the sessions each character played.
"""

from collections.abc import Mapping, Sequence
from datetime import datetime

import msgspec

from domain.errors import MalformedInput
from domain.events.base import Event
from domain.names import check_name
from domain.rulesets import load_ruleset
from domain.rulesets.base import Progress
from domain.session.stream import MAX_TITLE, check_session_id


class CampaignOpened(Event, frozen=True, kw_only=True):
    """A campaign opened by its GM under a ruleset: every session of it is played under
    that ruleset."""

    campaign: str
    title: str = ""
    gm: str
    ruleset: str


def check_campaign_id(campaign: str) -> str:
    """A campaign's id: as a session's, 1–64 lowercase letters, digits, '-' or '_'."""
    return check_session_id(campaign, "campaign id")


def open_campaign(
    *, campaign: str, gm: str, ruleset: str, at: datetime, title: str = ""
) -> CampaignOpened:
    """Open a campaign: its id, GM and title checked, its ruleset known."""
    check_campaign_id(campaign)
    check_name(gm, "the GM's id")
    if len(title) > MAX_TITLE or not title.isprintable():
        raise MalformedInput(f"title {title[:30]!r}: at most {MAX_TITLE} printable characters")
    load_ruleset(ruleset, {})
    return CampaignOpened(actor=gm, at=at, campaign=campaign, title=title, gm=gm, ruleset=ruleset)


class SessionRow(msgspec.Struct, frozen=True, kw_only=True):
    """One character in one session of the campaign, as that session left them."""

    session: str
    character: str
    xp_awarded: int
    xp_spent: int
    insight_rank: int | None
    honour: int
    glory: int
    status: int
    taint: int


class CharacterTotals(msgspec.Struct, frozen=True, kw_only=True):
    """One character across the campaign: the sessions they played, the XP awarded and
    spent in them all."""

    character: str
    sessions: tuple[str, ...]
    xp_awarded: int
    xp_spent: int


class CampaignTable(msgspec.Struct, frozen=True, kw_only=True):
    """The campaign's read models: a row per character and session, in session order,
    and each character's totals."""

    campaign: str
    sessions: tuple[str, ...]
    rows: tuple[SessionRow, ...]
    characters: tuple[CharacterTotals, ...]


def campaign_table(
    campaign: str, sessions: Sequence[tuple[str, Mapping[str, Progress]]]
) -> CampaignTable:
    """The read models of ``campaign`` from each of its sessions, in order: the session's
    id and what its ruleset says of each character it left (:meth:`Campaigning.progress`).
    A character is known by name across sessions (a carried character keeps theirs)."""
    rows = [
        SessionRow(
            session=session,
            character=name,
            xp_awarded=p.xp_awarded,
            xp_spent=p.xp_spent,
            insight_rank=p.insight_rank,
            honour=p.standing.get("honour", 0),
            glory=p.standing.get("glory", 0),
            status=p.standing.get("status", 0),
            taint=p.standing.get("taint", 0),
        )
        for session, progress in sessions
        for name, p in progress.items()
    ]
    totals: dict[str, CharacterTotals] = {}
    for row in rows:
        had = totals.get(row.character.casefold())
        totals[row.character.casefold()] = CharacterTotals(
            character=row.character,
            sessions=(*(had.sessions if had else ()), row.session),
            xp_awarded=(had.xp_awarded if had else 0) + row.xp_awarded,
            xp_spent=(had.xp_spent if had else 0) + row.xp_spent,
        )
    return CampaignTable(
        campaign=campaign,
        sessions=tuple(session for session, _ in sessions),
        rows=tuple(rows),
        characters=tuple(totals.values()),
    )
