"""The house-ruled 5th edition confrontations (``l5r5e-house``), from
``../shared/rules/l5r-5e-house-confrontations.fr.txt``, on the narrative dice
(:mod:`domain.dice.narrative`) and the core. The text leans on 5th edition concepts it
does not define; the published game's facts stand for them (the dice, the derived
values, the severity table, « Compromis »).

What it holds: the sheet and its derived values (:mod:`.derived`), checks with the
stances' effects, the confrontation's initiative (Meditation or Tactics TN 1 on focus or
vigilance), turns in descending initiative (ties to the lower honour), stances,
« Frapper », damage met by armour then fatigue or a critical (a Void point to take it on
purpose, forced when Incapacitated), the Fitness test and the severity table
(:mod:`.criticals`), strife and « Compromis », unmasking, the duel's stare-down, coup de
grâce, « Centrer » and « Prédire », the skirmish's range bands, « Manœuvrer »,
« Protéger », « Attendre », « Défier » (:mod:`.skirmish`), « Reprendre son souffle »,
« Préparer un objet », recovery at a scene's end and in sleep.

Readings and options (``kiroku rules l5r5e-house`` lists the options, and the readings
that are not options, the one sensible way where the text says nothing):
- option ``vigilance_rounding`` (up, the published game's; down);
- option ``stare_down_cap`` (focus; none): the text's « DEFIER DU REGARD » section is
  empty; the published stare-down is the round's number in strife, plus a secret bid
  added to initiative for the round;
- a check's dice are kept as its command says, else by the odds' policy;
- a coup de grâce is rolled in the striker's stance's ring (Fire when none);
- the Fitness test of a critical is no action: the Incapacitated make it too;
- option ``keep_default`` (most; odds): a check keeps the dice its command names (the
  pool's, and explosion dice by index), else the most successes and every explosion
  success (the bonus ones count for damage, initiative, a critical) — or the odds'
  policy;
- option ``opportunity_critical`` (also; instead): two opportunities' critical comes on
  top of the strike's damage, or in its place;
- hits owed are met oldest first; the dead and the unconscious neither act nor are
  targets; a duel is between two, and every target is in the confrontation;
- option ``coup_window`` (open; round): a coup de grâce stays open until struck or let
  pass (``decline-coup``), or lapses with its round; the first of two is met before the
  second;
- option ``stare_down`` (gm; required): the GM calls each round's stare-down, or no one
  acts in a duel round before it;
- « Attendre » holds the one action it names, never a move (:mod:`.waiting`): only it
  is taken when the trigger comes, any other but Attendre once the round's turns are
  over; the Water stance's extra action may come first or second, and stays apart from
  the held one; a check (``kiroku check``) is the GM's, outside the turn's count;
- « Compromis » is the published condition (:mod:`.compromised`): no die showing strife
  kept, a vigilance of 1, no stare-down bid (the round's strife counted first);
- range bands lie on one line: the GM places each character, a range is a difference;
- « Attendre »'s trigger is the GM's to judge: the held action may be taken at any
  moment of the round; « Prédire » is a hidden event until the target's stance reveals
  it, and a target it awaits chooses a stance before acting;
- « Centrer »'s reserved faces replace the skill dice the later check names
  (``--use-reserved``); by default the dice showing a success are reserved;
- a glory rank is glory ÷ 10; allies are those of the same ``--side``; a Void point
  gained never passes the Void ring;
- a critical's Fitness test, and the damage it follows, are met by ``kiroku resist``;
- option ``critical_table`` (published; gm): a critical's effects are the published
  game's critical table's (:mod:`.criticals`, applied by :mod:`.afflictions`: armour
  damaged, wounds on the resist check's ring, bleeding, scars, dying, death), or the
  GM's to rule (``kiroku afflict``); a GM's own table is loaded as data
  (``kiroku critical-table FILE``); Medicine (``kiroku treat``) stops bleeding (TN 2)
  and dying (TN 4); bleeding's damage has no deadliness; dying counts down as each
  round begins.
"""

RULESET_ID = "l5r5e-house"
