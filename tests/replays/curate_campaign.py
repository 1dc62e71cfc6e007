"""The curated replay of a campaign's second evening (issue 15): two characters carried
over from the first, a group of three ronin from one sheet, their initiative in one
command, a ronin left Out whose turn passes by itself, a hidden note and a player's note,
XP awarded. The carried sheets are written out here as ``kiroku carry`` makes them (the
replay holds each joining whole, with where it was carried from), so the session
re-judges on its own."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from domain.events import Carried
from domain.rulesets.l5r4e.commands.books import AwardExperience, TakeWounds
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    EndCombat,
    NextTurn,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Skill, Traits
from domain.session.commands import JoinCharacter, TakeNote
from tests.replays.kit_4e import KATANA, Curated, bushi, d
from tests.support import GM


def kaneka_after_winter_1() -> CharacterSheet:
    """Akodo Kaneka as the first evening left him: Etiquette bought (2 XP of the 6 he
    earned), 44 XP left, no wounds carried."""
    return bushi(
        "Akodo Kaneka",
        skills=(Skill("Kenjutsu", 3, ("Katana",), True), Skill("Etiquette", 2)),
        honour=65,
        xp=44,
    )


def fumi_after_winter_1() -> CharacterSheet:
    """Bayushi Fumi as the first evening left her, a day later: honour 2.0 after 0.5
    lost, 12 wounds less a night's healing (Stamina 2 × 2 + insight rank 1)."""
    return CharacterSheet(
        name="Bayushi Fumi",
        traits=Traits(2, 2, 3, 3, 2, 2, 3, 3),
        void=2,
        skills=(Skill("Kenjutsu", 2), Skill("Sincerity", 3)),
        honour=20,
        weapons=(KATANA,),
        xp=46,
        wounds=7,
    )


def ronin() -> CharacterSheet:
    """A ronin: Earth 2, so Out from 35 wounds to 38, Dead past them."""
    return CharacterSheet(
        name="Ronin", traits=Traits(2, 2, 3, 2, 3, 2, 3, 2), void=2, weapons=(KATANA,)
    )


def campaign_second_evening() -> Curated:
    t = Curated("winter-2")
    for sheet, player, days in (
        (kaneka_after_winter_1(), "ana", None),
        (fumi_after_winter_1(), "ben", 1),
    ):
        carried = Carried(session="winter-1", position=11, days=days)
        t.do(JoinCharacter(sheet=msgspec.to_builtins(sheet), player=player, carried=carried))
    t.do(JoinCharacter(sheet=msgspec.to_builtins(ronin()), player=GM, count=3))
    t.do(TakeNote(text="the ronin were paid by the Scorpion", hidden=True))
    t.do(
        TakeNote(text="Kaneka keeps the magistrate's letter", character="Akodo Kaneka"), actor="ana"
    )
    t.do(StartCombat())
    t.do(RollInitiative(character="Ronin"), dice=d("9,8,7,4,4,3,2,2,1"))  # 24, 9, 6
    t.do(RollInitiative(character="Akodo Kaneka"), actor="ana", dice=d("10+3,9,8,2"))  # 30
    t.do(RollInitiative(character="Bayushi Fumi"), actor="ben", dice=d("6,5,4,1"))  # 15
    t.do(StartRound())
    t.do(ChooseStance(character="Ronin", stance="full_attack"))  # the group, in one command
    t.do(TakeWounds(character="Ronin 2", amount=36, source="Kaneka's katana"))  # Out
    for _ in range(3):  # Kaneka, Ronin 1, Fumi; Ronin 2 (Out) is skipped after Fumi
        t.do(NextTurn())
    t.do(EndCombat())
    t.do(AwardExperience(character="Akodo Kaneka", amount=3))
    t.do(AwardExperience(character="Bayushi Fumi", amount=3))
    return t


SESSIONS: dict[str, Callable[[], Curated]] = {"campaign-second-evening": campaign_second_evening}
