"""Campaigns in the store, and the commands that cross sessions (:mod:`domain.campaign`).

A campaign's opening is the one event of a stream of its own beside the sessions'. Its
sessions are the sessions opened with its id, in the order they were opened. Carrying a
character over reads the latest earlier session of the campaign they played, takes
their sheet as that session leaves them through the ruleset
(:class:`domain.rulesets.base.Campaigning`), and joins it to the new session with where
it came from; a joining that says it was carried is checked against that session before
anything is appended, whoever sends it (the shell's ``kiroku carry`` or an HTTP body).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import msgspec

from adapters.store import SESSION_NAMESPACE, EventStore
from domain.campaign import CampaignOpened, CampaignTable, campaign_table, check_campaign_id
from domain.errors import (
    ConcurrencyConflict,
    IllegalUnderRules,
    MalformedInput,
    NotFound,
    excerpt,
)
from domain.events import Carried, CharacterJoined, Recorded, RulingRevealed, SessionOpened
from domain.rulesets import Ruleset
from domain.rulesets.base import Campaigning
from domain.session.commands import JoinCharacter
from domain.session.corrected import Corrections, place_of
from projections import players

if TYPE_CHECKING:
    from application.service import SessionService

CAMPAIGN_TOPIC = "kiroku:CampaignOpened"
MAX_DAYS = 3650
"""The most days the GM may say passed between two sessions (ten years)."""
_decoder = msgspec.json.Decoder(CampaignOpened)


def campaign_stream(campaign: str) -> uuid.UUID:
    """The stream of a campaign's own events (beside its sessions')."""
    return uuid.uuid5(SESSION_NAMESPACE, f"{campaign}\0campaign")


def store_campaign(store: EventStore, opened: CampaignOpened) -> None:
    """Keep a campaign's opening; refused if the id is taken."""
    from adapters.library import Envelope, save

    try:
        save(store.app, opened.campaign, [Envelope(campaign_stream(opened.campaign), 1, opened)])
    except ConcurrencyConflict:
        raise IllegalUnderRules(f"a campaign {opened.campaign!r} is already open") from None


def campaign_of(store: EventStore, campaign: str) -> CampaignOpened:
    """A campaign's opening, or :class:`NotFound` naming it."""
    check_campaign_id(campaign)
    stream = campaign_stream(campaign)
    if store.reader is not None:
        state = store.reader.first(stream.hex)
    else:
        from adapters.library import first_state

        state = first_state(store.recorder, stream)
    if state is None:
        raise NotFound(
            f"no campaign {campaign!r}: `kiroku campaign list` lists them, `kiroku campaign "
            "open --id ID --gm NAME` opens one"
        )
    return _decoder.decode(state)


def campaigns(store: EventStore) -> list[CampaignOpened]:
    """Every campaign in the store, oldest first."""
    if store.reader is not None:
        states = store.reader.by_topic(CAMPAIGN_TOPIC)
    else:
        from adapters.library import openings

        states = openings(store.app, CAMPAIGN_TOPIC)
    return [_decoder.decode(state) for state in states]


def sessions_of(store: EventStore, campaign: str) -> list[SessionOpened]:
    """The campaign's sessions, in the order they were opened."""
    campaign_of(store, campaign)
    return [opened for opened in store.sessions() if opened.campaign == campaign]


def carried_before_reveal(
    service: SessionService, session_id: str, recorded: Sequence[Recorded]
) -> list[str]:
    """What the GM should hear of a reveal in a campaign's session: each later session
    that carried a sheet from it while the revealed ruling was kept from the players.
    Their players read that sheet as they could see it then (:attr:`Carried.shown`, fixed
    when it was carried, as the record is), so the reveal does not reach them; the GM
    reveals the joining there to show them the sheet as it is."""
    named = [r.event.position for r in recorded if isinstance(r.event, RulingRevealed)]
    opened = service.store.opened(session_id) if named else None
    if opened is None or not opened.campaign:
        return []
    corrections = Corrections.of(service.store.corrections(session_id))
    reveals = [place_of(p, corrections) for p in named]  # a revision in its original's place
    said = []
    for later in sessions_of(service.store, opened.campaign):
        if later.session == session_id:
            continue
        secrets = service.secrets(later.session)
        for at, reveal in sorted(secrets.sheets.items()):
            [joined] = service.store.read(later.session, at - 1, until=at)
            carried = getattr(joined.event, "carried", None)
            if reveal is not None or carried is None or carried.session != session_id:
                continue
            if any(position <= carried.position for position in reveals):
                name = joined.event.sheet.name  # type: ignore[attr-defined]
                said.append(
                    f"session {later.session!r} carried {name} from here at "
                    f"{carried.position}, while this was kept from its players: they still "
                    f"read the sheet as they saw it then (kiroku reveal --session "
                    f"{later.session} {at} shows them the sheet as it is, with whatever "
                    "else is still kept from them here)"
                )
    return said


