"""The house combat flow (``l5r-house``), from ``../shared/rules/house-combat-flow.fr.txt``
(« Déroulement détaillé d'un combat - Vide - Augmentations »), on the roll & keep dice
and kit and the core, none of 4e's tables.

- « Phase d'Initiative »: 1k1 (10s rerolled) + Reflexes, + the Kenjutsu rank with a
  katana, +1k0 with a long weapon, a Void point's +1k1 for the Void ring's rounds, no
  raises, less the wound malus at the roll; kept for the whole combat
  (:mod:`.rules`, :mod:`.play`).
- « Avant chaque tour » / « Actions pendant le tour »: declarations in ascending
  initiative (ties together), then the actions in descending order, one a round:
  Attack, Assault, Full Defence, or a simple and a complex action (:mod:`.state`,
  :mod:`.play`). Ties « jouent en même temps »: what one does to the other lands after
  both rolls. « si son action ne requiert pas de jet de dé, elle est considérée comme
  étant réussie pour le tour »: a simple and complex action with no roll in its turn is
  recorded a success as the turn passes.
- Attack (Agility + weapon skill, keep Agility; the wounds a faster foe dealt this round
  count in the pool), Assault (2 free raises: −5 TN each or +1k0 damage; its own TN −15,
  not below 5 + armour), Full Defence (TN + (Agility + Defense)k(Defense) for the round).
- Void: one point an action — +1k1, no wound malus for a round, +1k1 on initiative for
  the Void ring's rounds, a free raise, +10 TN for a round — declared before the roll.
- Raises: up to the Void ring an action (free raises outside it), +5 TN each: +1k0
  damage each, called shots (legs 2, arms 2, torso 3, head 4, moustache 5), disarm (3,
  then an opposed roll).

Readings where the text is silent — each a named option or stated here:

- option ``wound_malus`` (default ``levels``): each wounded level is one point of malus,
  as the text's « quelqu'un à -2 »; ``published``: +3 … +40;
- option ``malus_on`` (default ``pool``): the malus comes off the dice rolled and kept
  (« ses dégâts comptent dans le calcul du nombre de dés jetés et gardés »); ``tn``: on
  the TN; off the initiative, always, when it is rolled;
- the wound ladder is the published game's (Healthy Earth × 5, then Earth × 2 a level);
- the TN to be hit is Reflexes × 5 + 5 + armour (the Assault's floor « 5+ armure »);
  a circumstance's modifier or another base is the GM's ruling, with its reason, until
  lifted (:mod:`.tn_rulings`), and the Assault's floor holds against it;
- a katana is any Kenjutsu weapon, a long weapon one of size ``large``;
- « le 2nd dé » a Void point adds to initiative is the lowest kept die: its value comes
  off once the Void ring's rounds are over;
- « 1 point par action » is one Void point a round (one action a round), initiative's
  aside; a Void free raise pays for a use's raise, else takes 5 off the TN;
- a disarm's opposed roll is the chosen trait + weapon skill on both sides, the
  attacker winning only above the defender;
- option ``full_defence_roll`` (default ``first_attack``): a Full Defence is rolled at
  the first attack on it in the round, its faces before that attack's, and stands
  against every later attack of the round (« dès que l'on essaie de le toucher, son ND
  passe durant tout le tour à … »); in a round where nobody attacks it nothing is
  rolled; ``declared``: rolled as it is declared. A Void point's +1k1 on it is spent as
  it is declared (« doit être signalé avant le jet de dé »); a Full Defence declared
  behind the GM's screen is rolled behind it too; with no Defense skill nothing is kept
  and nothing rolled;
- the Assault's −15 comes after the other parts of the TN (a Void point's +10 included),
  floored at 5 + armour;
- ties in the order go to the higher Reflexes, then to who joined first, and act « en
  même temps »: the wounds one deals a foe no faster land after that foe's roll (its
  record names them, at zero), and one struck down by them still acts this round;
- initiative and attacks use the weapon named, else the first on the sheet (« bare
  hands » by name); a disarm takes the weapon of the target's last attack (else their
  first melee weapon) for the combat;
- one attack a round, on the target declared; a hit's damage is rolled in its round;
- the fallen (Out, dead) leave the order: no one waits on their declaration;
- a bare roll is never an initiative roll (``kiroku initiative`` is);
- no Void point on damage (the text lists it on « une action »); bare hands deal
  Strength k1; an attack without the weapon's skill is unskilled (10s do not explode,
  no raises), as the kit's rolls are.
"""

RULESET_ID = "l5r-house"
