"""Issue 31's l5r3e rules through the real entry point: no Void point on a damage roll,
several companions' encouragement on one attack, and a rider's Manoeuvres; each refusal
exits 2, quotes the input and the text, and appends nothing."""

from __future__ import annotations

import json

from tests.e2e.conftest import Run, ok
from tests.e2e.test_cli_l5r3e import ROOT, SHEETS, S, count, skirmish

__all__ = ["skirmish"]  # the fixture, shared


def test_a_void_point_on_a_damage_roll_is_refused_and_not_spent(skirmish: Run) -> None:
    """« NE PEUT PAS ETRE UTILISE POUR AUGMENTER UN JET DE DOMMAGES ! »"""
    before = count(skirmish)
    done = skirmish(
        "roll", "5k2", *S, "--character", "Bayushi Fumi", "--purpose", "damage", "--void",
        "--faces", "9,9,9,9,9,9", "--as", "ana",
    )  # fmt: skip
    assert done.returncode == 2, done.stdout
    assert "'5k2' --purpose damage --void" in done.stderr
    assert "NE PEUT PAS ETRE UTILISE POUR AUGMENTER UN JET DE DOMMAGES" in done.stderr
    assert count(skirmish) == before
    assert ok(skirmish, "state", *S)["void"]["Bayushi Fumi"]["left"] == 3
    rolled = ok(
        skirmish, "roll", "5k2", *S, "--character", "Bayushi Fumi", "--purpose", "damage",
        "--faces", "9,8,1,1,1", "--as", "ana",
    )  # fmt: skip
    assert rolled["roll"]["total"] == 17


def test_several_companions_encourage_one_attack_each_held_to_the_cap(skirmish: Run) -> None:
    """« Encouragement »: each companion pays 2 and gives 1 point, « Un même personnage ne
    peut pas recevoir ainsi plus de points de Vide supplémentaires que son propre Rang de
    Vide ! »: Rola (Void 3) cannot take four, and takes two."""
    rola = str(SHEETS / "mirumoto-rola-3e.json")
    ok(skirmish, "join", *S, "--sheet", rola, "--count", "4", "--name", "Ally", "--player", "cat")
    allies = [a for n in range(1, 5) for a in ("--encouraged-by", f"Ally {n}")]
    attack = ("attack", *S, "--character", "Mirumoto Rola", "--target", "Bayushi Fumi",
              "--weapon", "Katana")  # fmt: skip
    before = count(skirmish)
    done = skirmish(*attack, *allies, "--faces", "9,8,7,6,5,4,3,2,1,1")
    assert done.returncode == 2, done.stdout
    assert "has received 3 Void points by encouragement this combat and their Void ring is 3" in (
        done.stderr
    )
    assert "Ally 4's would be one more" in done.stderr
    assert count(skirmish) == before
    ok(skirmish, *attack, *allies[:4], "--faces", "9,8,7,6,5,4,3,2")
    state = ok(skirmish, "state", *S)
    assert state["void"]["Mirumoto Rola"] == {"left": 3, "ring": 3, "encouraged": 2}
    assert state["void"]["Ally 1"]["left"] == state["void"]["Ally 2"]["left"] == 1
    assert state["void"]["Ally 3"]["left"] == 3


def test_a_rider_s_assault_and_dodge_are_refused_until_the_gm_dismounts_them(
    skirmish: Run,
) -> None:
    """« Il est IMPOSSIBLE de choisir cette Manoeuvre lorsque l'on chevauche une monture. »
    (Assaut, Esquive): the GM's ruling, recorded with its reason, shown in ``state``."""
    rola = ("--character", "Mirumoto Rola")
    by_player = skirmish("mount", *S, *rola, "--as", "ben")
    assert by_player.returncode == 2 and "only the GM" in by_player.stderr
    ok(skirmish, "mount", *S, *rola, "--reason", "Rola rides to the ford")
    shown = skirmish("state", *S)
    assert "Attaque (à cheval)" in shown.stdout
    assert ok(skirmish, "state", *S)["manoeuvres"]["Mirumoto Rola"]["mounted"] is True
    assert "Rola rides to the ford" in skirmish("log", *S).stdout
    for manoeuvre, french in (("assault", "Assaut"), ("dodge", "Esquive")):
        before = count(skirmish)
        done = skirmish("manoeuvre", manoeuvre, *S, *rola, "--as", "ben", "--faces", "9,8,7,6,5,4")
        assert done.returncode == 2, done.stdout
        assert f"manoeuvre '{manoeuvre}': Mirumoto Rola is mounted: « {french} »" in done.stderr
        assert "lorsque l'on chevauche une monture" in done.stderr
        assert count(skirmish) == before
    ok(skirmish, "dismount", *S, *rola, "--reason", "his horse is cut down")
    ok(skirmish, "manoeuvre", "assault", *S, *rola, "--as", "ben")
    assert "mounted" not in ok(skirmish, "state", *S)["manoeuvres"]["Mirumoto Rola"]


def test_a_hidden_mount_is_the_gm_s_secret_on_every_read(skirmish: Run) -> None:
    """What a player reads is the GM's record filtered: a mount kept behind the screen is
    not in their log, until revealed."""
    ok(skirmish, "mount", *S, "--character", "Bayushi Fumi", "--hidden")
    assert ok(skirmish, "state", *S)["manoeuvres"]["Bayushi Fumi"]["mounted"] is True
    assert "Bayushi Fumi is mounted" in skirmish("log", *S).stdout
    assert "is mounted" not in skirmish("log", *S, "--as", "ben").stdout


def test_an_attack_recorded_with_one_encourager_is_amended_as_recorded(kiroku: Run) -> None:
    """The three ronin replay records Lingus's encouragement as one name, from before a
    roll could name several: amending that attack reads it as a list of one, and the
    encouragement stands."""
    assert kiroku("import", str(ROOT / "replays" / "l5r3e-three-ronin.jsonl")).returncode == 0
    ronin = ("--session", "l5r3e-three-ronin")
    attack = next(
        row["position"]
        for row in ok(kiroku, "log", *ronin, "--kind", "AttackResolved")
        if row["summary"].startswith("Bayushi Fumi hits Ronin 2")
    )
    done = kiroku("amend", *ronin, str(attack), "--reason", "Ronin 2 never saw him", "--unseen",
                  "--dry-run", "--json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    said = [event["summary"] for event in report["events"]]
    assert "Bayushi Fumi spends 1 Void point given by Kuni Lingus (roll_dice): on the attack on " \
        "Ronin 2" in said  # fmt: skip
    assert report["dropped"] == []
