"""Who may use a session over the HTTP API: per-session bearer tokens for its GM, each
player and observers.

A token is issued for one participant of one session (the GM, or someone who takes part
as a player or observer: ``kiroku participant``) and acts as them: a player's token acts
only as that player (the rules already let a player act only for their own characters),
an observer's acts for no one, and only the GM's corrects or forks. It is random (256
bits), shown once when issued, and kept only as its SHA-256 digest, in a stream of its
own beside the session's (never in the session's events, its replays or its exports):
each issue and revocation is recorded with who did it and when. A token names its
session (``kiroku.<session>.<secret>``), so one of another session is told apart (403)
from none or a revoked one (401).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

import msgspec

from adapters.store import SESSION_NAMESPACE, EventStore
from domain.commands import MAX_REASON
from domain.errors import ConcurrencyConflict, MalformedInput, NotFound, excerpt
from domain.session.aggregate import Session
from domain.text import first_unprintable

Role = Literal["gm", "player", "observer"]

PREFIX = "kiroku"


class TokenIssued(msgspec.Struct, frozen=True, kw_only=True, tag="issued"):
    """A token issued for a participant: its public id, the digest of its secret."""

    token: str
    participant: str
    digest: str
    by: str
    at: datetime
    note: str = ""


class TokenRevoked(msgspec.Struct, frozen=True, kw_only=True, tag="revoked"):
    """A token revoked: from now on it is refused."""

    token: str
    by: str
    at: datetime
    reason: str = ""


AccessRecord = TokenIssued | TokenRevoked
_decoder = msgspec.json.Decoder(AccessRecord)


def access_id(session_id: str) -> uuid.UUID:
    """The stream of a session's tokens (beside its events)."""
    return uuid.uuid5(SESSION_NAMESPACE, f"{session_id}\0access")


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Token:
    """A token as issued: the whole secret (shown once) and its public id."""

    secret: str
    id: str
    participant: str


@dataclass(frozen=True)
class Holder:
    """Who a token acts as, in which session, with which role."""

    session: str
    participant: str
    role: Role
    token: str


def session_of_token(secret: str) -> str:
    """The session a token names, or MalformedInput if it is not a Kiroku token."""
    prefix, _, rest = secret.partition(".")
    encoded, _, _ = rest.rpartition(".")
    if prefix != PREFIX or not encoded:
        raise MalformedInput(f"{excerpt(secret[:12] + '…')} is not a Kiroku token")
    try:
        return base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise MalformedInput("the token is not a Kiroku token") from None


def role_of(session: Session, participant: str) -> Role:
    """The participant's role in the session, or NotFound if they take no part."""
    if session.is_gm(participant):
        return "gm"
    role = session.state.roles.get(participant)
    if role is None:
        known = ", ".join(sorted({session.opened.gm, *session.state.roles}))
        raise NotFound(
            f"{excerpt(participant)} takes no part in session {excerpt(session.opened.session)} "
            f"(the GM and participants: {known}); add them with kiroku participant"
        )
    return "observer" if role == "observer" else "player"


MAX_NOTE = MAX_REASON
"""The longest note a token is issued with: as long as a reason."""


def check_note(note: str) -> str:
    """A token's note, held to the checks of every text a session records (a reason, a
    note): at most :data:`MAX_NOTE` characters of one printable line — a newline, a NUL,
    a terminal escape or a bidi control would forge a line of ``token list``."""
    if len(note) > MAX_NOTE:
        raise MalformedInput(
            f"the token's note {excerpt(note)} is {len(note):,} characters: at most {MAX_NOTE}"
        )
    if first_unprintable(note) is not None:
        raise MalformedInput(
            f"the token's note {excerpt(note)}: one line of printable text (a newline or a "
            "control character would forge a line of the token list)"
        )
    return note


class Access:
    """A session's tokens, read from the store and caught up on each use."""

    def __init__(self, store: EventStore, session_id: str) -> None:
        self.store = store
        self.session_id = session_id
        self.stream = access_id(session_id)
        self.version = 0
        self.issued: dict[str, TokenIssued] = {}
        self.revoked: dict[str, TokenRevoked] = {}
        self.by_digest: dict[str, str] = {}

    def catch_up(self) -> None:
        for version, data in self.store.stream_rows(self.stream, self.version):
            record = _decoder.decode(data)
            if isinstance(record, TokenIssued):
                self.issued[record.token] = record
                self.by_digest[record.digest] = record.token
            else:
                self.revoked[record.token] = record
            self.version = version

    def _append(self, record: AccessRecord) -> None:
        for _ in range(5):
            self.catch_up()
            try:
                self.store.append_record(self.session_id, self.stream, self.version + 1, record)
            except ConcurrencyConflict:
                continue
            self.catch_up()
            return
        raise ConcurrencyConflict(f"the tokens of {excerpt(self.session_id)} kept moving")

    def issue(
        self, session: Session, participant: str, by: str, at: datetime, note: str = ""
    ) -> Token:
        role_of(session, participant)
        check_note(note)
        secret = ".".join(
            (
                PREFIX,
                base64.urlsafe_b64encode(self.session_id.encode()).decode().rstrip("="),
                secrets.token_urlsafe(32),
            )
        )
        found = digest(secret)
        token_id = found[:12]
        self._append(
            TokenIssued(token=token_id, participant=participant, digest=found, by=by, at=at,
                        note=note)
        )  # fmt: skip
        return Token(secret, token_id, participant)

    def revoke(self, token_id: str, by: str, at: datetime, reason: str = "") -> TokenIssued:
        self.catch_up()
        issued = self.issued.get(token_id)
        if issued is None:
            known = ", ".join(sorted(self.issued)) or "none yet"
            raise NotFound(f"token {excerpt(token_id)}: no such token in this session ({known})")
        if token_id not in self.revoked:
            self._append(TokenRevoked(token=token_id, by=by, at=at, reason=reason))
        return issued

    def valid(self, secret: str) -> bool:
        """Whether the token was issued here and not revoked."""
        self.catch_up()
        token_id = self.by_digest.get(digest(secret))
        return token_id is not None and token_id not in self.revoked

    def holder(self, session: Session, secret: str) -> Holder | None:
        """Who the token acts as, or None if it is unknown or revoked here."""
        self.catch_up()
        token_id = self.by_digest.get(digest(secret))
        if token_id is None or token_id in self.revoked:
            return None
        participant = self.issued[token_id].participant
        try:
            role = role_of(session, participant)
        except NotFound:
            return None
        return Holder(self.session_id, participant, role, token_id)

    def listed(self) -> list[dict[str, object]]:
        self.catch_up()
        return [
            {
                "token": t.token,
                "participant": t.participant,
                "issued_by": t.by,
                "issued_at": t.at.isoformat(),
                "note": t.note,
                "revoked": t.token in self.revoked,
                **(
                    {
                        "revoked_by": self.revoked[t.token].by,
                        "revoked_at": self.revoked[t.token].at.isoformat(),
                    }
                    if t.token in self.revoked
                    else {}
                ),
            }
            for t in self.issued.values()
        ]
