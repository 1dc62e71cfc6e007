"""The GM's ruling of a yakuza bet (« le pari du yakuza »), over the dice's parity.

The text's excerpt is cut where it says how a bet is won; the engine reads it as the
yakuza's own game, chō-han (the bettor calls even or odd on their own two dice, the sum's
parity decides: the package docstring's reading). A table that plays it otherwise — the
stake of tokens the text mentions, a call on the other side's dice, a GM who simply
judges — needs the GM's word: ``kiroku test … --call even --bet won --reason "…"`` (or
``lost``) records the bet as the GM rules it, the dice's parity set aside, and the test's
line says so beside what the parity would have given. It is the GM's alone, and needs a
reason (what the ruling rests on), as every ruling set over the rules does: the GM
enters the bettor's test (the GM acts for anyone). A test the GM entered is ruled after
the fact by amending it (``kiroku amend P --bet won --reason …``: the correction's
reason is the ruling's), which re-decides what the bet decided (a gain claimed, the
manche reckoned); a player's test is re-decided as that player's, who may not rule a bet
— the GM retracts it and enters it.
"""

from __future__ import annotations

from typing import Any, Literal

from domain.errors import MalformedInput

BetRuling = Literal["won", "lost"]


def parity_won(call: str, total: int) -> bool:
    """Chō-han: an even call wins on an even sum, an odd call on an odd one."""
    return (total % 2 == 0) == (call == "even")


def bet_outcome(play: Any, command: Any, total: int) -> tuple[bool | None, bool]:
    """Whether the bet ``command`` calls is won (None: no bet), and whether the GM ruled
    it (``command.bet``) rather than the dice's ``total``."""
    ruling: BetRuling | None = command.bet
    if command.call is None:
        if ruling is not None:
            raise MalformedInput(f"--bet {ruling}: there is no yakuza bet to rule: give --call")
        return None, False
    if ruling is None:
        return parity_won(command.call, total), False
    play.core.gm_only(play.actor, f"rule a yakuza bet (--bet {ruling})")
    return ruling == "won", True


def completed(command: Any, session: Any) -> Any:
    """A new test ruling its bet (``--bet``) says why (``--reason``): the ruleset's
    :class:`~domain.rulesets.base.Completes`, for new commands only — an amendment that
    rules a bet after the fact carries the correction's own reason."""
    ruling = getattr(command, "bet", None)
    if ruling is not None and not (command.reason or "").strip():
        raise MalformedInput(
            f"--bet {ruling}: the GM's ruling of a bet over the dice needs its --reason"
        )
    return command
