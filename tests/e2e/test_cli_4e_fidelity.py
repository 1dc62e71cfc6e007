"""The 4e rules where the summary and Kiroku once differed (issue 9), played through the
real ``kiroku`` entry point as a table would see them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import Run, runner
from tests.e2e.test_cli_session import FUMI, KANEKA, S

A, F = "Akodo Kaneka", "Bayushi Fumi"


def play(kiroku: Run, *commands: tuple[str, ...]) -> str:
    """Run each command; all must succeed. The output of the last."""
    done = None
    for args in commands:
        done = kiroku(*args)
        assert done.returncode == 0, (args, done.stderr)
    assert done is not None
    return done.stdout


@pytest.fixture
def round_one(tmp_path: Path) -> Run:
    """Kaneka (initiative 20) acts before Fumi (10), round 1 begun."""
    kiroku = runner(tmp_path)
    play(
        kiroku,
        ("session", "open", "--id", "night", "--gm", "sensei"),
        ("join", *S, "--sheet", KANEKA, "--player", "ana"),
        ("join", *S, "--sheet", FUMI, "--player", "ben"),
        ("combat", "start", *S),
        ("initiative", *S, "--character", A, "--faces", "10+2,5,3,2"),
        ("initiative", *S, "--character", F, "--faces", "6,2,2,1"),
        ("combat", "round", *S),
    )
    return kiroku


def test_full_defense_protects_against_the_next_attacker(round_one: Run) -> None:
    """« rajouté au ND d'Armure, jusqu'au tour suivant »: Fumi's Full Defense roll of 21
    adds 11; when round 2 starts Kaneka, first in order, attacks her at TN 31 (not 20),
    though she now stands in the Attack stance."""
    done = play(
        round_one,
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, "--character", F, "full_defense", "--as", "ben"),
        ("combat", "next", *S),
        ("full-defense", *S, "--character", F, "--faces", "9,7,5,1", "--as", "ben"),
        ("combat", "next", *S, "--as", "ben"),
        ("combat", "round", *S),
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, "--character", F, "attack", "--as", "ben"),
        ("attack", *S, "--character", A, "--target", F, "--weapon", "Katana",
         "--faces", "9,9,8,2,2,2", "--as", "ana"),
    )  # fmt: skip
    missed = "Akodo Kaneka misses Bayushi Fumi (26 vs TN 36: armour TN 31 and the roll's parts)"
    assert missed in done  # his own light armour's +5 is the roll's part


def armour_tn(kiroku: Run, character: str) -> int:
    return int(json.loads(kiroku("state", *S, "--json").stdout)["armour"][character]["tn"])


def test_a_guard_protects_an_ally_after_the_guard_s_turn(round_one: Run) -> None:
    """« augmente jusqu'à son prochain tour le ND d'Armure de la cible de +10, tandis que
    le sien baisse de -5 »: Kaneka guards Fumi and ends his turn; through her turn she
    stands at TN 30 (he at 20); round 2 gives him his turn back, and the guard ends."""
    play(
        round_one,
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, "--character", F, "attack", "--as", "ben"),
        ("guard", *S, "--character", A, "--protect", F, "--as", "ana"),
        ("combat", "next", *S),
    )
    assert (armour_tn(round_one, F), armour_tn(round_one, A)) == (30, 20)
    play(round_one, ("combat", "next", *S, "--as", "ben"), ("combat", "round", *S))
    assert (armour_tn(round_one, F), armour_tn(round_one, A)) == (20, 25)


def test_free_raises_that_pay_for_a_feint_do_not_lower_the_tn(round_one: Run) -> None:
    """« sans faire augmenter le ND … à la place … baisser le ND »: 25 against Fumi's
    armour TN 20 (+5 for Kaneka's light armour on Agility) with two free raises paying
    for the feint is a hit at TN 25 with a feint of +0 — not "vs TN 15", +5."""
    done = play(
        round_one,
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, "--character", F, "attack", "--as", "ben"),
        ("attack", *S, "--character", A, "--target", F, "--weapon", "Katana",
         "--free-raises", "2", "--manoeuvre", "feint", "--faces", "9,9,7,2,2,2",
         "--as", "ana"),
    )  # fmt: skip
    assert "against TN 25 → 25: success" in done, done
    assert "2 free raise(s) paying for feint, TN unchanged" in round_one("show", *S, "11").stdout
    assert json.loads(round_one("show", *S, "12", "--json").stdout)["event"]["feint_bonus"] == 0


def test_the_recovery_roll_carries_the_wound_penalty(round_one: Run) -> None:
    """« Le ND de ses actions est de … +10 à Blessé »: Fumi (Earth 2) with 20 wounds is
    Hurt; shaking off the daze in the reaction phase is Earth against 20 + 10."""
    done = play(
        round_one,
        ("wound", *S, "--character", F, "20"),
        ("condition", "apply", *S, "--character", F, "dazed"),
        ("recover", *S, "--character", F, "dazed", "--faces", "9"),
    )
    assert "against TN 30 → 30: failure" in done, done


ISAWA_AKI = {
    "name": "Isawa Aki",
    "clan": "Phoenix",
    "school": "Isawa Shugenja",
    "school_rank": 1,
    "traits": {"stamina": 2, "willpower": 3, "reflexes": 3, "awareness": 3, "strength": 2,
               "perception": 2, "agility": 2, "intelligence": 3},
    "void": 3,
    "affinity": "air",
    "deficiency": "earth",
    "skills": [{"name": "Defense", "rank": 1}],
    "spells": [{"name": "Path to Inner Peace", "element": "water", "level": 1},
               {"name": "Tempest of Air", "element": "air", "level": 2},
               {"name": "Heart of Nature", "element": "air", "level": 5}],
}  # fmt: skip


@pytest.fixture
def shugenja_fight(tmp_path: Path) -> Run:
    """Kaneka (initiative 20) acts before Isawa Aki (10), round 1 begun."""
    sheet = tmp_path / "isawa-aki.json"
    sheet.write_text(json.dumps(ISAWA_AKI), encoding="utf-8")
    kiroku = runner(tmp_path)
    play(
        kiroku,
        ("session", "open", "--id", "night", "--gm", "sensei"),
        ("join", *S, "--sheet", KANEKA, "--player", "ana"),
        ("join", *S, "--sheet", str(sheet), "--player", "ben"),
        ("combat", "start", *S),
        ("initiative", *S, "--character", A, "--faces", "10+2,5,3,2"),
        ("initiative", *S, "--character", "Isawa Aki", "--faces", "6,2,2,1"),
        ("combat", "round", *S),
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
    )
    return kiroku


def test_casting_is_a_complex_action_on_the_caster_s_turn(shugenja_fight: Run) -> None:
    """« une action complexe pendant laquelle le shugenja ne peut rien faire d'autre »: out
    of her turn Aki casts nothing, in Full Defense nothing; in round 2, on her turn, one
    cast — and a second is refused. No refusal appends anything."""
    kiroku = shugenja_fight
    aki = ("--character", "Isawa Aki")
    cast = ("cast", *S, *aki, "--spell", "Path to Inner Peace", "--faces", "7,6,2", "--as", "ben")
    play(kiroku, ("stance", *S, *aki, "full_defense", "--as", "ben"))
    refused = kiroku(*cast)
    assert refused.returncode == 2 and "not Isawa Aki's turn" in refused.stderr
    play(kiroku, ("combat", "next", *S))
    log = kiroku("log", *S, "--json", "--limit", "0").stdout
    refused = kiroku(*cast)
    assert refused.returncode == 2 and "Full Defense: free actions only" in refused.stderr
    assert kiroku("log", *S, "--json", "--limit", "0").stdout == log
    play(
        kiroku,
        ("combat", "next", *S, "--as", "ben"),
        ("combat", "round", *S),
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, *aki, "attack", "--as", "ben"),
        ("combat", "next", *S),
    )
    done = play(kiroku, cast)
    assert "Isawa Aki: complex action, cast Path to Inner Peace" in done
    again = kiroku(*cast)
    assert again.returncode == 2 and "casting Path to Inner Peace through round 2" in again.stderr


def test_a_rank_1_shugenja_casts_no_level_5_spell(shugenja_fight: Run) -> None:
    """« choisir des sorts de niveau 2, correspondant donc au rang d'école que son affinité
    lui procure »: Heart of Nature (level 5) is out of Aki's reach at rank 1."""
    play(shugenja_fight, ("combat", "next", *S))
    refused = shugenja_fight(
        "cast", *S, "--character", "Isawa Aki", "--spell", "Heart of Nature", "--as", "ben"
    )
    assert refused.returncode == 2
    assert "school rank with air is 2: spells of level 2 at most" in refused.stderr


def test_an_unskilled_duel_goes_on_to_its_strike(kiroku: Run) -> None:
    """Neither Kaneka nor Fumi knows Iaijutsu. Kaneka chooses to learn Fumi's wound rank
    (« une de ces informations »); he wins the focus 18 to 2 — two free raises — and his
    unskilled strike (« pas possible … de bénéficier d'augmentations gratuites ») loses
    them, is made against the full TN 25 (Fumi's 20, his light armour's +5 on
    Reflexes), and the duel ends at first blood."""
    done = play(
        kiroku,
        ("session", "open", "--id", "night", "--gm", "sensei"),
        ("join", *S, "--sheet", KANEKA, "--player", "ana"),
        ("join", *S, "--sheet", FUMI, "--player", "ben"),
        ("duel", "begin", *S, "--challenger", A, "--defender", F),
        ("duel", "assess", *S, "--duel", "duel-1", "--challenger-learns", "wound_rank",
         "--faces", "9,9,5,5,5"),
    )  # fmt: skip
    assert "Akodo Kaneka learns Bayushi Fumi's wound_rank: Healthy" in done
    done = play(
        kiroku,
        ("duel", "focus", *S, "--duel", "duel-1", "--faces", "9,9,1,1"),
        ("duel", "strike", *S, "--duel", "duel-1", "--faces", "9,9,9,5,5,1,1,1,1"),
    )
    assert "against TN 25 → 25: success" in done
    assert "duel-1 ends: first_blood, winner Akodo Kaneka" in done
    shown = kiroku("show", *S, "14").stdout
    assert "2 free raise(s) of the focus lost: an unskilled strike" in shown, shown


def test_join_warns_of_light_armour_without_its_skill_penalty(tmp_path: Path) -> None:
    """« une armure légère entraîne une augmentation de +5 au ND de tous les jets de
    compétence lié à l'Agilité et aux Réflexes »: a sheet whose light armour has no
    skill penalty joins, with a warning naming the fix; Kaneka's sheet, which has it,
    joins without one."""
    careless = {**json.loads(Path(KANEKA).read_text(encoding="utf-8")), "name": "Matsu Oki"}
    careless["armour"] = {"name": "Light armour", "tn_bonus": 5, "reduction": 3}
    sheet = tmp_path / "matsu-oki.json"
    sheet.write_text(json.dumps(careless), encoding="utf-8")
    kiroku = runner(tmp_path)
    play(kiroku, ("session", "open", "--id", "night", "--gm", "sensei"))
    joined = kiroku("join", *S, "--sheet", str(sheet), "--player", "ana")
    assert joined.returncode == 0 and "Matsu Oki joins" in joined.stdout
    assert (
        "warning: Matsu Oki's Light armour gives +5 to the armour TN, as light armour does, "
        "but no skill penalty: the summary gives light armour +5 to the TN of every "
        'Agility and Reflexes skill roll (set its "skill_penalty" to 5' in joined.stderr
    )
    as_json = json.loads(kiroku("join", *S, "--sheet", KANEKA, "--player", "ben", "--json").stdout)
    assert as_json["warnings"] == []


def test_a_wound_larger_than_earth_says_the_concentration_check_is_due(
    shugenja_fight: Run,
) -> None:
    """« Si le shugenja reçoit une blessure supérieure en valeur à son anneau de Terre, il
    doit faire un jet de Volonté »: Aki (Earth 2) concentrates, takes 3 wounds; the
    wound is recorded with a warning that the check is due, and concentrating again
    waits for it."""
    kiroku = shugenja_fight
    aki = ("--character", "Isawa Aki")
    keep = ("concentrate", *S, *aki, "--spell", "Path to Inner Peace", "--as", "ben")
    play(
        kiroku,
        ("stance", *S, *aki, "attack", "--as", "ben"),
        ("combat", "next", *S),
        ("cast", *S, *aki, "--spell", "Path to Inner Peace", "--faces", "7,6,2", "--as", "ben"),
        ("combat", "next", *S, "--as", "ben"),
        ("combat", "round", *S),
        ("stance", *S, "--character", A, "attack", "--as", "ana"),
        ("stance", *S, *aki, "attack", "--as", "ben"),
        ("combat", "next", *S),
        keep,
    )
    wounded = kiroku("wound", *S, *aki, "3")
    assert wounded.returncode == 0, wounded.stderr
    assert "the concentration check is due" in wounded.stderr
    scratched = kiroku("wound", *S, *aki, "1")
    assert scratched.returncode == 0 and "warning" not in scratched.stderr
    refused = kiroku(*keep)
    assert refused.returncode == 2 and "comes first" in refused.stderr


def test_the_gm_lets_a_character_at_out_buy_one_free_action(kiroku: Run) -> None:
    """« s'il lui reste un point de Vide, le MJ peut en autoriser la dépense pour le
    laisser faire une action gratuite »: Fumi, Out, rolls only with --void-free-action,
    and the Void point is spent in the same ruling."""
    play(
        kiroku,
        ("session", "open", "--id", "night", "--gm", "sensei"),
        ("join", *S, "--sheet", FUMI, "--player", "ben"),
        ("wound", *S, "--character", F, "36"),
    )
    last_word = ("roll", "3k3", *S, "--character", F, "--tn", "10", "--faces", "7,5,2")
    refused = kiroku(*last_word)
    assert refused.returncode == 2 and "Bayushi Fumi is Out and cannot act" in refused.stderr
    done = play(kiroku, (*last_word, "--void-free-action", "--label", "a last word"))
    assert "Bayushi Fumi spends a Void point: one free action while Out" in done
    assert "against TN 10 → 10: success" in done


def test_the_clock_asks_a_worn_out_character_to_stay_awake(kiroku: Run) -> None:
    """« Après un nombre de jour égal à sa Constitution (Stamina), le personnage doit faire
    un jet de Volonté (Willpower) toutes les deux heures ou bien tomber de sommeil »:
    Kaneka (Stamina 3) fatigued 3 days; the GM moves the clock on two hours and hears a
    roll is due; Kaneka fails it and sleeps, and can then take no action."""
    play(
        kiroku,
        ("session", "open", "--id", "night", "--gm", "sensei"),
        ("join", *S, "--sheet", KANEKA, "--player", "ana"),
        ("condition", "apply", *S, "--character", A, "fatigued", "--level", "3"),
    )
    moved = kiroku("clock", "advance", *S, "2h")
    assert moved.returncode == 0 and "the clock moves on 2h" in moved.stdout
    assert "Akodo Kaneka, fatigued for Stamina days, owes 1 Willpower roll(s)" in moved.stderr
    done = play(kiroku, ("stay-awake", *S, "--character", A, "--faces", "3,2"))
    assert "fatigued, day 3 TN +15" in done  # his own trait roll: fatigue weighs on it
    assert "against TN 30 → 30: failure" in done and "asleep" in done
    refused = kiroku("stay-awake", *S, "--character", A, "--faces", "9,9")
    assert refused.returncode == 2 and "Akodo Kaneka is asleep" in refused.stderr
    asleep = kiroku("roll", *S, "--character", A, "--skill", "Kenjutsu", "--trait", "agility",
                    "--faces", "9,9,9,9,9,9")  # fmt: skip
    assert asleep.returncode == 2 and "is asleep and can take no action" in asleep.stderr


def test_out_has_its_band_and_past_it_death_and_down_bars_full_attack(round_one: Run) -> None:
    """« paliers suivants … Rang de Terre x2 »: Fumi (Earth 2) is Down at 31, where « Un
    personnage épuisé ne peut se mettre en posture de Full Attack »; Out from 35 to 38;
    at 39 she is Dead, and no heal brings her back."""
    kiroku = round_one
    play(kiroku, ("wound", *S, "--character", F, "31"))
    refused = kiroku("stance", *S, "--character", F, "full_attack", "--as", "ben")
    assert refused.returncode == 2 and "Bayushi Fumi is Down (Épuisé)" in refused.stderr

    def rank() -> str:
        state = json.loads(kiroku("state", *S, "--json").stdout)
        return str(state["wounds"][F]["rank"])

    play(kiroku, ("wound", *S, "--character", F, "7"))
    assert rank() == "Out"
    play(kiroku, ("wound", *S, "--character", F, "1"))
    assert rank() == "Dead"
    healed = kiroku("heal", *S, "--character", F, "5")
    assert healed.returncode == 2 and "Bayushi Fumi is Dead" in healed.stderr


def test_the_first_striker_pays_a_called_shot_with_the_focus_s_free_raise(
    tmp_path: Path,
) -> None:
    """« Toutes les Augmentations Gratuites gagnées lors de l'étape de Concentration
    s'appliquent (pour effectuer une Manoeuvre par exemple) »: Kaneka (Iaijutsu 2) wins
    the focus 18 to 2 — two free raises: one pays for a called shot to the arm, the other
    takes 5 off his TN of 25 (Fumi's 20, his light armour's +5 on Reflexes)."""
    duellist = json.loads(Path(KANEKA).read_text(encoding="utf-8"))
    duellist["skills"].append({"name": "Iaijutsu", "rank": 2})
    sheet = tmp_path / "kaneka-iaijutsu.json"
    sheet.write_text(json.dumps(duellist), encoding="utf-8")
    kiroku = runner(tmp_path)
    play(
        kiroku,
        ("session", "open", "--id", "night", "--gm", "sensei"),
        ("join", *S, "--sheet", str(sheet), "--player", "ana"),
        ("join", *S, "--sheet", FUMI, "--player", "ben"),
        ("duel", "begin", *S, "--challenger", A, "--defender", F, "--kind", "to_the_death"),
        ("duel", "assess", *S, "--duel", "duel-1", "--faces", "9,9,5,5,5,5,5"),
        ("duel", "focus", *S, "--duel", "duel-1", "--faces", "9,9,1,1,1,1"),
    )
    done = play(
        kiroku,
        ("duel", "strike", *S, "--duel", "duel-1", "--manoeuvre", "called_shot:arm",
         "--faces", "9,9,9,5,5,9,8,1,1,1,1,1,1,1"),
    )  # fmt: skip
    assert "1 free raise(s) paying for called_shot:arm, TN unchanged" in done
    assert "against TN 25, 1 free raise(s) → 20: success" in done
    assert "parts: wound penalty (Grazed) TN +5" in done  # Fumi strikes back, hurt
    assert "Bayushi Fumi takes 17 wounds from Akodo Kaneka's iaijutsu strike (arm)" in done


def test_a_round_s_stances_and_a_turn_s_end_come_with_the_commands_a_table_says(
    round_one: Run,
) -> None:
    """Issue 30: no more than one command a ruling. Round 2 starts with both stances
    declared (``--stance NAME=STANCE``), and each turn's last action passes the turn
    (``--end-turn``): no ``combat next`` of its own."""
    done = play(
        round_one,
        ("combat", "next", *S),
        ("combat", "next", *S, "--as", "ben"),
        ("combat", "round", *S, "--stance", f"{A}=attack", "--stance", f"{F}=full attack"),
    )
    assert f"{A} takes the attack stance" in done and f"{F} takes the full attack stance" in done
    done = play(
        round_one,
        ("attack", *S, "--character", A, "--target", F, "--faces", "2,2,2,2,2,2", "--end-turn",
         "--as", "ana"),
    )  # fmt: skip
    assert done.rstrip().endswith(f"{A} ends their turn"), done
    refused = round_one("combat", "round", *S, "--stance", A)
    assert refused.returncode != 0 and f"--stance '{A}': NAME=STANCE" in refused.stderr
