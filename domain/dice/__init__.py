"""Dice, by family: each family is a package that rolls its own dice from the one
randomness port (:mod:`domain.dice.source`), keeps every face, and recomputes a recorded
roll's outcome from its faces.

- ``roll_keep``: XkY d10 pools, explosions, emphasis rerolls, raises; the ten-dice rule is
  passed in by each ruleset (there is no default), with exact odds.
- room for ``narrative`` (the 5e ring and skill dice) and ``two_d6`` (Les Errants
  d'Ukiyo) beside it, each in a package of its own, without touching this one.

:mod:`domain.dice.recorded` is the tagged union of the families' recorded rolls.
"""
