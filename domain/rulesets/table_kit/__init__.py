"""What every ruleset's table shares, whatever its dice: one command's view of who gives
it, when and why (:mod:`.deciding`: the GM acts for anyone, a player for their own
characters), and the seats at the table (:mod:`.seats`: characters kept by name in the
order they joined, and who is next in a round's order). The roll & keep kit
(:mod:`domain.rulesets.roll_keep_kit`) builds on it; Ukiyo's 2d6 and 5e's narrative dice
use it alone."""
