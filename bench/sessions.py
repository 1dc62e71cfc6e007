"""A long, realistic session for the benchmarks, made through the real aggregate.

Rounds of combat among four characters — initiative, stances, attacks and damage
(DiceRolled with every face), wounds, Void points, healing between fights — with XP
and honour between combats, until the stream holds ``size`` events.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.dice.roll_keep.roll import RollOptions
from domain.events import Event, Recorded
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import Skill
from tests.support import GM, Table, sheet

NAMES = ("Akodo Kaneka", "Bayushi Fumi", "Doji Hana", "Hida Tsuneo")


def long_session(size: int, seed: int = 7) -> list[Recorded]:
    dice = random.Random(seed)
    table = Table("bench-session")
    for name in NAMES:
        table.join(
            name,
            player=name.split()[0].lower(),
            stamina=4,
            willpower=4,
            skills=(Skill("Kenjutsu", 3, ("Katana",)), Skill("Meditation", 2)),
        )
    session = table.session

    def do(command: Callable[..., list[Event]], **fields: Any) -> None:
        table.do(command, **fields)

    while session.version < size:
        do(Play.start_combat)
        for name in NAMES:
            do(Play.roll_initiative, character=name, dice=dice)
        for _ in range(4):
            do(Play.start_round)
            for name in NAMES:
                do(Play.choose_stance, character=name, stance=dice.choice(("attack", "defense")))
            for _ in NAMES:
                combat = table.state.combat
                assert combat is not None
                current = combat.current()
                assert current is not None
                target = dice.choice([n for n in NAMES if n != current])
                void = (
                    table.state.characters[current.casefold()].void_points > 0
                    and dice.random() < 0.2
                )
                do(
                    Play.roll,
                    character=current,
                    purpose="attack",
                    expression="6k3",
                    options=RollOptions(tn=20, void=void),
                    dice=dice,
                    label="Kenjutsu/Agility",
                )
                do(
                    Play.roll,
                    character=current,
                    purpose="damage",
                    expression="6k2",
                    options=RollOptions(),
                    dice=dice,
                    label="Katana",
                )
                do(Play.take_wounds, character=target, amount=dice.randint(3, 9), source=current)
                do(Play.next_turn)
        do(Play.end_combat)
        for name in NAMES:
            wounds = table.state.characters[name.casefold()].wounds
            if wounds:
                do(Play.heal, character=name, amount=wounds, method="a night's rest")
            if table.state.characters[name.casefold()].void_spent:
                do(Play.regain_void, character=name, amount=None, source="sleep")
            do(Play.award_xp, character=name, amount=2)
        famous = dice.choice(NAMES)
        glory = table.state.characters[famous.casefold()].standing["glory"]
        do(
            Play.change_standing,
            character=famous,
            standing="glory",
            delta=1 if glory < 100 else -90,
        )
    return session.events[:size]


__all__ = ["GM", "long_session", "sheet"]
