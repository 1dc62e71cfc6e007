"""« Compromis » (Compromised) in full: what it takes from a character while their
strife is above their composure.

The house text names the state (« La première fois que le personnage est Compromis ou
tombe le masque au cours d'un duel … ») and defines it nowhere; the published 5th
edition's Compromised condition stands for it (DESIGN: where the text is silent, the
published game's reading):

- the dice showing strife cannot be kept (:func:`domain.dice.narrative.roll.resolve_check`
  refuses them, and the default keep leaves them);
- their vigilance is 1, whatever their rings (a surprised initiative counts it: « S'il
  n'était pas prêt à la confrontation … son score d'initiative de base est égal à sa
  Vigilance »);
- in a duel's stare-down (« DEFIER DU REGARD », a section the text leaves empty: the
  published duel's), a Compromised duellist makes no bid. The round's strife comes
  first (the published order: the round's number in strife, then the secret bids), so
  a duellist whom that strife leaves Compromised bids nothing either.
"""

from __future__ import annotations

from domain.errors import IllegalUnderRules
from domain.names import key
from domain.rulesets.l5r5e_house.derived import composure, vigilance
from domain.rulesets.l5r5e_house.state import Confrontation, FifthState, Fighter

COMPROMISED_VIGILANCE = 1


def vigilance_now(fighter: Fighter, *, round_up: bool = True) -> int:
    """The character's vigilance as it stands: 1 while Compromised, else (Air + Water) / 2
    (:func:`domain.rulesets.l5r5e_house.derived.vigilance`)."""
    if fighter.compromised:
        return COMPROMISED_VIGILANCE
    return vigilance(fighter.sheet, round_up=round_up)


def check_stare_bid(fighter: Fighter, bid: int, round_number: int, text: str) -> None:
    """A stare-down bid (``text``, as given) is refused to a duellist who is Compromised,
    or whom the round's own strife leaves Compromised; a bid of 0 (none) is theirs."""
    if bid == 0:
        return
    strife = fighter.strife + round_number
    limit = composure(fighter.sheet)
    if strife > limit:
        already = fighter.strife > limit
        why = (
            f"strife {fighter.strife} above composure {limit}"
            if already
            else f"the round's {round_number} strife takes them to {strife}, above composure "
            f"{limit}"
        )
        raise IllegalUnderRules(
            f"--bid {text!r}: {fighter.name} is Compromised (« Compromis »: {why}) and makes "
            "no stare-down bid (the published duel's reading); bid 0 or leave them out"
        )


def unbidding(
    state: FifthState, conf: Confrontation, bids: list[tuple[str, int]]
) -> list[tuple[str, int]]:
    """The duellists left out of the bids whom the stare-down finds Compromised (the
    round's strife counted): their bid is none, recorded as 0."""
    named = {key(name) for name, _ in bids}
    left: list[tuple[str, int]] = []
    for who in conf.initiative:
        fighter = state.fighters[who]
        if who not in named and fighter.strife + conf.round > composure(fighter.sheet):
            left.append((fighter.name, 0))
    return left
