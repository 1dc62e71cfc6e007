"""``kiroku session token issue|revoke|list``: the HTTP API's tokens for a session
(:mod:`adapters.access`), from the shell, as its GM on the local store.

``issue --for PARTICIPANT`` prints the token once (it is kept only as a digest);
``revoke TOKEN_ID`` refuses it from then on; ``list`` shows every token's id, holder, who
issued it and when, and whether it was revoked — never a secret."""

from __future__ import annotations

import argparse

from adapters.access import Access, role_of
from adapters.cli import context
from adapters.cli.render import print_json
from domain.errors import NotAllowed


def token_command(args: argparse.Namespace) -> int:
    service = context.open_service(args)
    try:
        sid = context.session_id(args)
        session = service.load(sid)
        actor = context.actor(args, session)
        if not session.is_gm(actor):
            raise NotAllowed(f"{actor!r}: only the GM issues, revokes or lists tokens")
        access = Access(service.store, sid)
        now = service.clock()
        if args.action == "issue":
            token = access.issue(session, args.participant, actor, now, args.note or "")
            data: object = {
                "session": sid,
                "token": token.secret,
                "id": token.id,
                "participant": token.participant,
                "role": role_of(session, token.participant),
            }
            if args.json:
                print_json(data)
            else:
                print(token.secret)
                print(
                    f"(token {token.id} for {token.participant} in {sid}: shown only now; "
                    f"kiroku session token revoke --session {sid} {token.id} refuses it)"
                )
            return 0
        if args.action == "revoke":
            issued = access.revoke(args.token, actor, now, args.reason or "")
            data = {"session": sid, "revoked": issued.token, "participant": issued.participant}
            if args.json:
                print_json(data)
            else:
                print(f"token {issued.token} of {issued.participant} revoked")
            return 0
        listed = access.listed()
        if args.json:
            print_json(listed)
        elif not listed:
            print(f"no tokens yet: kiroku session token issue --session {sid} --for PARTICIPANT")
        else:
            for row in listed:
                state = f"revoked by {row['revoked_by']}" if row["revoked"] else "valid"
                print(f"{row['token']}  {row['participant']}  issued {str(row['issued_at'])[:19]}  "
                      f"by {row['issued_by']}  {state}")  # fmt: skip
    finally:
        service.store.close()
    return 0
