"""The session aggregate: its state (a fold over its events) and its commands."""
