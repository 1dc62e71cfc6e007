"""The GM's screen at the shell (issue 28): a secret is decided on in every ruling and
every re-decision, and what a player reads of it is filtered afterwards.

Ana's roll comes after a poison the GM keeps hidden: the penalty weighs on it, so the
untouched session re-judges to itself (``kiroku verify`` exits 0) and its export
imports; retracting an unrelated note changes nothing of her roll; retracting the
poison revises it, and what ana reads of the revision shows no wound and not the GM's
reason (the GM's word on the secret).
What she reads of her roll — its line, ``show``, her own command's output — is the
dice and the outcome, with the penalty behind the GM's screen."""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.conftest import Run, ok, runner, seated

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"
S = ("--session", "screen")
ANA = ("--as", "ana")
ROLL = ("roll", *S, "--character", "Akodo Kaneka", "--skill", "Kenjutsu", "--trait",
        "agility", "--tn", "15")  # fmt: skip


def poisoned(kiroku: Run) -> dict[str, object]:
    """Kaneka poisoned behind the screen (20 wounds: Hurt, TN +10), a note, then ana
    rolls 6k3 [4,10+9,3,6,10+8,10+2] = 49 against TN 15 + 5 armour + 10."""
    seated(kiroku, "screen", ("akodo-kaneka", "ana"))
    ok(kiroku, "wound", *S, "--character", "Akodo Kaneka", "20", "--source", "poison",
       "--hidden")  # fmt: skip
    ok(kiroku, "note", *S, "the tea is served")
    rolled: dict[str, object] = ok(kiroku, *ROLL, *ANA, "--seed", "3")
    return rolled


def test_ana_s_roll_weighs_the_hidden_poison_and_re_judges_to_itself(
    kiroku: Run, tmp_path: Path
) -> None:
    rolled = poisoned(kiroku)
    assert rolled["roll"]["tn"] == 30  # type: ignore[index]  # the penalty weighs on it
    assert [p["source"] for p in rolled["roll"]["parts"]] == [  # type: ignore[index]
        "Light armour on agility", "behind the GM's screen"]  # fmt: skip
    verified = kiroku("verify", *S)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    exported = tmp_path / "screen.jsonl"
    assert kiroku("export", "screen", "-o", str(exported)).returncode == 0
    elsewhere = runner(tmp_path / "elsewhere")
    imported = elsewhere("import", str(exported))
    assert imported.returncode == 0, imported.stderr
    assert elsewhere("verify", *S).returncode == 0


def test_ana_reads_her_roll_without_the_poison_on_every_path(kiroku: Run) -> None:
    poisoned(kiroku)
    gm_line = ok(kiroku, "show", *S, "5")
    assert "wound penalty" in json.dumps(gm_line["event"]["parts"])
    for shown in (ok(kiroku, "show", *S, "4", *ANA), ok(kiroku, "why", *S, "4", *ANA)):
        text = json.dumps(shown)
        assert "wound" not in text.lower() and "behind the GM's screen" in text
    rows = ok(kiroku, "log", *S, "--limit", "0", *ANA)
    assert [r["position"] for r in rows] == [1, 2, 3, 4]  # her numbers: the poison has none
    assert "wound penalty" not in json.dumps(rows) and "poison" not in json.dumps(rows)
    assert rows[-1]["summary"].endswith(  # the outcome as it is; her numbers add up
        "= 49 vs TN 30 (15 base, Light armour on agility +5, behind the GM's screen +10): success"
    )


def test_an_unrelated_retraction_leaves_ana_s_roll_as_it_was(kiroku: Run) -> None:
    poisoned(kiroku)
    preview = ok(kiroku, "retract", *S, "4", "--reason", "never served", "--dry-run")
    assert not preview.get("revised") and not preview.get("dropped"), preview
    ok(kiroku, "retract", *S, "4", "--reason", "never served")
    assert kiroku("verify", *S).returncode == 0
    rows = ok(kiroku, "log", *S, "--limit", "0")
    assert [r["position"] for r in rows][-1] == 6  # the retraction alone


def test_retracting_the_poison_revises_ana_s_roll_and_tells_her_not_why(kiroku: Run) -> None:
    poisoned(kiroku)
    ok(kiroku, "retract", *S, "3", "--reason", "the tea was not poisoned after all")
    gm = ok(kiroku, "log", *S, "--limit", "0")
    revision = [r for r in gm if r["type"] == "DiceRolled"][-1]
    assert revision["summary"].startswith(
        "Akodo Kaneka rolls Kenjutsu/Agility 6k3 [4,10+9,3,6,10+8,10+2] = 49 vs TN 20"
    )
    assert kiroku("verify", *S).returncode == 0
    theirs = json.dumps(ok(kiroku, "log", *S, "--limit", "0", *ANA))
    assert "wound penalty" not in theirs and "takes 20 wounds" not in theirs
    assert "poison" not in theirs  # the GM's reason is the GM's word on the secret
    shown = json.dumps(ok(kiroku, "show", *S, "6", *ANA)) + json.dumps(
        ok(kiroku, "why", *S, "4", *ANA))  # fmt: skip
    assert "poison" not in shown and "wound penalty" not in shown
    assert "vs TN 20 (15 base, Light armour on agility +5): success" in theirs  # the change
    retraction = [r for r in ok(kiroku, "log", *S, "--limit", "0", *ANA) if r["position"] == 6]
    assert retraction[0]["summary"].endswith("behind the GM's screen +10): success")