def check_campaign_session(store: EventStore, campaign: str, ruleset: str) -> None:
    """A session may open in a campaign that exists, under the campaign's ruleset."""
    opened = campaign_of(store, campaign)
    if opened.ruleset != ruleset:
        raise IllegalUnderRules(
            f"campaign {campaign!r} is played under {opened.ruleset}, not {ruleset}: "
            f"open the session with --ruleset {opened.ruleset}"
        )


def campaigning(ruleset: Ruleset) -> Campaigning:
    """The ruleset as it carries characters between sessions, or a refusal naming it."""
    if not isinstance(ruleset, Campaigning):
        raise IllegalUnderRules(
            f"the {ruleset.id} ruleset does not say how a character carries over from one "
            "session to the next: join them from a sheet file"
        )
    return ruleset


def last_played(
    service: SessionService, campaign: str, character: str, before: str | None = None
) -> tuple[SessionOpened, str]:
    """The latest session of the campaign (opened before session ``before``, if given)
    in which ``character`` played, and their name there."""
    found: tuple[SessionOpened, str] | None = None
    for opened in sessions_of(service.store, campaign):
        if opened.session == before:
            break
        member = service.load(opened.session).state.member(character)
        if member is not None:
            found = (opened, member.name)
    if found is None:
        where = f"before session {before!r}" if before else "yet"
        raise NotFound(f"{character!r} has played no session of campaign {campaign!r} {where}")
    return found


def sheet_now(
    service: SessionService, session_id: str, character: str, at: int | None = None
) -> Any:
    """``character``'s sheet as session ``session_id`` stands (at position ``at``)."""
    state = service.state_at(session_id, at)
    member = state.member(character)
    if member is None:
        raise NotFound(f"no character {character!r} in session {session_id!r}")
    return campaigning(service.ruleset(session_id)).sheet_now(state.table, member.name)


def carried_join(
    service: SessionService,
    session_id: str,
    character: str,
    *,
    player: str | None = None,
    days: int | None = None,
    reason: str | None = None,
    hidden: bool = False,
) -> JoinCharacter:
    """The joining that carries ``character`` into session ``session_id`` from the latest
    earlier session of its campaign they played: their sheet as that session left them,
    through the days between (None: the GM carries no wounds), played by the same
    player unless another is named."""
    if days is not None and not 0 <= days <= MAX_DAYS:
        raise MalformedInput(f"--days {days}: give 0 to {MAX_DAYS} days between the sessions")
    opened = service.store.opened(session_id)
    if not opened.campaign:
        raise IllegalUnderRules(
            f"session {session_id!r} belongs to no campaign: a character is carried only "
            "between sessions of one (kiroku session open --campaign ID)"
        )
    origin, name = last_played(service, opened.campaign, character, before=session_id)
    source = service.load(origin.session)
    member = source.state.member(name)
    assert member is not None
    carried = Carried(session=origin.session, position=source.version, days=days)
    sheet, shown = carried_sheets(service, carried, name)
    given = {
        "sheet": sheet,
        "player": player or member.player,
        "carried": msgspec.to_builtins(msgspec.structs.replace(carried, shown=shown)),
        "reason": reason,
        "hidden": hidden,
    }
    try:  # the command's own bounds, as the HTTP API and a replay decode it
        return msgspec.convert(given, JoinCharacter)
    except msgspec.ValidationError as error:
        raise MalformedInput(f"carry {excerpt(character)}: {error}") from None


def check_carried(service: SessionService, session_id: str, command: JoinCharacter) -> None:
    """A joining that says it was carried must be what it says: from an earlier session
    of the same campaign, where the character played, with the sheet that session left
    them (through the days stated) — else nothing is appended."""
    carried = command.carried
    if carried is None:
        return
    opened = service.store.opened(session_id)
    origin = service.store.opened(carried.session)
    if not opened.campaign or origin.campaign != opened.campaign:
        raise IllegalUnderRules(
            f"carried from session {carried.session!r}: it is not of this session's campaign"
        )
    name = str(command.sheet.get("name", ""))
    origin, _ = last_played(service, opened.campaign, name, before=session_id)
    if origin.session != carried.session:
        raise IllegalUnderRules(
            f"carried from session {carried.session!r}: {name!r} last played session "
            f"{origin.session!r} before this one, which is where they are carried from"
        )
    last = service.store.last_position(carried.session)
    if carried.position != last:
        raise IllegalUnderRules(
            f"carried from {carried.session!r} at {carried.position}: a sheet is carried as "
            f"that session stands now, at {last}"
        )
    sheet, shown = carried_sheets(service, carried, name)
    sheet_type = service.ruleset(carried.session).sheet_type
    try:
        given = msgspec.to_builtins(msgspec.convert(command.sheet, sheet_type))
        given_shown = (
            None
            if carried.shown is None
            else msgspec.to_builtins(msgspec.convert(carried.shown, sheet_type))
        )
    except msgspec.ValidationError as error:
        raise MalformedInput(f"the sheet of {excerpt(name)}: {error}") from None
    if given != sheet:
        raise IllegalUnderRules(
            f"the sheet of {name!r} is not the one session {carried.session!r} left them at "
            f"{carried.position}: carry them with `kiroku carry`, or join them from a sheet "
            "without saying it was carried"
        )
    if given_shown != shown:
        raise IllegalUnderRules(
            f"the sheet of {name!r} shown to the players is not the one they could see of "
            f"session {carried.session!r} at {carried.position}: carry them with `kiroku carry`"
        )


