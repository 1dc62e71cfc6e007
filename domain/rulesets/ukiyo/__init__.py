"""Les Errants d'Ukiyo (``ukiyo``): conflicts won in manches, from
``../shared/rules/errants-d-ukiyo-conflicts.fr.txt``, on the ``two_d6`` dice
(:mod:`domain.dice.two_d6`) and the core. A different game on the same engine: no roll &
keep, no rings — techniques with scores, four wound boxes, yakuza bets.

The text is an excerpt with gaps (« (...) »). What it states is implemented as stated:

- a test is two dice (« Jet : action de lancer deux dés à six faces lors d'un test ») and a
  manche is « une opposition de techniques (une par camp participant) qui est résolue par
  un test »; the GM's malus of 3 (or 6) for a tactical edge, 3 for an unsuitable technique
  (Wasari's « feinte martiale »); tests outside the manches reuse techniques freely;
- the count of manches from the gravest objective (1 minor, 2 grave, 3 deadly, 4–5 for
  the rare cases the text names), the initiative for the first manche (conceded, the
  initiator's, a bet's winner's), manches until one side reaches its count, the winner's
  punishment « ni plus grave ni plus doux » than its manches allow;
- wounds: none for a one-manche conflict, one for a two-manche conflict unless the
  winner is magnanimous, one or two (never none) for three, three beyond; four boxes;
  one wound is only aesthetic, the worst « un malus de 6 au score des techniques »;
  wounds never kill by themselves, death only by a deadly conflict lost; the last wound
  healed soon after, every wound at a new scenario or when the GM says enough time passed;
- the yakuza bet's eight gains, the two special bets named before the roll (all or
  nothing; sacrifice) and the GM's right to aggravate when a count is overshot;
- forfeit, a changed objective, « AGGRAVER LE CONFLIT » (the count raised, wins kept, −3
  on the asker's next test; not past deadly), surrender (accepted: punished by the
  manches won; refused: −3 on the refuser's next manche), interruption (wins cancelled,
  bet wounds kept), relays and support (one side, manches pooled), extended manches;
- extras' threat 1–4 setting the manches their opponent must win whatever its objective,
  different counts for each side, contests and three-way duels (no initiative, the
  highest result wins the manche), extras leaving a complex conflict once someone wins
  as many manches as their threat, leads beaten at the conflict's count.

Where the excerpt is cut, a documented option (``kiroku rules ukiyo`` lists them):

- ``resolution`` (opposed | single): how a test is resolved. opposed (default, as the
  issue reads « 2d6 + the technique's score against the opposing technique »): each side
  throws two dice + its effective score, the higher result wins; single: only the
  initiative's side throws, the other's result is its score + 7 (two dice's mean);
- ``ties`` (none | initiative): an equal result is nobody's manche (default: the text's
  own word for a forced tie, « personne ne remporte la manche »), or the initiative's;
- ``wound_maluses`` (default ``0,3,3,6``): the malus for 1, 2, 3, 4 wounds. The text
  gives the first (« ternit la superbe »: aesthetic, 0) and the last (6); 3 for two and
  three wounds fills its gap;
- ``variety_malus`` (3 | 6 | 0): the malus for a technique the character already used in
  this conflict's manches (the text names the rule, « variété des techniques », and cuts
  its figure; 3, the text's usual step, by default; 0 turns it off).

Where the excerpt is cut, a reading (not an option: ``kiroku rules ukiyo`` lists them):

- the yakuza bet is the yakuza's own game, chō-han: the bettor calls even or odd on their
  own two dice before the throw, and wins the bet when the sum's parity matches; a gain
  (but a special bet's) is chosen once the dice are known, as « PARIS SPECIAUX … doivent
  en effet être précisés avant que les dés soient lancés » makes the special bets the
  exception; a bet lost costs nothing here — its stake (the text's tokens) is cut, and
  the GM records any consequence as a note; a table that decides bets otherwise has the
  GM rule each one won or lost with a reason (``--bet``, :mod:`.bet_ruling`);
- the initiative's side tests first; the manche's winner takes the initiative, a tie
  leaves it; « Conserver l'initiative » keeps it for its holder;
- a test outside the manches is against an opposition score the GM sets (thrown like a
  test under ``opposed``: two more dice); a success beats it; caring for another
  (« Soigner l'autre », never oneself) is such a test, healing the last wound, once (two
  with the gain);
- all or nothing with a tie wins and loses nothing; the sacrifice bet lost is the test
  alone; two special bets on one manche give two manches, not more, and two sacrifices
  one each; sides beaten all at once: the test's winner stands if it reached a count,
  else all fall; a count overshot lets the GM (only) pick a gravity up to the manches
  won; gains are claimed in any order and reckoned together;
- extras take no wounds; a side is all leads or all extras (its threat the highest); a
  small group's threat (2 at most) may be lowered when shared out among leads; a lead is
  in one conflict at a time, but between an extended conflict's manches; one relayed out
  stays on the side (punished with it, never on another); forfeit in a contest only takes
  the side out; surrender is between the two sides of a duel, refused once a manche; a
  side that gave up may not aggravate; a punishment deals the same wounds to each
  member; the aggravation's −3 falls on the next test in the manches;
- a technique's reuse is the same character's, in the same conflict's manches;
- a tactical edge's malus is given test by test (``--edge``) for as long as the GM rules
  it lasts; « Changer de terrain » is recorded, and what the new ground gives is the
  GM's ``--edge``.
"""

RULESET_ID = "ukiyo"
