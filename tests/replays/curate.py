"""Author the curated replays in ``replays/`` (run by hand: ``python -m tests.replays.curate``).

Each session is played through the real session aggregate with a fixed clock and the
faces written out, so the files are the same every time they are made. Each is given as
command Structs (:class:`tests.support.RecordedTable`), every command recorded with the
dice it drew or the faces given, the way the service records it: the file is a version 2
replay (its events, then the records of its rulings), and the suite re-judges every
ruling in it (``tests/replays/test_replays.py``).

A file that exists is left alone unless ``--force`` is given: replays are regression
fixtures, and their expected projections change only on purpose (``kiroku replay F
--update-expected``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from adapters.replay_file import write_replay
from domain.dice.roll_keep.faces import parse_faces
from domain.rulesets.l5r4e.commands.books import (
    AwardExperience,
    ChangeGlory,
    ChangeHonour,
    SpendExperience,
    TakeWounds,
)
from domain.rulesets.l5r4e.commands.table import (
    ChooseStance,
    EndCombat,
    NextTurn,
    Roll,
    RollInitiative,
    StartCombat,
    StartRound,
)
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Skill, Traits, Weapon
from domain.session.commands import Retract, Undo
from tests.replays.curate_3e import SESSIONS as THIRD_EDITION
from tests.replays.curate_3e_riders import SESSIONS as THIRD_EDITION_RIDERS
from tests.replays.curate_4e import SESSIONS as FOURTH_EDITION
from tests.replays.curate_5e import SESSIONS as FIFTH_EDITION
from tests.replays.curate_5e_criticals import SESSIONS as FIFTH_CRITICALS
from tests.replays.curate_campaign import SESSIONS as CAMPAIGN
from tests.replays.curate_corrections import CORRECTIONS
from tests.replays.curate_house import SESSIONS as HOUSE
from tests.replays.curate_ukiyo import SESSIONS as UKIYO
from tests.replays.kit_4e import Curated, join
from tests.support import RecordedTable

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def hida_tsuneo() -> CharacterSheet:
    """Insight rank 2 (« Rang de Réputation de 2 »), Reflexes 3, a dai tsuchi 5k2, Strength 3."""
    return CharacterSheet(
        name="Hida Tsuneo",
        clan="Crab",
        school="Hida Bushi",
        traits=Traits(3, 3, 3, 3, 3, 3, 3, 3),
        void=3,
        skills=(Skill("Heavy Weapons", 4, ("Tetsubo",), True), Skill("Defense", 1, (), True)),
        honour=45,
        glory=15,
        status=10,
        weapons=(Weapon("Dai tsuchi", "5k2", "Heavy Weapons"),),
    )


def bandit() -> CharacterSheet:
    """Earth 2: Healthy to 10 wounds, then 4 a rank, Out beyond 34; Reflexes 3: TN 20."""
    return CharacterSheet(
        name="Bandit",
        traits=Traits(2, 2, 3, 2, 2, 2, 2, 2),
        void=1,
        skills=(Skill("Knives", 2),),
        weapons=(Weapon("Knife", "1k1", "Knives"),),
    )


def combat_to_out() -> RecordedTable:
    """Initiative 5k3 (the summary's example), a 7k3 attack of 24 against TN 20 (its
    example), dai tsuchi damage 8k2 (its example), wound ranks down to Out; the Bandit,
    Out, has his turn skipped when Hida Tsuneo passes (« Hors de combat »)."""
    t = RecordedTable("combat-to-out")
    t.do(join(hida_tsuneo(), "ana"))
    t.do(join(bandit(), "gm-npc"))
    t.do(StartCombat())
    t.do(RollInitiative(character="Hida Tsuneo"), dice=parse_faces("7,6,5,2,1"))
    t.do(RollInitiative(character="Bandit"), dice=parse_faces("4,3,2,1"))
    t.do(StartRound())
    t.do(ChooseStance(character="Hida Tsuneo", stance="attack"))
    t.do(ChooseStance(character="Bandit", stance="attack"))

    def swing(attack: str, damage: str, tn: int = 20) -> None:
        t.do(
            Roll(
                character="Hida Tsuneo",
                purpose="attack",
                label="Heavy Weapons/Agility",
                expression="7k3",
                tn=tn,
            ),
            dice=parse_faces(attack),
        )
        t.do(
            Roll(character="Hida Tsuneo", purpose="damage", label="Dai tsuchi", expression="8k2"),
            dice=parse_faces(damage),
        )

    swing("9,8,7,3,2,1,1", "9,8,3,3,2,2,1,1")  # 24 to hit; 17 damage
    t.do(TakeWounds(character="Bandit", amount=17, source="dai tsuchi"))  # Grazed
    t.do(NextTurn())
    t.do(
        Roll(character="Bandit", purpose="attack", label="Knives/Agility", expression="4k2", tn=20),
        dice=parse_faces("6,5,2,1"),
    )  # TN 25
    t.do(NextTurn())
    t.do(StartRound())
    swing("10+4,6,5,3,3,2,1", "10+2,9,4,4,3,2,1,1")  # 25; 21 damage
    t.do(TakeWounds(character="Bandit", amount=21, source="dai tsuchi"))  # 38: Out
    t.do(NextTurn())  # and the Bandit's turn, Out, passes by itself
    t.do(EndCombat())
    return t


def doji_hana() -> CharacterSheet:
    """Agility 3 and Intelligence 4, as in the summary's XP example; insight 140."""
    return CharacterSheet(
        name="Doji Hana",
        clan="Crane",
        school="Doji Courtier",
        traits=Traits(2, 3, 3, 3, 2, 3, 3, 4),
        void=3,
        skills=(
            Skill("Courtier", 3, ("Manipulation",), True),
            Skill("Etiquette", 3, (), True),
            Skill("Sincerity", 2, (), True),
            Skill("Calligraphy", 2),
        ),
        honour=55,
        glory=20,
        status=20,
    )