def carried_sheets(
    service: SessionService, source: Carried, name: str
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The sheet ``source`` says a joining carried — the one its session left ``name`` at
    its position, through the days stated — and the sheet as the players could see it
    there, where the GM kept something of it from them (None: they saw it as it is).
    What a carried joining is checked against, whether given here or brought in from a
    file; as plain values."""
    state = service.state_at(source.session, source.position)
    member = state.member(name)
    if member is None:
        raise NotFound(f"no character {name!r} in session {source.session!r}")
    ruleset = campaigning(service.ruleset(source.session))
    sheet = msgspec.to_builtins(ruleset.carried(state.table, member.name, source.days))
    secrets = service.kept(source.session, source.position)  # read once for carry and check
    if not secrets.keeps_any:
        return sheet, None
    theirs, _ = players.load(
        service.store, service.snapshots, source.session, secrets, source.position
    )
    seen = theirs.member(name)
    if seen is None:  # the character was kept from them: the GM carries them in the open
        return sheet, None
    shown = msgspec.to_builtins(ruleset.carried(theirs.table, seen.name, source.days))
    return sheet, (None if shown == sheet else shown)


def check_imported(service: SessionService, session_id: str, events: Sequence[Recorded]) -> None:
    """A session brought in from a file (``kiroku import``) joins its campaign on the
    same terms as one opened here: the campaign is open in this store, under the
    session's ruleset, and every joining the file says was carried is the sheet its
    source session (in this store: import the campaign's sessions in order) left at the
    position it names. Nothing is imported otherwise."""
    opened = events[0].event
    if not isinstance(opened, SessionOpened) or not opened.campaign:
        return
    check_campaign_session(service.store, opened.campaign, opened.ruleset)
    for recorded in events:
        event = recorded.event
        if not isinstance(event, CharacterJoined) or event.carried is None:
            continue
        source = event.carried
        if not service.store.exists(source.session):
            raise NotFound(
                f"event {recorded.position} carries {event.sheet.name!r} from session "
                f"{source.session!r}, which this store lacks: import it first"
            )
        if source.position > service.store.last_position(source.session):
            raise MalformedInput(
                f"event {recorded.position}: session {source.session!r} has no position "
                f"{source.position}"
            )
        if service.store.opened(source.session).campaign != opened.campaign:
            raise IllegalUnderRules(
                f"event {recorded.position}: session {source.session!r} is not of campaign "
                f"{opened.campaign!r}"
            )
        sheet, shown = carried_sheets(service, source, event.sheet.name)
        if sheet != msgspec.to_builtins(event.sheet):
            raise IllegalUnderRules(
                f"event {recorded.position}: the sheet of {event.sheet.name!r} is not the one "
                f"session {source.session!r} left them at {source.position}"
            )
        if shown != (
            None
            if source.shown is None
            else msgspec.to_builtins(msgspec.convert(source.shown, type(event.sheet)))
        ):
            raise IllegalUnderRules(
                f"event {recorded.position}: the sheet of {event.sheet.name!r} shown to the "
                f"players is not the one they could see of session {source.session!r} at "
                f"{source.position}"
            )


def table_of(service: SessionService, campaign: str) -> CampaignTable:
    """The campaign's read models, from each of its sessions as it stands."""
    rows = []
    for opened in sessions_of(service.store, campaign):
        session = service.load(opened.session)
        rows.append((opened.session, campaigning(session.ruleset).progress(session.table)))
    return campaign_table(campaign, rows)


def open_campaign(
    service: SessionService, *, campaign: str, gm: str, ruleset: str, title: str, at: datetime
) -> CampaignOpened:
    from domain.campaign import open_campaign as opening

    opened = opening(campaign=campaign, gm=gm, ruleset=ruleset, at=at, title=title)
    store_campaign(service.store, opened)
    return opened


def check_reinstated(service: SessionService, session_id: str, position: int) -> None:
    """A carried joining is not reinstated: the sheet it carried is what its source
    session left then, which may no longer be what it leaves (carry them again)."""
    state = service.load(session_id).state
    taken = {by: what for what, by in state.retracted.items()}  # a retraction → what it took
    record = service.store.command_of(session_id, taken.get(position, position))
    if record is not None and record.kind == "JoinCharacter" and record.inputs.get("carried"):
        raise IllegalUnderRules(
            f"the ruling at {record.first} carried a sheet from session "
            f"{record.inputs['carried'].get('session')!r} as it stood then: it is not "
            "reinstated; carry them again (kiroku carry), as the sessions stand now"
        )
