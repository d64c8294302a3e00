"""Playing a points game: start one (by its rules, or by the name a chat gave them), record,
fix and undo its rounds, seat and unseat a side, close and reopen it, its places kept on the
ladder. Each action runs in the caller's unit of work and returns a frozen outcome."""
