"""The roll & keep kit: what the roll & keep rulesets (4e, 3e, the house flow) share —
the eight-trait sheet and its rings, rolls with their parts, standing in tenths, XP
purchases, wound ladders, and the common events (rolls, rounds, stances, Void, wounds,
standing, XP). It knows no ruleset; each ruleset passes its own rules (the ten-dice
rule, prices, ladders) in."""
