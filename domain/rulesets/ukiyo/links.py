"""What each ukiyo event used, for ``kiroku why`` and ``kiroku show``: a malus and the
fact that set it, a gain and the bet it was won on, a manche and its tests, a win and the
manche that decided it, a punishment and the win, wounds and what dealt them."""

from __future__ import annotations

from domain.events import Event
from domain.rulesets.base import Follows
from domain.rulesets.ukiyo.events import (
    ConflictWon,
    CountsSet,
    GainClaimed,
    MancheWon,
    OppositionSettled,
    Punished,
    SideOut,
    TechniqueTested,
    WoundsHealed,
    WoundsTaken,
)


def followed(event: Event) -> tuple[Follows, ...]:
    match event:
        case TechniqueTested():
            return _malus_sources(event)
        case GainClaimed():
            return (Follows("TechniqueTested", {"character": event.character, "bet_won": True},
                            "the test whose bet this gain is claimed on", True),)  # fmt: skip
        case MancheWon():
            return tuple(
                Follows("TechniqueTested",
                        {"conflict": event.conflict, "manche": event.manche, "side": side},
                        f"{side}'s test in manche {event.manche}")
                for side, _ in event.results
            )  # fmt: skip
        case SideOut() | ConflictWon():
            return (Follows("MancheWon", {"conflict": event.conflict},
                            "the manche that decided it"),)  # fmt: skip
        case Punished():
            return (Follows("ConflictWon", {"conflict": event.conflict},
                            "the win this punishment is due from", True),)  # fmt: skip
        case CountsSet():
            return (Follows("ObjectiveStated", {"conflict": event.conflict},
                            "the objective that sets the count"),)  # fmt: skip
        case WoundsTaken() if event.source == "bet":
            return (Follows("GainClaimed", {"character": event.by, "gain": "wound"},
                            "the bet's gain « Blesser l'autre »", True),)  # fmt: skip
        case WoundsTaken() if event.source == "conflict":
            return (Follows("Punished", {"by": event.by}, "the punishment's wounds", True),)
        case WoundsHealed() if event.how in ("care", "heal_two"):
            return (Follows("OppositionSettled", {"character": event.by, "success": True},
                            "the care test that healed", True),)  # fmt: skip
        case OppositionSettled():
            return (Follows("TechniqueTested", {"character": event.character},
                            "the test outside the manches"),)  # fmt: skip
    return ()


def _malus_sources(test: TechniqueTested) -> tuple[Follows, ...]:
    kinds = {m.kind for m in test.maluses}
    links = []
    if "variety" in kinds:
        links.append(Follows(
            "TechniqueTested",
            {"character": test.character, "technique": test.technique, "conflict": test.conflict},
            "the earlier use that costs the variety malus",
        ))  # fmt: skip
    if "wounds" in kinds:
        links.append(Follows("WoundsTaken", {"character": test.character},
                             "the wounds whose malus it carries"))  # fmt: skip
    if "aggravated" in kinds:
        links.append(Follows("Aggravated", {"conflict": test.conflict, "side": test.side},
                             "the aggravation's −3 on the asker's next test"))  # fmt: skip
    if "refused_surrender" in kinds:
        links.append(Follows("SurrenderAnswered",
                             {"conflict": test.conflict, "side": test.side, "accepted": False},
                             "the surrender refused: −3 on the next manche"))  # fmt: skip
    return tuple(links)
