"""The L5R 3rd edition skirmish rules (``l5r3e``), from ``../shared/rules/l5r-3e-skirmish.fr.txt``
(« Règles d'escarmouche », Livre du Feu p. 165–169).

Built in steps (issue 11). What stands now, as rules with the text's worked examples
for tests (``tests/rules/test_l5r3e_basics.py``), not yet a ruleset a session can be
opened under:

- « Initiative »: rolled once, Reflexes + Rang de Réputation, keep Reflexes, and kept for
  the whole combat (:mod:`.skirmish`); at the end of each round the worst wound penalty
  comes off it and reversals move it (``roll_keep_kit.turn_order.end_of_round``).
- « Résolution des attaques »: Agility/weapon skill in melee, Agility/Jiujutsu unarmed,
  Reflexes/weapon skill at range, against the target's Reflexes × 5 (no +5, unlike 4e)
  plus armour; damage is the weapon's XkY with Strength added to the dice rolled.
- « Blessures »: eight levels, the first seven of Earth × 2 wounds, the eighth Earth × 5
  (:mod:`.wounds`); the worst level's TN penalty only.
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
- « Lutte »: the unarmed attack that opens it (bare hands or a tanto's size, armour
  ignored), the opposed Strength rolls with their free raises, who takes control
  (:mod:`.grappling`).

Readings where the text is silent (each to become a named option or a GM ruling when
the ruleset is wired): the Rang de Réputation is the sheet's ``school_rank`` (the text
gives it as a number a character has, « de Rang de Réputation 1 »); the penalties of the
levels the text does not name are the published game's (+3, +5, +10, +15, +20, +40),
matching the two it does (Blessé +10, Gravement Blessé +15).

Next: the ruleset itself (commands, fold, views, replays of every worked example), then
manoeuvres, raises, reversals as commands, grappling, Void, spells and techniques.
"""

RULESET_ID = "l5r3e"
