"""Issue 31's l5r3e rules, each test one sentence of the skirmish text: a Void point is
never spent on damage, encouragement from several companions at once (each held to the
rule's cap), and the Manoeuvres a rider may not choose. Each refusal quotes what it
refuses and records nothing."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed, NotFound
from domain.rulesets.l5r3e import commands as c
from domain.rulesets.l5r3e.events import Dismounted, Mounted, VoidSpent
from domain.rulesets.roll_keep_kit.events import DiceRolled
from tests.replays.curate_3e import bayushi_fumi, faces, mirumoto_rola, queue
from tests.rules.test_l5r3e_play import fight, fumi_first, kuni, table, view
from tests.support import RecordedTable, refused

# -- « NE PEUT PAS ETRE UTILISE POUR AUGMENTER UN JET DE DOMMAGES ! » ---------------------


@pytest.mark.parametrize(
    ("use", "flag"),
    [({"void": True}, "--void"), ({"void_raise": True}, "--void-raise"),
     ({"void_skill": True}, "--void-skill")],
)  # fmt: skip
def test_no_void_point_is_spent_on_a_damage_roll(use: dict[str, bool], flag: str) -> None:
    """« Utilisation sur 1 jet de dés : 1 SEUL point de Vide par jet ! … NE PEUT PAS ETRE
    UTILISE POUR AUGMENTER UN JET DE DOMMAGES ! »: whichever of the three a roll's point
    would buy, a damage roll refuses it, quoting the roll, and the point stays."""
    t = fumi_first()
    refused(
        t,
        msgspec.convert(
            {"character": "Bayushi Fumi", "expression": "5k2", "purpose": "damage", **use}, c.Roll
        ),
        IllegalUnderRules,
        f"'5k2' --purpose damage {flag}\\): .*NE PEUT PAS ETRE UTILISE POUR AUGMENTER UN JET "
        "DE DOMMAGES",
        dice=faces("9,9,9,9,9,9"),
    )
    assert view(t, "void")["Bayushi Fumi"]["left"] == 3


def test_the_same_damage_roll_without_void_is_recorded() -> None:
    """The refusal is the Void point's, not the damage roll's: 5k2 alone stands."""
    t = fumi_first()
    t.do(
        c.Roll(character="Bayushi Fumi", expression="5k2", purpose="damage"),
        dice=faces("9,8,1,1,1"),
    )
    rolled = t.events[-1].event
    assert isinstance(rolled, DiceRolled) and rolled.roll.total == 17
    assert not any(isinstance(r.event, VoidSpent) for r in t.events)


def test_void_on_any_other_roll_is_still_spent() -> None:
    """A point on a roll that is not damage: « +1g1 au jet »."""
    t = fumi_first()
    t.do(
        c.Roll(character="Bayushi Fumi", expression="5k2", purpose="other", void=True),
        dice=faces("9,8,1,1,1,1"),
    )
    assert view(t, "void")["Bayushi Fumi"]["left"] == 2


# -- « Encouragement », from several companions at once ---------------------------------


def three(fumi_void: int = 3) -> RecordedTable:
    """Fumi 23 first (Void ``fumi_void``), Rola 15, Kuni Lingus 6: round 1 under way."""
    return fight(
        bayushi_fumi(void=fumi_void), mirumoto_rola(), kuni(),
        inits=("10+5,8,1", "6,5,4,1", "3,2,1,1"),
    )  # fmt: skip


def encouraged(*allies: str, **more: Any) -> c.Attack:
    return c.Attack(
        character="Bayushi Fumi", target="Mirumoto Rola", weapon="Katana", encouraged_by=allies,
        **more,
    )  # fmt: skip


def test_two_companions_each_give_one_point_on_the_same_attack() -> None:
    """« Lorsque l'un de ses compagnons effectue 1 action, le personnage peut dépenser 2
    points de Vide et l'encourager. Son compagnon bénéficie alors de 1 point de Vide
    supplémentaire … en plus de ses propres points de Vide »: each companion who
    encourages pays 2 and gives 1, so two give 2 — beside the one acting's own point, as
    Fumi's 8g5 counts it (6g3, his own +1g1, Lingus's +1g1): here 6g3 + 1g1 + 2 × 1g1."""
    t = three()
    t.do(
        encouraged("Mirumoto Rola", "Kuni Lingus", void="roll_dice"),
        dice=queue("9,8,7,6,5,4,3,2,1"),
    )
    spent = [r.event for r in t.events if isinstance(r.event, VoidSpent)]
    assert [(e.character, e.use, e.points, e.ally) for e in spent] == [
        ("Bayushi Fumi", "roll_dice", 1, None),
        ("Mirumoto Rola", "encouragement", 2, None),
        ("Bayushi Fumi", "roll_dice", 1, "Mirumoto Rola"),
        ("Kuni Lingus", "encouragement", 2, None),
        ("Bayushi Fumi", "roll_dice", 1, "Kuni Lingus"),
    ]
    rolled = [r.event for r in t.events if isinstance(r.event, DiceRolled)][-1]
    assert rolled.roll.expression == "9k6"
    voids = view(t, "void")
    assert voids["Bayushi Fumi"] == {"left": 2, "ring": 3, "encouraged": 2}
    assert voids["Mirumoto Rola"]["left"] == voids["Kuni Lingus"]["left"] == 1


def test_encouragement_past_the_one_acting_s_void_ring_is_refused() -> None:
    """« Un même personnage ne peut pas recevoir ainsi plus de points de Vide
    supplémentaires que son propre Rang de Vide ! »: Void 1 takes one companion's point,
    not two; nobody pays for the refused attack."""
    t = three(fumi_void=1)
    refused(
        t,
        encouraged("Mirumoto Rola", "Kuni Lingus"),
        IllegalUnderRules,
        "Bayushi Fumi has received 1 Void points by encouragement this combat and their Void "
        "ring is 1: Kuni Lingus's would be one more",
        dice=queue("9,8,7,6,5,4,3,2,1"),
    )
    assert view(t, "void")["Mirumoto Rola"]["left"] == 3


def test_the_cap_counts_the_points_received_earlier_in_the_combat() -> None:
    """The cap is on what one receives « ainsi », over the combat (the reading the fold
    keeps: ``encouraged`` until the combat ends): Void 2, one point on a first attack,
    two more refused on the next."""
    t = three(fumi_void=2)
    t.do(encouraged("Kuni Lingus"), dice=queue("9,8,7,6,5,4,3"))
    t.do(c.NextTurn())
    t.do(c.NextTurn())
    t.do(c.NextTurn())
    t.do(c.StartRound())
    refused(
        t,
        encouraged("Mirumoto Rola", "Kuni Lingus"),
        IllegalUnderRules,
        r"received 2 Void points by encouragement this combat and their Void ring is 2",
        dice=queue("9,8,7,6,5,4,3,2"),
    )


def test_a_companion_encourages_an_action_once() -> None:
    """« le personnage peut dépenser 2 points de Vide et l'encourager »: once an action;
    the name given twice is refused, quoting it."""
    t = three()
    refused(
        t,
        encouraged("Kuni Lingus", "kuni lingus"),
        MalformedInput,
        "--encouraged-by 'kuni lingus': Kuni Lingus is named twice",
        dice=queue("9,8,7,6,5,4,3,2"),
    )


# -- « lorsque l'on chevauche une monture » ------------------------------------------------

HORSEBACK = "Il est IMPOSSIBLE de choisir cette Manoeuvre lorsque l'on chevauche une monture"


@pytest.mark.parametrize("manoeuvre", ["assault", "dodge"])
def test_a_rider_may_choose_neither_assault_nor_dodge(manoeuvre: str) -> None:
    """Assaut: « Il est IMPOSSIBLE de choisir cette Manoeuvre lorsque l'on chevauche une
    monture. » Esquive: the same sentence. The GM rules Fumi mounted, with a reason; his
    choice is refused quoting it, and nothing is recorded."""
    t = fumi_first()
    t.do(c.Mount(character="Bayushi Fumi", reason="he rides at the ronin"))
    mounted = t.events[-1].event
    assert isinstance(mounted, Mounted) and mounted.reason == "he rides at the ronin"
    assert view(t, "manoeuvres")["Bayushi Fumi"]["mounted"] is True
    refused(
        t,
        msgspec.convert({"character": "Bayushi Fumi", "manoeuvre": manoeuvre}, c.ChooseManoeuvre),
        IllegalUnderRules,
        f"manoeuvre '{manoeuvre}': Bayushi Fumi is mounted: .*{HORSEBACK}",
        dice=faces("9,8,7,6,5,4"),
    )


def test_a_rider_attacks_as_ever() -> None:
    """Attack, the default Manoeuvre, is not among those the text bars a rider."""
    t = fumi_first()
    t.do(c.Mount(character="Bayushi Fumi"))
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="attack"), actor="ana")
    assert view(t, "manoeuvres")["Bayushi Fumi"]["manoeuvre"] == "attack"


def test_once_dismounted_every_manoeuvre_is_open_again() -> None:
    t = fumi_first()
    t.do(c.Mount(character="Bayushi Fumi"))
    t.do(c.Dismount(character="Bayushi Fumi", reason="his horse is killed"))
    assert isinstance(t.events[-1].event, Dismounted)
    assert "mounted" not in view(t, "manoeuvres")["Bayushi Fumi"]
    t.do(c.ChooseManoeuvre(character="Bayushi Fumi", manoeuvre="assault"), actor="ana")
    assert view(t, "manoeuvres")["Bayushi Fumi"]["manoeuvre"] == "assault"


def test_a_dodge_before_the_combat_is_barred_to_a_rider_too() -> None:
    """« Il est possible d'adopter cette Manoeuvre, juste avant le début du combat » —
    but not in the saddle."""
    t = table(bayushi_fumi(), mirumoto_rola())
    t.do(c.Mount(character="Mirumoto Rola"))
    t.do(c.StartCombat())
    refused(
        t,
        c.ChooseManoeuvre(character="Mirumoto Rola", manoeuvre="dodge"),
        IllegalUnderRules,
        HORSEBACK,
        dice=faces("9,8,7,6,5,4"),
    )


def test_the_mount_is_the_gm_s_ruling_and_each_change_is_a_change() -> None:
    t = fumi_first()
    refused(t, c.Mount(character="Bayushi Fumi"), NotAllowed, "only the GM", actor="ana")
    refused(t, c.Dismount(character="Bayushi Fumi"), IllegalUnderRules, "is not mounted")
    t.do(c.Mount(character="Bayushi Fumi"))
    refused(t, c.Mount(character="bayushi fumi"), IllegalUnderRules, "is mounted already")
    refused(t, c.Mount(character="Bayushi Fuma"), NotFound, "'Bayushi Fuma'")


def test_a_rider_stays_mounted_when_the_combat_ends() -> None:
    """A reading (:mod:`domain.rulesets.l5r3e.mounts`): the condition lasts until the GM
    lifts it."""
    t = fumi_first()
    t.do(c.Mount(character="Bayushi Fumi"))
    t.do(c.EndCombat())
    assert view(t, "manoeuvres")["Bayushi Fumi"]["mounted"] is True
