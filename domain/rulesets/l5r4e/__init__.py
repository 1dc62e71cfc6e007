"""``l5r4e``: Legend of the Five Rings, 4th edition (``l5r-4e-rules-summary.fr.txt``).

Options:
- ``starting_xp`` (default 40, « Les personnages commencent avec 40 points »).
- ``armour_penalty_on_attacks`` (default ``true``): the summary puts armour's +5/+10 on
  « tous les jets de compétence lié à l'Agilité et aux Réflexes », attack rolls
  included; tables that exempt weapon skills set it to ``false``.
- ``success_on_tie`` (default ``true``): a total equal to the TN succeeds, as in the
  published game; ``false`` reads the summary's « doit excéder le ND » to the letter.
- ``range_bands`` (default ``complete``): « -1g0 par tranche de 15m au delà » of a bow's
  range counts each complete band (25 m past: −1k0); ``begun`` counts each band begun
  (25 m past: −2k0).

Readings where the summary is short:
- success is total ≥ TN unless ``success_on_tie=false`` (the summary writes
  « excéder »; the published game and most tables succeed on equal);
- kept dice beyond ten become +2 each (the published ten-dice rule);
- initiative ties go to the higher Reflexes, then to whoever joined the session first.
"""

RULESET_ID = "l5r4e"
"""The package holds no import of its own: the registry builds the ruleset from
:mod:`domain.rulesets.l5r4e.ruleset`, and a module that needs one piece of 4e (its dice,
say) imports only that piece."""
