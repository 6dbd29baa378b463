"""Git history for entries (placeholder until the history module lands)."""

from __future__ import annotations

from curator.model import Store


def annotate(store: Store) -> None:
    """Fill created/modified/commits on every entry from git, falling back to file dates."""
    store.history_source = "none"
