"""The soak: classroom games on PostgreSQL across two app servers, one killed mid-game, and
the audit that proves from the database that every game holds what the rules allow
(docs/reliability.md)."""
