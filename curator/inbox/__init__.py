"""The review inbox: what changed in memory since the last review, grouped by the session that did it."""
