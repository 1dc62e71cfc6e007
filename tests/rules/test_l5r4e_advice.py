"""What the GM hears about a ruling the 4e rules let stand (:mod:`domain.rulesets.l5r4e.advice`)."""

from __future__ import annotations

from datetime import UTC, datetime

from domain.events import CharacterJoined
from domain.rulesets.l5r4e.advice import warnings
from domain.rulesets.roll_keep_kit.character import Armour
from tests.support import sheet

AT = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def joined(armour: Armour | None) -> CharacterJoined:  # type: ignore[type-arg]
    return CharacterJoined(actor="sensei", at=AT, sheet=sheet(armour=armour), player="ana")


def test_heavy_armour_without_its_plus_10_is_named() -> None:
    """« et de +10 lorsqu'il s'agit d'une armure lourde »."""
    [line] = warnings([joined(Armour("O-yoroi", 10, 5))], None)
    assert "as heavy armour does" in line and "+10 to the TN of every Agility" in line


def test_armour_with_its_penalty_or_unlike_the_summary_s_says_nothing() -> None:
    """The summary gives no skill penalty for ashigaru armour (+3): nothing to say."""
    assert warnings([joined(Armour("Light armour", 5, 3, 5))], None) == []
    assert warnings([joined(Armour("Ashigaru armour", 3, 1))], None) == []
    assert warnings([joined(None)], None) == []


def test_a_spell_above_the_school_rank_is_named_at_join() -> None:
    """« pourra dès la création de personnage choisir des sorts de niveau 2,
    correspondant donc au rang d'école que son affinité lui procure »: at rank 1 with an
    Air affinity, a level 2 Air spell is in reach, a level 3 one is not."""
    from domain.rulesets.roll_keep_kit.character import Spell

    shugenja = sheet(
        "Isawa Aki",
        affinity="air",
        spells=(Spell("Tempest of Air", "air", 2), Spell("Call upon the Wind", "air", 3)),
    )
    event = CharacterJoined(actor="sensei", at=AT, sheet=shugenja, player="ana")
    assert warnings([event], None) == [
        "Isawa Aki knows Call upon the Wind (level 3 air) at school rank 2 with air: it "
        "cannot be cast until the rank reaches 3"
    ]


def test_a_samurai_weapon_in_a_non_samurai_s_hands_is_named_a_crime() -> None:
    """« Quiconque maniant une arme ayant le mot clef “samurai” mais ne l'étant pas se rend
    coupable d'un crime passible d'une exécution immédiate »: the sheet says who is no
    samurai; such a one joining with a katana, and attacking with it, is named."""
    from domain.rulesets.l5r4e import attacks
    from domain.rulesets.l5r4e.play import Play
    from domain.rulesets.roll_keep_kit.character import Weapon
    from tests.support import Scripted, Table

    katana = Weapon("Katana", "3k2", keywords=("samurai",))
    farmer = sheet("Heiko", samurai=False, weapons=(katana,))
    [line] = warnings([CharacterJoined(actor="sensei", at=AT, sheet=farmer, player="ana")], None)
    assert "Heiko is no samurai and carries Katana" in line
    samurai = sheet("Akodo Kaneka", weapons=(katana,))  # the same katana: nothing to say
    assert (
        warnings([CharacterJoined(actor="sensei", at=AT, sheet=samurai, player="ben")], None) == []
    )
    table = Table()
    table.join("Heiko", "ana", samurai=False, weapons=(katana,))
    table.join("Akodo Kaneka", "ben")
    table.do(Play.start_combat)
    table.do(Play.roll_initiative, character="Heiko", dice=Scripted(9, 9, 9, 9, 9))
    table.do(Play.roll_initiative, character="Akodo Kaneka", dice=Scripted(1, 1, 1, 1, 1))
    table.do(Play.start_round)
    events = table.do(
        attacks.attack,
        attacker="Heiko",
        target="Akodo Kaneka",
        weapon="Katana",
        dice=Scripted(*[5] * 10),
    )
    [line] = warnings(events, table.state)
    assert line.startswith("Heiko is no samurai and fights with Katana, a samurai weapon")


def test_taking_up_a_samurai_weapon_from_the_armoury_is_named_too() -> None:
    from domain.rulesets.l5r4e.events import Equipped
    from domain.rulesets.roll_keep_kit.character import Weapon
    from tests.support import Table

    table = Table()
    table.join("Heiko", "ana", samurai=False)
    katana = Weapon("Daisho katana", "3k2", keywords=("samurai",))
    event = Equipped(actor="sensei", at=AT, character="Heiko", weapon=katana)
    [line] = warnings([event], table.state)
    assert line.startswith("Heiko is no samurai and takes up Daisho katana")
