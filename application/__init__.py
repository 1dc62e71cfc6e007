"""The application layer: the use cases the adapters translate to and from.

The session service (decide, correct, preview, load), campaigns, the history a
correction reads from the store, the secrets and what a role may see of them. It
imports the domain, the projections and the store's adapters (the store, snapshots,
keys, logging); the command line and the HTTP API import it, never the other way
(``docs/architecture.md``)."""
