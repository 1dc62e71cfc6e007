"""The L5R 3rd edition skirmish rules (``l5r3e``), from ``../shared/rules/l5r-3e-skirmish.fr.txt``
(« Règles d'escarmouche », Livre du Feu p. 165–169).

A ruleset a session is opened under (``kiroku session open --ruleset l5r3e``): the
roll & keep dice and kit and the core, none of 4e's tables. Its pieces:

- :mod:`.sheet` — the kit's sheet with ``techniques`` and ``human``;
  :mod:`.techniques` — the techniques and advantages that change initiative or the TN
  to be hit, as data;
- :mod:`.events`, :mod:`.state` (the fold), :mod:`.table` (what the rules read from the
  state: a round's order, the TN to be hit, wound levels), :mod:`.commands` (the Structs),
  :mod:`.play` and :mod:`.fight` (each command decided), :mod:`.views` (read models and
  log lines), :mod:`.ruleset` (``build`` and its options);
- the rules as functions, each with the text's worked examples for tests
  (``tests/rules/test_l5r3e_basics.py``; played command by command in
  ``tests/rules/test_l5r3e_play.py``; the examples whole as ``replays/l5r3e-*.jsonl``):

- « Initiative »: rolled once, Reflexes + Rang de Réputation, keep Reflexes, and kept for
  the whole combat (:mod:`.skirmish`); at the start of each round the order is set anew:
  the kept roll, the techniques' bonuses and the reversals, less the current worst wound
  penalty, less 20 for the surprised (:mod:`.table`).
- « Résolution des attaques »: Agility/weapon skill in melee, Agility/Jiujutsu unarmed,
  Reflexes/weapon skill at range, against the target's Reflexes × 5 (no +5, unlike 4e)
  plus armour; damage is the weapon's XkY with Strength added to the dice rolled.
- « Blessures »: eight levels, the first seven of Earth × 2 wounds, the eighth Earth × 5,
  full at death (:mod:`.wounds`); the worst level's TN penalty only.
- « Esquive »: Agility/Defense, the roll added to the TN to be hit.
- « Modificateurs »: every circumstance of the table as a part of an attack's TN, melee
  and ranged priced apart (:mod:`.modifiers`), and surprise's −20 initiative.
- « Augmentations »: at most the higher of Void and the skill, +5 TN each; the price of
  each manoeuvre (extra attack 4, disarm 3, feint 1, knockdown 3 against (Earth + rank)
  × 5, extra damage +1k0 for one, +1k1 a pair — five raises +3k2, as the three ronin
  example counts); free raises +5 on the total (:mod:`.raises`).
- « Points de Vide »: each use, its price and its limits (one a roll, never damage,
  humans only, the encouragement's cap, the once-a-round reduction) (:mod:`.void`).
- « Lancer un sort »: ring + mastery rank, TN 10 + 5 a level, casting turns by level
  shortened by raises (at most Void, never under one turn) (:mod:`.spells`).
- « Manoeuvres »: Attack, Assault (2 free raises in melee, 3 to every foe, its barred
  actions) and Dodge (its few actions, its count of known foes), the basic turn's actions
  (:mod:`.manoeuvres`); « Retournements de Situation »: who may roll and on whom
  (:mod:`.reversals`).
- « lorsque l'on chevauche une monture »: the GM's ruling of who is mounted, and the
  Assault and Dodge a rider may not choose (:mod:`.mounts`).
- « Lutte »: the unarmed attack that opens it (bare hands or a tanto's size, armour
  ignored), the opposed Strength rolls with their free raises, who takes control
  (:mod:`.grappling`).

Readings where the text is silent — each a named option or stated here:

- the Rang de Réputation is the sheet's ``school_rank`` (the text gives it as a number a
  character has, « de Rang de Réputation 1 »), and so is the Rang de Maîtrise;
- the penalties of the levels the text does not name are the published game's (+3, +5,
  +10, +15, +20, +40), matching the two it does (Blessé +10, Gravement Blessé +15);
- option ``defense_to_tn`` (default true): the Defense skill adds its rank to the TN to
  be hit when not in Assault and not surprised (« Exceptions »: « Défense 3 »); the
  basic rules' examples are counted without it (their replays open with ``false``);
- option ``emphasis`` (default ``skill_rank``): an emphasis adds the skill's rank to the
  roll (« 7g4 et en ajoutant 3 au résultat (Cf. Spécialisations) », Kenjutsu 3);
- bare hands deal Strength k1; a disarm's opposed roll tied goes to the defender, who
  rolls the better of Strength and Agility (« selon son choix ») with the first melee
  weapon on the sheet; a grapple's contest tied leaves control where it was; the raise a
  move or standing up costs counts against the most raises a roll may call; the
  ten-dice rule is the kit's;
- the fallen (« tombe à Epuisé ou Hors de combat ») do nothing but a « Coup ultime »,
  at +30 in place of their wound penalty; Hors de combat keeps a place in the order (at
  Épuisé's −40), the dead one round more;
- « combiner plus de 2 Actions simples, dans la limite du raisonnable »: five; a complex
  action with half a move records the raise due on its roll (the GM calls it there);
- a spell's roll is made as its casting begins, and the caster does nothing else until
  its full turns are over;
- a combatant who rolls initiative while a round is under way takes a place in it.

What the text has that is not a command: the held one's « immobilisé » (the GM rules
what they may do), a called shot's effect (recorded as given, the GM's), getting on or off
a horse (the GM rules who is mounted, :mod:`.mounts`, and records the action it took
as any other), a disarmed weapon picked up (the state shows who was disarmed until the
combat ends).
"""

RULESET_ID = "l5r3e"
