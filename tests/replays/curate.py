"""Author the curated replays in ``replays/`` (run by hand: ``python -m tests.replays.curate``).

Each session is played through the real session aggregate with a fixed clock and the
faces written out, so the files are the same every time they are made. A file that
exists is left alone unless ``--force`` is given: replays are regression fixtures, and
their expected projections change only on purpose (``kiroku replay F --update-expected``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from adapters.replay_file import write_replay
from domain.dice.roll_keep.faces import parse_faces
from domain.dice.roll_keep.roll import RollOptions
from domain.rulesets.l5r4e.play import Play
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Skill, Traits, Weapon
from domain.rulesets.roll_keep_kit.purchase import Purchase
from domain.session.aggregate import Session
from tests.replays.curate_4e import SESSIONS as FOURTH_EDITION
from tests.replays.curate_corrections import CORRECTIONS
from tests.support import Table

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


def combat_to_out() -> Table:
    """Initiative 5k3 (the summary's example), a 7k3 attack of 24 against TN 20 (its
    example), dai tsuchi damage 8k2 (its example), wound ranks down to Out."""
    t = Table("combat-to-out")
    t.do(Session.join, sheet=hida_tsuneo(), player="ana")
    t.do(Session.join, sheet=bandit(), player="gm-npc")
    t.do(Play.start_combat)
    t.do(Play.roll_initiative, character="Hida Tsuneo", dice=parse_faces("7,6,5,2,1"))
    t.do(Play.roll_initiative, character="Bandit", dice=parse_faces("4,3,2,1"))
    t.do(Play.start_round)
    t.do(Play.choose_stance, character="Hida Tsuneo", stance="attack")
    t.do(Play.choose_stance, character="Bandit", stance="attack")

    def swing(attack: str, damage: str, tn: int = 20) -> None:
        t.do(
            Play.roll,
            character="Hida Tsuneo",
            purpose="attack",
            label="Heavy Weapons/Agility",
            expression="7k3",
            options=RollOptions(tn=tn),
            dice=parse_faces(attack),
        )
        t.do(
            Play.roll,
            character="Hida Tsuneo",
            purpose="damage",
            label="Dai tsuchi",
            expression="8k2",
            options=RollOptions(),
            dice=parse_faces(damage),
        )

    swing("9,8,7,3,2,1,1", "9,8,3,3,2,2,1,1")  # 24 to hit; 17 damage
    t.do(Play.take_wounds, character="Bandit", amount=17, source="dai tsuchi")  # Grazed
    t.do(Play.next_turn)
    t.do(
        Play.roll,
        character="Bandit",
        purpose="attack",
        label="Knives/Agility",
        expression="4k2",
        options=RollOptions(tn=20),
        dice=parse_faces("6,5,2,1"),
    )  # TN 25
    t.do(Play.next_turn)
    t.do(Play.start_round)
    swing("10+4,6,5,3,3,2,1", "10+2,9,4,4,3,2,1,1")  # 25; 21 damage
    t.do(Play.take_wounds, character="Bandit", amount=21, source="dai tsuchi")  # 38: Out
    t.do(Play.next_turn)
    t.do(Play.end_combat)
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


def xp_insight() -> Table:
    """Awards and spends; Agility 3 → 4 costs 16 and raises Fire (the summary's example),
    which with two skill ranks takes insight from 140 to 152: rank 2."""
    t = Table("xp-insight")
    t.do(Session.join, sheet=doji_hana(), player="cat")
    t.do(Play.award_xp, character="Doji Hana", amount=4, reason="won the winter court debate")
    t.do(
        Play.spend_xp,
        actor="cat",
        character="Doji Hana",
        purchase=Purchase("skill", "Sincerity"),
    )
    t.do(
        Play.spend_xp,
        actor="cat",
        character="Doji Hana",
        purchase=Purchase("emphasis", "Courtier", "Gossip"),
    )
    t.do(Play.award_xp, character="Doji Hana", amount=10, reason="session three")
    t.do(Play.spend_xp, actor="cat", character="Doji Hana", purchase=Purchase("trait", "agility"))
    t.do(
        Play.spend_xp,
        actor="cat",
        character="Doji Hana",
        purchase=Purchase("skill", "Tea Ceremony"),
    )
    return t


def retracted_ruling() -> Table:
    """The GM deals wounds, the table contests the ruling, the GM retracts it (with a reason);
    a roll made under the wrong TN is retracted and made again; an undo."""
    t = Table("retracted-ruling")
    t.do(Session.join, sheet=hida_tsuneo(), player="ana")
    t.do(Session.join, sheet=doji_hana(), player="cat")
    t.do(Play.take_wounds, character="Doji Hana", amount=12, source="a falling lantern")
    t.do(
        Session.retract,
        position=4,
        reason="contested: Hana was already outside, per the earlier scene",
    )
    t.do(
        Play.roll,
        character="Doji Hana",
        purpose="skill",
        label="Etiquette/Awareness",
        expression="6k3",
        options=RollOptions(tn=25),
        dice=parse_faces("8,7,6,4,2,1"),
    )
    t.do(Session.retract, position=6, reason="the GM misread the TN: the host is a Scorpion, TN 20")
    t.do(
        Play.roll,
        character="Doji Hana",
        purpose="skill",
        label="Etiquette/Awareness",
        expression="6k3",
        options=RollOptions(tn=20),
        dice=parse_faces("8,7,6,4,2,1"),
    )
    t.do(
        Play.change_standing,
        character="Hida Tsuneo",
        standing="honour",
        delta=-5,
        reason="insulted the host",
    )
    t.do(Play.change_standing, character="Hida Tsuneo", standing="glory", delta=2)
    t.do(Session.retract_last, reason="undo: the glory belongs to the next scene")
    return t


def dice_examples() -> Table:
    """The summary's dice examples as rolls: 10, 10, 4 is 24; 12k3 → 10k4; 13k4 → 10k5;
    11k5 → 10k5; emphasis, unskilled and Void."""
    t = Table("dice-examples")
    t.do(Session.join, sheet=hida_tsuneo(), player="ana")

    def roll(expression: str, faces: str, **options: object) -> None:
        t.do(
            Play.roll,
            expression=expression,
            options=RollOptions(**options),  # type: ignore[arg-type]
            dice=parse_faces(faces),
            label=f"example {expression}",
        )

    roll("1k1", "10+10+4")
    roll("12k3", "1,2,3,4,5,6,7,8,9,10+1", tn=30)
    roll("13k4", "2,2,2,2,2,2,2,2,2,2", tn=15)
    roll("11k5", "9,9,9,9,9,1,1,1,1,1", tn=45)
    roll("16k9", "5,5,5,5,5,5,5,5,5,5")
    roll("3k2", "10,9,8", unskilled=True)
    roll("3k2", "1r1,1r10+5,4", emphasis=True)
    t.do(
        Play.roll,
        character="Hida Tsuneo",
        expression="6k3",
        purpose="skill",
        label="Heavy Weapons/Agility",
        options=RollOptions(tn=20, void=True, raises=2),
        dice=parse_faces("3,4,5,6,7,8,9"),
    )
    return t


SESSIONS: dict[str, Callable[[], Table]] = {
    "combat-to-out": combat_to_out,
    "xp-insight": xp_insight,
    "retracted-ruling": retracted_ruling,
    "dice-examples": dice_examples,
}


SESSIONS.update(FOURTH_EDITION)
SESSIONS.update(CORRECTIONS)  # type: ignore[arg-type]  # a RecordedTable has its records


def main(argv: list[str]) -> int:
    force = "--force" in argv
    names = [a for a in argv if not a.startswith("--")] or list(SESSIONS)
    for name in names:
        path = REPLAYS / f"{name}.jsonl"
        if path.exists() and not force:
            print(f"{path} exists; left alone (--force to rewrite)")
            continue
        table = SESSIONS[name]()
        write_replay(path, table.session.events, getattr(table, "records", ()))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
