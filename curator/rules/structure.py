"""Format-level rules (placeholder until the formats work lands)."""

from __future__ import annotations

from curator.model import Finding, Store


def analyze(store: Store) -> list[Finding]:
    """Index overflow, long index lines, dangling links, orphans and invalid fields."""
    return []