def xp_insight() -> RecordedTable:
    """Awards and spends; Agility 3 → 4 costs 16 and raises Fire (the summary's example),
    which with two skill ranks takes insight from 140 to 152: rank 2."""
    t = RecordedTable("xp-insight")
    t.do(join(doji_hana(), "cat"))
    t.do(AwardExperience(character="Doji Hana", amount=4, reason="won the winter court debate"))
    t.do(SpendExperience(character="Doji Hana", skill="Sincerity"), actor="cat")
    t.do(SpendExperience(character="Doji Hana", emphasis="Courtier:Gossip"), actor="cat")
    t.do(AwardExperience(character="Doji Hana", amount=10, reason="session three"))
    t.do(SpendExperience(character="Doji Hana", trait="agility"), actor="cat")
    t.do(SpendExperience(character="Doji Hana", skill="Tea Ceremony"), actor="cat")
    return t


def retracted_ruling() -> RecordedTable:
    """The GM deals wounds, the table contests the ruling, the GM retracts it (with a reason);
    a roll made under the wrong TN is retracted and made again; an undo."""
    t = RecordedTable("retracted-ruling")
    t.do(join(hida_tsuneo(), "ana"))
    t.do(join(doji_hana(), "cat"))
    t.do(TakeWounds(character="Doji Hana", amount=12, source="a falling lantern"))
    t.do(Retract(position=4, reason="contested: Hana was already outside, per the earlier scene"))

    def etiquette(tn: int) -> None:
        t.do(
            Roll(
                character="Doji Hana",
                purpose="skill",
                label="Etiquette/Awareness",
                expression="6k3",
                tn=tn,
            ),
            dice=parse_faces("8,7,6,4,2,1"),
        )

    etiquette(25)
    t.do(Retract(position=6, reason="the GM misread the TN: the host is a Scorpion, TN 20"))
    etiquette(20)
    t.do(ChangeHonour(character="Hida Tsuneo", delta=-5, reason="insulted the host"))
    t.do(ChangeGlory(character="Hida Tsuneo", delta=2))
    t.do(Undo(reason="undo: the glory belongs to the next scene"))
    return t


def dice_examples() -> RecordedTable:
    """The summary's dice examples as rolls: 10, 10, 4 is 24; 12k3 → 10k4; 13k4 → 10k5;
    11k5 → 10k5; emphasis, unskilled and Void."""
    t = RecordedTable("dice-examples")
    t.do(join(hida_tsuneo(), "ana"))

    def roll(expression: str, faces: str, **options: Any) -> None:
        t.do(
            Roll(expression=expression, label=f"example {expression}", **options),
            dice=parse_faces(faces),
        )

    roll("1k1", "10+10+4")
    roll("12k3", "1,2,3,4,5,6,7,8,9,10+1", tn=30)
    roll("13k4", "2,2,2,2,2,2,2,2,2,2", tn=15)
    roll("11k5", "9,9,9,9,9,1,1,1,1,1", tn=45)
    roll("16k9", "5,5,5,5,5,5,5,5,5,5")
    roll("3k2", "10,9,8", unskilled=True)
    roll("3k2", "1r1,1r10+5,4", emphasis=True)
    t.do(
        Roll(
            character="Hida Tsuneo",
            expression="6k3",
            purpose="skill",
            label="Heavy Weapons/Agility",
            tn=20,
            void=True,
            raises=2,
        ),
        dice=parse_faces("3,4,5,6,7,8,9"),
    )
    return t


SESSIONS: dict[str, Callable[[], Curated]] = {
    "combat-to-out": combat_to_out,
    "xp-insight": xp_insight,
    "retracted-ruling": retracted_ruling,
    "dice-examples": dice_examples,
}


SESSIONS.update(FOURTH_EDITION)
SESSIONS.update(CORRECTIONS)
SESSIONS.update(THIRD_EDITION)
SESSIONS.update(THIRD_EDITION_RIDERS)
SESSIONS.update(HOUSE)
SESSIONS.update(FIFTH_EDITION)
SESSIONS.update(FIFTH_CRITICALS)
SESSIONS.update(UKIYO)
SESSIONS.update(CAMPAIGN)


def main(argv: list[str]) -> int:
    force = "--force" in argv
    names = [a for a in argv if not a.startswith("--")] or list(SESSIONS)
    for name in names:
        path = REPLAYS / f"{name}.jsonl"
        if path.exists() and not force:
            print(f"{path} exists; left alone (--force to rewrite)")
            continue
        table = SESSIONS[name]()
        write_replay(path, table.events, table.records)  # version 2
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
