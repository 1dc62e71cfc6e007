"""Kiroku's domain: dice, rulesets, characters and the session aggregate.

Everything here is pure: it imports only the standard library and msgspec, never
reads the clock, never rolls a die on its own (dice come in through a port), and never
touches storage.
"""
