"""Drift analyzers: analyze(store) -> findings (placeholder until the rules land)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from curator.model import Finding, Store


@dataclass
class RuleOutcome:
    """Findings that survived suppression, and how many were suppressed."""

    findings: list[Finding] = field(default_factory=list)
    suppressed: int = 0


def apply_suppressions(store: Store, findings: list[Finding]) -> RuleOutcome:
    """Drop findings the store's `.curator.toml` ignores."""
    return RuleOutcome(findings=list(findings))


def analyze(store: Store, *, now: datetime) -> RuleOutcome:
    """Run every rule over the store."""
    return apply_suppressions(store, list(store.findings))
