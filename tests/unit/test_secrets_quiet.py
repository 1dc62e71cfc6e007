"""The GM's reason for correcting a secret ruling is the GM's word on the secret
(domain.session.secrets): players read that correction's heading and its retractions of
what they saw with no reason — and nothing after the correction's batch."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from domain.events import EventRetracted, NoteTaken, Recorded, RulingsCorrected
from domain.session.secrets import Secrets

AT = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def _read(events: list[tuple[object, bool]]) -> Secrets:
    secrets = Secrets()
    for position, (event, hidden) in enumerate(events, 1):
        secrets.take(Recorded(position, event), position if hidden else None)  # type: ignore[arg-type]
    return secrets


def test_a_correction_of_a_secret_tells_players_its_outcome_without_its_reason() -> None:
    later = AT + timedelta(minutes=1)
    why = "the tea was not poisoned"
    secrets = _read([
        (NoteTaken(actor="gm", at=AT, text="poison"), True),  # 1: the secret
        (NoteTaken(actor="ana", at=AT, text="I drink"), False),  # 2: what she saw
        (RulingsCorrected(actor="gm", at=later, reason=why, correction="retract", ruling=1,
                          dropped=(2,), why_dropped=("refused",)), False),  # 3
        (EventRetracted(actor="gm", at=later, reason=why, position=1), False),  # 4: secret
        (EventRetracted(actor="gm", at=later, reason=why, position=2), False),  # 5
        (EventRetracted(actor="gm", at=later + timedelta(minutes=1), reason="mine",
                        position=2), False),  # 6: another command, in the open
    ])  # fmt: skip
    assert secrets.quiet == {3, 5}
    assert secrets.secret(4) and not secrets.secret(5) and not secrets.secret(6)


def test_a_correction_of_what_players_saw_keeps_its_reason() -> None:
    secrets = _read([
        (NoteTaken(actor="ana", at=AT, text="I drink"), False),
        (RulingsCorrected(actor="gm", at=AT, reason="no", correction="retract", ruling=1,
                          dropped=(), why_dropped=()), False),
        (EventRetracted(actor="gm", at=AT, reason="no", position=1), False),
    ])  # fmt: skip
    assert secrets.quiet == set()
