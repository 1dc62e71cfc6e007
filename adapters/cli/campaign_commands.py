"""Campaigns from the shell: ``kiroku campaign open|list|show``, ``kiroku carry`` (a
character joins with their sheet as an earlier session of the campaign left them) and
``kiroku sheet`` (a character's sheet as it stands, in the sheet file's schema)."""

from __future__ import annotations

import argparse
from typing import Any

import msgspec

from adapters.cli import context
from adapters.cli.render import _table, print_json
from application import campaigns
from application.rows import campaign_row
from domain.campaign import CampaignOpened, CampaignTable
from domain.errors import MalformedInput
from domain.rulesets.roll_keep_kit.standing import format_tenths


def campaign_open(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        opened = campaigns.open_campaign(
            service,
            campaign=args.id,
            gm=args.gm,
            ruleset=args.ruleset,
            title=args.title,
            at=service.clock(),
        )
    finally:
        service.store.close()
    if args.json:
        print_json(campaign_row(opened))
    else:
        print(f"campaign {opened.campaign!r} opened under {opened.ruleset} by GM {opened.gm}")
    return 0


def campaign_list(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        rows = [
            campaign_row(c, len(campaigns.sessions_of(service.store, c.campaign)))
            for c in campaigns.campaigns(service.store)
        ]
    finally:
        service.store.close()
    if args.json:
        print_json(rows)
    elif not rows:
        print("no campaigns yet: kiroku campaign open --id ID --gm NAME")
    for row in rows if not args.json else ():
        print(f"{row['id']}  {row['ruleset']}  GM {row['gm']}  {row['sessions']} sessions  "
              f"{row['title']}")  # fmt: skip
    return 0


def campaign_show(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        opened = campaigns.campaign_of(service.store, args.id)
        table = campaigns.table_of(service, args.id)
    finally:
        service.store.close()
    if args.json:
        print_json(campaign_row(opened) | msgspec.to_builtins(table))
    else:
        print(render_campaign(opened, table))
    return 0


def render_campaign(opened: CampaignOpened, table: CampaignTable) -> str:
    """The campaign as ``kiroku campaign show`` prints it: its sessions, then each
    character's XP, insight rank and standing as each session left them, then their
    totals."""
    lines = [f"Campaign {opened.campaign} ({opened.ruleset}) — GM {opened.gm}"]
    if opened.title:
        lines.append(opened.title)
    lines.append(f"sessions: {', '.join(table.sessions) or 'none yet'}")
    rows = [
        [r.session, r.character, str(r.xp_awarded), str(r.xp_spent),
         "-" if r.insight_rank is None else str(r.insight_rank),
         " ".join(f"{k[0].upper()} {format_tenths(v)}" for k, v in
                  (("honour", r.honour), ("glory", r.glory), ("status", r.status),
                   ("taint", r.taint)))]
        for r in table.rows
    ]  # fmt: skip
    lines += ["", *_table(["session", "character", "xp", "spent", "insight", "standing"], rows)]
    totals = [
        [c.character, str(len(c.sessions)), str(c.xp_awarded), str(c.xp_spent)]
        for c in table.characters
    ]
    lines += ["", *_table(["character", "sessions", "xp", "spent"], totals)]
    return "\n".join(lines)


def carry(args: argparse.Namespace) -> int:
    """``kiroku carry --session S --character C [--player P] [--days N]``."""
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        command = campaigns.carried_join(
            service, sid, args.character, player=args.player, days=args.days,
            reason=args.reason, hidden=args.hidden,
        )  # fmt: skip
        recorded = service.decide(sid, command, actor=args.actor)
        context.print_recorded(
            args, sid, recorded, service.ruleset(sid), service.load(sid).state.table
        )
    finally:
        service.store.close()
    return 0


def sheet(args: argparse.Namespace) -> int:
    """``kiroku sheet --session S --character C`` or ``--campaign K --character C``."""
    if args.session is None and args.campaign is None:
        raise MalformedInput("name a session (--session ID) or a campaign (--campaign ID)")
    if args.session is not None and args.campaign is not None:
        raise MalformedInput(
            "name a session (--session ID) or a campaign (--campaign ID), not both"
        )
    if args.campaign is not None and args.at is not None:
        raise MalformedInput("--at N reads a session's past: give it with --session")
    service = context.open_service(args)
    try:
        sid = args.session
        if args.campaign is not None:
            origin, _ = campaigns.last_played(service, args.campaign, args.character)
            sid = origin.session
        at = context.at_position(args, service.load(sid), lowest=1)
        found = campaigns.sheet_now(service, sid, args.character, at)
    finally:
        service.store.close()
    data = msgspec.to_builtins(found)
    if args.json:
        print_json(data)
    else:
        where = f"session {sid}" + ("" if at is None else f" at position {at}")
        print(render_sheet(where, data))
    return 0


def render_sheet(where: str, data: dict[str, Any]) -> str:
    """A sheet as text: one field a line; traits as NAME RANK, skills as NAME RANK
    (emphases), anything else nested as JSON."""
    import json

    lines = [f"{data.get('name', '?')}, as {where} has them"]
    for name, value in data.items():
        if name == "name" or value in (None, (), [], ""):
            continue
        if isinstance(value, dict) and all(isinstance(v, int) for v in value.values()):
            shown = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, list | tuple) and all(
            isinstance(v, dict) and "rank" in v for v in value
        ):
            shown = ", ".join(
                f"{v['name']} {v['rank']}"
                + (f" ({', '.join(v['emphases'])})" if v.get("emphases") else "")
                for v in value
            )
        elif isinstance(value, str | int):
            shown = str(value)
        else:
            shown = json.dumps(value, ensure_ascii=False)
        lines.append(f"  {name}: {shown}")
    return "\n".join(lines)
