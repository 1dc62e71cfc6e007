"""The house-ruled 5th edition confrontations (``l5r5e-house``), from
``../shared/rules/l5r-5e-house-confrontations.fr.txt``, on the narrative dice
(:mod:`domain.dice.narrative`) and the core. The text leans on 5th edition concepts it
does not define; the published game's facts stand for them (the dice, the derived
values, the severity table, « Compromis »).

Built in steps (issue 12). What stands: the sheet and its derived values
(:mod:`.derived`), checks with the stances' effects, the confrontation's initiative
(Meditation or Tactics TN 1 on focus or vigilance), turns in descending initiative (ties
to the lower honour), stances, « Frapper », damage met by armour then fatigue or a
critical (a Void point to take it on purpose, forced when Incapacitated), the Fitness
test and the severity table (:mod:`.criticals`), strife and « Compromis », unmasking,
the duel's stare-down and coup de grâce, « Reprendre son souffle », « Préparer un
objet », recovery at a scene's end and in sleep.

Readings and options:
- option ``vigilance_rounding`` (up, the published game's; down);
- option ``stare_down_cap`` (focus; none): the text's « DEFIER DU REGARD » section is
  empty; the published stare-down is the round's number in strife, plus a secret bid
  added to initiative for the round;
- a check's dice are kept as its command says, else by the odds' policy;
- a coup de grâce is rolled in the striker's stance's ring (Fire when none);
- the Fitness test of a critical is no action: the Incapacitated make it too.

Next: « Centrer », « Prédire », the skirmish's actions (Attendre, Défier, Manœuvrer,
Protéger) and range bands, the full duel and skirmish replays.
"""

RULESET_ID = "l5r5e-house"
